// Background jobs still running in one session, for the server's gauge: read from the shell
// engine's per-session state without creating it for sessions that never ran a command.
import type { Session } from '../session.js';
import type { JobTable } from './jobs.js';

/** The session bag the shell engine keeps its jobs in (engine.ts). */
const SHELL_BAG = 'engine.shell';

export function runningJobs(session: Session): number {
  return session.peek<{ jobs: JobTable }>(SHELL_BAG)?.jobs.runningCount ?? 0;
}
