// Running a command to completion: capture while it streams (bounded), optional spill of
// the full output to a file, a timeout (overall and/or without output), the call's
// AbortSignal, and on every way out the whole process tree is gone or, when asked,
// deliberately left running and reported.
import { abortError, EngineError, throwIfAborted, withDetails } from '../errors.js';
import { progressReporter, type ProgressSink } from '../progress.js';
import { Capture, type CapturedText } from './capture.js';
import { BoundedLog } from './logfile.js';
import { spawnChild, type Child, type SpawnSpec, type StreamName } from './process.js';

export interface RunSpec extends Omit<SpawnSpec, 'stdin' | 'tty'> {
  timeoutMs: number;
  /** Kill when no output came for this long (an inactivity timeout). */
  idleTimeoutMs?: number;
  killGraceMs: number;
  signal?: AbortSignal;
  headBytes: number;
  tailBytes: number;
  /** Write the whole merged output to `path` once it exceeds `overBytes` (bounded by maxBytes). */
  spill?: { path: string; overBytes: number; maxBytes: number };
  /** Leave processes the command put in the background running (reported); default: kill them. */
  keepBackground: boolean;
  /** Text written to the command's stdin (then closed). */
  input?: string;
  /** Called with a command whose leftovers were deliberately left running (kill them later). */
  onKept?: (kept: KeptCommand) => void;
  /** Told of every output chunk as it arrives (live output for the caller). */
  progress?: ProgressSink;
  /**
   * Reads the finished command's output (and the background pids it reported) and returns a
   * note to add after it as stderr, with what it found: the sandbox's refusals.
   */
  annotate?: (output: string, backgroundPids: number[]) => { note: string; facts: unknown[] } | undefined;
}

/** What is left of a command kept running after its line ended. */
export interface KeptCommand {
  pid: number;
  kill(graceMs: number): Promise<void>;
}

export interface RunResult {
  pid: number;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  /** The timeout that fired was the no-output one. */
  idle: boolean;
  /** stdout and stderr as they arrived (exact order when the streams were merged at the source). */
  output: CapturedText;
  stdout: CapturedText;
  stderr: CapturedText;
  durationMs: number;
  /** The shell's directory when it exited (when reported). */
  finalCwd?: string;
  /** Jobs the line put in the background that were still running at exit. */
  backgroundPids: number[];
  /** Processes still running after the leader exited: killed, or kept when asked. */
  leftovers: 'none' | 'killed' | 'kept';
  spill?: { path: string; bytes: number; truncated: boolean };
  /** What the sandbox refused, when the output shows it (a note was added after the output). */
  sandbox?: unknown[];
}

const DRAIN_MS = 150;

