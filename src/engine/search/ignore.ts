// Ignore rules as ripgrep applies them: .gitignore files at every level (also in parent
// directories of the search root), the repository's .git/info/exclude, .ignore and
// .rgignore, plus extra per-directory ignore files a shape names (.geminiignore,
// .qwenignore); dot-entries hidden unless asked; some names always skipped (.git...).
// Precedence follows rg: the highest-ranked kind of file decides first, and within a
// kind the deepest directory's rule wins.
import type { Dirent } from 'node:fs';
import path from 'node:path';
import type { Ignore } from 'ignore';
import { readRegularText, readRegularTextSync } from '../regular-file.js';
import { IGNORE_FILE_MAX, ignoreRules } from './matchers.js';

/** The lines of an ignore file minus the rules that match `below` or a directory between `dir` and it. */
function withoutRulesAbove(text: string, dir: string, below: string): string {
  const parts = path.relative(dir, below).split(path.sep);
  const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join('/') + '/');
  return text
    .split(/\r?\n/)
    .filter((line) => {
      if (line.trim() === '' || line.startsWith('#') || line.startsWith('!')) return true;
      let one: Ignore;
      try {
        one = ignoreRules().add(line);
      } catch {
        return true;
      }
      return !prefixes.some((p) => one.ignores(p));
    })
    .join('\n');
}

/** Version-control folders skipped even when hidden files are shown (agents' search tools skip them too). */
export const VCS_DIRS = ['.git', '.svn', '.hg', '.bzr', '.jj', '.sl'];

export interface IgnoreOptions {
  /** Show dot-files and dot-folders (default false, as rg). */
  hidden?: boolean;
  /** Honour no ignore files at all (rg --no-ignore); extra ignore files are off too. */
  noIgnore?: boolean;
  /** Extra per-directory ignore file names, highest precedence (e.g. ".geminiignore"). */
  ignoreFileNames?: string[];
  /** Turn off .gitignore/.git/info/exclude only (a tool's respect_git_ignore=false). */
  noGitIgnore?: boolean;
  /** Entry names never listed or searched (default VCS_DIRS). */
  skipNames?: string[];
  /** Read only the extra ignore files (rg applies the others itself). */
  onlyExtraFiles?: boolean;
}

/**
 * Why an entry was left out: 'hidden', 'skipped', 'gitignore' (which covers .gitignore,
 * exclude, .ignore and .rgignore), or the name of an extra ignore file, hence any string.
 */
export type IgnoreReason = string;

const GIT_KINDS = ['.rgignore', '.ignore', '.gitignore', 'exclude'];

export class IgnoreRules {
  private readonly kinds: string[];
  private readonly skip: Set<string>;
  private readonly hidden: boolean;
  /** Per directory (absolute), per kind: the compiled rules found there. */
  private readonly levels = new Map<string, Map<string, Ignore>>();
  private readonly chains = new Map<string, Array<{ dir: string; rules: Map<string, Ignore> }>>();

  constructor(opts: IgnoreOptions = {}) {
    const extras = opts.noIgnore ? [] : (opts.ignoreFileNames ?? []);
    const git = opts.noIgnore || opts.onlyExtraFiles ? [] : opts.noGitIgnore ? ['.rgignore', '.ignore'] : GIT_KINDS;
    this.kinds = [...extras, ...git];
    this.skip = new Set(opts.skipNames ?? VCS_DIRS);
    this.hidden = opts.hidden === true;
  }

  /** The ignore file names this rule set reads in each directory. */
  get fileNames(): string[] {
    return this.kinds.filter((k) => k !== 'exclude');
  }

  get active(): boolean {
    return this.kinds.length > 0;
  }

  /** Whether `reason` can leave anything out: not with no ignore files, no names to skip and hidden entries shown. */
  get filters(): boolean {
    return this.kinds.length > 0 || this.skip.size > 0 || !this.hidden;
  }

  /**
   * Loads the rules of every ancestor of `root` (rg reads parent directories' ignore files
   * too). rg searches a root it is given even when an ancestor's rule excludes the root or
   * a directory above it, so such rules are dropped here rather than hiding everything.
   */
  loadAncestors(root: string): void {
    if (!this.active) return;
    for (let d = path.dirname(root); ; d = path.dirname(d)) {
      this.loadDirSync(d, root);
      if (path.dirname(d) === d) break;
    }
  }

