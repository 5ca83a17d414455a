import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import {
  callTool,
  structured,
  texts,
  unary,
  withServer as withTestServer,
  type TestServer,
} from '../helpers/server.js';
import { children, eventually, fdCount, marker, procsWith, zombieChildren } from './procs.js';

/** A server of the test's own, keeping its jobs' state under the root, which has a sub/ directory. */
async function withServer(args: string[], fn: (t: TestServer, root: string) => Promise<void>): Promise<void> {
  const setup = (dir: string) => mkdirSync(path.join(dir, 'sub'));
  await withTestServer(
    { prefix: 'facet-shell-srv-', setup, args: (dir) => ['--state-dir', path.join(dir, '.state'), ...args] },
    fn,
  );
}

test('shell.run over gRPC: output, exit status in band, session directory', () =>
  withServer([], async (t, root) => {
    const ok = await callTool(t.client, 'shell.run', { command: 'echo hello; echo warn >&2' }, { session: 'a' });
    assert.equal(ok.error, '');
    assert.equal(texts(ok)[0], 'hello\nwarn\n');
    const s = structured(ok)!;
    assert.equal(s.exitCode, 0);
    assert.equal(s.stdout, 'hello\n');
    assert.equal(s.stderr, 'warn\n');
    assert.equal(s.cwd, root);

    const failed = await callTool(t.client, 'shell.run', { command: 'echo partial; exit 7' }, { session: 'a' });
    assert.equal(failed.error, 'the command exited with code 7');
    assert.equal(failed.failure?.code, FailureCode.FAILURE_CODE_PROCESS_FAILED);
    assert.equal(failed.failure?.process?.exitCode, 7);
    assert.equal(failed.failure?.process?.output, 'partial\n');
    assert.equal(texts(failed)[0], 'partial\n');

    const slow = await callTool(
      t.client,
      'shell.run',
      { command: 'echo before; sleep 30', timeout_ms: 300 },
      { session: 'a' },
    );
    assert.equal(slow.failure?.code, FailureCode.FAILURE_CODE_TIMEOUT);
    assert.equal(texts(slow)[0], 'before\n');

    await callTool(t.client, 'shell.run', { command: 'cd sub' }, { session: 'a' });
    assert.equal(
      texts(await callTool(t.client, 'shell.run', { command: 'pwd' }, { session: 'a' }))[0],
      `${root}/sub\n`,
    );
    assert.equal(texts(await callTool(t.client, 'shell.run', { command: 'pwd' }, { session: 'b' }))[0], `${root}\n`);
    const reset = await callTool(t.client, 'shell.run', { command: 'cd /' }, { session: 'a' });
    assert.match(texts(reset)[0]!, /reset to /);
    assert.deepEqual(structured(reset)!.cwdReset, { attempted: '/', resetTo: root });

    const outside = await callTool(t.client, 'shell.run', { command: 'pwd', workdir: '/etc' });
    assert.equal(outside.failure?.code, FailureCode.FAILURE_CODE_PERMISSION_DENIED);
  }));

test('the client deadline cancels the command and kills its whole tree', () =>
  withServer([], async (t) => {
    const m = marker();
    await assert.rejects(
      callTool(t.client, 'shell.run', { command: `bash -c "bash -c 'sleep ${m}; :'; :"; :` }, { deadlineMs: 700 }),
      (err: { code?: number }) => err.code === 4, // DEADLINE_EXCEEDED
    );
    assert.equal(await eventually(() => procsWith(m).length === 0), true);
    // An exited child is reaped asynchronously (SIGCHLD): allow the moment it takes.
    assert.equal(
      await eventually(() => zombieChildren().length === 0),
      true,
      `zombies: ${zombieChildren().join(', ')}`,
    );
  }));

