// ripgrep's command-line flags (-i, -B/-A/-C, glob, type, multiline and an output mode by
// rg's own names) as the engine's grep options, for the tools whose parameters are rg's flags.
import { splitGlobs } from './rg-text.js';
import type { GrepMode, GrepOptions } from '../../../engine/index.js';

/** rg's output modes: lines, file names (-l), or matching lines per file (-c). */
export type RgOutputMode = 'content' | 'files_with_matches' | 'count';

export interface RgFlags {
  pattern: string;
  /** Globs separated by spaces or commas ("*.ts *.tsx", "*.{ts,tsx}" stays one). */
  glob?: string;
  type?: string;
  '-i'?: boolean;
  multiline?: boolean;
  '-B'?: number;
  '-A'?: number;
  '-C'?: number;
  /** Context on both sides under a longer name; it and -C win over -B and -A. */
  context?: number;
}

/**
 * The grep options of `f` searching `path`: context lines only for content, file lists newest first, the rest by path.
 */
export function rgFlagOptions(f: RgFlags, output: RgOutputMode, path: string): GrepOptions & { mode: GrepMode } {
  const both = f.context ?? f['-C'];
  const [before, after] = output === 'content' ? [both ?? f['-B'], both ?? f['-A']] : [];
  const mode = output === 'files_with_matches' ? 'files' : output;
  return {
    pattern: f.pattern,
    paths: [path],
    caseMode: f['-i'] ? 'insensitive' : 'sensitive',
    multiline: f.multiline,
    before,
    after,
    globs: f.glob !== undefined ? splitGlobs(f.glob) : undefined,
    types: f.type !== undefined ? [f.type] : undefined,
    mode,
    sort: mode === 'files' ? 'mtime-desc' : 'path',
  };
}

/** How rg prints content lines: with line numbers unless -n is false, only the matched parts with -o. */
export const rgPrinting = (f: { '-n'?: boolean; '-o'?: boolean }) => ({
  lineNumbers: f['-n'] !== false,
  onlyMatching: f['-o'] === true,
});

/** Whether a search asks for context lines (its output then groups each file's lines apart). */
export const hasContext = (o: Pick<GrepOptions, 'before' | 'after'>): boolean =>
  (o.before ?? 0) > 0 || (o.after ?? 0) > 0;
