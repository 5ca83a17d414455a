// A finished run whose streams were kept apart, as a tool shows them: each stream whole, or
// its head and tail around a gap the tool words; and what a host shows of such a run.
import type { HostFacts } from '../host-facts.js';
import { joinedCut } from '../text/joined-cut.js';
import type { CapturedText } from './capture.js';
import type { RunOutcome } from './engine.js';
import { streamsCut } from './stream-facts.js';

/** stdout and stderr, each joined around `gap` where it was cut. */
export const cutStreams = (r: Pick<RunOutcome, 'stdout' | 'stderr'>, gap: string | ((o: CapturedText) => string)) => ({
  stdout: joinedCut(r.stdout, gap),
  stderr: joinedCut(r.stderr, gap),
});

/** How the run ended, whether either stream was cut, and how long it took (whole milliseconds). */
export const streamRunFacts = (r: RunOutcome): HostFacts & { truncated: boolean } => ({
  exitCode: r.exitCode,
  signal: r.signal,
  truncated: streamsCut(r),
  counts: { durationMs: Math.round(r.durationMs) },
});