export async function runToCompletion(spec: RunSpec): Promise<RunResult> {
  throwIfAborted(spec.signal, 'the command');
  const started = performance.now();
  // Empty input is stdin on /dev/null: no pipe (Node makes it a socket, which bash takes for sshd).
  const input = spec.input === '' ? undefined : spec.input;
  const child = await spawnChild({ ...spec, stdin: input !== undefined });
  const merged = new Capture(spec.headBytes, spec.tailBytes);
  const out = spec.merge ? merged : new Capture(spec.headBytes, spec.tailBytes);
  const err = new Capture(spec.merge ? 0 : spec.headBytes, spec.merge ? 0 : spec.tailBytes);
  const spill = spec.spill ? new Spiller(spec.spill, child) : undefined;

  let timedOut = false;
  let idle = false;
  let killing: Promise<void> | undefined;
  const kill = () => (killing ??= child.kill(spec.killGraceMs));

  let idleTimer: NodeJS.Timeout | undefined;
  const armIdle = () => {
    if (!spec.idleTimeoutMs) return;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      timedOut = idle = true;
      void kill();
    }, spec.idleTimeoutMs);
  };
  armIdle();
  const report = progressReporter(spec.progress, started);
  child.onData((stream: StreamName, chunk: Buffer) => {
    report?.(stream, chunk);
    merged.push(chunk);
    if (!spec.merge) (stream === 'stdout' ? out : err).push(chunk);
    spill?.push(chunk);
    armIdle();
  });
  const timer = setTimeout(() => {
    timedOut = true;
    void kill();
  }, spec.timeoutMs);
  const onAbort = () => void kill();
  spec.signal?.addEventListener('abort', onAbort, { once: true });
  if (input !== undefined) {
    child.write(input);
    child.endInput();
  }

  let leftovers = 'none' as RunResult['leftovers'];
  try {
    const exit = await child.exited;
    clearTimeout(timer);
    clearTimeout(idleTimer);
    const keepOrKill = () => {
      if (spec.keepBackground) {
        leftovers = 'kept';
        spec.onKept?.({ pid: child.pid, kill: (ms) => child.kill(ms) });
      } else {
        leftovers = 'killed';
        void kill();
      }
    };
    // The leader is gone but something it started is still running.
    if (!killing && child.running()) keepOrKill();
    if (killing) await killing;
    let drainedInTime = await Promise.race([
      child.drained.then(() => true),
      sleep(killing ? 1000 : DRAIN_MS).then(() => false),
    ]);
    if (!drainedInTime && !killing && leftovers === 'none') {
      // Something outside the process group (setsid, a daemon) still holds the pipes.
      keepOrKill();
      // keepOrKill may have started the kill; TypeScript still holds `killing` as undefined here.
      const pending = killing as Promise<void> | undefined;
      if (pending) {
        await pending;
        drainedInTime = await Promise.race([child.drained.then(() => true), sleep(1000).then(() => false)]);
      }
    }
    // Someone (a kept job) still holds the pipes: stop listening.
    if (!drainedInTime) child.detach();
    if (spec.signal?.aborted)
      throw withOutput(abortError(spec.signal, 'the command'), merged.result(), exit, performance.now() - started);
    const report = child.report();
    const said = spec.annotate?.(merged.result().text, killing ? [] : (report?.backgroundPids ?? []));
    if (said) {
      const b = Buffer.from(`${merged.result().text.endsWith('\n') || merged.total === 0 ? '' : '\n'}${said.note}\n`);
      merged.push(b);
      if (!spec.merge) err.push(b);
      spill?.push(b);
    }
    const spilled = spill ? await spill.finish() : undefined;
    return {
      pid: child.pid,
      exitCode: exit.exitCode,
      signal: exit.signal,
      timedOut,
      idle,
      output: merged.result(),
      stdout: out.result(),
      stderr: err.result(),
      durationMs: performance.now() - started,
      finalCwd: report?.cwd,
      backgroundPids: spec.sandbox ? [] : (report?.backgroundPids ?? []),
      leftovers,
      ...(said ? { sandbox: said.facts } : {}),
      ...(spilled ? { spill: spilled } : {}),
    };
  } finally {
    if (leftovers !== 'kept') child.release();
    clearTimeout(timer);
    clearTimeout(idleTimer);
    spec.signal?.removeEventListener('abort', onAbort);
    await spill?.abandon();
  }
}

/**
 * A cancelled run keeps what the command printed before it: `facts.output` (the capture) for
 * the shapes to word, and the process evidence for the host.
 */
export function withOutput(
  err: EngineError,
  output: CapturedText,
  exit: { exitCode: number | null; signal: string | null },
  durationMs: number,
): EngineError {
  return withDetails(err, {
    cause: err,
    facts: { output, exitCode: exit.exitCode, signal: exit.signal, durationMs },
    process: {
      tool: 'bash',
      exitCode: exit.exitCode ?? -1,
      signal: exit.signal ?? '',
      output: output.text,
      outputTruncated: output.truncated,
      backend: 'child_process',
    },
  });
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Buffers output until it passes the threshold, then streams it all to a bounded file. */
class Spiller {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private log: BoundedLog | undefined;

  constructor(
    private readonly opts: NonNullable<RunSpec['spill']>,
    private readonly child: Child,
  ) {}

  push(chunk: Buffer): void {
    if (!this.log) {
      this.pending.push(chunk);
      this.pendingBytes += chunk.length;
      if (this.pendingBytes <= this.opts.overBytes) return;
      this.log = new BoundedLog(this.opts.path, this.opts.maxBytes);
      const all = Buffer.concat(this.pending);
      this.pending = [];
      this.write(all);
      return;
    }
    this.write(chunk);
  }

  private write(chunk: Buffer): void {
    if (this.log!.full) {
      this.log!.write(chunk);
      return;
    }
    if (!this.log!.write(chunk)) {
      // Backpressure: the command waits for the disk instead of growing our memory.
      this.child.pause();
      this.log!.onDrain(() => this.child.resume());
    }
  }

  async finish(): Promise<{ path: string; bytes: number; truncated: boolean } | undefined> {
    if (!this.log) return undefined;
    await this.log.close();
    return { path: this.log.file, bytes: this.log.written, truncated: this.log.dropped > 0 };
  }

  /** On failure paths: close the file (it stays for inspection only when finish() ran). */
  async abandon(): Promise<void> {
    if (this.log) await this.log.close();
  }
}
