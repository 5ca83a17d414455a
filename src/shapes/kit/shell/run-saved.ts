// A run whose output went to a file as well (a spill): that file as a saved result, which the
// session may then Read although it lies outside the roots.
import { grantRead } from '../../../engine/index.js';
import type { SavedResult } from '../../../engine/index.js';
import type { Session } from '../../../engine/index.js';
import type { RunOutcome } from '../../../engine/index.js';

/** The file holding all of `r`'s output, granted to `session`; undefined when nothing spilled. */
export function spilledOutput(r: RunOutcome, session: Session): SavedResult | undefined {
  if (!r.spill) return undefined;
  grantRead(session, r.spill.path);
  return { path: r.spill.path, bytes: r.output.totalBytes };
}
