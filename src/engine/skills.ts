// Skills: directories holding a SKILL.md (YAML frontmatter with a name and a description, then
// the instructions), found in skills directories the operator names and in per-root layouts
// (<root>/<subdir>/<name>/SKILL.md, the subdirectories given by the caller so every dialect's
// layout fits). A skill's name is its directory's; the frontmatter's name is kept beside it.
// An operator's skills directory may lie outside the roots; a SKILL.md (or skill directory)
// reached through a link that leads out of the directory it was found in is refused (listed
// among the problems), so a skill cannot read a file the session could not.
import { promises as fsp, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { closest } from 'fastest-levenshtein';
import { engineFailure } from './errors.js';
import type { Scope } from './scope.js';
import { lazyModule } from './lazy-module.js';
import { readRegularText, readRegularTextSync } from './regular-file.js';

/** yaml (~250 KB of code) is required at the first skill read, not at start-up (issue 38). */
const yaml = lazyModule<typeof import('yaml')>('yaml');

export interface SkillSources {
  /** Skills directories given by the operator (each holds <name>/SKILL.md); read even outside the roots. */
  dirs: readonly string[];
  /** Subdirectories of every root that hold skills, e.g. [".agent/skills"], searched after `dirs`. */
  perRoot: readonly string[];
}

export interface Skill {
  /** The directory's name: what the model calls it by. */
  name: string;
  /** The frontmatter's name, when it has one. */
  declaredName?: string;
  description: string;
  /** The skill's directory (real path) and its SKILL.md. */
  dir: string;
  file: string;
  /** Every other frontmatter key, as parsed. */
  frontmatter: Record<string, unknown>;
  /** Where it was found: an operator's skills directory, or a root's layout. */
  source: 'dir' | 'root';
}

export interface SkillProblem {
  path: string;
  reason: string;
}

export interface SkillCatalog {
  /** Sorted by name; the first found wins when two share a name (operator directories first, then roots in order). */
  skills: Skill[];
  /** Skills skipped: unreadable, bad frontmatter, a link leading out, too large, shadowed by an earlier one. */
  problems: SkillProblem[];
}

export interface LoadedSkill {
  skill: Skill;
  /** The SKILL.md without its frontmatter, as written. */
  body: string;
  /** The body with $ARGUMENTS and the caller's ${NAME} placeholders replaced. */
  text: string;
  /** The body named $ARGUMENTS (a dialect may add the arguments itself when it did not). */
  usedArguments: boolean;
}

export const SKILL_FILE = 'SKILL.md';
export const MAX_SKILL_BYTES = 256 * 1024;
export const MAX_SKILLS = 1000;

/** Every skill the sources hold, for the roots of `scope`. */
export async function discoverSkills(scope: Pick<Scope, 'roots'>, sources: SkillSources): Promise<SkillCatalog> {
  const bases: Array<{ dir: string; source: Skill['source'] }> = [
    ...sources.dirs.map((dir) => ({ dir: path.resolve(dir), source: 'dir' as const })),
    ...scope.roots.flatMap((root) =>
      sources.perRoot.map((sub) => ({ dir: path.join(root, sub), source: 'root' as const })),
    ),
  ];
  const found = new Map<string, Skill>();
  const problems: SkillProblem[] = [];
  for (const base of bases) {
    const real = await fsp.realpath(base.dir).catch(() => undefined);
    if (!real) continue; // an absent layout is no problem
    // A root's layout reached through a link out of the roots is not the roots'.
    if (base.source === 'root' && !scope.roots.some((r) => within(r, real))) {
      problems.push({ path: base.dir, reason: 'it leads out of the roots' });
      continue;
    }
    const entries = await fsp.readdir(real, { withFileTypes: true }).catch(() => []);
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (!e.isDirectory() && !e.isSymbolicLink()) continue;
      const file = path.join(real, e.name, SKILL_FILE);
      const skill = await readSkill(real, e.name, file, base.source).catch((err: Error) => {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT' && (err as NodeJS.ErrnoException).code !== 'ENOTDIR')
          problems.push({ path: file, reason: err.message });
        return undefined;
      });
      if (!skill) continue;
      if (found.has(skill.name)) {
        problems.push({ path: file, reason: `shadowed by ${found.get(skill.name)!.file}` });
        continue;
      }
      if (found.size >= MAX_SKILLS) {
        problems.push({ path: file, reason: `more than ${MAX_SKILLS} skills; the rest are left out` });
        continue;
      }
      found.set(skill.name, skill);
    }
  }
  return { skills: [...found.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)), problems };
}

/**
 * Skill `name` from the catalog (its directory name, else its declared name); unknown names fail naming the closest.
 */
export function findSkill(catalog: SkillCatalog, name: string): Skill {
  const hit = catalog.skills.find((s) => s.name === name) ?? catalog.skills.find((s) => s.declaredName === name);
  if (hit) return hit;
  const known = catalog.skills.map((s) => s.name);
  throw engineFailure(
    'skill_missing',
    `no skill ${name}${known.length ? `; did you mean ${closest(name, known)}?` : '; there are no skills'}`,
    { name, known, ...(known.length ? { closest: closest(name, known) } : {}) },
    { field: 'skill' },
  );
}

/**
 * Skill `name`'s instructions: the body read again (so an edit shows at once), `$ARGUMENTS`
 * replaced by `args` (empty when none) and `${KEY}` by `placeholders[KEY]` (for instance the
 * skill's directory under the dialect's own name); other `$` text stays as written.
 */
