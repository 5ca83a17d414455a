// Small pattern helpers of the search tools: basename filters ("*" and "?" only), glob
// escaping for a pattern that names a file literally, and a line filter regular expression
// checked for unbounded backtracking before it runs on the server.
import { EngineError } from '../errors.js';
import { tooManyPatterns } from './filters.js';
import type { GrepResult } from './types.js';

/**
 * A filter on basenames: "*" is any run, "?" one character, the rest literal; undefined for no globs. More than
 * MAX_PATTERNS globs in `field` are refused (too_many_patterns) before any is compiled.
 */
export function basenameFilter(
  globs: readonly string[] | undefined,
  field = 'ignore',
): ((name: string) => boolean) | undefined {
  if (!globs || globs.length === 0) return undefined;
  tooManyPatterns(field, globs.length, '*.log');
  const res = globs.map(
    (g) =>
      new RegExp(
        `^${g
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '.*')
          .replace(/\?/g, '.')}$`,
      ),
  );
  return (name) => res.some((re) => re.test(name));
}

/** Whether a pattern holds glob characters. */
export const hasGlobChars = (p: string): boolean => /[*?[\]{}()!+@]/.test(p);
/** Glob characters escaped, for a pattern that names an existing file literally ("app/[id].ts"). */
export const escapeGlob = (p: string): string => p.replace(/[*?[\]{}()!+@]/g, '\\$&');

/**
 * A JavaScript regular expression from a caller, to run on the server: the shapes that
 * backtrack without bound (a quantified group that itself holds a quantifier) and invalid
 * ones are refused as INVALID_ARGUMENT on `field`.
 */
export function safeRegExp(src: string, caseSensitive: boolean, field: string): RegExp {
  if (src.length > 1000 || /\((?:[^()\\]|\\.)*[*+}](?:[^()\\]|\\.)*\)[*+{]/.test(src)) {
    throw new EngineError(
      'invalid_argument',
      `${field} is too long or nests quantifiers (such as (a+)+); simplify it`,
      { field },
    );
  }
  try {
    return new RegExp(src, caseSensitive ? '' : 'i');
  } catch (err) {
    throw new EngineError('invalid_argument', `${field} is not a valid regular expression: ${(err as Error).message}`, {
      field,
    });
  }
}

/**
 * Past `max` matches a file's further matching lines become context, as ripgrep 14 reports
 * the trailing context of its --max-count (rg 13 and the engine's grep report them as matches).
 */
export function capPerFile(r: GrepResult, max: number | undefined): GrepResult {
  if (max === undefined || r.mode !== 'content') return r;
  let total = 0;
  const files = r.files.map((f) => {
    let seen = 0;
    const lines = f.lines.map((l) => (l.kind === 'match' && ++seen > max ? { ...l, kind: 'context' as const } : l));
    const kept = Math.min(seen, max);
    total += kept;
    return { ...f, lines, matchLines: kept };
  });
  return { ...r, files, totalMatchLines: total };
}
