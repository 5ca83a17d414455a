// The shell sandbox (bubblewrap), through every shape's shell tools on a real server: a file
// in a directory outside the roots, a file in the server's HOME, a symlink in the root that
// points out, a write outside the roots and a loopback HTTP server of this test are all out
// of reach, from foreground commands, background jobs and interactive sessions; each refusal
// is the command's own error followed by the sandbox's note. A build-and-test line in the
// root works, --shell-network lets the loopback server answer, and a kill still ends the
// whole tree. Skipped only where bubblewrap cannot run (CI installs the bubblewrap package).
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Scope } from '../../src/engine/scope.js';
import { Session } from '../../src/engine/session.js';
import { resolveSandbox, Sandbox, sandboxStatusFor } from '../../src/engine/shell/sandbox.js';
import { findRefusals } from '../../src/engine/shell/sandbox-note.js';
import { callTool, serverFixture, structured, tempDir, texts, withServer } from '../helpers/server.js';
import { bashEngine } from '../helpers/shell-engine.js';
import { eventually, procsWith } from './procs.js';

const status = sandboxStatusFor('bwrap', false, '/bin/bash');
const skip =
  status.active === 'bwrap'
    ? false
    : `bubblewrap cannot run on this machine (${status.reason}); CI installs the bubblewrap package and runs these`;

const SECRET = 'OUTSIDE-SECRET-7f3a';
const HOME_SECRET = 'HOME-SECRET-91c2';
const BODY = 'HELLO-FROM-THE-HOST-LOOPBACK';

const outside = tempDir('facet-outside-');
const home = process.env.HOME!;
const homeFile = path.join(home, 'facet-sandbox-home-secret.txt');
let http: Server;
let port = 0;

before(async () => {
  writeFileSync(path.join(outside.dir, 'secret.txt'), `${SECRET}\n`);
  writeFileSync(homeFile, `${HOME_SECRET}\n`);
  http = createServer((_req, res) => res.end(`${BODY}\n`));
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  port = (http.address() as AddressInfo).port;
});
after(() => {
  http?.close();
  outside.cleanup();
  rmSync(homeFile, { force: true });
});

/** One shell tool: its arguments for a command line. */
interface ShellTool {
  shape: string;
  tool: string;
  args: (cmd: string) => Record<string, unknown>;
}

const TOOLS: ShellTool[] = [
  { shape: 'core', tool: 'shell.run', args: (command) => ({ command }) },
  { shape: 'claude', tool: 'Bash', args: (command) => ({ command }) },
  { shape: 'codex@0.169.0', tool: 'shell_command', args: (command) => ({ command }) },
  { shape: 'codex@0.169.0', tool: 'shell', args: (command) => ({ command: ['bash', '-c', command] }) },
  { shape: 'codex@0.169.0', tool: 'exec_command', args: (cmd) => ({ cmd, yield_time_ms: 20000 }) },
  { shape: 'gemini', tool: 'run_shell_command', args: (command) => ({ command }) },
  { shape: 'qwen', tool: 'run_shell_command', args: (command) => ({ command }) },
  { shape: 'kimi@1.49', tool: 'Shell', args: (command) => ({ command }) },
  { shape: 'grok', tool: 'bash', args: (command) => ({ command }) },
  { shape: 'anthropic', tool: 'bash', args: (command) => ({ command }) },
  { shape: 'openai', tool: 'shell', args: (command) => ({ commands: [command] }) },
  {
    shape: 'openai',
    tool: 'local_shell',
    args: (command) => ({ type: 'exec', command: ['bash', '-c', command], env: {} }),
  },
];

/** Everything a result shows: its texts and its structured content (some shapes put the output there). */
function shown(res: Awaited<ReturnType<typeof callTool>>): string {
  return [...texts(res), JSON.stringify(structured(res) ?? {}), res.error].join('\n');
}

const note = "[sandbox] Facet's shell sandbox stopped this: ";

/** The host block's details (the structured item holding the display block). */
function hostDetails(res: Awaited<ReturnType<typeof callTool>>): Record<string, unknown> | undefined {
  for (const c of res.content)
    if (c.body?.$case === 'structured' && c.body.value && 'display' in c.body.value)
      return (c.body.value.display as { details?: Record<string, unknown> }).details;
  return undefined;
}

