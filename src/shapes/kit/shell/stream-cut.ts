// A finished run whose streams were kept apart, as a tool shows them: each stream whole, or
// its head and tail around a gap the tool words (what a host shows of it: run-streams.ts).
import { joinedCut } from '../text/joined-cut.js';
import type { CapturedText } from '../../../engine/index.js';
import type { RunOutcome } from '../../../engine/index.js';

/** stdout and stderr, each joined around `gap` where it was cut. */
export const cutStreams = (r: Pick<RunOutcome, 'stdout' | 'stderr'>, gap: string | ((o: CapturedText) => string)) => ({
  stdout: joinedCut(r.stdout, gap),
  stderr: joinedCut(r.stderr, gap),
});