export async function loadSkill(
  catalog: SkillCatalog,
  name: string,
  args = '',
  placeholders: Record<string, string> = {},
): Promise<LoadedSkill> {
  const skill = findSkill(catalog, name);
  let raw: string;
  try {
    raw = await readBounded(skill.file);
  } catch (e) {
    throw engineFailure('skill_unreadable', `the skill ${skill.name} cannot be read: ${(e as Error).message}`, {
      name: skill.name,
      path: skill.file,
      reason: (e as Error).message,
    });
  }
  const { body } = splitFrontmatter(raw);
  const usedArguments = body.includes('$ARGUMENTS');
  const text = body.replace(/\$ARGUMENTS|\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (m, key: string | undefined) =>
    key === undefined ? args : Object.hasOwn(placeholders, key) ? placeholders[key]! : m,
  );
  return { skill, body, text, usedArguments };
}

/** A SKILL.md's frontmatter (between a first line "---" and the next "---" line) and the body after it. */
export function splitFrontmatter(raw: string): { frontmatter: string | undefined; body: string } {
  const text = raw.startsWith('\uFEFF') ? raw.slice(1) : raw;
  const m = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?^---[ \t]*(?:\r?\n|$)/m.exec(text);
  if (!m || m.index !== 0) return { frontmatter: undefined, body: text };
  return { frontmatter: m[1]!, body: text.slice(m[0].length) };
}

async function readSkill(
  base: string,
  dirName: string,
  file: string,
  source: Skill['source'],
): Promise<Skill | undefined> {
  const realDir = await fsp.realpath(path.join(base, dirName));
  const realFile = await fsp.realpath(file);
  if (!within(base, realDir) || !within(base, realFile)) throw new Error(`it leads out of ${base}`);
  const raw = await readBounded(realFile);
  const { frontmatter } = splitFrontmatter(raw);
  let fm: Record<string, unknown> = {};
  if (frontmatter !== undefined) {
    let parsed: unknown;
    try {
      parsed = yaml().parse(frontmatter);
    } catch (e) {
      throw new Error(`bad frontmatter: ${(e as Error).message.split('\n')[0]}`);
    }
    if (parsed !== null && parsed !== undefined) {
      if (typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('bad frontmatter: not a map of keys');
      fm = parsed as Record<string, unknown>;
    }
  }
  const { name, description, ...rest } = fm;
  return {
    name: dirName,
    ...(typeof name === 'string' && name !== '' ? { declaredName: name } : {}),
    // A description YAML read as a number or a boolean is shown as written; a list or a map is no description.
    description:
      typeof description === 'string'
        ? description.trim()
        : typeof description === 'number' || typeof description === 'boolean'
          ? String(description)
          : '',
    dir: realDir,
    file: realFile,
    frontmatter: rest,
    source,
  };
}

/** A SKILL.md's text: a regular file (never blocking on a FIFO) of at most MAX_SKILL_BYTES. */
const readBounded = (file: string): Promise<string> => readRegularText(file, MAX_SKILL_BYTES);

const within = (root: string, p: string) =>
  p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

/**
 * The names of the skills the sources hold now, read synchronously: for a catalog declared at start-up (a tool whose
 * schema enumerates the skills). Each is its frontmatter's name, else its directory's; a SKILL.md that discovery would
 * skip (unreadable, too large, reached by a link out of its directory) is left out, a name found twice kept once.
 */
export function skillNamesNow(roots: readonly string[], sources: SkillSources): string[] {
  const bases = [
    ...sources.dirs.map((d) => path.resolve(d)),
    ...roots.flatMap((r) => sources.perRoot.map((s) => path.join(r, s))),
  ];
  const names = new Set<string>();
  for (const base of bases) {
    let real: string;
    let entries: string[];
    try {
      real = realpathSync(base);
      entries = readdirSync(real).sort();
    } catch {
      continue; // an absent layout holds no skills
    }
    for (const entry of entries) {
      if (names.size >= MAX_SKILLS) break;
      try {
        const file = realpathSync(path.join(real, entry, SKILL_FILE));
        if (!within(real, file)) continue;
        const { frontmatter } = splitFrontmatter(readRegularTextSync(file, MAX_SKILL_BYTES));
        const fm: unknown = frontmatter === undefined ? undefined : yaml().parse(frontmatter);
        if (fm !== null && fm !== undefined && (typeof fm !== 'object' || Array.isArray(fm))) continue;
        const declared = (fm as { name?: unknown } | null | undefined)?.name;
        names.add(typeof declared === 'string' && declared !== '' ? declared : entry);
      } catch {
        continue; // discovery reports it among the problems when it is asked
      }
    }
  }
  return [...names];
}

/** One entry under a skill's directory: its path relative to the directory ('/'-separated), and whether a directory. */
export interface SkillFileEntry {
  path: string;
  dir: boolean;
}

/**
 * What a skill's directory holds, breadth first, at most `max` entries: regular files and directories only (links are
 * neither, so nothing outside is reached), not descending into `skip` names (listed themselves).
 */
export async function skillFiles(dir: string, max: number, skip: ReadonlySet<string>): Promise<SkillFileEntry[]> {
  const out: SkillFileEntry[] = [];
  const queue = [''];
  while (queue.length > 0 && out.length < max) {
    const rel = queue.shift()!;
    const entries = await fsp.readdir(path.join(dir, rel), { withFileTypes: true }).catch(() => []);
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (out.length >= max) break;
      if (!e.isFile() && !e.isDirectory()) continue;
      const p = rel === '' ? e.name : `${rel}/${e.name}`;
      out.push({ path: p, dir: e.isDirectory() });
      if (e.isDirectory() && !skip.has(e.name)) queue.push(p);
    }
  }
  return out;
}
