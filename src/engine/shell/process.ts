// Starting one command: a shell line (bash -c) or an argv, with pipes (node:child_process) or
// through node-pty with a terminal, always as the leader of a new process group and
// enclosed (kill.ts) so everything it starts can be found and killed. A start the kernel
// would refuse, or one that fails, is an EngineError at once. A wrapper can report the
// shell's final directory and its background job ids on a private descriptor, and can
// merge stderr into stdout at the source so the merged stream keeps the exact order.
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants as fsConstants, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { EngineError, engineFailure } from '../errors.js';
import { checkArgv, spawnFailure } from '../spawn-errors.js';
import { Containment, signalGroup, sweepEntry, type ContainmentMode } from './kill.js';
import type { Sandbox } from './sandbox.js';
import { isBash, quietArgv, quietFlags } from './startup.js';

export type StreamName = 'stdout' | 'stderr';

export interface SpawnSpec {
  /** A shell line, or an argv run without a shell. */
  command: string | readonly string[];
  shell: string;
  /** Run the shell as a login shell (-l). */
  login?: boolean;
  /** Let bash read the user's start-up files (profile, ~/.bashrc); otherwise it is told not to (startup.ts). */
  startupFiles?: boolean;
  cwd: string;
  env: Record<string, string>;
  /** stderr joins stdout in one pipe (exact order; stderr stays empty). */
  merge: boolean;
  /** Report the final directory and background job pids (shell lines only, pipes only). */
  report: boolean;
  /** Keep stdin open for writes; otherwise it is closed at once. */
  stdin: boolean;
  tty?: { cols: number; rows: number; pty: PtyModule };
  /** How the command's processes are enclosed (default 'auto': a cgroup when possible). */
  containment?: ContainmentMode;
  /**
   * Where to note the command's marker and session (sweepEntry) when the marker mechanism
   * encloses it, so the session's end can still find what it left behind (see sweepMarkers).
   */
  markers?: Set<string>;
  /** Run inside this sandbox, scoped to these roots (the call's). */
  sandbox?: SandboxUse;
}

/** A sandbox and the roots of the call a command runs for. */
export interface SandboxUse {
  box: Sandbox;
  roots: readonly string[];
  /** The command reads the user's start-up files (they show inside, read-only). */
  startupFiles?: boolean;
  /** More paths shown read-only (the session's own job logs and spilled output). */
  readOnly?: readonly string[];
}

export interface ShellReport {
  cwd?: string;
  backgroundPids: number[];
}

/** A started command, pipes or terminal alike. */
export interface Child {
  readonly pid: number;
  readonly tty: boolean;
  onData(fn: (stream: StreamName, chunk: Buffer) => void): void;
  /** Exit of the leader (code, or the signal name that ended it). */
  readonly exited: Promise<{ exitCode: number | null; signal: string | null }>;
  /** Resolves when the output streams are closed (every holder of them is gone). */
  readonly drained: Promise<void>;
  /** The wrapper's report, once written (undefined when the shell died before it). */
  report(): ShellReport | undefined;
  write(data: string | Buffer): void;
  endInput(): void;
  /** Sends `sig` to the leader's process group (every process it started that stayed in it). */
  signal(sig: NodeJS.Signals): void;
  /** Sets the terminal's size; false when the command has no terminal. */
  resize(cols: number, rows: number): boolean;
  /** Stops reading (output is dropped): used when leftovers keep the pipes open. */
  pause(): void;
  resume(): void;
  /** Stops reading for good, so the process can be forgotten (its pipes no longer keep the server up). */
  detach(): void;
  /** Anything of the command still running (exact with a cgroup; the process group otherwise). */
  running(): boolean;
  /** TERM, then KILL after graceMs, to every process the command started; resolves when none is left. */
  kill(graceMs: number): Promise<void>;
  /** Forgets the command once nothing of it runs. */
  release(): void;
}

export interface PtyModule {
  spawn(
    file: string,
    args: string[],
    opts: Record<string, unknown>,
  ): {
    pid: number;
    onData(fn: (d: string) => void): unknown;
    onExit(fn: (e: { exitCode: number; signal?: number }) => void): unknown;
    write(d: string): void;
    pause(): void;
    resume(): void;
    kill(sig?: string): void;
    resize(cols: number, rows: number): void;
  };
}

const REPORT_END = '\0facet-end\0';

/**
 * The argv to start: the wrapper script when one is needed, else the plain form. With `join`
 * (a cgroup.procs path) the wrapper first moves the shell into the command's cgroup, so no
 * joining shell has to go first (see selfJoins). If that write fails, the shell starts itself
 * again without the path: its command line then no longer shows the join (kill.ts reads it).
 */
