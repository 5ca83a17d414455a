// A page of a search's output lines as ripgrep prints them (Kimi's Grep): the lines of the
// mode asked for, files that usually hold secrets left out and named apart, paged by an
// offset and a line limit (0: all), with what a tool says about the search besides.
import path from 'node:path';
import { engineFailure } from '../../../engine/index.js';
import { isSensitive } from '../files/sensitive.js';
import type { HostContent } from '../../../engine/index.js';
import { pageOf } from '../text/capped.js';
import { hasContext } from './rg-flags.js';
import { rgModeLines } from './rg-text.js';
import type { GrepOptions, GrepResult } from '../../../engine/index.js';

export interface GrepPage {
  page: string[];
  /** Output lines in all; the offset of the next page when there is one. */
  total: number;
  next?: number;
  /** Paths (relative) of the files with matches that were left out as secret. */
  secret: string[];
  /** Their file names, each once, sorted. */
  secretNames: string[];
  /** Files shown, and the matches in them. */
  files: number;
  occurrences: number;
  timedOut: boolean;
  /** The search stopped at its limit of matches. */
  atMatchLimit: boolean;
  facts: HostContent;
}

/** Runs the search; one that ran out of time having found nothing to show is grep_timeout. */
export async function grepPage(
  grep: (opts: GrepOptions) => Promise<GrepResult>,
  opts: GrepOptions,
  o: { lineNumbers: boolean; offset: number; limit: number; name?: (f: GrepResult['files'][number]) => string },
): Promise<GrepPage> {
  const r = await grep(opts);
  const shown = r.files.filter((f) => !isSensitive(f.relative));
  if (r.timedOut && shown.length === 0) {
    throw engineFailure('grep_timeout', 'the search found nothing before its time budget ran out', {
      timeoutMs: opts.timeoutMs ?? 0,
    });
  }
  const grouped = hasContext(opts);
  const all = rgModeLines(shown, opts.mode ?? 'files', {
    name: o.name ?? ((f) => f.relative),
    lineNumbers: o.lineNumbers,
    grouped,
    onlyMatching: false,
    cutNotes: false,
  });
  const { page, next } = pageOf(all, o.offset, o.limit);
  const secret = r.files.filter((f) => isSensitive(f.relative)).map((f) => f.relative);
  return {
    page,
    total: all.length,
    next,
    secret,
    secretNames: [...new Set(secret.map((p) => path.basename(p)))].sort(),
    files: shown.length,
    occurrences: shown.reduce((n, f) => n + f.matches, 0),
    timedOut: r.timedOut,
    atMatchLimit: r.stoppedBy === 'max_total',
    facts: {
      counts: { files: shown.length, matches: r.totalMatches, matchLines: r.totalMatchLines },
      truncated: r.truncated,
    },
  };
}