describe('the sandbox refuses what lies outside the roots, in every shape', { skip }, () => {
  const f = serverFixture({
    prefix: 'facet-sandbox-',
    setup: (dir) => {
      symlinkSync(path.join(outside.dir, 'secret.txt'), path.join(dir, 'link'));
    },
  });

  for (const t of TOOLS) {
    test(`${t.shape} ${t.tool}`, async () => {
      const run = async (cmd: string, session: string) =>
        shown(await f.call(t.tool, t.args(cmd), { shape: t.shape, session }));
      const s = `${t.shape}-${t.tool}`;
      const secret = path.join(outside.dir, 'secret.txt');

      const readRes = await f.call(t.tool, t.args(`cat ${secret}`), { shape: t.shape, session: s });
      // The host block carries the refusal as data, in every shape.
      assert.deepEqual(hostDetails(readRes)?.sandbox, [{ kind: 'hidden', path: secret }]);
      const read = shown(readRes);
      assert.ok(!read.includes(SECRET), read);
      assert.ok(read.includes(`cat: ${secret}: No such file or directory`), read);
      assert.ok(read.includes(`${note}${secret} is outside the roots and hidden.`), read);

      const fromHome = await run(`cat ${homeFile}`, s);
      assert.ok(!fromHome.includes(HOME_SECRET), fromHome);
      assert.ok(fromHome.includes(`${note}${homeFile} is outside the roots and hidden.`), fromHome);

      const link = await run('cat link', s);
      assert.ok(!link.includes(SECRET), link);
      assert.ok(
        link.includes(`${note}${path.join(f.dir, 'link')} leads to ${secret}, which is outside the roots and hidden.`),
        link,
      );

      const target = path.join(outside.dir, `written-${t.shape}-${t.tool}.txt`);
      const write = await run(`echo pwned > ${target}`, s);
      assert.equal(existsSync(target), false, 'nothing is written outside the roots');
      assert.ok(write.includes(`${note}${target} is outside the roots and hidden.`), write);

      const system = await run('touch /usr/facet-sandbox-probe', s);
      assert.equal(existsSync('/usr/facet-sandbox-probe'), false);
      assert.ok(
        system.includes(`${note}/usr/facet-sandbox-probe is outside the roots, where everything is read-only.`),
        system,
      );

      const net = await run(
        `exec 3<>/dev/tcp/127.0.0.1/${port} && printf 'GET / HTTP/1.0\\r\\n\\r\\n' >&3 && cat <&3`,
        s,
      );
      assert.ok(!net.includes(BODY), net);
      assert.ok(net.includes('Connection refused'), net);
      assert.ok(net.includes(`${note}loopback connections reach only the command's own loopback`), net);

      // What is inside the root still works, written and read back.
      const ok = await run('echo inside > made.txt && cat made.txt', s);
      assert.ok(ok.includes('inside'), ok);
      assert.ok(!ok.includes('[sandbox]'), ok);
    });
  }

  test('background jobs: core shell.start, claude Bash run_in_background, gemini is_background, kimi Shell run_in_background', async () => {
    const secret = path.join(outside.dir, 'secret.txt');
    const cmd = `sleep 0.2; cat ${secret}`;
    const expectRefused = (text: string) => {
      assert.ok(!text.includes(SECRET), text);
      assert.ok(text.includes(`${note}${secret} is outside the roots and hidden.`), text);
    };
    const core = structured(await f.call('shell.start', { command: cmd }, { shape: 'core', session: 'bg-core' }))!
      .job as { id: string };
    expectRefused(
      shown(
        await f.call(
          'shell.output',
          { id: core.id, wait_ms: 20000, until: 'exit' },
          { shape: 'core', session: 'bg-core' },
        ),
      ),
    );

    const claude = shown(
      await f.call(
        'Bash',
        { command: cmd, run_in_background: true },
        { shape: 'claude@2.1.197', session: 'bg-claude' },
      ),
    );
    const claudeId = /with ID: (\S+?)\./.exec(claude)?.[1];
    assert.ok(claudeId, claude);
    expectRefused(
      shown(
        await f.call(
          'TaskOutput',
          { task_id: claudeId, block: true, timeout: 20000 },
          { shape: 'claude@2.1.197', session: 'bg-claude' },
        ),
      ),
    );
    // The log the result names (in the state directory, hidden otherwise) is readable by the session's commands.
    const log = /Output is being written to: (\S+)\. You/.exec(claude)?.[1];
    assert.ok(log, claude);
    const cat = shown(
      await f.call(
        'Bash',
        { command: `cat ${log}; echo more >> ${log}` },
        { shape: 'claude@2.1.197', session: 'bg-claude' },
      ),
    );
    assert.ok(cat.includes(`cat: ${secret}: No such file or directory`), cat);
    assert.ok(cat.includes(`${log}: Read-only file system`), cat);
    // Another session's log stays hidden.
    const other = shown(
      await f.call('Bash', { command: `cat ${log}` }, { shape: 'claude@2.1.197', session: 'bg-other' }),
    );
    assert.ok(other.includes(`${note}${log} is outside the roots and hidden.`), other);

    const gemini = shown(
      await f.call(
        'run_shell_command',
        { command: cmd, is_background: true, delay_ms: 0 },
        { shape: 'gemini', session: 'bg-gemini' },
      ),
    );
    const pid = Number(/PID: (\d+)/.exec(gemini)?.[1]);
    assert.ok(pid > 0, gemini);
    expectRefused(
      shown(await f.call('read_background_output', { pid, delay_ms: 3000 }, { shape: 'gemini', session: 'bg-gemini' })),
    );

    const kimi = shown(
      await f.call(
        'Shell',
        { command: cmd, run_in_background: true, description: 'cat the secret' },
        { shape: 'kimi@1.49', session: 'bg-kimi' },
      ),
    );
    const kimiId = /Background task (\S+) started/.exec(kimi)?.[1];
    assert.ok(kimiId, kimi);
    expectRefused(
      shown(
        await f.call(
          'TaskOutput',
          { task_id: kimiId, block: true, timeout: 20 },
          { shape: 'kimi@1.49', session: 'bg-kimi' },
        ),
      ),
    );
  });

  test('interactive sessions: codex exec_command on a tty, core shell.start with tty, the anthropic live bash', async () => {
    const secret = path.join(outside.dir, 'secret.txt');
    const codex = shown(
      await f.call(
        'exec_command',
        { cmd: `cat ${secret}`, tty: true, yield_time_ms: 20000 },
        { shape: 'codex@0.169.0', session: 'tty' },
      ),
    );
    assert.ok(!codex.includes(SECRET), codex);
    assert.ok(codex.includes(`${note}${secret} is outside the roots and hidden.`), codex);

    const job = structured(
      await f.call('shell.start', { command: `cat ${secret}`, tty: true }, { shape: 'core', session: 'tty' }),
    )!.job as { id: string };
    const out = shown(
      await f.call('shell.output', { id: job.id, wait_ms: 20000, until: 'exit' }, { shape: 'core', session: 'tty' }),
    );
    assert.ok(!out.includes(SECRET), out);
    assert.ok(out.includes(`${note}${secret} is outside the roots and hidden.`), out);

    // The live bash keeps its state between calls, inside one sandbox.
    await f.call('bash', { command: `S=${secret}; cd /` }, { shape: 'anthropic', session: 'live' });
    const live = shown(await f.call('bash', { command: 'cat "$S"; pwd' }, { shape: 'anthropic', session: 'live' }));
    assert.ok(!live.includes(SECRET), live);
    assert.ok(live.includes(`${note}${secret} is outside the roots and hidden.`), live);
  });

  test('processes a foreground command leaves in the background end with it, and signals come back as signals', async () => {
    const bg = await f.call(
      'run_shell_command',
      { command: 'sleep 30 & echo started' },
      { shape: 'gemini', session: 'bg-left' },
    );
    assert.match(
      texts(bg)[0]!,
      /^<untrusted_context>\nOutput: started\n\[sandbox\] Facet's shell sandbox stopped this: the process it left in the background ended with it \(start long-running processes as background jobs\)\. .*\nProcess Group PGID: \d+\n<\/untrusted_context>$/,
    );
    const killed = await f.call(
      'run_shell_command',
      { command: 'kill -TERM $$' },
      { shape: 'gemini', session: 'bg-left' },
    );
    assert.match(
      texts(killed)[0]!,
      /^<untrusted_context>\nOutput: \(empty\)\nSignal: 15\nProcess Group PGID: \d+\n<\/untrusted_context>$/,
    );
  });

  test('a build and its tests run in the root: a Makefile, python3 and node', async () => {
    const line =
      "printf 'print(6 * 7)\\n' > calc.py && printf 'console.log(2 + 3)\\n' > calc.js && " +
      "printf 'check:\\n\\t@python3 calc.py > out.txt\\n\\t@node calc.js >> out.txt\\n\\t@cat out.txt\\n' > Makefile && make -s check";
    const res = await f.call('shell.run', { command: line }, { shape: 'core', session: 'build' });
    assert.equal(texts(res)[0], '42\n5\n');
  });

  test('Identity says the sandbox is on and the network is off', async () => {
    const id = await new Promise<{ sandboxSummary: string }>((resolve, reject) =>
      f.t.client.identity({}, (err, r) => (err ? reject(err) : resolve(r as { sandboxSummary: string }))),
    );
    assert.ok(
      id.sandboxSummary.includes(
        'shell sandbox: bubblewrap (commands may write only inside the roots; the system is read-only; home directories, /tmp and the rest of the machine are hidden)',
      ),
      id.sandboxSummary,
    );
    assert.ok(id.sandboxSummary.endsWith('; shell commands: no network'), id.sandboxSummary);
  });
});

