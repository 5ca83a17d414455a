// Background and interactive jobs of one session: started at once, output (stdout and
// stderr merged in order) streamed to a bounded log file, read since the last read or
// from an offset, optionally waiting for more output or for the exit, written to when
// stdin was kept open, stopped as a whole process group. All die with the session.
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { engineFailure, abortError } from '../errors.js';
import { progressReporter, type ProgressSink } from '../progress.js';
import { Capture, countNewlines, utf8Prefix, utf8Suffix, type CapturedText } from './capture.js';
import { BoundedLog } from './logfile.js';
import { spawnChild, type Child, type SpawnSpec, type StreamName } from './process.js';

export type JobStatus = 'running' | 'completed' | 'failed' | 'killed' | 'timed_out';

export interface JobSnapshot {
  /** Opaque id (8 hex characters). */
  id: string;
  /** 1, 2, 3... within the session (for tools that number their jobs). */
  number: number;
  pid: number;
  command: string;
  description?: string;
  cwd: string;
  status: JobStatus;
  exitCode: number | null;
  signal: string | null;
  startedAt: number;
  endedAt?: number;
  durationMs: number;
  /** stdin is open for writes. */
  interactive: boolean;
  tty: boolean;
  /** Bytes of output so far (including any not stored). */
  outputBytes: number;
  /** Where the log lives; bytes past its bound are counted in droppedBytes. */
  logPath: string;
  droppedBytes: number;
  /** Where the shell line ended (started with reportCwd; unset while running or when not reported). */
  finalCwd?: string;
  /** Offset of the first byte not yet returned by a read. */
  readOffset: number;
  /** Why a terminal was asked but pipes were used. */
  ttyFallback?: string;
}

export interface ReadOptions {
  /** 'last': from the end of the previous read; 'start'; or a byte offset. */
  from?: 'last' | 'start' | number;
  /** Wait up to this long before reading. */
  waitMs?: number;
  /** 'output': stop waiting as soon as new output arrives; 'exit': only when the job ends. */
  until?: 'output' | 'exit';
  /** Byte budget for the returned text. */
  maxBytes?: number;
  /** 'head': return the first bytes and leave the rest for the next read; 'head_tail': keep both ends, consume all. */
  budget?: 'head' | 'head_tail';
  headShare?: number;
  signal?: AbortSignal;
  /** Told of every chunk the job prints while this read waits for it. */
  progress?: ProgressSink;
}

export interface JobRead {
  job: JobSnapshot;
  text: string;
  head: string;
  tail: string;
  truncated: boolean;
  omittedBytes: number;
  fromOffset: number;
  /** Next unread offset. */
  toOffset: number;
  /** Bytes between fromOffset and the end of the stored output when read. */
  rangeBytes: number;
  /** Lines in that range. */
  rangeLines: number;
  /** More stored output remains after toOffset. */
  hasMore: boolean;
}

export interface JobTableOptions {
  dir: string;
  maxLogBytes: number;
  maxJobs: number;
  killGraceMs: number;
}

export interface StartJobSpec extends SpawnSpec {
  description?: string;
  /** Kill the job after this long (undefined: no limit). */
  timeoutMs?: number;
  ttyFallback?: string;
  /** Reads the ended job's newest output; a note returned is added at the end of its log (the sandbox's refusals). */
  annotate?: (output: string) => string | undefined;
  /** Told of every chunk of output as it arrives, with the stream it came on (separate only when `merge` is off). */
  onOutput?: (stream: StreamName, chunk: Buffer) => void;
  /** Told once the job ended and its log is complete, with its newest output (up to 64 KiB, both streams). */
  onEnd?: (job: JobSnapshot, newest: string) => void;
  /**
   * A line to end the log with once the job ended (how it ended, as a dialect shows it in the
   * file the model reads); it follows a blank line. Not part of the output onEnd is told of.
   */
  logTrailer?: (end: {
    status: Exclude<JobStatus, 'running'>;
    exitCode: number | null;
    signal: string | null;
  }) => string;
}

const TAIL_BYTES = 64 * 1024;
/** How long the output may stay open after the leader exited before its holder counts as a leftover. */
const LEFTOVER_MS = 150;
const DEFAULT_READ_BYTES = 1 << 20;

