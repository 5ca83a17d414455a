// Numbers a model uses for the running jobs of its session (Codex's session ids): random,
// unique within the session, held until the tool releases them once the job's end was reported.
import { randomInt } from 'node:crypto';
import type { Session } from '../../../engine/index.js';

const table = (session: Session) => session.bag('engine.shell.handles', () => new Map<number, string>());

/** A new number in [1000, 100000) for `jobId`. */
export function handleFor(session: Session, jobId: string): number {
  const ids = table(session);
  for (;;) {
    const id = randomInt(1000, 100_000);
    if (ids.has(id)) continue;
    ids.set(id, jobId);
    return id;
  }
}

/** The job a number stands for, if it is held. */
export const jobOfHandle = (session: Session, handle: number): string | undefined => table(session).get(handle);

/** The numbers held, in the order they were given. */
export const heldHandles = (session: Session): number[] => [...table(session).keys()];

export function releaseHandle(session: Session, handle: number): void {
  table(session).delete(handle);
}
