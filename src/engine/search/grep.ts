// grep: validates options, resolves paths in scope, runs ripgrep or the fallback, and
// collects per-file findings with caps, then sorts and pages them. Both backends produce
// the same structured results.
import { promises as fsp, type Stats } from 'node:fs';
import path from 'node:path';
import { EngineError, engineFailure, abortError, isCondition, throwIfAborted } from '../errors.js';
import type { Scope } from '../scope.js';
import { runFallback } from './fallback.js';
import { RG_MEMORY_BYTES, rgAvailable, runRg } from './rg.js';
import type {
  BackendRequest,
  FileHits,
  GrepBackendName,
  GrepFile,
  GrepLine,
  GrepOptions,
  GrepResult,
} from './types.js';

export interface GrepBackendConfig {
  /** ripgrep binary (default "rg" on PATH). */
  rgPath?: string | null;
  backend?: 'auto' | 'rg' | 'fallback';
  /** Heap (anonymous memory) past which a ripgrep run is stopped and the search redone by the fallback. */
  rgMemoryBytes?: number;
}

export const GREP_DEFAULTS = { maxTotal: 20_000, maxLineLength: 2000, countOnlyMaxTotal: 10_000_000 } as const;

function wholeNumber(v: number | undefined, field: string, min: number): number | undefined {
  if (v === undefined) return undefined;
  if (!Number.isInteger(v) || v < min) {
    throw engineFailure(
      'bad_number',
      `${field} must be a whole number of at least ${min}, got ${v}`,
      { [field]: v },
      { field },
    );
  }
  return v;
}

function rejectNul(v: string | undefined, field: string): void {
  if (v !== undefined && v.includes('\0'))
    throw engineFailure('nul_in_argument', `${field} contains a NUL byte`, { field }, { field });
}

/** Which backend a config selects; throws `unavailable` when rg is required but absent. */
export async function chooseBackend(cfg: GrepBackendConfig): Promise<{ name: GrepBackendName; rgPath: string }> {
  const rgPath = cfg.rgPath || 'rg';
  const want = cfg.backend ?? 'auto';
  if (want === 'fallback') return { name: 'fallback', rgPath };
  const ok = await rgAvailable(rgPath);
  if (ok) return { name: 'rg', rgPath };
  if (want === 'rg') {
    throw engineFailure('rg_missing', `ripgrep was not found at "${rgPath}"`, { rgPath, backend: 'rg' });
  }
  return { name: 'fallback', rgPath };
}

/** Keeps a file's findings up to its `allowed`-th matching line (where rg would have been stopped). */
function trimHits(hits: FileHits, allowed: number): void {
  hits.matchLines = allowed;
  if (hits.lines.length === 0) return;
  let seen = 0;
  let matches = 0;
  let end = 0;
  for (; end < hits.lines.length && seen < allowed; end++) {
    const l = hits.lines[end]!;
    if (l.kind === 'match') {
      seen += l.text.split('\n').length;
      matches += l.submatches?.length ?? 0;
    }
  }
  hits.lines.length = end;
  hits.matches = matches;
}

