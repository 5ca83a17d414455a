// Structured options and results of grep, shared by both backends and the shapes.
import type { IgnoreOptions } from './ignore.js';
import type { CaseMode } from './regex.js';

export type GrepMode = 'content' | 'files' | 'count';
/** path: by relative path; mtime-desc: newest first (ties by path); mtime-asc: oldest first; none: as found. */
export type GrepSort = 'path' | 'mtime-desc' | 'mtime-asc' | 'none';
export type GrepBackendName = 'rg' | 'fallback';

export interface GrepOptions extends IgnoreOptions {
  pattern: string;
  /** Files or directories to search, absolute or relative to `cwd` (default: cwd). */
  paths?: string[];
  cwd?: string;
  fixedStrings?: boolean;
  caseMode?: CaseMode;
  wordMatch?: boolean;
  /** Matches may span lines; `.` matches newlines (rg -U --multiline-dotall). */
  multiline?: boolean;
  before?: number;
  after?: number;
  /** rg --glob syntax: "*.ts", "!dist/**", later globs win. */
  globs?: string[];
  globCaseInsensitive?: boolean;
  /** rg file type names ("ts", "py", ...) to include / exclude. */
  types?: string[];
  typesNot?: string[];
  /** Matching lines per file at most (rg -m). */
  maxPerFile?: number;
  /** Matching lines kept across the whole search; reaching it stops the search. Default 20000. */
  maxTotal?: number;
  /**
   * Search files in path order (rg --sort path, single-threaded), so maxTotal keeps the first
   * matches in that order rather than whichever rg thread finished first. The fallback walks in
   * order always.
   */
  inPathOrder?: boolean;
  mode?: GrepMode;
  sort?: GrepSort;
  /** Entries to skip, then entries to return (content: lines incl. context; files/count: files). */
  offset?: number;
  limit?: number;
  /** Lines longer than this (UTF-16 units) are cut (default 2000). */
  maxLineLength?: number;
  /**
   * Lines (matching or context) whose whole text this matches are left out as they are found,
   * before they count towards maxTotal (a grep tool's exclude_pattern). maxPerFile, which rg
   * applies, still counts them.
   */
  excludeLines?: RegExp;
  /** Own time budget: the search stops and returns what it found, marked timedOut. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface Submatch {
  /** UTF-16 offsets into the full (uncut) line text. */
  start: number;
  end: number;
}

export interface GrepLine {
  /** 1-based line number (first line of a multiline match). */
  line: number;
  kind: 'match' | 'context';
  text: string;
  /** 1-based UTF-16 column of the first submatch (match lines only). */
  column?: number;
  submatches?: Submatch[];
  /** The text was cut at maxLineLength. */
  cut?: boolean;
}

export interface GrepFile {
  /** Real absolute path. */
  path: string;
  /** Relative to the search base (the searched directory; a searched file's own name). */
  relative: string;
  /** Matching lines in the file (as rg counts them). */
  matchLines: number;
  /** Individual matches in the file. */
  matches: number;
  mtimeMs?: number;
  /** Content mode: the lines of this file that fall in the requested page. */
  lines: GrepLine[];
}

export interface GrepResult {
  backend: GrepBackendName;
  mode: GrepMode;
  /** Real path of the first searched path (what `relative` is relative to). */
  base: string;
  /** Files with at least one entry in the page, in sort order. */
  files: GrepFile[];
  /** Entries in the page, entries skipped by offset, entries found in all. */
  shown: number;
  offset: number;
  total: number;
  /** Totals over everything found (not only the page). */
  totalFiles: number;
  totalMatchLines: number;
  totalMatches: number;
  /** Some entries found were left out of the page, or the search stopped early. */
  truncated: boolean;
  /** Why the search stopped before the end, when it did. */
  stoppedBy?: 'max_total' | 'timeout';
  timedOut: boolean;
}

/** What a backend streams: one file's complete findings. */
export interface FileHits {
  path: string;
  matchLines: number;
  matches: number;
  /** Match and context lines in order (kept only in content mode). */
  lines: GrepLine[];
}

/** The options a backend runs with, after validation and path resolution. */
export interface BackendRequest {
  pattern: string;
  inPathOrder?: boolean;
  /** Real absolute paths of the files or directories to search. */
  targets: string[];
  fixedStrings: boolean;
  caseMode: CaseMode;
  wordMatch: boolean;
  multiline: boolean;
  before: number;
  after: number;
  globs: string[];
  globCaseInsensitive: boolean;
  types: string[];
  typesNot: string[];
  maxPerFile?: number;
  keepLines: boolean;
  maxLineLength: number;
  /** See GrepOptions.excludeLines; never global or sticky. */
  excludeLines?: RegExp;
  ignore: IgnoreOptions;
  signal: AbortSignal;
}

/** A backend calls `onFile` per file with findings; returning false stops the search. */
export type FileSink = (hits: FileHits) => boolean;
