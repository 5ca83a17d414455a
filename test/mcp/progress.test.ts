// The progress plumbing under both transports: the engine reports every output chunk of a
// run, and of a job while a read waits on it, to the call's sink; the throttle turns chunks
// into a few updates with a running byte count and the newest lines, and stops for good.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import type { OutputProgress } from '../../src/engine/progress.js';
import { Scope } from '../../src/engine/scope.js';
import { Session } from '../../src/engine/session.js';
import type { ShellContext } from '../../src/engine/shell/engine.js';
import { throttleProgress, type ProgressUpdate } from '../../src/server/progress-throttle.js';
import { tempDir } from '../helpers/server.js';
import { bashEngine } from '../helpers/shell-engine.js';

const { dir: root, cleanup } = tempDir('facet-progress-');
const engine = bashEngine(root, { killGraceMs: 500 });
const sessions: Session[] = [];
function ctx(progress: (p: OutputProgress) => void): ShellContext {
  const session = new Session(`p${sessions.length}`);
  sessions.push(session);
  return { session, scope: Scope.fromRoots([root]), progress };
}
after(async () => {
  await Promise.all(sessions.map((s) => s.dispose()));
  cleanup();
});

test('a run reports every chunk, with its stream, and a running byte count', async () => {
  const seen: OutputProgress[] = [];
  // stdout and stderr are two pipes: the command writes each chunk only once the one before has
  // been reported (a gate file per chunk seen), so the order holds however loaded the machine is.
  const gate = (n: number) => path.join(root, `chunk-${n}`);
  const waitFor = (n: number) => `while [ ! -f ${gate(n)} ]; do sleep 0.01; done`;
  const r = await engine.run(
    ctx((p) => {
      seen.push(p);
      writeFileSync(gate(seen.length), '');
    }),
    { command: `echo one; ${waitFor(1)}; echo two >&2; ${waitFor(2)}; echo three` },
  );
  assert.equal(r.exitCode, 0);
  assert.equal(seen.map((p) => p.chunk).join(''), 'one\ntwo\nthree\n');
  assert.deepEqual(
    seen.map((p) => p.stream),
    ['stdout', 'stderr', 'stdout'],
  );
  assert.deepEqual(
    seen.map((p) => p.bytes),
    [4, 8, 14],
  );
  for (let i = 1; i < seen.length; i++) assert.ok(seen[i]!.elapsedMs >= seen[i - 1]!.elapsedMs);
});

test('a read that waits on a job reports the chunks that come while it waits', async () => {
  const seen: OutputProgress[] = [];
  const c = ctx((p) => seen.push(p));
  const go = path.join(root, 'go');
  const job = await engine.start(c, {
    command: `while [ ! -f ${go} ]; do sleep 0.02; done; echo a; sleep 0.1; echo b`,
  });
  const reading = engine.output(c, job.id, { waitMs: 30_000, until: 'exit' });
  writeFileSync(go, ''); // the output comes only once the read waits
  const read = await reading;
  assert.equal(read.text, 'a\nb\n');
  assert.equal(seen.map((p) => p.chunk).join(''), 'a\nb\n');
  assert.equal(seen.at(-1)!.bytes, 4);
});

test('a sink that throws is detached; the run goes on', async () => {
  let calls = 0;
  const r = await engine.run(
    ctx(() => {
      calls++;
      throw new Error('transport bug');
    }),
    { command: 'echo one; sleep 0.1; echo two' },
  );
  assert.equal(r.exitCode, 0);
  assert.equal(r.output.text, 'one\ntwo\n');
  assert.equal(calls, 1);
});

test('the throttle emits the first chunk at once, coalesces the rest, and nothing after stop', async () => {
  const updates: ProgressUpdate[] = [];
  const t = throttleProgress((u) => updates.push(u), { intervalMs: 60_000, lines: 2 });
  const chunk = (bytes: number, text: string): OutputProgress => ({
    stream: 'stdout',
    bytes,
    chunk: text,
    elapsedMs: 0,
  });
  t.sink(chunk(2, 'a\n'));
  assert.equal(updates.length, 1);
  assert.deepEqual({ bytes: updates[0]!.bytes, latest: updates[0]!.latest }, { bytes: 2, latest: 'a' });
  t.sink(chunk(4, 'b\n'));
  t.sink(chunk(6, 'c\n'));
  assert.equal(updates.length, 1); // held until the interval passes
  t.stop();
  t.sink(chunk(8, 'd\n'));
  assert.equal(updates.length, 1);

  const fast: ProgressUpdate[] = [];
  const f = throttleProgress((u) => fast.push(u), { intervalMs: 0, lines: 2 });
  f.sink(chunk(2, 'a\n'));
  f.sink(chunk(4, 'b\n'));
  f.sink(chunk(7, 'c\nd'));
  assert.deepEqual(
    fast.map((u) => [u.bytes, u.latest]),
    [
      [2, 'a'],
      [4, 'a\nb'],
      [7, 'c\nd'],
    ],
  );
  f.stop();
});
