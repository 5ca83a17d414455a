// Which temporary files count as stale: those of writers that no longer run, never those
// of a writer still at work, nor a user's file that merely looks alike.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { claimTempPath, releaseTempPath, removeStaleTemps } from '../../src/engine/files/stale-temps.js';
import { tempDir } from '../helpers/server.js';

test("removes the temporary files of dead writers, old unnamed ones and old ones whose pid was reused; keeps live writers' and look-alikes", async () => {
  const { dir, cleanup } = tempDir();
  const live = spawn('sleep', ['60']);
  const dead = spawnSync('true').pid;
  try {
    const name = (pid: number | string) => `.a.txt.facet-${pid}-0123456789ab.tmp`;
    const mine = claimTempPath(dir, 'b.txt'); // a write of this process in progress
    const files = {
      deadWriter: name(dead),
      liveWriter: name(live.pid!),
      // The pid of a dead writer, reused by a process that runs now: the file's age tells.
      reusedPid: `.f.txt.facet-${live.pid!}-0123456789ab.tmp`,
      ownReleased: name(process.pid),
      mine: path.basename(mine),
      legacyOld: '.c.txt.facet-0123456789ab.tmp',
      legacyNew: '.d.txt.facet-ba9876543210.tmp',
      lookAlike: '.e.txt.facet-notours.tmp',
      user: 'a.txt',
    };
    for (const n of Object.values(files)) writeFileSync(path.join(dir, n), 'x');
    const hourAgo = new Date(Date.now() - 3600_000);
    utimesSync(path.join(dir, files.legacyOld), hourAgo, hourAgo);
    utimesSync(path.join(dir, files.reusedPid), hourAgo, hourAgo);

    const removed = await removeStaleTemps(dir);
    assert.deepEqual(removed.map((p) => path.basename(p)).sort(), [files.deadWriter, files.legacyOld, files.ownReleased, files.reusedPid].sort());
    assert.deepEqual(readdirSync(dir).sort(), [files.legacyNew, files.liveWriter, files.lookAlike, files.mine, files.user].sort());

    releaseTempPath(mine);
    assert.deepEqual(await removeStaleTemps(dir), [mine]);
  } finally {
    live.kill('SIGKILL');
    cleanup();
  }
});
