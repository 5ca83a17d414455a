// A grep's matched files ready for a tool to word, with what a host shows of the search: the
// files holding a match line and their match lines (matchedFiles), their relative paths sorted
// (a names-only listing), and the host facts: a summary, every file the search named, the
// counts, whether it was cut, and the backend that ran it.
import type { HostContent } from '../../../engine/index.js';
import { matchedFiles } from './match-lines.js';
import type { GrepFile, GrepResult } from '../../../engine/index.js';

export interface MatchedHost {
  files: GrepFile[];
  matches: number;
  /** The relative paths of `files`, sorted. */
  names: string[];
  facts: HostContent;
}

export function matchedHost(r: GrepResult): MatchedHost {
  const { files, matches } = matchedFiles(r);
  const summary = matches ? `Found ${matches} match(es) in ${files.length} file(s)` : 'No matches found';
  const facts = {
    summary,
    paths: r.files.map((f) => f.path),
    counts: { matches, files: files.length },
    truncated: r.truncated,
    details: { backend: r.backend },
  };
  return { files, matches, names: files.map((f) => f.relative).sort(), facts };
}