export function commandArgv(
  spec: Pick<SpawnSpec, 'command' | 'shell' | 'login' | 'merge' | 'report' | 'startupFiles'> & { join?: string },
): {
  file: string;
  args: string[];
} {
  const quiet = spec.startupFiles ? [] : quietFlags(spec.shell);
  const shellFlags = [...quiet, ...(spec.login ? ['-l', '-c'] : ['-c'])];
  if (typeof spec.command !== 'string') {
    const argv = spec.startupFiles ? [...spec.command] : quietArgv(spec.command);
    if (!spec.merge) return { file: argv[0]!, args: argv.slice(1) };
    return { file: spec.shell, args: [...quiet, '-c', 'exec 2>&1; exec "$@"', 'facet', ...argv] };
  }
  const join = spec.join !== undefined;
  if (!spec.merge && !spec.report && !join) return { file: spec.shell, args: [...shellFlags, spec.command] };
  // One first line either way, so the command's line numbers (in its error messages) stay the same.
  const lines = [
    join
      ? `{ [ -z "$1" ] || { echo $$ >"$1"; } 2>/dev/null || exec "$BASH" ${shellFlags.join(' ')} "$BASH_EXECUTION_STRING" "$0" '' "$2"; }; __facet_c=$2; shift 2`
      : '__facet_c=$1; shift',
  ];
  if (spec.report) {
    // Move the report channel off fd 3 so the command keeps every low descriptor for itself.
    lines.push('exec {__facet_fd}>&3 3>&-');
    lines.push(
      `trap '__facet_rc=$?; { printf "%s\\0" "$PWD"; jobs -p; printf "${REPORT_END.replace(/\0/g, '\\0')}"; } >&$__facet_fd 2>/dev/null; exit $__facet_rc' EXIT`,
    );
  }
  if (spec.merge) lines.push('exec 2>&1');
  lines.push('eval "$__facet_c"');
  const name = spec.shell.split('/').pop() ?? 'bash';
  return {
    file: spec.shell,
    args: [...shellFlags, lines.join('\n'), name, ...(join ? [spec.join!] : []), spec.command],
  };
}

/**
 * A shell line run by bash that reads no start-up file can join its cgroup itself, as the
 * first thing its script does: nothing has run before that could have forked. This saves
 * the exec of the joining shell (about 0.5 ms of CPU per command). Only where the wrapper
 * script runs anyway (a plain `bash -c` keeps its own line numbers in messages); not inside
 * the sandbox (bwrap must start inside the cgroup), nor with a profile, rc or BASH_ENV to read.
 */
function selfJoins(spec: SpawnSpec, env: Record<string, string>): boolean {
  const wrapper = typeof spec.command === 'string' && (spec.report || spec.merge);
  return wrapper && !spec.sandbox && !spec.startupFiles && isBash(spec.shell) && env.BASH_ENV === undefined;
}

