// Scripts a model writes, run in a child `node` process of their own (never in the server's):
// Node's permission model denies it the file system, child processes and workers, code
// generation from strings is off, its environment is empty and its directory a fresh temporary
// one. The script reaches the server only through the prelude's calls over the IPC channel,
// which the caller answers (a toolbox dispatching them as tool calls). Vendor-neutral: what the
// script's globals are and how its output reads is the prelude's and its caller's business.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { atExit } from '../at-exit.js';
import type { Session } from '../session.js';
import { childMain } from './child-main.js';

/** What to run and how to answer it. Every value crossing the channel is a string (JSON, by the caller's choice). */
export interface ScriptSpec {
  /**
   * Source evaluated first in the script's realm; it evaluates to a function taking the host (input, call, post,
   * setTimeout, clearTimeout, compile) that runs the script and resolves when it is done.
   */
  prelude: string;
  /** The script: the body of an async function, so top-level await works. */
  source: string;
  /** The file name its stack frames give. */
  filename: string;
  /** Handed to the prelude as host.input. */
  input: string;
  /** Answers one call of the script: ok with a value, or not ok with what the script's call rejects with. */
  call(name: string, args: string): Promise<{ ok: boolean; value: string }>;
  /** Receives each string the script posts, in order. */
  post(data: string): void;
}

export interface ScriptLimits {
  /** The child's V8 heap (MiB). */
  memoryMb: number;
  /** The longest string one post may carry (characters). */
  messageChars: number;
  /** The most characters a run may post in all; past it the run is killed. */
  totalChars: number;
}

export const DEFAULT_SCRIPT_LIMITS: ScriptLimits = {
  memoryMb: 256,
  messageChars: 16 * 1024 * 1024,
  totalChars: 64 * 1024 * 1024,
};

/**
 * How a run ended: its prelude finished; it was killed (kill(), the session's end, the server's); it posted more than
 * totalChars; or its process died on its own (out of memory, a crash), with the end of its stderr.
 */
export type ScriptEnd =
  | { kind: 'finished' }
  | { kind: 'killed' }
  | { kind: 'output_limit'; limit: number }
  | { kind: 'crashed'; detail: string };

export interface ScriptRun {
  readonly pid: number | undefined;
  readonly done: Promise<ScriptEnd>;
  /** Ends the run now (SIGKILL); calls it made that are still running are not waited for. */
  kill(): void;
}

/**
 * The flags of a script's node: the permission model with nothing allowed (no file system, child process, worker or
 * addon), no code generation from strings (so no realm can eval its way to the process object), a bounded heap.
 */
export const scriptNodeFlags = (limits: ScriptLimits) => [
  '--experimental-permission',
  '--disallow-code-generation-from-strings',
  '--no-warnings',
  `--max-old-space-size=${limits.memoryMb}`,
];

// A script in a busy loop cannot notice its parent is gone, and a SIGKILLed server runs no exit hook: the kernel's
// parent-death signal (util-linux setpriv, in every Debian base) kills the child with it. Without setpriv the exit
// hooks and the IPC channel's close remain the only guards.
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p));

/** The command that starts a script's node: under setpriv's parent-death signal where it exists. */
export function scriptCommand(limits: ScriptLimits, bootstrap: string): [string, string[]] {
  const node = [...scriptNodeFlags(limits), '-e', bootstrap];
  return SETPRIV ? [SETPRIV, ['--pdeathsig', 'KILL', '--', process.execPath, ...node]] : [process.execPath, node];
}

/** The script runner of one engine: every live child, so none outlives the session, the engine or the process. */
export class ScriptRunner {
  private readonly live = new Set<ChildProcess>();
  private readonly bootstrap = `(${childMain.toString()})()`;

  constructor(private readonly limits: ScriptLimits = DEFAULT_SCRIPT_LIMITS) {
    atExit(() => {
      for (const child of this.live) child.kill('SIGKILL');
    });
  }

  get running(): number {
    return this.live.size;
  }

  start(ctx: { session: Session }, spec: ScriptSpec): ScriptRun {
    const limits = this.limits;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'facet-script-'));
    const [command, args] = scriptCommand(limits, this.bootstrap);
    const child = spawn(command, args, {
      cwd: dir,
      env: {},
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'json',
    });
    this.live.add(child);
    let stderr = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (d: string) => {
      stderr = (stderr + d).slice(-4000);
    });
    let end: ScriptEnd | undefined;
    let posted = 0;
    const stop = (why: ScriptEnd) => {
      end ??= why;
      child.kill('SIGKILL');
    };
    const ofSession = this.runsOf(ctx.session);
    const kill = () => stop({ kind: 'killed' });
    ofSession.add(kill);
    child.on('message', (m: { t: string; id?: number; name?: string; args?: string; data?: string }) => {
      if (end) return;
      if (m.t === 'post') {
        posted += m.data!.length;
        if (posted > limits.totalChars) return stop({ kind: 'output_limit', limit: limits.totalChars });
        spec.post(m.data!);
      } else if (m.t === 'call') {
        spec.call(String(m.name), String(m.args)).then(
          (r) => {
            if (!end && child.connected) child.send({ t: 'reply', id: m.id, ok: r.ok, value: r.value });
          },
          (err: unknown) => {
            if (!end && child.connected)
              child.send({ t: 'reply', id: m.id, ok: false, value: JSON.stringify(String(err)) });
          },
        );
      } else if (m.t === 'end') end ??= { kind: 'finished' };
    });
    const done = new Promise<ScriptEnd>((resolve) => {
      child.once('close', (code, signal) => {
        this.live.delete(child);
        ofSession.delete(kill);
        rmSync(dir, { recursive: true, force: true });
        const detail = stderr.trim() || `the script's process ended (${signal ?? `exit code ${code}`})`;
        resolve(end ?? { kind: 'crashed', detail });
      });
      child.once('error', (err) => {
        end ??= { kind: 'crashed', detail: err.message };
      });
    });
    child.send({
      t: 'start',
      prelude: spec.prelude,
      source: spec.source,
      filename: spec.filename,
      input: spec.input,
      messageChars: limits.messageChars,
    });
    return { pid: child.pid, done, kill };
  }

  /** The kill of each live run of `session`, all called once when the session ends. */
  private runsOf(session: Session): Set<() => void> {
    return session.bag('engine.scripts', () => {
      const runs = new Set<() => void>();
      session.onDispose(() => {
        for (const kill of runs) kill();
      });
      return runs;
    });
  }

  /** Kills every live run (the engine's close). */
  close(): void {
    for (const child of this.live) child.kill('SIGKILL');
  }
}
