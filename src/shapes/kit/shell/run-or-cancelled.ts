// A run that the call may cancel while it runs: its outcome, or (cancelled) what the command
// printed until then, so a tool words both without a try/catch of its own.
import type { RunOutcome } from '../../../engine/index.js';
import { cancelledRun } from './run-failure.js';

export type CancelledRun = NonNullable<ReturnType<typeof cancelledRun>>;

/** The run's outcome, or its cancellation with the output so far; any other failure is rethrown. */
export async function ranOrCancelled(
  run: Promise<RunOutcome>,
): Promise<{ run: RunOutcome; cancelled?: undefined } | { run?: undefined; cancelled: CancelledRun }> {
  try {
    return { run: await run };
  } catch (err) {
    const cancelled = cancelledRun(err);
    if (!cancelled) throw err;
    return { cancelled };
  }
}