test('background jobs over gRPC belong to their session and die at shutdown', async () => {
  const m = marker();
  await withServer([], async (t) => {
    const started = await callTool(
      t.client,
      'shell.start',
      { command: `echo ready; sleep ${m}`, description: 'sleeper', wait_ms: 5000 },
      { session: 'x' },
    );
    assert.equal(started.error, '');
    const id = (structured(started)!.job as Record<string, unknown>).id as string;
    assert.match(texts(started)[0]!, /ready\n/);
    const listed = await callTool(t.client, 'shell.jobs', {}, { session: 'x' });
    assert.match(texts(listed)[0]!, new RegExp(`^${id}  running  pid \\d+  sleeper: echo ready; sleep ${m}$`));
    assert.equal(texts(await callTool(t.client, 'shell.jobs', {}, { session: 'y' }))[0], 'no jobs');
    const foreign = await callTool(t.client, 'shell.output', { id }, { session: 'y' });
    assert.equal(foreign.failure?.code, FailureCode.FAILURE_CODE_NOT_FOUND);

    const echo = await callTool(t.client, 'shell.start', { command: 'cat', stdin: true }, { session: 'x' });
    const echoId = (structured(echo)!.job as Record<string, unknown>).id as string;
    const wrote = await callTool(
      t.client,
      'shell.write',
      { id: echoId, chars: 'ping\n', wait_ms: 10000, until: 'output' },
      { session: 'x' },
    );
    assert.match(texts(wrote)[0]!, /^ping\n/);
    const stopped = await callTool(t.client, 'shell.stop', { id: echoId }, { session: 'x' });
    assert.equal(texts(stopped)[0], `Job ${echoId} is killed.`);
    assert.ok(procsWith(m).length > 0);
  });
  // The server's shutdown closed the session store: the sleeper is gone.
  assert.deepEqual(procsWith(m), []);
});

test('a routed program is refused with canonical_routed and routed_to; deny rules name the rule', () =>
  withServer(['--shell-route', 'git=git-toolbox', '--shell-deny', 'rm -rf'], async (t) => {
    const routed = await callTool(t.client, 'shell.run', { command: 'cd sub && git status' });
    assert.equal(routed.canonicalRouted, true);
    assert.equal(routed.routedTo, 'git-toolbox');
    assert.equal(routed.failure?.code, FailureCode.FAILURE_CODE_SECURITY_POLICY_FAILED);
    const denied = await callTool(t.client, 'shell.start', { command: "bash -c 'rm -rf sub'" });
    assert.equal(denied.canonicalRouted, false);
    assert.match(denied.error, /deny rule "rm -rf"/);
  }));

test('--read-only hides every shell tool', () =>
  withServer(['--read-only'], async (t) => {
    const list = await unary(t.client.listTools, t.client, {});
    assert.deepEqual(
      list.tools.filter((x) => x.name.startsWith('shell.')),
      [],
    );
    const res = await callTool(t.client, 'shell.run', { command: 'true' });
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_NOT_FOUND);
  }));

test('500 short commands at concurrency 16: all succeed, nothing left behind', () =>
  withServer([], async (t) => {
    await callTool(t.client, 'shell.run', { command: 'true' });
    const fdsBefore = fdCount();
    let next = 0;
    const seen = new Set<string>();
    const worker = async () => {
      while (next < 500) {
        const i = next++;
        const res = await callTool(t.client, 'shell.run', { command: `echo ${i}` }, { session: `s${i % 4}` });
        assert.equal(res.error, '', `call ${i}`);
        seen.add(texts(res)[0]!);
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    assert.equal(seen.size, 500);
    assert.deepEqual(
      [...seen].map((s) => Number(s)).sort((a, b) => a - b),
      Array.from({ length: 500 }, (_, i) => i),
    );
    assert.equal(await eventually(() => children().length === 0), true, `children left: ${children().join(',')}`);
    // An exited child is reaped asynchronously (SIGCHLD): allow the moment it takes.
    assert.equal(
      await eventually(() => zombieChildren().length === 0),
      true,
      `zombies: ${zombieChildren().join(', ')}`,
    );
    assert.equal(await eventually(() => fdCount() <= fdsBefore), true, `fds ${fdCount()} > ${fdsBefore}`);
  }));