class Job {
  readonly id = randomBytes(4).toString('hex');
  readonly events = new EventEmitter();
  readonly tailRing = new Capture(0, TAIL_BYTES);
  status: JobStatus = 'running';
  exitCode: number | null = null;
  signal: string | null = null;
  endedAt?: number;
  finalCwd?: string;
  readOffset = 0;
  /** Resolves once the job ended and its log is complete on disk. */
  readonly finished: Promise<void>;
  private killReason: 'killed' | 'timed_out' | undefined;
  private stopping: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly number: number,
    readonly child: Child,
    readonly log: BoundedLog,
    readonly spec: StartJobSpec,
    readonly startedAt: number,
    private readonly killGraceMs: number,
  ) {
    this.events.setMaxListeners(0);
    child.onData((stream, chunk) => {
      this.events.emit('data', stream, chunk);
      spec.onOutput?.(stream, chunk);
      this.tailRing.push(chunk);
      if (!log.write(chunk) && !log.full) {
        child.pause();
        log.onDrain(() => child.resume());
      }
    });
    if (spec.timeoutMs !== undefined) {
      this.timer = setTimeout(() => void this.stop('timed_out'), spec.timeoutMs);
      this.timer.unref();
    }
    this.finished = (async () => {
      const exit = await child.exited;
      clearTimeout(this.timer);
      // Whatever the leader left behind goes with it: a job is one unit.
      const killed = Boolean(this.stopping) || child.running();
      if (this.stopping) await this.stopping;
      else if (killed) await child.kill(killGraceMs);
      const drained = await Promise.race([
        child.drained.then(() => true),
        sleep(killed ? 1000 : LEFTOVER_MS).then(() => false),
      ]);
      if (!drained && !killed) {
        // Something that left the process group (setsid, a daemon) still holds the output pipe.
        await child.kill(killGraceMs);
        await Promise.race([child.drained, sleep(1000)]);
      }
      this.finalCwd = child.report()?.cwd;
      child.detach();
      child.release();
      const all = this.tailRing.result();
      const note = this.killReason ? undefined : spec.annotate?.(all.truncated ? all.tail : all.text);
      if (note) {
        const b = Buffer.from(`${all.text.endsWith('\n') || all.totalBytes === 0 ? '' : '\n'}${note}\n`);
        this.tailRing.push(b);
        log.write(b);
      }
      const status = this.killReason ?? (exit.exitCode === 0 ? 'completed' : 'failed');
      const trailer = spec.logTrailer?.({ status, exitCode: exit.exitCode, signal: exit.signal });
      if (trailer !== undefined) log.write(Buffer.from(`\n${trailer}\n`));
      await log.close();
      this.exitCode = exit.exitCode;
      this.signal = exit.signal;
      this.endedAt = Date.now();
      this.status = status;
      this.events.emit('change');
      if (spec.onEnd) {
        const newest = this.tailRing.result();
        try {
          spec.onEnd(this.snapshot(), newest.truncated ? newest.tail : newest.text);
        } catch {
          // A listener's failure must not leave the job unfinished.
        }
      }
    })();
  }

  get running(): boolean {
    return this.endedAt === undefined;
  }

  stop(reason: 'killed' | 'timed_out' = 'killed'): Promise<void> {
    if (!this.running) return Promise.resolve();
    this.killReason ??= reason;
    this.stopping ??= this.child.kill(this.killGraceMs);
    return this.stopping.then(() => this.finished);
  }

  snapshot(): JobSnapshot {
    const cmd = this.spec.command;
    return {
      id: this.id,
      number: this.number,
      pid: this.child.pid,
      command: typeof cmd === 'string' ? cmd : cmd.join(' '),
      ...(this.spec.description ? { description: this.spec.description } : {}),
      cwd: this.spec.cwd,
      status: this.status,
      exitCode: this.exitCode,
      signal: this.signal,
      startedAt: this.startedAt,
      ...(this.endedAt !== undefined ? { endedAt: this.endedAt } : {}),
      durationMs: (this.endedAt ?? Date.now()) - this.startedAt,
      interactive: this.spec.stdin,
      tty: this.child.tty,
      outputBytes: this.tailRing.total,
      logPath: this.log.file,
      droppedBytes: this.log.dropped,
      readOffset: this.readOffset,
      ...(this.spec.ttyFallback ? { ttyFallback: this.spec.ttyFallback } : {}),
      ...(this.finalCwd !== undefined ? { finalCwd: this.finalCwd } : {}),
    };
  }
}

