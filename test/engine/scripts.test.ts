// The script runner: a model's script runs in a child node process that cannot reach the file
// system, start processes or workers, evaluate strings, or see the server's environment; its
// calls come back over IPC; a kill (or the session's end) leaves no process and no directory.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { Session } from '../../src/engine/session.js';
import {
  DEFAULT_SCRIPT_LIMITS,
  ScriptRunner,
  scriptNodeFlags,
  type ScriptSpec,
} from '../../src/engine/scripts/runner.js';

/** A prelude that runs the script and posts what it returns (JSON), or its error's message. */
const PRELUDE = `(function (host) {
  globalThis.call = (name, args) => host.call(name, JSON.stringify(args)).then(JSON.parse);
  globalThis.wait = (ms) => new Promise((r) => host.setTimeout(r, ms));
  return host.compile()().then(
    (v) => host.post(JSON.stringify({ ok: v })),
    (e) => host.post(JSON.stringify({ error: String(e && e.message !== undefined ? e.message : e) })),
  );
})`;

function run(source: string, calls: ScriptSpec['call'] = async () => ({ ok: true, value: 'null' })) {
  const runner = new ScriptRunner();
  const posts: unknown[] = [];
  const session = new Session('s');
  const r = runner.start(
    { session },
    { prelude: PRELUDE, source, filename: 'main.js', input: '{}', call: calls, post: (d) => posts.push(JSON.parse(d)) },
  );
  return { r, posts, session, runner };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const scriptDirs = () =>
  readdirSync(os.tmpdir())
    .filter((n) => n.startsWith('facet-script-'))
    .sort();

test("the child's flags deny the file system, child processes and workers, and eval", () => {
  const probe = `
    const out = {};
    const tryIt = (k, f) => { try { f(); out[k] = 'allowed'; } catch (e) { out[k] = e.code || e.name; } };
    tryIt('read', () => require('fs').readFileSync('/etc/hostname'));
    tryIt('write', () => require('fs').writeFileSync('x', 'y'));
    tryIt('spawn', () => require('child_process').spawnSync('true'));
    tryIt('worker', () => new (require('worker_threads').Worker)('0', { eval: true }));
    tryIt('eval', () => new Function('return 1')());
    process.stdout.write(JSON.stringify(out));`;
  const r = spawnSync(process.execPath, [...scriptNodeFlags(DEFAULT_SCRIPT_LIMITS), '-e', probe], { env: {} });
  assert.deepEqual(JSON.parse(r.stdout.toString()), {
    read: 'ERR_ACCESS_DENIED',
    write: 'ERR_ACCESS_DENIED',
    spawn: 'ERR_ACCESS_DENIED',
    worker: 'ERR_ACCESS_DENIED',
    eval: 'EvalError',
  });
});

test('a script reaches no module, process, network or eval; only its calls', async () => {
  const before = scriptDirs();
  const { r, posts } = run(
    `
    const escape = (() => { try { return typeof wait.constructor.constructor('return process')(); } catch (e) { return e.name; } })();
    let imported; try { await import('node:fs'); imported = 'yes'; } catch (e) { imported = e.code || e.name; }
    return [typeof require, typeof process, typeof fetch, typeof console, escape, imported, await call('echo', { a: 1 })];`,
    async (name, args) => ({ ok: true, value: JSON.stringify({ name, args: JSON.parse(args) as unknown }) }),
  );
  assert.deepEqual(await r.done, { kind: 'finished' });
  assert.deepEqual(posts, [
    {
      ok: [
        'undefined',
        'undefined',
        'undefined',
        'undefined',
        'EvalError',
        'ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING',
        { name: 'echo', args: { a: 1 } },
      ],
    },
  ]);
  assert.deepEqual(scriptDirs(), before, 'its temporary directory is removed');
});

test('a refused call rejects in the script with the value given', async () => {
  const { r, posts } = run(`await call('x', {})`, async () => ({ ok: false, value: JSON.stringify('no such tool') }));
  await r.done;
  assert.deepEqual(posts, [{ error: '"no such tool"' }]);
});

test('kill ends a busy loop: no process is left', async () => {
  const { r, posts } = run('while (true) {}');
  assert.ok(r.pid && alive(r.pid));
  r.kill();
  assert.deepEqual(await r.done, { kind: 'killed' });
  assert.equal(alive(r.pid), false);
  assert.deepEqual(posts, []);
});

test("the session's end kills its scripts", async () => {
  const { r, session } = run('await wait(1e9)');
  await session.dispose();
  assert.deepEqual(await r.done, { kind: 'killed' });
  assert.equal(alive(r.pid!), false);
});

test('a script over its heap dies in band', async () => {
  const runner = new ScriptRunner({ ...DEFAULT_SCRIPT_LIMITS, memoryMb: 32 });
  const r = runner.start(
    { session: new Session('m') },
    {
      prelude: PRELUDE,
      source: 'const a = []; for (;;) a.push(new Array(1e6).fill(1));',
      filename: 'main.js',
      input: '{}',
      call: async () => ({ ok: true, value: 'null' }),
      post: () => undefined,
    },
  );
  const end = await r.done;
  assert.equal(end.kind, 'crashed');
  assert.match((end as { detail: string }).detail, /heap/i);
});

test('a script posting past its total is stopped', async () => {
  const runner = new ScriptRunner({ ...DEFAULT_SCRIPT_LIMITS, totalChars: 1000 });
  const r = runner.start(
    { session: new Session('o') },
    {
      prelude: `(function (host) { for (;;) host.post('x'.repeat(100)); })`,
      source: '',
      filename: 'main.js',
      input: '{}',
      call: async () => ({ ok: true, value: 'null' }),
      post: () => undefined,
    },
  );
  assert.deepEqual(await r.done, { kind: 'output_limit', limit: 1000 });
});

test('a SIGKILLed server takes its busy scripts with it (parent-death signal)', async () => {
  const runner = new URL('../../src/engine/scripts/runner.js', import.meta.url).href;
  const session = new URL('../../src/engine/session.js', import.meta.url).href;
  const before = scriptDirs();
  const server = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { ScriptRunner } = await import(${JSON.stringify(runner)});
       const { Session } = await import(${JSON.stringify(session)});
       const r = new ScriptRunner().start({ session: new Session('s') }, {
         prelude: '(function (host) { return host.compile()(); })', source: 'for (;;) {}', filename: 'main.js',
         input: '{}', call: async () => ({ ok: true, value: 'null' }), post() {} });
       process.stdout.write(String(r.pid) + '\\n');
       setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [line] = (await once(server.stdout!, 'data')) as [Buffer];
  const pid = Number(line.toString().trim());
  assert.ok(alive(pid), 'the script runs while its server does');
  server.kill('SIGKILL');
  await once(server, 'close');
  for (let i = 0; i < 200 && alive(pid); i++) await new Promise((r) => setTimeout(r, 25));
  assert.equal(alive(pid), false, 'the script died with its server');
  // The dead server could not remove its script's directory; this test does.
  for (const d of scriptDirs()) if (!before.includes(d)) rmSync(path.join(os.tmpdir(), d), { recursive: true });
});
