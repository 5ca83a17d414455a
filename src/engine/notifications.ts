// A session's queue of things that happened between calls: a background job ended, a
// monitored command printed lines, a monitor ended. The engine fills it as they happen; a
// shape drains it when it can show them (before the model's next turn where the host lets
// it, else on the session's next tool result or a stream) and words each one its dialect's
// way. Bounded: past MAX_QUEUED the oldest lines are dropped first (ends are kept longest),
// and a drain says how many were dropped.
import { abortError } from './errors.js';
import type { Session } from './session.js';
import type { JobSnapshot } from './shell/jobs.js';

/**
 * How a monitor ended: its command exited 0 or not, was stopped, reached its deadline, was silent too long, or gave its
 * most events.
 */
export type MonitorEnd = 'completed' | 'failed' | 'stopped' | 'expired' | 'idle' | 'max_events';

export type SessionNotification =
  | {
      type: 'job_ended';
      seq: number;
      at: number;
      job: JobSnapshot;
      /** The label the starter gave (a description). */
      label?: string;
      /** The job's whole output, readable by the session's read tools. */
      outputFile: string;
      /** The newest lines of its output (both streams). */
      lastLines: string[];
    }
  | {
      type: 'monitor_lines';
      seq: number;
      at: number;
      /** The monitor's job id (stop it as any job). */
      monitor: string;
      description: string;
      /** Lines that arrived together, without their line ends. */
      lines: string[];
    }
  | {
      type: 'monitor_ended';
      seq: number;
      at: number;
      monitor: string;
      description: string;
      reason: MonitorEnd;
      job: JobSnapshot;
      /** Line events queued before the end (lines dropped from a full queue included). */
      events: number;
      /** Lines a throttled monitor dropped (MonitorOptions.throttle), when any. */
      dropped?: number;
      lastLines: string[];
      outputFile: string;
    };

/** A notification as pushed: the queue numbers and stamps it. */
export type NewNotification = SessionNotification extends infer N
  ? N extends SessionNotification
    ? Omit<N, 'seq' | 'at'>
    : never
  : never;

export interface Drained {
  notifications: SessionNotification[];
  /** Notifications dropped since the last drain because the queue was full. */
  dropped: number;
}

export const MAX_QUEUED = 256;

interface Queue {
  items: SessionNotification[];
  seq: number;
  dropped: number;
  waiters: Set<() => void>;
}

const KEY = 'engine.notifications';
const queueOf = (s: Session): Queue => s.bag<Queue>(KEY, () => ({ items: [], seq: 0, dropped: 0, waiters: new Set() }));

/** Queues a notification; nothing happens for a session that has ended. */
export function pushNotification(session: Session, n: NewNotification): void {
  if (session.disposed) return;
  const q = queueOf(session);
  q.items.push({ ...n, seq: ++q.seq, at: Date.now() } as SessionNotification);
  while (q.items.length > MAX_QUEUED) {
    const lines = q.items.findIndex((x) => x.type === 'monitor_lines');
    q.items.splice(lines >= 0 ? lines : 0, 1);
    q.dropped++;
  }
  for (const wake of [...q.waiters]) wake();
}

/** Everything queued, oldest first, and the queue emptied. */
export function drainNotifications(session: Session): Drained {
  const q = session.peek<Queue>(KEY);
  if (!q) return { notifications: [], dropped: 0 };
  const out = { notifications: q.items, dropped: q.dropped };
  q.items = [];
  q.dropped = 0;
  return out;
}

/** How many notifications wait (without creating the queue). */
export function pendingNotifications(session: Session): number {
  return session.peek<Queue>(KEY)?.items.length ?? 0;
}

/** Forgets the queued end of job `id`: its end was reported some other way. */
export function dropJobNotifications(session: Session, id: string): void {
  const q = session.peek<Queue>(KEY);
  if (q) q.items = q.items.filter((n) => !(n.type === 'job_ended' && n.job.id === id));
}

/**
 * Resolves once a notification waits (at once when one already does); rejects when `signal`
 * aborts. For tools that wait for the next event, and for tests that must not sleep.
 */
export function nextNotification(session: Session, signal?: AbortSignal): Promise<void> {
  const q = queueOf(session);
  if (q.items.length > 0) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const done = () => {
      q.waiters.delete(wake);
      signal?.removeEventListener('abort', onAbort);
    };
    const wake = () => {
      done();
      resolve();
    };
    const onAbort = () => {
      done();
      reject(abortError(signal!, 'waiting for a notification'));
    };
    if (signal?.aborted) return reject(abortError(signal, 'waiting for a notification'));
    q.waiters.add(wake);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