export class JobTable {
  private readonly jobs = new Map<string, Job>();
  private seq = 0;
  private closed = false;

  constructor(private readonly opts: JobTableOptions) {}

  /** Jobs still running. */
  get runningCount(): number {
    let n = 0;
    for (const j of this.jobs.values()) if (j.running) n++;
    return n;
  }

  async start(spec: StartJobSpec): Promise<JobSnapshot> {
    if (this.closed) throw engineFailure('session_closing', 'the session is closing; no job can start', {});
    this.prune();
    const running = [...this.jobs.values()].filter((j) => j.running).length;
    if (running >= this.opts.maxJobs) {
      throw engineFailure('too_many_jobs', `this session already runs ${running} jobs (the limit); stop one first`, {
        running,
        limit: this.opts.maxJobs,
      });
    }
    const child = await spawnChild(spec);
    const number = ++this.seq;
    // onFlush runs from a stream write callback, never before this function returns.
    const log = new BoundedLog(path.join(this.opts.dir, `job-${number}-${child.pid}.log`), this.opts.maxLogBytes, () =>
      job.events.emit('change'),
    );
    const job = new Job(number, child, log, spec, Date.now(), this.opts.killGraceMs);
    this.jobs.set(job.id, job);
    return job.snapshot();
  }

  /** Finds a job by id, number or pid (what each tool dialect calls it). */
  private find(ref: string | number): Job {
    const s = String(ref).trim();
    const job =
      this.jobs.get(s) ??
      [...this.jobs.values()].find((j) => String(j.number) === s) ??
      [...this.jobs.values()].find((j) => String(j.child.pid) === s);
    if (!job) {
      throw engineFailure(
        'job_missing',
        `no job ${s} in this session`,
        { job: s, known: [...this.jobs.values()].map((j) => j.id) },
        { field: 'id' },
      );
    }
    return job;
  }

  get(ref: string | number): JobSnapshot {
    return this.find(ref).snapshot();
  }

  list(): JobSnapshot[] {
    return [...this.jobs.values()].map((j) => j.snapshot());
  }

  async read(ref: string | number, opts: ReadOptions = {}): Promise<JobRead> {
    const job = this.find(ref);
    const from =
      opts.from === undefined || opts.from === 'last' ? job.readOffset : opts.from === 'start' ? 0 : opts.from;
    if (!Number.isInteger(from) || from < 0)
      throw engineFailure(
        'bad_offset',
        'the offset must be a whole number of bytes, 0 or more',
        {},
        { field: 'offset' },
      );
    if (opts.waitMs && opts.waitMs > 0)
      await this.wait(job, from, opts.waitMs, opts.until ?? 'output', opts.signal, opts.progress);
    if (!job.running) await job.finished;
    const end = job.log.flushed;
    const start = Math.min(from, end);
    const range = end - start;
    const maxBytes = opts.maxBytes ?? DEFAULT_READ_BYTES;
    let head: Buffer;
    let tail: Buffer = Buffer.alloc(0);
    let toOffset: number;
    if (range <= maxBytes) {
      head = await job.log.read(start, range);
      toOffset = start + head.length;
    } else if ((opts.budget ?? 'head') === 'head') {
      head = utf8Prefix(await job.log.read(start, maxBytes));
      toOffset = start + head.length;
    } else {
      const h = Math.floor(maxBytes * (opts.headShare ?? 0.5));
      head = utf8Prefix(await job.log.read(start, h));
      tail = utf8Suffix(await job.log.read(end - (maxBytes - h), maxBytes - h));
      toOffset = end;
    }
    job.readOffset = toOffset;
    const truncated = head.length + tail.length < toOffset - start;
    const headText = head.toString('utf8');
    const tailText = tail.toString('utf8');
    return {
      job: job.snapshot(),
      text: headText + tailText,
      head: headText,
      tail: tailText,
      truncated,
      omittedBytes: toOffset - start - head.length - tail.length,
      fromOffset: start,
      toOffset,
      rangeBytes: range,
      rangeLines: range <= maxBytes ? countLines(Buffer.concat([head, tail])) : await job.log.countLines(start, end),
      hasMore: toOffset < end,
    };
  }