describe('--shell-network lets commands reach the network', { skip }, () => {
  test('the loopback server answers, with no sandbox note', async () => {
    await withServer({ shape: 'core', args: ['--shell-network'], prefix: 'facet-sandbox-net-' }, async (t) => {
      const res = await callTool(t.client, 'shell.run', {
        command: `exec 3<>/dev/tcp/127.0.0.1/${port} && printf 'GET / HTTP/1.0\\r\\n\\r\\n' >&3 && cat <&3`,
      });
      const text = texts(res)[0]!;
      assert.ok(text.endsWith(`\r\n\r\n${BODY}\n`), text);
      // Files outside the roots stay hidden.
      const read = texts(
        await callTool(t.client, 'shell.run', { command: `cat ${path.join(outside.dir, 'secret.txt')}` }),
      )[0]!;
      assert.ok(!read.includes(SECRET), read);
    });
  });
});

describe('process trees end as without the sandbox', { skip }, () => {
  /** A sandboxed shell engine over a fresh root (`containment` as given, else the default). */
  const setup = (containment?: 'auto' | 'marker') => {
    const { dir, cleanup } = tempDir('facet-sandbox-kill-');
    const { sandbox } = resolveSandbox({ mode: 'bwrap', network: false, hidden: [], shell: '/bin/bash' });
    const engine = bashEngine(dir, { killGraceMs: 2000, ...(containment ? { containment } : {}), sandbox });
    mkdirSync(path.join(dir, 'w'));
    const session = new Session('kill');
    const ctx = { scope: Scope.fromRoots([path.join(dir, 'w')]), session };
    return { engine, ctx, cleanup: async () => (await session.dispose(), cleanup()) };
  };

  test('a timeout kills the whole tree, escaped processes included, and keeps the output', async () => {
    const { engine, ctx, cleanup } = setup();
    try {
      // 3 s: the sandbox's start and the echo must come first even on a loaded machine (800 ms did not always).
      const r = await engine.run(ctx, {
        command: 'echo started; sleep 71.5 & setsid sleep 72.5 & sleep 73.5',
        timeoutMs: 3000,
      });
      assert.equal(r.timedOut, true);
      assert.equal(r.output.text, 'started\n');
      assert.equal(
        await eventually(() => procsWith('sleep 7').length === 0),
        true,
        `left: ${procsWith('sleep 7').join(', ')}`,
      );
    } finally {
      await cleanup();
    }
  });

  // bwrap's outer process exits as soon as the command does, while its namespace init is
  // still tearing down (or a zombie not yet reaped): that is not something the command left
  // running, with a cgroup or under the marker mechanism.
  for (const containment of ['auto', 'marker'] as const) {
    test(`${containment}: a command that leaves nothing behind has no leftovers; one that does has them killed`, async () => {
      const { engine, ctx, cleanup } = setup(containment);
      try {
        const kinds = new Set<string>();
        for (let i = 0; i < 10; i++)
          kinds.add((await engine.run(ctx, { command: 'true', persistCwd: true, reportBackground: true })).leftovers);
        assert.deepEqual([...kinds], ['none']);
        const r = await engine.run(ctx, { command: 'sleep 74.5 >/dev/null 2>&1 & echo done' });
        assert.equal(r.output.text, 'done\n');
        assert.equal(r.leftovers, 'killed');
        assert.equal(await eventually(() => procsWith('sleep 74.5').length === 0), true);
      } finally {
        await cleanup();
      }
    });
  }

  test('stopping a job gives its TERM trap the grace period, then nothing is left', async () => {
    const { engine, ctx, cleanup } = setup();
    try {
      const job = await engine.start(ctx, {
        command: "trap 'echo got TERM; exit 3' TERM; echo ready; sleep 81.5 & wait",
      });
      await engine.output(ctx, job.id, { waitMs: 10000, until: 'output' });
      const stopped = await engine.stop(ctx, job.id);
      assert.equal(stopped.status, 'killed');
      const out = await engine.output(ctx, job.id, { from: 'start' });
      assert.equal(out.text, 'ready\ngot TERM\n');
      assert.equal(await eventually(() => procsWith('sleep 81.5').length === 0), true);
    } finally {
      await cleanup();
    }
  });

  test('bwrap mode fails start-up saying how to allow user namespaces when bwrap is missing', () => {
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      // The probe runs again for this PATH (its answer is kept per PATH).
      assert.throws(() => resolveSandbox({ mode: 'bwrap', network: false, hidden: [], shell: '/bin/bash' }), {
        name: 'SandboxError',
        message:
          /^--shell-sandbox bwrap: bwrap was not found on PATH \(install the bubblewrap package\)\. bubblewrap needs unprivileged user namespaces: .*--shell-sandbox none to turn the sandbox off$/,
      });
      const auto = resolveSandbox({ mode: 'auto', network: false, hidden: [], shell: '/bin/bash' });
      assert.equal(auto.sandbox, null);
      assert.equal(auto.status.reason, 'bwrap was not found on PATH (install the bubblewrap package)');
    } finally {
      process.env.PATH = saved;
    }
  });
});

