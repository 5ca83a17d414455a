// A monitored command: a background job whose output lines become events for the session
// (its notification queue), while the whole output still goes to the job's log file. It has a
// deadline (then it is stopped and said to have expired), optionally a silence limit and a
// most number of events; it is stopped like any job, by its id. Its end (the command's exit,
// a stop, the deadline) is one more notification with the exit code and the newest lines.
// Lines that arrive together are one event, as a CLI batches them for its model: a command's one
// write can reach us as several reads, and a model should not see a burst split at random. A CLI
// that sends each line alone (and throttles them) asks for lineEvents and a throttle.
import { grantRead } from '../read-grants.js';
import { pushNotification, type MonitorEnd } from '../notifications.js';
import type { Session } from '../session.js';
import { lastLines } from './last-lines.js';
import type { JobSnapshot, StartJobSpec } from './jobs.js';

/** What a monitor needs of the shell engine (engine.ts), named here so the two modules do not import each other. */
interface MonitorShell<C> {
  start(
    ctx: C,
    opts: Omit<
      MonitorOptions,
      | 'description'
      | 'events'
      | 'idleTimeoutMs'
      | 'maxEvents'
      | 'lastLines'
      | 'maxLineChars'
      | 'batchMs'
      | 'lineEvents'
      | 'throttle'
    > & {
      streams: 'separate';
      onOutput: StartJobSpec['onOutput'];
      onEnd: StartJobSpec['onEnd'];
    },
  ): Promise<JobSnapshot>;
  stop(ctx: C, id: string): Promise<JobSnapshot>;
}

export interface MonitorOptions {
  /** A shell line, or an argv run without a shell. */
  command: string | readonly string[];
  /**
   * Working directory relative to the session directory, checked against the scope; the argument to blame for a bad
   * one.
   */
  workdir?: string;
  workdirField?: string;
  /** Variables added to the command's environment. */
  env?: Record<string, string>;
  /** What the monitor watches, as the model put it (repeated in every notification). */
  description: string;
  /** The deadline: the command is stopped this long after it started, and the end says expired. */
  timeoutMs: number;
  /** Which streams' lines are events: 'stdout' (default; stderr goes only to the log) or 'both'. */
  events?: 'stdout' | 'both';
  /** Stop (reason idle) after this long without a line. */
  idleTimeoutMs?: number;
  /** Stop (reason max_events) once this many line events were queued. */
  maxEvents?: number;
  /** Newest lines an end carries (default 10). */
  lastLines?: number;
  /** Longest line kept in an event; longer ones are cut (default 4096 characters). */
  maxLineChars?: number;
  /** Lines arriving within this long of the first unsent one make one event (default 100 ms). */
  batchMs?: number;
  /** Each non-blank line is its own event, queued as it arrives (no batching); maxEvents then counts lines. */
  lineEvents?: boolean;
  /**
   * With lineEvents, a token bucket: `burst` lines at once, one more each `refillMs`; lines over it are dropped and
   * counted (the end says how many).
   */
  throttle?: { burst: number; refillMs: number };
}

export interface MonitorStarted {
  job: JobSnapshot;
  /** The job's log: every line of both streams, readable by the session's read tools. */
  outputFile: string;
  /** When the deadline falls (ms since the epoch). */
  expiresAt: number;
}

/** A monitor of the session, as a shape lists or stops it. */
export interface MonitorInfo {
  id: string;
  description: string;
  /** Line events queued so far. */
  events: number;
  /** Set once it ended. */
  ended?: MonitorEnd;
}

interface MonitorState extends MonitorInfo {
  reason?: MonitorEnd;
  /** Lines the throttle dropped. */
  dropped: number;
}

const KEY = 'engine.shell.monitors';
const monitorsOf = (s: Session) => s.bag(KEY, () => new Map<string, MonitorState>());

