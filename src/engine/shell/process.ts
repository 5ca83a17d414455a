// Starting one command: a shell line (bash -c) or an argv, through execa with pipes or
// through node-pty with a terminal, always as the leader of a new process group so the
// whole tree can be killed. A wrapper can report the shell's final directory and its
// background job ids on a private descriptor, and can merge stderr into stdout at the
// source so the merged stream keeps the exact order.
import { constants } from 'node:os';
import { execa } from 'execa';
import { EngineError } from '../errors.js';
import { killTree, trackGroup } from './kill.js';
import { quietArgv, quietFlags } from './startup.js';

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
  /** Stops reading (output is dropped): used when leftovers keep the pipes open. */
  pause(): void;
  resume(): void;
  /** Stops reading for good, so the process can be forgotten. */
  detach(): void;
  kill(graceMs: number): Promise<void>;
}

export interface PtyModule {
  spawn(file: string, args: string[], opts: Record<string, unknown>): {
    pid: number;
    onData(fn: (d: string) => void): unknown;
    onExit(fn: (e: { exitCode: number; signal?: number }) => void): unknown;
    write(d: string): void;
    pause(): void;
    resume(): void;
    kill(sig?: string): void;
  };
}

const REPORT_END = '\0facet-end\0';

/** The argv to start: the wrapper script when one is needed, else the plain form. */
export function commandArgv(spec: Pick<SpawnSpec, 'command' | 'shell' | 'login' | 'merge' | 'report' | 'startupFiles'>): { file: string; args: string[] } {
  const quiet = spec.startupFiles ? [] : quietFlags(spec.shell);
  const shellFlags = [...quiet, ...(spec.login ? ['-l', '-c'] : ['-c'])];
  if (typeof spec.command !== 'string') {
    const argv = spec.startupFiles ? [...spec.command] : quietArgv(spec.command);
    if (!spec.merge) return { file: argv[0]!, args: argv.slice(1) };
    return { file: spec.shell, args: [...quiet, '-c', 'exec 2>&1; exec "$@"', 'facet', ...argv] };
  }
  if (!spec.merge && !spec.report) return { file: spec.shell, args: [...shellFlags, spec.command] };
  const lines = ['__facet_c=$1; shift'];
  if (spec.report) {
    // Move the report channel off fd 3 so the command keeps every low descriptor for itself.
    lines.push('exec {__facet_fd}>&3 3>&-');
    lines.push(
      `trap '__facet_rc=$?; { printf "%s\\0" "$PWD"; jobs -p; printf "${REPORT_END.replace(/\0/g, '\\0')}"; } >&$__facet_fd 2>/dev/null; exit $__facet_rc' EXIT`,
    );
  }
  if (spec.merge) lines.push('exec 2>&1');
  lines.push('eval "$__facet_c"');
  return { file: spec.shell, args: [...shellFlags, lines.join('\n'), spec.shell.split('/').pop() ?? 'bash', spec.command] };
}

export async function spawnChild(spec: SpawnSpec): Promise<Child> {
  if (spec.tty) return spawnPty(spec, spec.tty);
  const { file, args } = commandArgv(spec);
  const stdio = [spec.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe', ...(spec.report && typeof spec.command === 'string' ? ['pipe'] : [])] as const;
  const sub = execa(file, args, {
    cwd: spec.cwd,
    env: spec.env,
    extendEnv: false,
    detached: true,
    cleanup: false,
    reject: false,
    buffer: false,
    encoding: 'buffer',
    stripFinalNewline: false,
    stdio: stdio as unknown as ['pipe', 'pipe', 'pipe'],
  });
  // The result promise is not used: exit and streams are observed directly.
  sub.catch(() => undefined);
  await new Promise<void>((resolve, reject) => {
    let settled = false;
    sub.once('spawn', () => {
      settled = true;
      resolve();
    });
    const failed = (err: NodeJS.ErrnoException) => {
      if (settled) return;
      settled = true;
      const code = err.code;
      if (code === 'ENOTDIR') {
        reject(new EngineError('invalid_argument', `cannot start ${file}: the working directory ${spec.cwd} is not a directory`, { facts: { program: file, cwd: spec.cwd, code }, cause: err }));
      } else if (code === 'ENOENT') {
        reject(new EngineError('not_found', `cannot start ${file}: no such program or working directory`, { field: 'command', facts: { program: file, cwd: spec.cwd, code }, cause: err }));
      } else if (code === 'EACCES') {
        reject(new EngineError('permission_denied', `cannot start ${file}: permission denied`, { field: 'command', facts: { program: file, code }, cause: err }));
      } else {
        reject(new EngineError('process_failed', `cannot start ${file}: ${err.message}`, { facts: { program: file, code }, cause: err }));
      }
    };
    sub.once('error', failed);
    // A spawn that fails at once (a working directory that became a file) emits neither event:
    // execa only settles its result, and waiting for 'spawn' would hang past every timeout.
    sub.then(
      (r) => {
        if (r.failed) failed(((r as { cause?: unknown }).cause ?? r) as NodeJS.ErrnoException);
      },
      (err: NodeJS.ErrnoException) => failed(err),
    );
  });
  const pid = sub.pid!;
  trackGroup(pid);
  const listeners: Array<(s: StreamName, c: Buffer) => void> = [];
  const streams = [
    ['stdout', sub.stdout!],
    ['stderr', sub.stderr!],
  ] as const;
  for (const [name, st] of streams) st.on('data', (c: Buffer) => listeners.forEach((fn) => fn(name, c)));
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
  const closed = (st: NodeJS.ReadableStream) => new Promise<void>((r) => (st as NodeJS.ReadableStream & { closed?: boolean }).closed ? r() : st.once('close', () => r()));
  const exited = new Promise<{ exitCode: number | null; signal: string | null }>((resolve) => {
    sub.once('exit', (code, signal) => resolve({ exitCode: code, signal }));
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
    pause: () => streams.forEach(([, st]) => st.pause()),
    resume: () => streams.forEach(([, st]) => st.resume()),
    detach: () => {
      if (sink) return;
      sink = true;
      listeners.length = 0;
      // Keep draining (into nothing) so writers left behind never block or get SIGPIPE.
      for (const [, st] of streams) st.resume();
      reportStream?.resume();
      sub.stdin?.destroy();
    },
    kill: (graceMs) => killTree(pid, pid, graceMs),
  };
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
  let p: ReturnType<PtyModule['spawn']>;
  try {
    p = tty.pty.spawn(file, args, { name: 'xterm-256color', cols: tty.cols, rows: tty.rows, cwd: spec.cwd, env: spec.env });
  } catch (err) {
    throw new EngineError('process_failed', `cannot start ${file} on a terminal: ${(err as Error).message}`, { facts: { program: file }, cause: err });
  }
  trackGroup(p.pid);
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
      resolve({ exitCode: signal ? null : e.exitCode, signal });
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
    pause: () => p.pause(),
    resume: () => p.resume(),
    detach: () => {
      listeners.length = 0;
      p.resume();
    },
    kill: (graceMs) => killTree(p.pid, p.pid, graceMs),
  };
}

export function signalName(n: number): string {
  for (const [name, num] of Object.entries(constants.signals)) if (num === n) return name;
  return `SIG${n}`;
}