describe('start-up without a usable bubblewrap', () => {
  test('--shell-sandbox bwrap: `facet serve` refuses to start (exit 2) and says how to allow it', async () => {
    const { dir, cleanup } = tempDir('facet-sandbox-cli-');
    try {
      const r = await new Promise<{ code: number | null; stderr: string }>((resolve) =>
        execFile(
          process.execPath,
          [
            path.resolve('dist/src/cli.js'),
            'serve',
            '--listen',
            '127.0.0.1:0',
            '--root',
            dir,
            '--shell-sandbox',
            'bwrap',
          ],
          { env: { PATH: '/nonexistent', HOME: process.env.HOME }, timeout: 20_000 },
          (err, _out, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stderr }),
        ),
      );
      assert.equal(r.code, 2);
      assert.match(
        r.stderr,
        /^facet: cannot start: --shell-sandbox bwrap: bwrap was not found on PATH \(install the bubblewrap package\)\. bubblewrap needs unprivileged user namespaces: on the host, sysctl user\.max_user_namespaces must be above 0 .* or run with --shell-sandbox none to turn the sandbox off\n$/,
      );
    } finally {
      cleanup();
    }
  });

  test('auto: the server starts with the sandbox off, warns, and Identity says why', async () => {
    const saved = process.env.PATH;
    // No bwrap on this PATH: the start-up probe (kept per PATH) fails as on a machine without it.
    process.env.PATH = '/nonexistent';
    try {
      await withServer({ shape: 'core', prefix: 'facet-sandbox-auto-' }, async (t) => {
        const warn = t.logs.find((l) => l.level === 40 && String(l.msg).startsWith('shell sandbox off'));
        assert.deepEqual(
          { msg: warn?.msg, shellSandbox: warn?.shellSandbox, reason: warn?.reason },
          {
            msg: 'shell sandbox off: bubblewrap cannot run here, so commands can reach everything the server can (--shell-sandbox)',
            shellSandbox: 'none',
            reason: 'bwrap was not found on PATH (install the bubblewrap package)',
          },
        );
        const id = await new Promise<{ sandboxSummary: string }>((resolve, reject) =>
          t.client.identity({}, (err, r) => (err ? reject(err) : resolve(r as { sandboxSummary: string }))),
        );
        assert.ok(
          id.sandboxSummary.includes(
            "shell sandbox: none, bubblewrap cannot run here (bwrap was not found on PATH (install the bubblewrap package)): commands can read and write whatever the server's user can",
          ),
          id.sandboxSummary,
        );
      });
    } finally {
      process.env.PATH = saved;
    }
  });
});