/** Starts a monitored command in the session; its events arrive in the session's notification queue. */
export async function startMonitor<C extends { session: Session }>(
  shell: MonitorShell<C>,
  ctx: C,
  opts: MonitorOptions,
): Promise<MonitorStarted> {
  const keepChars = opts.maxLineChars ?? 4096;
  const session = ctx.session;
  const partial = { stdout: '', stderr: '' };
  // Made before the start: output can only arrive after it, but the state is then never missing.
  const state: MonitorState = { id: '', description: opts.description, events: 0, dropped: 0 };
  let idle: NodeJS.Timeout | undefined;
  let jobId = '';
  const stopFor = (reason: MonitorEnd) => {
    if (state.reason) return;
    state.reason = reason;
    void shell.stop(ctx, jobId).catch(() => undefined);
  };
  const armIdle = () => {
    if (opts.idleTimeoutMs === undefined) return;
    clearTimeout(idle);
    idle = setTimeout(() => stopFor('idle'), opts.idleTimeoutMs);
    idle.unref();
  };
  const push = (lines: string[]) => {
    if (lines.length === 0 || state.reason) return;
    if (opts.maxEvents !== undefined && state.events >= opts.maxEvents) return;
    state.events++;
    pushNotification(session, {
      type: 'monitor_lines',
      monitor: jobId,
      description: opts.description,
      lines: lines.map((l) => l.slice(0, keepChars)),
    });
    if (opts.maxEvents !== undefined && state.events >= opts.maxEvents) stopFor('max_events');
  };
  let tokens = opts.throttle?.burst ?? 0;
  let refilled = Date.now();
  /** Whether the throttle lets one more line through now; a clock gone back restarts the refill from now. */
  const admit = (): boolean => {
    const t = opts.throttle;
    if (!t) return true;
    const now = Date.now();
    if (now < refilled) refilled = now;
    const earned = Math.floor((now - refilled) / t.refillMs);
    if (earned > 0) {
      tokens = Math.min(t.burst, tokens + earned);
      refilled += earned * t.refillMs;
    }
    if (tokens === 0) {
      state.dropped++;
      return false;
    }
    tokens--;
    return true;
  };
  const emit = (lines: string[]) => {
    if (!opts.lineEvents) return push(lines);
    for (const line of lines) if (!state.reason && line.trim() !== '' && admit()) push([line]);
  };
  // Lines wait up to batchMs for the rest of their burst; the end flushes them first.
  let batch: string[] = [];
  let batchTimer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(batchTimer);
    batchTimer = undefined;
    const lines = batch;
    batch = [];
    emit(lines);
  };
  const queue = (lines: string[]) => {
    if (opts.lineEvents) return emit(lines);
    if (lines.length === 0) return;
    batch.push(...lines);
    batchTimer ??= setTimeout(flush, opts.batchMs ?? 100);
  };
  // Whole lines only: a line split across chunks waits for its end, unless it grows past the kept length (then it is
  // an event as far as it goes, and the wait starts over: a command that never ends a line holds no growing buffer).
  const take = (stream: 'stdout' | 'stderr', chunk: string, final: boolean): string[] => {
    const text = partial[stream] + chunk;
    const parts = text.split('\n');
    partial[stream] = final ? '' : parts.pop()!;
    if (partial[stream].length > keepChars) {
      parts.push(partial[stream]);
      partial[stream] = '';
    }
    if (final && parts[parts.length - 1] === '') parts.pop();
    return parts.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  };
  const { command, workdir, workdirField, env } = opts;
  const job = await shell.start(ctx, {
    command,
    ...(workdir !== undefined ? { workdir } : {}),
    ...(workdirField !== undefined ? { workdirField } : {}),
    ...(env !== undefined ? { env } : {}),
    streams: 'separate',
    timeoutMs: opts.timeoutMs,
    onOutput: (stream, chunk) => {
      if (stream === 'stderr' && opts.events !== 'both') return;
      armIdle();
      queue(take(stream, chunk.toString('utf8'), false));
    },
    onEnd: (ended, newest) => {
      clearTimeout(idle);
      queue([...take('stdout', '', true), ...(opts.events === 'both' ? take('stderr', '', true) : [])]);
      flush();
      const reason: MonitorEnd =
        state.reason ??
        (ended.status === 'timed_out'
          ? 'expired'
          : ended.status === 'killed'
            ? 'stopped'
            : ended.exitCode === 0
              ? 'completed'
              : 'failed');
      state.ended = reason;
      pushNotification(session, {
        type: 'monitor_ended',
        monitor: ended.id,
        description: opts.description,
        reason,
        job: ended,
        events: state.events,
        ...(state.dropped > 0 ? { dropped: state.dropped } : {}),
        lastLines: lastLines(newest, opts.lastLines ?? 10).lines,
        outputFile: ended.logPath,
      });
    },
  });
  jobId = job.id;
  state.id = job.id;
  monitorsOf(session).set(job.id, state);
  armIdle();
  grantRead(session, job.logPath);
  return { job, outputFile: job.logPath, expiresAt: job.startedAt + opts.timeoutMs };
}

/** The session's monitors (running and ended), oldest first. */
export function monitorsOfSession(session: Session): MonitorInfo[] {
  return [...(session.peek<Map<string, MonitorState>>(KEY)?.values() ?? [])].map(
    ({ id, description, events, ended }) => ({
      id,
      description,
      events,
      ...(ended ? { ended } : {}),
    }),
  );
}

/** The monitor with job id `id`, if that job is one. */
export function monitorOf(session: Session, id: string): MonitorInfo | undefined {
  return monitorsOfSession(session).find((m) => m.id === id);
}