export async function spawnChild(spec: SpawnSpec): Promise<Child> {
  if (spec.tty) return spawnPty(spec, spec.tty);
  const { file, args } = commandArgv(spec);
  const box = new Containment(spec.containment);
  box.sandboxed = spec.sandbox !== undefined;
  const env = withMarker(spec.env, box);
  const stdio: Array<'pipe' | 'ignore'> = [
    spec.stdin ? 'pipe' : 'ignore',
    'pipe',
    'pipe',
    ...(spec.report && typeof spec.command === 'string' ? ['pipe' as const] : []),
  ];
  let sub: ChildProcess;
  try {
    checkArgv(file, args, env);
    const joiner = selfJoins(spec, env) ? (procs: string) => commandArgv({ ...spec, join: procs }) : undefined;
    const run = enclosed(box, file, args, env, spec.cwd, spec.sandbox, joiner);
    // node:child_process directly: execa's promise and stream plumbing cost about 1 ms of CPU
    // per command (bench/NOTES-hotpath.md), and this code reads the pipes itself anyway.
    sub = spawn(run.file, run.args, { cwd: spec.cwd, env, detached: true, stdio: [...stdio] });
  } catch (err) {
    // A start the kernel refuses outright (E2BIG, ENOTDIR for the directory) throws here.
    box.release();
    throw err instanceof EngineError ? err : spawnFailure(err as NodeJS.ErrnoException, file, spec.cwd, args, env);
  }
  // Known from here on, so a kill reaches the leader even before its 'spawn' event.
  if (sub.pid !== undefined) box.adopt(sub.pid);
  // The rest (ENOENT, EACCES) comes as an 'error' event instead of 'spawn'.
  await new Promise<void>((resolve, reject) => {
    let started = false;
    sub.once('spawn', () => {
      started = true;
      resolve();
    });
    // Later errors (none are expected: kills go through process.kill) must not crash the server.
    sub.on('error', (err) => {
      if (!started) reject(err);
    });
  }).catch((err: NodeJS.ErrnoException) => {
    box.release();
    throw spawnFailure(err, file, spec.cwd, args, env);
  });
  const pid = sub.pid!;
  note(spec, box);
  const listeners: Array<(s: StreamName, c: Buffer) => void> = [];
  const streams = [
    ['stdout', sub.stdout!],
    ['stderr', sub.stderr!],
  ] as const;
  for (const [name, st] of streams)
    st.on('data', (c: Buffer) => listeners.forEach((fn) => fn(name, c))).on('error', () => undefined);
  // A command that exits without reading its input makes the write fail (EPIPE): nothing to report.
  sub.stdin?.on('error', () => undefined);
  const reportStream = stdio.length > 3 ? (sub.stdio[3] as NodeJS.ReadableStream | undefined) : undefined;
  let reportText = '';
  let report: ShellReport | undefined;
  let reportDone: () => void = () => undefined;
  // The report counts as drained once complete, even while a background process holds its pipe.
  const reported = reportStream ? new Promise<void>((r) => (reportDone = r)) : Promise.resolve();
  reportStream?.on('data', (c: Buffer) => {
    if (report || reportText.length > 1 << 16) return;
    reportText += c.toString('utf8');
    const end = reportText.indexOf(REPORT_END);
    if (end !== -1) {
      report = parseReport(reportText.slice(0, end));
      reportDone();
    }
  });
  reportStream?.on('close', () => reportDone());
  reportStream?.on('error', () => undefined);
  const closed = (st: NodeJS.ReadableStream) =>
    new Promise<void>((r) =>
      (st as NodeJS.ReadableStream & { closed?: boolean }).closed ? r() : st.once('close', () => r()),
    );
  const exited = new Promise<{ exitCode: number | null; signal: string | null }>((resolve) => {
    sub.once('exit', (code, signal) => resolve(unboxed(spec, { exitCode: code, signal })));
  });
  const drained = Promise.all([...streams.map(([, st]) => closed(st)), reported]).then(() => undefined);
  let sink = false;
  return {
    pid,
    tty: false,
    onData: (fn) => listeners.push(fn),
    exited,
    drained,
    report: () => report,
    write: (d) => {
      sub.stdin?.write(d);
    },
    endInput: () => {
      sub.stdin?.end();
    },
    signal: (sig) => signalGroup(pid, sig, spec.sandbox !== undefined && sig !== 'SIGKILL'),
    resize: () => false,
    pause: () => streams.forEach(([, st]) => st.pause()),
    resume: () => streams.forEach(([, st]) => st.resume()),
    detach: () => {
      if (sink) return;
      sink = true;
      listeners.length = 0;
      // Keep draining (into nothing) so writers left behind never block or get SIGPIPE, but
      // without keeping the server alive: shutdown never waits on a pipe held by a stray.
      for (const [, st] of streams) unref(st.resume());
      unref(reportStream?.resume());
      sub.stdin?.destroy();
    },
    running: () => box.alive(),
    kill: (graceMs) => box.kill(graceMs),
    release: () => box.release(),
  };
}

/**
 * The argv that starts the command inside its sandbox (when one is used) and its enclosure;
 * `joiner` builds the argv of a shell that joins its cgroup itself (see selfJoins). When bwrap or a joining shell goes
 * first, a missing or non-executable program would only
 * show as an exit status: look it up here as execvp would, so it still fails to start with
 * the error it deserves.
 */
export function enclosed(
  box: Containment,
  file: string,
  args: string[],
  env: Record<string, string>,
  cwd: string,
  sandbox?: SandboxUse,
  joiner?: (procs: string) => { file: string; args: string[] },
): { file: string; args: string[] } {
  if (!box.wraps && !sandbox) return { file, args };
  if (joiner && !sandbox) {
    const run = box.wrap(file, args, joiner);
    checkArgv(run.file, run.args, env);
    return run;
  }
  const found = findProgram(file, env.PATH ?? '', cwd);
  if (found !== true)
    throw spawnFailure(Object.assign(new Error(`spawn ${file} ${found}`), { code: found }), file, cwd);
  let run = sandbox
    ? sandbox.box.wrap(file, args, sandbox.roots, cwd, env, sandbox.startupFiles, sandbox.readOnly)
    : { file, args };
  if (box.wraps) run = box.wrap(run.file, run.args);
  checkArgv(run.file, run.args, env);
  return run;
}

/** true when `name` resolves to an executable file, else the errno execvp would give. */
function findProgram(name: string, pathVar: string, cwd: string): true | 'ENOENT' | 'EACCES' {
  const candidates = name.includes('/')
    ? [path.resolve(cwd, name)]
    : pathVar.split(':').map((d) => path.resolve(cwd, d || '.', name));
  let denied = false;
  for (const c of candidates) {
    try {
      if (!statSync(c).isFile()) continue;
      accessSync(c, fsConstants.X_OK);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EACCES') denied = true;
    }
  }
  return denied ? 'EACCES' : 'ENOENT';
}

