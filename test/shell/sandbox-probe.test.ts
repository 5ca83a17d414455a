// bubblewrap's trial run (`auto` mode) goes on in the background while a server starts (issue
// 38): building the runtime does not wait for it, the first command does, and gets the sandbox
// the trial decided; a trial that fails turns the sandbox off with one warning. Real bwrap and
// real commands. Each test appends its own directory to PATH, which the probe's answer is kept
// per, so its probe is a fresh one whatever ran before in this process.
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { parseConfig } from '../../src/config.js';
import { Session } from '../../src/engine/session.js';
import { sandboxStatusFor } from '../../src/engine/shell/sandbox.js';
import { createLogger } from '../../src/server/logger.js';
import { buildRuntime } from '../../src/server/runtime.js';
import { tempDir } from '../helpers/server.js';

const status = sandboxStatusFor('bwrap', false, '/bin/bash');
const skip = status.active === 'bwrap' ? false : `bubblewrap cannot run on this machine (${status.reason})`;

const WARNING =
  'shell sandbox off: bubblewrap cannot run here, so commands can reach everything the server can (--shell-sandbox)';

/** A runtime of `args` (auto sandbox, the default) built with `dir` on PATH, and the JSON lines it logged. */
function runtimeWith(dir: string, args: string[]) {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write: (chunk: Buffer, _e, cb) => {
      for (const l of chunk.toString().split('\n')) if (l !== '') lines.push(JSON.parse(l) as Record<string, unknown>);
      cb();
    },
  });
  const saved = process.env.PATH;
  process.env.PATH = `${saved}:${dir}`;
  try {
    const runtime = buildRuntime(
      parseConfig(['--lsp', 'off', '--state-dir', path.join(dir, 'state'), ...args]),
      createLogger('info', sink),
    );
    return { runtime, lines, restore: () => (process.env.PATH = saved) };
  } catch (err) {
    process.env.PATH = saved;
    throw err;
  }
}

/** Writes a file outside the roots; a command prints whether it can see it. */
function outsideFile(dir: string): { file: string; command: string } {
  const file = path.join(dir, 'outside', 'secret.txt');
  mkdirSync(path.dirname(file));
  writeFileSync(file, 'secret\n');
  return { file, command: `test -e ${file} && echo visible || echo hidden` };
}

test(
  'the trial runs while the server starts; the first command waits for it and runs in the sandbox',
  { skip },
  async () => {
    const { dir, cleanup } = tempDir('facet-probe-');
    const root = path.join(dir, 'root');
    mkdirSync(root);
    const { runtime, lines, restore } = runtimeWith(dir, ['--root', root]);
    try {
      const decision = runtime.engine.shell.config.decision!;
      assert.equal(decision.settled, false, 'start-up went on while bwrap ran');
      const { command } = outsideFile(dir);
      const ctx = { scope: runtime.scope, session: new Session('probe-ok') };
      const r = await runtime.engine.shell.run(ctx, { command });
      assert.equal(r.output.text, 'hidden\n');
      assert.equal(decision.settled, true);
      assert.deepEqual(runtime.engine.shell.sandboxStatus, { requested: 'auto', active: 'bwrap', network: false });
      await runtime.engine.shell.sandboxReady;
      assert.deepEqual(
        lines.filter((l) => l.level === 40),
        [],
      );
      await ctx.session.dispose();
    } finally {
      restore();
      await runtime.engine.close();
      cleanup();
    }
  },
);

test(
  'a trial that fails turns the sandbox off: the first command runs unconfined, and one warning says why',
  { skip },
  async () => {
    const { dir, cleanup } = tempDir('facet-probe-');
    const root = path.join(dir, 'root');
    mkdirSync(root);
    // A shell whose interpreter lives where the sandbox does not show it: it runs outside, and bwrap cannot start it.
    mkdirSync(path.join(dir, 'interp'));
    symlinkSync('/bin/bash', path.join(dir, 'interp', 'bash'));
    mkdirSync(path.join(dir, 'bin'));
    const shell = path.join(dir, 'bin', 'sh');
    writeFileSync(shell, `#!${path.join(dir, 'interp', 'bash')}\nexec /bin/bash "$@"\n`, { mode: 0o755 });
    const { runtime, lines, restore } = runtimeWith(dir, ['--root', root, '--shell', shell]);
    try {
      assert.equal(runtime.engine.shell.config.decision!.settled, false, 'start-up went on while bwrap ran');
      const { command } = outsideFile(dir);
      const ctx = { scope: runtime.scope, session: new Session('probe-off') };
      assert.equal((await runtime.engine.shell.run(ctx, { command })).output.text, 'visible\n');
      assert.equal((await runtime.engine.shell.run(ctx, { command })).output.text, 'visible\n');
      await runtime.engine.shell.sandboxReady;
      const reason = `bwrap cannot create its sandbox here: bwrap: execvp ${shell}: No such file or directory`;
      assert.deepEqual(runtime.engine.shell.sandboxStatus, {
        requested: 'auto',
        active: 'none',
        network: false,
        reason,
      });
      assert.deepEqual(
        lines.filter((l) => l.level === 40).map((l) => [l.msg, l.shellSandbox, l.reason]),
        [[WARNING, 'none', reason]],
      );
      await ctx.session.dispose();
    } finally {
      restore();
      await runtime.engine.close();
      cleanup();
    }
  },
);
