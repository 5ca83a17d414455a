// core shell.stop is declared idempotent: a repeat stop, or a stop of a job that ended by
// itself, succeeds, says the job had already ended and changes nothing.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { FailureCode } from '../../../src/gen/codefly/base/v0/failure.js';
import { callTool, structured, texts, withServer } from '../../helpers/server.js';

const jobOf = (r: Parameters<typeof structured>[0]) => structured(r)!.job as Record<string, unknown>;

test('core shell.stop: first stop kills, a repeat reports the job had already ended', async () => {
  await withServer(
    { shape: 'core', args: (dir) => ['--state-dir', path.join(dir, '.state')], prefix: 'facet-core-stop-' },
    async (t) => {
      const call = (name: string, args: Record<string, unknown>) =>
        callTool(t.client, name, args, { shape: 'core', session: 'stop' });
      const id = jobOf(await call('shell.start', { command: 'sleep 100' })).id as string;
      const first = await call('shell.stop', { id });
      assert.equal(first.error, '');
      assert.deepEqual(texts(first), [`Job ${id} is killed.`]);
      assert.equal(structured(first)!.alreadyEnded, false);
      assert.equal(jobOf(first).status, 'killed');

      const again = await call('shell.stop', { id });
      assert.equal(again.error, '');
      assert.equal(again.failure, undefined);
      assert.deepEqual(texts(again), [`Job ${id} had already ended (killed); nothing to stop.`]);
      assert.equal(structured(again)!.alreadyEnded, true);
      assert.deepEqual(jobOf(again), jobOf(first));

      const done = jobOf(await call('shell.start', { command: 'exit 3' })).id as string;
      await call('shell.output', { id: done, wait_ms: 10_000, until: 'exit' });
      const late = await call('shell.stop', { id: done });
      assert.equal(late.error, '');
      assert.deepEqual(texts(late), [`Job ${done} had already ended (failed); nothing to stop.`]);
      assert.equal(jobOf(late).exitCode, 3);

      const missing = await call('shell.stop', { id: 'nope' });
      assert.equal(missing.failure?.code, FailureCode.FAILURE_CODE_NOT_FOUND);
    },
  );
});