  private loadDirSync(dir: string, below?: string): void {
    if (this.levels.has(dir)) return;
    const level = new Map<string, Ignore>();
    for (const kind of this.kinds) {
      const file = kind === 'exclude' ? path.join(dir, '.git', 'info', 'exclude') : path.join(dir, kind);
      let text: string;
      try {
        text = readRegularTextSync(file, IGNORE_FILE_MAX);
      } catch {
        continue; // absent, unreadable or not a regular file: no rules of this kind here
      }
      level.set(kind, ignoreRules().add(below ? withoutRulesAbove(text, dir, below) : text));
    }
    this.levels.set(dir, level);
  }

  /**
   * Loads the rules found in `dir`, given its entries (so absent files cost no syscall).
   * Returns a promise only when there is a file to read.
   */
  loadDir(dir: string, entries: readonly Dirent[]): Promise<void> | undefined {
    if (!this.active || this.levels.has(dir)) return undefined;
    const level = new Map<string, Ignore>();
    this.levels.set(dir, level);
    const present = this.kinds.filter((kind) => {
      const name = kind === 'exclude' ? '.git' : kind;
      return entries.some((e) => e.name === name);
    });
    if (present.length === 0) return undefined;
    return Promise.all(
      present.map(async (kind) => {
        const file = kind === 'exclude' ? path.join(dir, '.git', 'info', 'exclude') : path.join(dir, kind);
        try {
          level.set(kind, ignoreRules().add(await readRegularText(file, IGNORE_FILE_MAX)));
        } catch {
          // a folder named like the file, a FIFO or device, or unreadable: no rules
        }
      }),
    ).then(() => undefined);
  }

  /** Loads, without entries at hand, every level between `root` (exclusive of loaded ones) and `dir`. */
  async loadPath(root: string, dir: string): Promise<void> {
    if (!this.active) return;
    const chain: string[] = [];
    for (let d = dir; ; d = path.dirname(d)) {
      if (!this.levels.has(d)) chain.push(d);
      if (d === root || path.dirname(d) === d) break;
    }
    for (const d of chain) this.loadDirSync(d);
  }

  /** Names skipped always (.git...): they win even over an include glob, as in rg, where they come last. */
  skips(name: string): boolean {
    return this.skip.has(name);
  }

  /**
   * Why the entry `name` in `dir` is left out, or undefined when it is kept. Only the rules
   * of loaded levels apply; walkers load each directory before asking about its entries.
   */
  reason(dir: string, name: string, isDir: boolean): IgnoreReason | undefined {
    if (this.skip.has(name)) return 'skipped';
    if (!this.hidden && name.startsWith('.')) return 'hidden';
    if (!this.active) return undefined;
    const chain = this.chain(dir);
    if (chain.length === 0) return undefined;
    const full = (dir.endsWith(path.sep) ? dir : dir + path.sep) + name;
    for (const kind of this.kinds) {
      for (const { dir: d, rules: level } of chain) {
        const rules = level.get(kind);
        if (!rules) continue;
        let rel = full.slice(d.endsWith(path.sep) ? d.length : d.length + 1);
        if (path.sep !== '/') rel = rel.split(path.sep).join('/');
        const r = rules.test(isDir ? rel + '/' : rel);
        if (r.ignored) return GIT_KINDS.includes(kind) ? 'gitignore' : kind;
        if (r.unignored) return undefined;
      }
    }
    return undefined;
  }

  /** Loaded levels with rules from `dir` up to the file-system root, deepest first (memoised). */
  private chain(dir: string): Array<{ dir: string; rules: Map<string, Ignore> }> {
    let c = this.chains.get(dir);
    if (c) return c;
    const parent = path.dirname(dir);
    const up = parent === dir ? [] : this.chain(parent);
    const own = this.levels.get(dir);
    c = own && own.size > 0 ? [{ dir, rules: own }, ...up] : up;
    // Only memoise once this directory's own rules are known.
    if (own) this.chains.set(dir, c);
    return c;
  }
}

/**
 * Why the ignore rules leave out `file` (a real path at or below `root`), checking each
 * directory on the way down as a walk would; undefined when the file is kept. Only
 * ignore-file rules count here (hidden names and skip lists do not): this is the check a
 * read tool makes before opening a file its vendor hides from the model.
 */
export async function ignoredReason(
  root: string,
  file: string,
  opts: Omit<IgnoreOptions, 'hidden' | 'skipNames'> = {},
): Promise<IgnoreReason | undefined> {
  const rel = path.relative(root, file);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const rules = new IgnoreRules({ ...opts, hidden: true, skipNames: [] });
  rules.loadAncestors(root);
  const parts = rel.split(path.sep);
  let dir = root;
  for (let i = 0; i < parts.length; i++) {
    await rules.loadPath(root, dir);
    const why = rules.reason(dir, parts[i]!, i < parts.length - 1);
    if (why) return why;
    dir = path.join(dir, parts[i]!);
  }
  return undefined;
}