test('the note is added only where this machine confirms the sandbox refused it', () => {
  const { dir, cleanup } = tempDir('facet-sandbox-note-');
  try {
    const box = new Sandbox('/usr/bin/bwrap', { mode: 'bwrap', network: false, hidden: [], shell: '/bin/bash' });
    const ctx = { box, roots: [dir], cwd: dir, home: '/tmp/facet-no-such-home' };
    const found = (line: string, network = false) => findRefusals(line, ctx, network);
    const secret = path.join(outside.dir, 'secret.txt');
    writeFileSync(secret, `${SECRET}\n`);
    // Missing on the host too: not the sandbox's doing.
    assert.deepEqual(found('cat: /usr/facet-no-such-file: No such file or directory'), []);
    assert.deepEqual(found('cat: /tmp/facet-no-such-dir/f: No such file or directory'), []);
    assert.deepEqual(found('cat: /tmp/facet-no-such-file: No such file or directory'), []);
    assert.deepEqual(found("ls: cannot access 'missing': No such file or directory"), []);
    assert.deepEqual(found('curl: (6) Could not resolve host: example.com', true), []);
    // Hidden: the file, or a new file in a hidden directory that exists on the host.
    assert.deepEqual(found(`cat: ${secret}: No such file or directory`), [{ kind: 'hidden', path: secret }]);
    const fresh = path.join(outside.dir, 'new.txt');
    assert.deepEqual(found(`bash: line 1: ${fresh}: No such file or directory`), [{ kind: 'hidden', path: fresh }]);
    assert.deepEqual(found("Error: ENOENT: no such file or directory, open '" + secret + "'"), [
      { kind: 'hidden', path: secret },
    ]);
    assert.deepEqual(found("touch: cannot touch '/etc/facet-x': Read-only file system"), [
      { kind: 'read_only', path: '/etc/facet-x' },
    ]);
    assert.deepEqual(found('curl: (6) Could not resolve host: example.com'), [{ kind: 'network' }]);
    assert.deepEqual(found('bash: connect: Connection refused'), [{ kind: 'loopback' }]);
    assert.deepEqual(found('bwrap: execvp facet-tool: No such file or directory'), [
      { kind: 'bwrap', message: 'execvp facet-tool: No such file or directory' },
    ]);
    assert.deepEqual(findRefusals('started\n', ctx, false, 2), [{ kind: 'background', count: 2 }]);
  } finally {
    cleanup();
  }
});

