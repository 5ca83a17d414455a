// Path filters shared by both grep backends: rg-style --glob overrides (gitignore syntax,
// "!" excludes, later globs win, any include glob makes unmatched files excluded) and
// --type file types.
import path from 'node:path';
import type { Ignore } from 'ignore';
import type { Matcher } from 'picomatch';
import { engineFailure } from '../errors.js';
import { FILE_TYPES } from './filetypes.js';
import { globMatcher, ignoreRules } from './matchers.js';

export class GlobOverrides {
  private readonly rules: Ignore | undefined;
  private readonly hasIncludes: boolean;

  constructor(globs: readonly string[], caseInsensitive = false) {
    const clean = globs.filter((g) => g.trim() !== '' && g !== '!');
    for (const g of clean) {
      if (g.includes('\0'))
        throw engineFailure(
          'nul_in_glob',
          'a glob contains a NUL byte',
          { glob: g.replace(/\0/g, '\\0') },
          { field: 'glob' },
        );
    }
    // rg compiles {a,b} and ** lazily; here every alternative is a rule and every ** a regex
    // group: {a,b} forty times over (2^40 rules) took the server's heap, a chain of **/ makes a
    // regex that backtracks. So the alternatives are bounded as globs' are, and **/**/ is **/.
    for (const g of clean) checkBraces(g, 'glob');
    this.hasIncludes = clean.some((g) => !g.startsWith('!'));
    // Inverted gitignore: an include glob "un-ignores", an exclude glob ignores. rg's globs take
    // {a,b} alternatives, which gitignore syntax has not: each is expanded into its variants.
    const rules = clean
      .map((g) => g.replace(/(^!?|\/)(\*\*\/)+/g, '$1**/'))
      .flatMap((g) => (g.startsWith('!') ? expandBraces(g.slice(1)) : expandBraces(g).map((v) => '!' + v)));
    this.rules = clean.length === 0 ? undefined : ignoreRules({ ignorecase: caseInsensitive }).add(rules);
    // The rules become regexes at their first test: made here, a glob too big for one fails this
    // call in band instead of throwing later, in the walk, where nothing catches it.
    try {
      this.rules?.test('x');
    } catch (err) {
      throw engineFailure(
        'glob_too_complex',
        `the globs cannot be compiled (${(err as Error).message.slice(0, 120)}): use shorter globs or fewer of them`,
        { reason: (err as Error).message.slice(0, 500) },
        { field: 'glob' },
      );
    }
  }

  /**
   * rg's verdict on `rel` (relative to the search root, "/" separated): excluded, included
   * (an include glob matched: this beats ignore files and hiding, as in rg) or neither. A
   * file matching no glob is excluded when any include glob exists.
   */
  verdict(rel: string, isDir: boolean): 'exclude' | 'include' | 'none' {
    if (!this.rules) return 'none';
    const r = this.rules.test(isDir ? rel + '/' : rel);
    if (r.ignored) return 'exclude';
    if (r.unignored) return 'include';
    return !isDir && this.hasIncludes ? 'exclude' : 'none';
  }
}

/**
 * The variants of a glob's {a,b,...} alternatives ("*.{ts,tsx}" -> "*.ts", "*.tsx"), nested ones
 * included; a brace group without a comma, or escaped, is left as it is.
 */
export function expandBraces(glob: string): string[] {
  let depth = 0;
  let open = -1;
  const commas: number[] = [];
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '{') {
      if (depth++ === 0) open = i;
    } else if (c === '}' && depth > 0) {
      if (--depth === 0) {
        if (commas.length === 0) return expandBraces(glob.slice(i + 1)).map((rest) => glob.slice(0, i + 1) + rest);
        const cuts = [open, ...commas, i];
        const head = glob.slice(0, open);
        const tails = expandBraces(glob.slice(i + 1));
        return cuts
          .slice(0, -1)
          .flatMap((at, k) =>
            expandBraces(glob.slice(at + 1, cuts[k + 1])).flatMap((mid) => tails.map((t) => head + mid + t)),
          );
      }
    } else if (c === ',' && depth === 1) commas.push(i);
  }
  return [glob];
}

