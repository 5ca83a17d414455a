// Runs and job reads as Facet's own shell tools show them: output cut to its head and tail
// around a line saying how much was left out, the structured block of a run (exit, streams,
// sizes, where it ran, the saved whole output, processes left behind), and a job's read with
// its "[job id: status]" line.
import type { EngineError } from '../../../engine/index.js';
import type { RunOutcome } from '../../../engine/index.js';
import type { JobRead } from '../../../engine/index.js';
import { runFailure } from './run-failure.js';
import { endedBy } from './jobs.js';
import { type CutParts, joinedCut } from '../text/joined-cut.js';

/** Head and tail of a cut output around a line saying how much was left out (whole when `cutIf` is false). */
const omittedCut = (o: CutParts & { omittedBytes: number }, cutIf = o.truncated) =>
  joinedCut(o, (x) => `\n[... ${x.omittedBytes} bytes omitted ...]\n`, cutIf);

export interface RunView {
  text: string;
  data: Record<string, unknown>;
  /** Set unless the command exited 0: its failure, with the output shown as evidence. */
  failure?: EngineError;
  summary: string;
  counts: Record<string, number>;
}

export function runView(r: RunOutcome): RunView {
  const o = r.output;
  const output = omittedCut(r.output);
  const reset = r.cwdReset ? `\n(the working directory left the roots and was reset to ${r.cwdReset.resetTo})` : '';
  const data = {
    exitCode: r.exitCode,
    signal: r.signal,
    timedOut: r.timedOut,
    durationMs: Math.round(r.durationMs),
    stdout: omittedCut(r.stdout),
    stderr: omittedCut(r.stderr),
    outputBytes: o.totalBytes,
    outputLines: o.totalLines,
    truncated: o.truncated,
    cwd: r.cwd,
    sessionCwd: r.sessionCwd,
    ...(r.cwdReset ? { cwdReset: r.cwdReset } : {}),
    ...(r.spill
      ? { fullOutputPath: r.spill.path, fullOutputBytes: r.spill.bytes, fullOutputTruncated: r.spill.truncated }
      : {}),
    ...(r.backgroundPids.length > 0 ? { backgroundPids: r.backgroundPids } : {}),
  };
  const failure = runFailure(r, output, o.truncated);
  const summary = failure?.message ?? 'the command exited with code 0';
  return {
    text: (output || '(no output)') + reset,
    data,
    failure,
    summary,
    counts: { outputBytes: o.totalBytes, outputLines: o.totalLines },
  };
}

/** A job's output since the last read (under `prefix` when given) and its status line, with the structured block. */
export function jobReadView(
  r: JobRead,
  prefix?: string,
): { text: string; data: Record<string, unknown>; status: string } {
  const j = r.job;
  const text = omittedCut(r, r.truncated && r.tail !== '') || '(no new output)';
  const status =
    j.status === 'running'
      ? 'running'
      : `${j.status}${endedBy(j, { code: (n) => `, exit code ${n}`, signal: (s) => `, ${s}` }, '')}`;
  const lines = [
    ...(prefix ? [prefix] : []),
    text,
    `[job ${j.id}: ${status}${r.hasMore ? '; more output: read again' : ''}]`,
  ];
  const data = {
    job: { ...j },
    fromOffset: r.fromOffset,
    nextOffset: r.toOffset,
    bytes: r.rangeBytes,
    lines: r.rangeLines,
  };
  return { text: lines.join('\n'), data: { ...data, truncated: r.truncated, hasMore: r.hasMore }, status };
}
