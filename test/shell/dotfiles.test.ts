// No shell tool of any shape reads the user's start-up files: with a HOME whose .bashrc and
// .bash_profile (and a BASH_ENV file in the server's environment) print a marker and sleep
// 5 s, `echo ok` answers ok and nothing else. Each tool's own timeout is set to 2 s where it
// has one, so a regression fails by content (marker, or a timeout), never by a stopwatch.
// The server is the real `facet` binary started with that HOME and BASH_ENV.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as grpc from '@grpc/grpc-js';
import { ToolboxClient, type CallToolResponse } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { listeningAddress, structured, tempDir, texts } from '../helpers/server.js';

const CLI = path.resolve('dist/src/cli.js');
const MARK = 'DOTFILE-MARKER';

interface Facet {
  client: ToolboxClient;
  call(shape: string, name: string, args: Record<string, unknown>, session?: string): Promise<CallToolResponse>;
  close(): Promise<void>;
}

/** A HOME with slow, chatty start-up files; `sleepS` 0 makes them quick (for the opt-in check). */
function dotHome(sleepS: number): { home: string; bashEnv: string; root: string; cleanup: () => void } {
  const { dir, cleanup } = tempDir('facet-dotfiles-');
  const body = (name: string) => `echo "${MARK} ${name}"\nsleep ${sleepS}\n`;
  writeFileSync(path.join(dir, '.bashrc'), body('bashrc'));
  writeFileSync(path.join(dir, '.bash_profile'), body('bash_profile'));
  writeFileSync(path.join(dir, '.profile'), body('profile'));
  const bashEnv = path.join(dir, 'bash_env.sh');
  writeFileSync(bashEnv, body('BASH_ENV'));
  const root = tempDir('facet-dotfiles-root-');
  return {
    home: dir,
    bashEnv,
    root: root.dir,
    cleanup: () => {
      cleanup();
      root.cleanup();
    },
  };
}