/** Bounded: the newest markers are the ones whose leftovers may still run. */
const MAX_MARKERS = 4096;

function note(spec: SpawnSpec, box: Containment): void {
  if (!spec.markers || !box.untracked) return;
  spec.markers.add(sweepEntry(box.marker, box.leaderPid));
  if (spec.markers.size > MAX_MARKERS) spec.markers.delete(spec.markers.values().next().value as string);
}

function withMarker(env: Record<string, string>, box: Containment): Record<string, string> {
  const eq = box.marker.indexOf('=');
  return { ...env, [box.marker.slice(0, eq)]: box.marker.slice(eq + 1) };
}

function unref(st: NodeJS.ReadableStream | undefined): void {
  (st as { unref?: () => void } | undefined)?.unref?.();
}

function parseReport(text: string): ShellReport {
  const nul = text.indexOf('\0');
  const cwd = nul === -1 ? undefined : text.slice(0, nul);
  const rest = nul === -1 ? text : text.slice(nul + 1);
  const backgroundPids = rest
    .split('\n')
    .map((s) => s.trim())
    .filter((s) => /^\d+$/.test(s))
    .map(Number);
  return { cwd, backgroundPids };
}

function spawnPty(spec: SpawnSpec, tty: NonNullable<SpawnSpec['tty']>): Child {
  const { file, args } = commandArgv({ ...spec, merge: false, report: false });
  const box = new Containment(spec.containment);
  box.sandboxed = spec.sandbox !== undefined;
  const env = withMarker(spec.env, box);
  let p: ReturnType<PtyModule['spawn']>;
  try {
    checkArgv(file, args, env);
    const run = enclosed(box, file, args, env, spec.cwd, spec.sandbox);
    p = tty.pty.spawn(run.file, run.args, {
      name: 'xterm-256color',
      cols: tty.cols,
      rows: tty.rows,
      cwd: spec.cwd,
      env,
    });
  } catch (err) {
    box.release();
    if (err instanceof EngineError) throw err;
    throw engineFailure(
      'pty_start_failed',
      `cannot start ${file} on a terminal: ${(err as Error).message}`,
      { program: file },
      { cause: err },
    );
  }
  box.adopt(p.pid);
  note(spec, box);
  const listeners: Array<(s: StreamName, c: Buffer) => void> = [];
  let resolveDrained!: () => void;
  const drained = new Promise<void>((r) => (resolveDrained = r));
  p.onData((d) => {
    const b = Buffer.from(d, 'utf8');
    listeners.forEach((fn) => fn('stdout', b));
  });
  const exited = new Promise<{ exitCode: number | null; signal: string | null }>((resolve) => {
    p.onExit((e) => {
      resolveDrained();
      const signal = e.signal ? signalName(e.signal) : null;
      resolve(unboxed(spec, { exitCode: signal ? null : e.exitCode, signal }));
    });
  });
  return {
    pid: p.pid,
    tty: true,
    onData: (fn) => listeners.push(fn),
    exited,
    drained,
    report: () => undefined,
    write: (d) => p.write(typeof d === 'string' ? d : d.toString('utf8')),
    // A terminal has no separate end of input: send EOF (Ctrl-D) instead.
    endInput: () => p.write('\x04'),
    signal: (sig) => signalGroup(p.pid, sig, spec.sandbox !== undefined && sig !== 'SIGKILL'),
    resize: (cols, rows) => {
      p.resize(cols, rows);
      return true;
    },
    pause: () => p.pause(),
    resume: () => p.resume(),
    detach: () => {
      listeners.length = 0;
      p.resume();
    },
    running: () => box.alive(),
    kill: (graceMs) => box.kill(graceMs),
    release: () => box.release(),
  };
}

/**
 * bwrap exits with 128+N when the command died of signal N (it cannot die of it itself):
 * read that back as the signal, as the command would report without the sandbox. A command
 * that itself exits with such a code (exit 143) is then reported as killed by the signal.
 */
function unboxed(
  spec: SpawnSpec,
  exit: { exitCode: number | null; signal: string | null },
): { exitCode: number | null; signal: string | null } {
  if (!spec.sandbox || exit.exitCode === null || exit.exitCode <= 128 || exit.exitCode > 128 + 31) return exit;
  return { exitCode: null, signal: signalName(exit.exitCode - 128) };
}

export function signalName(n: number): string {
  for (const [name, num] of Object.entries(constants.signals)) if (num === n) return name;
  return `SIG${n}`;
}