export async function grep(scope: Scope, opts: GrepOptions, cfg: GrepBackendConfig = {}): Promise<GrepResult> {
  rejectNul(opts.pattern, 'pattern');
  for (const g of opts.globs ?? []) rejectNul(g, 'glob');
  for (const t of [...(opts.types ?? []), ...(opts.typesNot ?? [])]) rejectNul(t, 'type');
  const before = wholeNumber(opts.before, 'before', 0) ?? 0;
  const after = wholeNumber(opts.after, 'after', 0) ?? 0;
  const maxPerFile = wholeNumber(opts.maxPerFile, 'max_per_file', 1);
  const offset = wholeNumber(opts.offset, 'offset', 0) ?? 0;
  const limit = wholeNumber(opts.limit, 'limit', 0);
  const mode = opts.mode ?? 'content';
  const maxTotal =
    wholeNumber(opts.maxTotal, 'max_total', 1) ??
    (mode === 'content' ? GREP_DEFAULTS.maxTotal : GREP_DEFAULTS.countOnlyMaxTotal);
  const maxLineLength = wholeNumber(opts.maxLineLength, 'max_line_length', 1) ?? GREP_DEFAULTS.maxLineLength;
  const sort = opts.sort ?? 'path';

  const inputs = opts.paths && opts.paths.length ? opts.paths : ['.'];
  const targets: string[] = [];
  const stats: Stats[] = [];
  for (const p of inputs) {
    const r = await scope.resolve(p, opts.cwd, 'path');
    if (!r.exists)
      throw engineFailure(
        'path_missing',
        `${p} does not exist`,
        { path: p, cwd: opts.cwd ?? scope.primary },
        { field: 'path' },
      );
    targets.push(r.real);
    // ripgrep opens a path it is given whatever it is: a FIFO blocks it until the search's time
    // budget ends (a walk skips FIFOs and devices by itself). Refused as reads refuse them.
    const st = await fsp.stat(r.real);
    if (!st.isFile() && !st.isDirectory())
      throw engineFailure(
        'not_regular_file',
        `${p} is not a regular file`,
        { path: p, notRegular: true },
        { field: 'path' },
      );
    stats.push(st);
  }
  const baseDirs = targets.map((t, i) => (stats[i]!.isDirectory() ? t : path.dirname(t)));

  const { name: backend, rgPath } = await chooseBackend(cfg);
  const own = new AbortController();
  const outer = opts.signal;
  const onOuter = (): void => own.abort(outer!.reason);
  outer?.addEventListener('abort', onOuter, { once: true });
  throwIfAborted(outer, 'search');
  let timedOut = false;
  const timer =
    opts.timeoutMs !== undefined
      ? setTimeout(() => ((timedOut = true), own.abort(new Error('search time budget spent'))), opts.timeoutMs)
      : undefined;

  const req: BackendRequest = {
    pattern: opts.pattern,
    inPathOrder: opts.inPathOrder === true,
    targets,
    fixedStrings: opts.fixedStrings === true,
    caseMode: opts.caseMode ?? 'sensitive',
    wordMatch: opts.wordMatch === true,
    multiline: opts.multiline === true,
    before: mode === 'content' ? before : 0,
    after: mode === 'content' ? after : 0,
    globs: opts.globs ?? [],
    globCaseInsensitive: opts.globCaseInsensitive === true,
    types: opts.types ?? [],
    typesNot: opts.typesNot ?? [],
    maxPerFile,
    keepLines: mode === 'content',
    maxLineLength,
    // test() on a global or sticky RegExp depends on where the last test stopped.
    excludeLines:
      opts.excludeLines && new RegExp(opts.excludeLines.source, opts.excludeLines.flags.replace(/[gy]/g, '')),
    ignore: {
      hidden: opts.hidden,
      noIgnore: opts.noIgnore,
      noGitIgnore: opts.noGitIgnore,
      ignoreFileNames: opts.ignoreFileNames,
      skipNames: opts.skipNames,
    },
    signal: own.signal,
  };

  const found: FileHits[] = [];
  let matchLines = 0;
  let stoppedBy: GrepResult['stoppedBy'];
  const sink = (hits: FileHits): boolean => {
    if (matchLines >= maxTotal) return false;
    if (matchLines + hits.matchLines > maxTotal) trimHits(hits, maxTotal - matchLines);
    found.push(hits);
    matchLines += hits.matchLines;
    if (matchLines >= maxTotal) {
      stoppedBy = 'max_total';
      return false;
    }
    return true;
  };
  let used = backend;
  try {
    if (backend === 'rg') {
      try {
        await runRg(req, rgPath, sink, maxTotal, cfg.rgMemoryBytes ?? RG_MEMORY_BYTES);
      } catch (err) {
        // rg met a FIFO or an endless file where it reads ignore rules: the fallback skips those.
        if (!isCondition(err, 'rg_stopped')) throw err;
        found.length = 0;
        matchLines = 0;
        stoppedBy = undefined;
        used = 'fallback';
        await runFallback(req, sink, maxTotal);
      }
    } else await runFallback(req, sink, maxTotal);
  } catch (err) {
    if (!(timedOut && err instanceof EngineError && (err.kind === 'cancelled' || err.kind === 'timeout'))) {
      if (outer?.aborted) throw abortError(outer, 'search');
      throw err;
    }
  } finally {
    if (timer) clearTimeout(timer);
    outer?.removeEventListener('abort', onOuter);
  }
  if (outer?.aborted) throw abortError(outer, 'search');
  if (timedOut) stoppedBy = 'timeout';

  // Backends report normalised absolute paths, so a base's prefix can simply be cut off.
  const prefixes = baseDirs.map((b) => (b.endsWith(path.sep) ? b : b + path.sep));
  const relativeOf = (file: string): string => {
    for (const p of prefixes)
      if (file.startsWith(p))
        return path.sep === '/' ? file.slice(p.length) : file.slice(p.length).split(path.sep).join('/');
    return path.basename(file);
  };
  const files: GrepFile[] = found.map((h) => ({
    path: h.path,
    relative: relativeOf(h.path),
    matchLines: h.matchLines,
    matches: h.matches,
    lines: h.lines,
  }));
  if (sort === 'mtime-desc' || sort === 'mtime-asc') {
    await Promise.all(
      files.map(async (f) => {
        f.mtimeMs = (await fsp.stat(f.path).catch(() => undefined))?.mtimeMs ?? 0;
      }),
    );
  }
  const byPath = (a: GrepFile, b: GrepFile): number =>
    a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
  if (sort === 'path') files.sort(byPath);
  else if (sort === 'mtime-desc') files.sort((a, b) => b.mtimeMs! - a.mtimeMs! || byPath(a, b));
  else if (sort === 'mtime-asc') files.sort((a, b) => a.mtimeMs! - b.mtimeMs! || byPath(a, b));

  // Paging: content pages over lines (match and context), the other modes over files.
  let total: number;
  const page: GrepFile[] = [];
  const end = limit === undefined || limit === 0 ? Number.POSITIVE_INFINITY : offset + limit;
  if (mode === 'content') {
    total = files.reduce((n, f) => n + f.lines.length, 0);
    let i = 0;
    for (const f of files) {
      const from = Math.max(0, offset - i);
      const to = Math.min(f.lines.length, end - i);
      if (to > from)
        page.push(from === 0 && to === f.lines.length ? f : { ...f, lines: f.lines.slice(from, to) as GrepLine[] });
      i += f.lines.length;
      if (i >= end) break;
    }
  } else {
    total = files.length;
    page.push(...files.slice(offset, end));
  }
  const shown = mode === 'content' ? page.reduce((n, f) => n + f.lines.length, 0) : page.length;
  return {
    backend: used,
    mode,
    base: targets[0]!,
    files: page,
    shown,
    offset,
    total,
    totalFiles: files.length,
    totalMatchLines: files.reduce((n, f) => n + f.matchLines, 0),
    totalMatches: files.reduce((n, f) => n + f.matches, 0),
    truncated: offset + shown < total || stoppedBy !== undefined,
    ...(stoppedBy ? { stoppedBy } : {}),
    timedOut,
  };
}