async function startFacet(flags: string[], env: NodeJS.ProcessEnv): Promise<Facet> {
  const child: ChildProcess = spawn(process.execPath, [CLI, 'serve', '--listen', '127.0.0.1:0', ...flags], {
    // The test runner's private TMPDIR is kept: without it the server's state directory would
    // fall back to the machine's /tmp, outside the runner's check for leftovers.
    env: { TMPDIR: process.env.TMPDIR, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const address = await listeningAddress(child);
  const client = new ToolboxClient(address, grpc.credentials.createInsecure());
  return {
    client,
    call: (shape, name, args, session) => {
      const md = new grpc.Metadata();
      md.set('facet-shape', shape);
      if (session) md.set('facet-session', session);
      return new Promise((resolve, reject) =>
        client.callTool({ name, arguments: args, roots: [] }, md, {}, (err, res) =>
          err ? reject(err) : resolve(res!),
        ),
      );
    },
    async close() {
      client.close();
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const text = (res: CallToolResponse) => texts(res).join('\n');
/** Wall times and chunk ids vary; everything else is compared exactly. */
const norm = (s: string) =>
  s
    .replace(/Wall time: [\d.]+ seconds/g, 'Wall time: <t> seconds')
    .replace(/Chunk ID: \w+/g, 'Chunk ID: <id>')
    .replace(/"duration_seconds":[\d.]+/g, '"duration_seconds":<t>')
    .replace(/PGID: \d+/g, 'PGID: <n>');

describe('shell tools never read start-up files', () => {
  let f: Facet;
  let env: ReturnType<typeof dotHome>;
  before(async () => {
    env = dotHome(5);
    f = await startFacet(['--root', env.root, '--shell-inactivity-ms', '2000'], {
      PATH: process.env.PATH,
      HOME: env.home,
      BASH_ENV: env.bashEnv,
      ENV: env.bashEnv,
    });
  });
  after(async () => {
    await f.close();
    env.cleanup();
  });

  test('core shell.run', async () => {
    const res = await f.call('core', 'shell.run', { command: 'echo ok', timeout_ms: 2000 });
    assert.equal(res.error, '');
    assert.equal(text(res), 'ok\n');
  });

  test('core shell.run with stdin text (a pipe on stdin)', async () => {
    const res = await f.call('core', 'shell.run', { command: 'cat; echo ok', stdin: 'in\n', timeout_ms: 2000 });
    assert.equal(text(res), 'in\nok\n');
  });

  // Facet's own interactive jobs: a terminal or open stdin does not make bash read dotfiles
  // either (a job that wants them runs `bash -i` or `bash -l` itself).
  for (const mode of [{ stdin: true }, { tty: true }, {}]) {
    test(`core shell.start ${JSON.stringify(mode)}`, async () => {
      const id = (
        structured(await f.call('core', 'shell.start', { command: 'echo ok', ...mode }))!.job as { id: string }
      ).id;
      const res = await f.call('core', 'shell.output', { id, wait_ms: 2000, until: 'exit' });
      assert.equal((structured(res)!.job as { status: string }).status, 'completed');
      assert.equal(text(res).replace(/\r\n/g, '\n'), `ok\n\n[job ${id}: completed, exit code 0]`);
    });
  }

  test('claude Bash', async () => {
    const res = await f.call('claude', 'Bash', { command: 'echo ok', timeout: 2000 });
    assert.equal(text(res), 'ok');
  });

  test('gemini run_shell_command (2 s inactivity timeout)', async () => {
    const res = await f.call('gemini', 'run_shell_command', { command: 'echo ok' });
    assert.equal(res.error, '');
    assert.equal(norm(text(res)), '<untrusted_context>\nOutput: ok\nProcess Group PGID: <n>\n</untrusted_context>');
  });

  test('qwen run_shell_command', async () => {
    const res = await f.call('qwen', 'run_shell_command', { command: 'echo ok', is_background: false, timeout: 2000 });
    assert.equal(res.error, '');
    assert.equal(
      norm(text(res)),
      'Command: echo ok\nDirectory: (root)\nOutput: ok\nError: (none)\nExit Code: 0\nSignal: (none)\nProcess Group PGID: <n>',
    );
  });

  test('kimi Shell', async () => {
    const res = await f.call('kimi@1.49', 'Shell', { command: 'echo ok', timeout: 2 });
    assert.equal(res.error, '');
    assert.equal(text(res), '<system>Command executed successfully.</system>\nok\n');
  });

  test('grok bash', async () => {
    const res = await f.call('grok', 'bash', { command: 'echo ok' });
    assert.equal(res.error, '');
    assert.equal(text(res), '{"success":true,"output":"ok"}');
  });

  test('codex exec_command (no tty), login shell and plain', async () => {
    for (const args of [{}, { login: false }, { shell: 'bash' }]) {
      const res = await f.call('codex@0.169.0', 'exec_command', { cmd: 'echo ok', yield_time_ms: 2000, ...args });
      assert.equal(
        norm(text(res)),
        'Chunk ID: <id>\nWall time: <t> seconds\nProcess exited with code 0\nOriginal token count: 1\nOutput:\nok\n',
        JSON.stringify(args),
      );
    }
  });

  test('codex shell_command, login shell and plain', async () => {
    for (const login of [true, false]) {
      const res = await f.call('codex@0.169.0', 'shell_command', { command: 'echo ok', login, timeout_ms: 2000 });
      assert.equal(norm(text(res)), 'Exit code: 0\nWall time: <t> seconds\nOutput:\nok\n');
    }
  });

  // Background commands of every shape that has them: the job's whole output, read through
  // core (sessions are shared by the shapes), is `ok` alone, and it completed within its wait.
  const background: Array<[string, string, Record<string, unknown>]> = [
    // 2.1.197: 2.1.332 ends the log with its "[exited with code N]" line (replay-2.1.332.test.ts).
    ['claude@2.1.197', 'Bash', { command: 'echo ok', run_in_background: true }],
    ['gemini', 'run_shell_command', { command: 'echo ok', is_background: true }],
    ['qwen', 'run_shell_command', { command: 'echo ok', is_background: true }],
    ['kimi@1.49', 'Shell', { command: 'echo ok', run_in_background: true, description: 'say ok' }],
  ];
  for (const [shape, tool, args] of background) {
    test(`${shape} ${tool} in the background`, async () => {
      const session = `bg-${shape}`;
      const started = await f.call(shape, tool, args, session);
      assert.equal(started.error, '');
      const jobs = structured(await f.call('core', 'shell.jobs', {}, session))!.jobs as Array<{ id: string }>;
      assert.equal(jobs.length, 1);
      // From the start: Gemini's tool has already shown (and so consumed) what the job printed at once.
      const res = await f.call(
        'core',
        'shell.output',
        { id: jobs[0]!.id, wait_ms: 2000, until: 'exit', offset: 0 },
        session,
      );
      assert.equal(text(res), `ok\n\n[job ${jobs[0]!.id}: completed, exit code 0]`);
    });
  }

  test('codex shell with a bash argv (login and plain)', async () => {
    for (const flag of ['-lc', '-c']) {
      const res = await f.call('codex@0.169.0', 'shell', { command: ['bash', flag, 'echo ok'], timeout_ms: 2000 });
      assert.equal(norm(text(res)), '{"output":"ok\\n","metadata":{"exit_code":0,"duration_seconds":<t>}}');
    }
  });
});

describe("Codex exec_command on a tty is the vendor's terminal session: its login shell reads the profile", () => {
  let f: Facet;
  let env: ReturnType<typeof dotHome>;
  before(async () => {
    env = dotHome(0);
    f = await startFacet(['--root', env.root], { PATH: process.env.PATH, HOME: env.home });
  });
  after(async () => {
    await f.close();
    env.cleanup();
  });

  test('tty: the profile marker, then ok; without tty: ok alone', async () => {
    const output = (res: CallToolResponse) => text(res).split('Output:\n')[1]!.replace(/\r\n/g, '\n');
    const tty = await f.call('codex@0.169.0', 'exec_command', { cmd: 'echo ok', tty: true, yield_time_ms: 5000 });
    const display = tty.content.flatMap((c) =>
      c.body?.$case === 'structured' && c.body.value?.display
        ? [c.body.value.display as { details?: Record<string, unknown> }]
        : [],
    )[0];
    const loaded = display !== undefined && display.details?.ttyFallback === undefined;
    // Without terminal support (node-pty) the job runs on pipes and reads nothing.
    assert.equal(output(tty), loaded ? `${MARK} bash_profile\nok\n` : 'ok\n');
    const plain = await f.call('codex@0.169.0', 'exec_command', { cmd: 'echo ok', yield_time_ms: 5000 });
    assert.equal(output(plain), 'ok\n');
  });

  test('a command line that itself runs `bash -l` gets the profile it asks for only outside the sandbox (the README says so)', async () => {
    // In the shell sandbox (auto: bubblewrap runs here) $HOME is an empty private directory.
    const res = await f.call('core', 'shell.run', { command: "bash -lc 'echo ok'" });
    assert.equal(text(res), 'ok\n');
    const bare = await startFacet(['--root', env.root, '--shell-sandbox', 'none'], {
      PATH: process.env.PATH,
      HOME: env.home,
    });
    try {
      assert.equal(
        text(await bare.call('core', 'shell.run', { command: "bash -lc 'echo ok'" })),
        `${MARK} bash_profile\nok\n`,
      );
    } finally {
      await bare.close();
    }
  });
});

describe('the operator can let bash read them (--shell-startup-files)', () => {
  let f: Facet;
  let env: ReturnType<typeof dotHome>;
  before(async () => {
    env = dotHome(0);
    f = await startFacet(['--root', env.root, '--shell-startup-files'], {
      PATH: process.env.PATH,
      HOME: env.home,
      BASH_ENV: env.bashEnv,
    });
  });
  after(async () => {
    await f.close();
    env.cleanup();
  });

  test('a login shell reads the profile; BASH_ENV still does not pass (it is not configured)', async () => {
    const res = await f.call('codex@0.169.0', 'shell_command', { command: 'echo ok' });
    assert.equal(norm(text(res)), `Exit code: 0\nWall time: <t> seconds\nOutput:\n${MARK} bash_profile\nok\n`);
  });
});

describe('BASH_ENV passes when the operator names it (--shell-env)', () => {
  let f: Facet;
  let env: ReturnType<typeof dotHome>;
  before(async () => {
    env = dotHome(0);
    f = await startFacet(['--root', env.root, '--shell-env', 'BASH_ENV'], {
      PATH: process.env.PATH,
      HOME: env.home,
      BASH_ENV: env.bashEnv,
    });
  });
  after(async () => {
    await f.close();
    env.cleanup();
  });

  test('bash runs the named file, and only that', async () => {
    const res = await f.call('core', 'shell.run', { command: 'echo ok' });
    assert.equal(text(res), `${MARK} BASH_ENV\nok\n`);
  });
});
