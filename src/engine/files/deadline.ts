// A time limit for text work that runs in one piece (matching and replacing in an edit), on the
// event loop or in a worker: the loops look at the clock every few thousand steps and give up
// with timed_out, so a call that cannot finish in its limit answers TIMEOUT in band.
import { engineFailure } from '../errors.js';

/** Steps of a loop between two looks at the clock (a look costs ~25 ns; a step, ~10-100 ns). */
export const DEADLINE_STRIDE = 4096;

/** Throws timed_out once `deadline` (ms since the epoch) has passed; nothing without one. */
export function checkDeadline(deadline: number | undefined, what: string, advice = 'nothing was changed'): void {
  if (deadline !== undefined && Date.now() >= deadline) {
    throw engineFailure('timed_out', `${what} ran out of time; ${advice}`, {});
  }
}