/**
 * How many patterns expandBraces (and fast-glob, which expands braces the same way before it
 * walks) makes of `glob`, counted without making them: "{a,b}" forty times is 2^40 patterns,
 * which fast-glob built until the heap ran out. Capped at Number.MAX_SAFE_INTEGER.
 */
export function braceVariants(glob: string): number {
  let depth = 0;
  let open = -1;
  const commas: number[] = [];
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '{') {
      if (depth++ === 0) open = i;
    } else if (c === '}' && depth > 0) {
      if (--depth === 0) {
        const tails = braceVariants(glob.slice(i + 1));
        if (commas.length === 0) return tails;
        const cuts = [open, ...commas, i];
        let mids = 0;
        for (let k = 0; k + 1 < cuts.length; k++) mids += braceVariants(glob.slice(cuts[k]! + 1, cuts[k + 1]));
        return Math.min(mids * tails, Number.MAX_SAFE_INTEGER);
      }
    } else if (c === ',' && depth === 1) commas.push(i);
  }
  return 1;
}

/**
 * Patterns one call takes at most in one list (read_many's include and exclude, list's ignore
 * globs): fast-glob's cost grows faster than the pattern count (1,000 take ~0.2 s, 5,000 ~1.3 s,
 * 100,000 minutes), and each entry tested against 100,000 globs held the event loop for seconds.
 */
export const MAX_PATTERNS = 1000;

/** Refuses more than MAX_PATTERNS patterns in `field`, saying what to do instead (`broader`: a broad glob). */
export function tooManyPatterns(field: string, count: number, broader = 'src/**/*.ts'): void {
  if (count <= MAX_PATTERNS) return;
  throw engineFailure(
    'too_many_patterns',
    `${count} ${field} patterns given; at most ${MAX_PATTERNS} are taken in one call: ` +
      `use broader globs (such as "${broader}") or split the list over several calls`,
    { field, count, max: MAX_PATTERNS },
    { field },
  );
}

/** Patterns one glob may expand to ({a,b} alternatives multiplied out). */
export const MAX_BRACE_VARIANTS = 1024;

/** Refuses a glob whose {a,b} alternatives multiply out to more than MAX_BRACE_VARIANTS patterns. */
export function checkBraces(glob: string, field: string): void {
  const n = braceVariants(glob);
  if (n > MAX_BRACE_VARIANTS)
    throw engineFailure(
      'too_many_patterns',
      `the {…} alternatives of a ${field} pattern make ${n} patterns; at most ${MAX_BRACE_VARIANTS} are taken: ` +
        'use fewer alternatives or a wildcard',
      { field, count: n, max: MAX_BRACE_VARIANTS },
      { field },
    );
}

/** rg --type / --type-not over the table of rg's own file types. */
export class TypeFilter {
  private readonly include: Matcher | undefined;
  private readonly exclude: Matcher | undefined;

  constructor(types: readonly string[] = [], typesNot: readonly string[] = []) {
    const globsOf = (names: readonly string[], field: string): string[] =>
      names.flatMap((n) => {
        const g = FILE_TYPES[n];
        if (!g) {
          throw engineFailure(
            'unknown_file_type',
            `unknown file type "${n}"`,
            { type: n, knownTypes: Object.keys(FILE_TYPES) },
            { field },
          );
        }
        return [...g];
      });
    const inc = globsOf(types, 'type');
    const exc = globsOf(typesNot, 'type_not');
    this.include = inc.length ? globMatcher(inc, { dot: true }) : undefined;
    this.exclude = exc.length ? globMatcher(exc, { dot: true }) : undefined;
  }

  get active(): boolean {
    return this.include !== undefined || this.exclude !== undefined;
  }

  excludes(file: string): boolean {
    const base = path.basename(file);
    if (this.exclude?.(base)) return true;
    return this.include !== undefined && !this.include(base);
  }
}