  /** The last `maxBytes` of a job's output (the newest, even past the log's bound). */
  async tail(
    ref: string | number,
    maxBytes = TAIL_BYTES,
  ): Promise<{ job: JobSnapshot; text: string; truncated: boolean; totalBytes: number }> {
    const job = this.find(ref);
    if (!job.running) await job.finished;
    const all = job.tailRing.result();
    const buf = Buffer.from(all.truncated ? all.tail : all.text, 'utf8');
    const cut = buf.length > maxBytes ? utf8Suffix(buf.subarray(buf.length - maxBytes)) : buf;
    return {
      job: job.snapshot(),
      text: cut.toString('utf8'),
      truncated: cut.length < all.totalBytes,
      totalBytes: all.totalBytes,
    };
  }

  async write(ref: string | number, data: string | Buffer): Promise<JobSnapshot> {
    const job = this.find(ref);
    if (!job.spec.stdin) {
      throw engineFailure(
        'stdin_closed',
        `job ${job.id} was not started with stdin open`,
        { job: job.id },
        { field: 'id' },
      );
    }
    if (!job.running) {
      throw engineFailure(
        'job_exited',
        `job ${job.id} has already exited`,
        { job: job.id, exitCode: job.exitCode },
        { field: 'id' },
      );
    }
    job.child.write(data);
    return job.snapshot();
  }

  /** Ends a job's input (EOF: on a terminal, Ctrl-D). Harmless once the job has ended. */
  endInput(ref: string | number): JobSnapshot {
    const job = this.find(ref);
    if (job.running && job.spec.stdin) job.child.endInput();
    return job.snapshot();
  }

  /** Sends a signal to a running job's process group (nothing once it has ended). */
  signal(ref: string | number, sig: NodeJS.Signals): JobSnapshot {
    const job = this.find(ref);
    if (job.running) job.child.signal(sig);
    return job.snapshot();
  }

  /** Resizes a running job's terminal; a job without one (or ended) is refused. */
  resize(ref: string | number, cols: number, rows: number): JobSnapshot {
    const job = this.find(ref);
    if (!job.running || !job.child.resize(cols, rows))
      throw engineFailure('no_terminal', `job ${job.id} has no terminal to resize`, { job: job.id }, { field: 'id' });
    return job.snapshot();
  }

  async stop(ref: string | number): Promise<JobSnapshot> {
    const job = this.find(ref);
    await job.stop('killed');
    return job.snapshot();
  }

  /**
   * Stops a job and hands back what it printed (its newest 64 KiB), from memory: a session that ends meanwhile
   * (its logs removed) loses none of it.
   */
  async stopKeeping(ref: string | number): Promise<{ job: JobSnapshot; output: CapturedText }> {
    const job = this.find(ref);
    await job.stop('killed');
    return { job: job.snapshot(), output: job.tailRing.result() };
  }

  /** Kills every job and removes their logs: the session is over. */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.jobs.values()];
    this.jobs.clear();
    await Promise.allSettled(all.map((j) => j.stop('killed')));
    await Promise.allSettled(all.map((j) => j.log.remove()));
    await fsp.rm(this.opts.dir, { recursive: true, force: true }).catch(() => undefined);
  }

  /** Keeps the table bounded: forgets the oldest finished jobs past the limit. */
  private prune(): void {
    const finished = [...this.jobs.values()].filter((j) => !j.running);
    for (const j of finished.slice(0, Math.max(0, finished.length - this.opts.maxJobs))) {
      this.jobs.delete(j.id);
      void j.log.remove();
    }
  }

  private wait(
    job: Job,
    from: number,
    ms: number,
    until: 'output' | 'exit',
    signal?: AbortSignal,
    progress?: ProgressSink,
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const report = progressReporter(progress);
      const done = () => {
        clearTimeout(timer);
        job.events.off('change', check);
        if (report) job.events.off('data', report);
        signal?.removeEventListener('abort', onAbort);
      };
      const check = () => {
        if (!job.running || (until === 'output' && job.log.flushed > from)) {
          done();
          resolve();
        }
      };
      const onAbort = () => {
        done();
        reject(abortError(signal!, 'waiting for the job'));
      };
      const timer = setTimeout(() => {
        done();
        resolve();
      }, ms);
      job.events.on('change', check);
      if (report) job.events.on('data', report);
      signal?.addEventListener('abort', onAbort, { once: true });
      check();
    });
  }
}

function countLines(b: Buffer): number {
  return countNewlines(b) + (b.length > 0 && b[b.length - 1] !== 10 ? 1 : 0);
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
