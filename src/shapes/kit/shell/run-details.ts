// The facts of a finished run a host block carries: where it ran, its timeout, how long it
// took, and the file holding its whole output when that was saved.
import type { RunOutcome } from '../../../engine/index.js';

export const runDetails = (r: RunOutcome) => ({
  cwd: r.cwd,
  sessionCwd: r.sessionCwd,
  timeoutMs: r.timeoutMs,
  timedOut: r.timedOut,
  durationMs: Math.round(r.durationMs),
  ...(r.spill ? { fullOutputPath: r.spill.path } : {}),
});