test('TMPDIR inside the sandbox names a directory that exists there', { skip }, () => {
  const { dir, cleanup } = tempDir('facet-sandbox-tmpdir-');
  try {
    const box = new Sandbox('/usr/bin/bwrap', { mode: 'bwrap', network: false, hidden: [], shell: '/bin/bash' });
    const [root, home] = [path.join(dir, 'root'), path.join(dir, 'home')];
    mkdirSync(path.join(root, 'tmp'), { recursive: true });
    mkdirSync(path.join(home, 'tmp'), { recursive: true });
    const inside = (tmp: string) => {
      const env = { PATH: process.env.PATH!, HOME: home, TMPDIR: tmp };
      const w = box.wrap('/bin/bash', ['-c', 'echo "$TMPDIR"; mktemp'], [root], root, env);
      const r = spawnSync(w.file, w.args, { env, encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      return r.stdout.split('\n')[0];
    };
    // Below the private /tmp (as TMPDIR=/tmp/user/1000) or the private home: not there inside, so /tmp.
    assert.equal(inside(outside.dir), '/tmp');
    assert.equal(inside(path.join(home, 'tmp')), '/tmp');
    assert.equal(inside('/tmp'), '/tmp');
    assert.equal(inside(home), home);
    // In a root: kept.
    assert.equal(inside(path.join(root, 'tmp')), path.join(root, 'tmp'));
  } finally {
    cleanup();
  }
});
