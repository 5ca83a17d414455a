// The failure a call meets when its session was evicted or expired since its last call:
// what happened, why, what was lost, and what to do. Nothing of the call is run, since
// it was made in the belief that the session still held its reads, directory and jobs.
import { EngineError, engineFailure } from './errors.js';
import type { Eviction } from './session.js';
import { plural } from './text/plural.js';

export function sessionEvicted(e: Eviction): EngineError {
  const why =
    e.reason === 'capacity'
      ? `was evicted: the server keeps at most ${e.maxSessions} session${e.maxSessions === 1 ? '' : 's'}${e.perCaller ? ' per caller' : ''} and dropped this one, the least recently used, to make room for another`
      : `expired after ${duration(e.idleMs)} without a call`;
  const lost = `the files read in it, its shell working directory and its todo list${e.hadRunningWork ? ', and its background jobs, which were stopped' : ''}`;
  return engineFailure(
    'session_evicted',
    `this session ("${e.session}") ${why}. What it held is gone: ${lost}. This call was not run; read again any file you mean to change, then repeat the call`,
    {
      session: e.session,
      reason: e.reason,
      maxSessions: e.maxSessions,
      perCaller: e.perCaller,
      idleMs: e.idleMs,
      jobsStopped: e.hadRunningWork,
      evictedAt: new Date(e.at).toISOString(),
    },
  );
}

function duration(ms: number): string {
  if (ms % 3_600_000 === 0) return plural(ms / 3_600_000, 'hour');
  if (ms % 60_000 === 0) return plural(ms / 60_000, 'minute');
  return plural(Math.round(ms / 1000), 'second');
}
