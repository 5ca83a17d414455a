// Which temporary files count as stale: those of writers that no longer run, never those
// of a writer still at work, nor a user's file that merely looks alike. A pid now used by
// another process than the writer's is told apart by start time and boot, not by age.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { claimTempPath, releaseTempPath, removeStaleTemps, startTicks } from '../../src/engine/files/stale-temps.js';
import { tempDir } from '../helpers/server.js';
import { atomicWrite } from '../../src/engine/files/atomic.js';
import { fixture } from './fixture.js';

const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'latin1').replace(/-/g, '').slice(0, 8);
const otherBoot = boot === '00000000' ? '11111111' : '00000000';

test("removes the temporary files of dead writers, old unnamed ones and those whose pid another process holds now; keeps live writers' and look-alikes", async () => {
  const { dir, cleanup } = tempDir();
  const live = spawn('sleep', ['60']);
  const dead = spawnSync('true').pid;
  try {
    const start = startTicks(live.pid!);
    assert.ok(start !== undefined && start > 0, 'the start time of a live process is read from /proc');
    const name = (id: number | string, base = 'a.txt') => `.${base}.facet-${id}-0123456789ab.tmp`;
    const mine = claimTempPath(dir, 'b.txt'); // a write of this process in progress
    assert.match(
      path.basename(mine),
      new RegExp(`^\\.b\\.txt\\.facet-${process.pid}-${boot}-${startTicks(process.pid)}-[0-9a-f]{12}\\.tmp$`),
    );
    const files = {
      deadWriter: name(`${dead}-${boot}-${start}`),
      liveWriter: name(`${live.pid!}-${boot}-${start}`),
      // The live process's pid, but another start time or another boot: a dead writer's pid, reused.
      reusedPid: name(`${live.pid!}-${boot}-${start - 1}`, 'f.txt'),
      reusedPidOtherBoot: name(`${live.pid!}-${otherBoot}-${start}`, 'g.txt'),
      ownReleased: name(`${process.pid}-${boot}-${startTicks(process.pid)}`),
      mine: path.basename(mine),
      // Names of earlier versions: a pid alone, or nothing.
      pidOnlyDead: name(dead, 'h.txt'),
      pidOnlyLive: name(live.pid!, 'i.txt'),
      pidOnlyReused: name(live.pid!, 'j.txt'),
      legacyOld: '.c.txt.facet-0123456789ab.tmp',
      legacyNew: '.d.txt.facet-ba9876543210.tmp',
      lookAlike: '.e.txt.facet-notours.tmp',
      user: 'a.txt',
    };
    for (const n of Object.values(files)) writeFileSync(path.join(dir, n), 'x');
    const hourAgo = new Date(Date.now() - 3600_000);
    utimesSync(path.join(dir, files.legacyOld), hourAgo, hourAgo);
    // Written a minute before the process now at its pid started: that process cannot be its
    // writer. A minute is well inside the ten minutes after which any temporary file goes.
    const beforeStart = new Date(Date.now() - 60_000);
    utimesSync(path.join(dir, files.pidOnlyReused), beforeStart, beforeStart);

    const removed = await removeStaleTemps(dir);
    assert.deepEqual(
      removed.map((p) => path.basename(p)).sort(),
      [
        files.deadWriter,
        files.legacyOld,
        files.ownReleased,
        files.reusedPid,
        files.reusedPidOtherBoot,
        files.pidOnlyDead,
        files.pidOnlyReused,
      ].sort(),
    );
    assert.deepEqual(
      readdirSync(dir).sort(),
      [files.legacyNew, files.liveWriter, files.lookAlike, files.mine, files.pidOnlyLive, files.user].sort(),
    );

    releaseTempPath(mine);
    assert.deepEqual(await removeStaleTemps(dir), [mine]);
  } finally {
    live.kill('SIGKILL');
    cleanup();
  }
});

test('a write whose temporary name is taken (a link planted there) draws another, and leaves the link alone', async () => {
  const f = fixture();
  try {
    const target = await f.scope.resolve('a.txt');
    await atomicWrite(f.scope, target, Buffer.from('first\n')); // the directory's sweep is done
    // The next name this process will draw, taken by a link to a file outside the root.
    const probe = claimTempPath(f.root, 'a.txt');
    releaseTempPath(probe);
    const serial = Number.parseInt(/-([0-9a-f]{12})\.tmp$/.exec(probe)![1]!, 16);
    const next = probe.replace(/[0-9a-f]{12}\.tmp$/, `${(serial + 1).toString(16).padStart(12, '0')}.tmp`);
    symlinkSync(path.join(f.outside, 'secret.txt'), next);
    await atomicWrite(f.scope, await f.scope.resolve('a.txt'), Buffer.from('second\n'));
    assert.equal(readFileSync(path.join(f.root, 'a.txt'), 'utf8'), 'second\n');
    assert.equal(readFileSync(path.join(f.outside, 'secret.txt'), 'utf8'), 'secret\n');
    assert.deepEqual(readdirSync(f.root).sort(), ['a.txt', path.basename(next)].sort());
    assert.ok(lstatSync(next).isSymbolicLink());
  } finally {
    f.cleanup();
  }
});
