// The table of every shape's served releases (each shape folder's versions.ts), and the words
// and listings made from it. Kept free of the engine and the shapes' code, so that the config,
// `facet shapes` and `npm run vendors:check` read it without building a tool.
import { anthropicReleases } from './anthropic/versions.js';
import { claudeReleases } from './claude/versions.js';
import { codexReleases } from './codex/versions.js';
import { coreReleases } from './core/versions.js';
import { geminiReleases } from './gemini/versions.js';
import { grokReleases } from './grok/versions.js';
import { kimiReleases } from './kimi/versions.js';
import { openaiReleases } from './openai/versions.js';
import { qwenReleases } from './qwen/versions.js';
import type { Release, ShapeReleases } from './release-types.js';

export type { Registry, Release, ShapeReleases } from './release-types.js';

export const SHAPE_RELEASES: Readonly<Record<string, ShapeReleases>> = {
  core: coreReleases,
  claude: claudeReleases,
  codex: codexReleases,
  gemini: geminiReleases,
  qwen: qwenReleases,
  kimi: kimiReleases,
  grok: grokReleases,
  anthropic: anthropicReleases,
  openai: openaiReleases,
};

/** The resource listing the served shapes and their releases (the JSON of `facet shapes --json`). */
export const SHAPES_URI = 'facet://shapes';

/** A shape as `facet shapes` and the facet://shapes resource list it. */
export interface ShapeListing {
  name: string;
  vendor: string;
  /** The package of the newest served release, as published. */
  package: string;
  /** The newest served release: what NAME alone serves. */
  version: string;
  released?: string;
  registry: string;
  /** Every served release, newest first: NAME@VERSION pins one. */
  versions: string[];
  /** Other spellings a host may pin, by the version they stand for. */
  aliases?: Record<string, string>;
  /** What the version numbers. */
  versioning: string;
  /** Where newer releases appear (`npm run vendors:check`). */
  upstream: { registry: string; package: string; repository?: string };
}

/** NAME@VERSION split at the first "@" (NAME alone: no version). */
export function parseShapeRef(ref: string): { name: string; version?: string } {
  const at = ref.indexOf('@');
  return at < 0 ? { name: ref } : { name: ref.slice(0, at), version: ref.slice(at + 1) };
}

/** The index of a release in its shape's list, by version or alias; -1 when there is none. */
export function releaseIndex(releases: ShapeReleases, version: string): number {
  return releases.releases.findIndex((r) => r.version === version || (r.aliases ?? []).includes(version));
}

/**
 * The canonical form of a --shape entry (an alias becomes its version), or a ConfigError's words
 * for an unknown version. Names are the config's business: an unknown name passes unchanged.
 */
export function canonicalShapeRef(ref: string): { ref: string } | { problem: string } {
  const { name, version } = parseShapeRef(ref);
  const releases = SHAPE_RELEASES[name];
  if (version === undefined || !releases) return { ref };
  const i = releaseIndex(releases, version);
  if (i < 0)
    return {
      problem: `unknown version "${version}" of shape "${name}" (served: ${versionList(name, releases.releases)})`,
    };
  return { ref: `${name}@${releases.releases[i]!.version}` };
}

/** "claude@2.1.332 (the newest, also "claude"), claude@2.1.197". */
function versionList(name: string, releases: readonly Release[]): string {
  return releases.map((r, i) => `${name}@${r.version}${i === 0 ? ` (the newest, also "${name}")` : ''}`).join(', ');
}

/**
 * The words refusing a shape a request named that is not served: an unknown version of a served
 * shape names the versions served; any other name lists the shapes served (NAME or NAME@VERSION
 * as they were configured; aliases are not listed).
 */
export function unknownShapeText(requested: string, served: Iterable<string>, where = ''): string {
  const keys = [...served];
  const { name, version } = parseShapeRef(requested);
  const releases = SHAPE_RELEASES[name];
  const ofName = keys.filter((k) => parseShapeRef(k).name === name && isCanonical(k));
  if (version !== undefined && ofName.length > 0) {
    const versions = ofName.filter((k) => k.includes('@'));
    const newest = releases && keys.includes(name) ? `${name}@${releases.releases[0].version}` : undefined;
    const listed = versions.map((k) => (k === newest ? `${k} (the newest, also "${name}")` : k)).join(', ');
    return `unknown version "${version}" of shape "${name}"${where}; this server serves: ${listed}`;
  }
  return `unknown shape "${requested}"${where}; this server serves: ${shownKeys(keys).join(', ')}`;
}

/** A served key that is NAME or NAME@<a version> (not an alias). */
function isCanonical(key: string): boolean {
  const { name, version } = parseShapeRef(key);
  return (
    version === undefined || !SHAPE_RELEASES[name] || SHAPE_RELEASES[name].releases.some((r) => r.version === version)
  );
}

/** The served keys as configured: NAME for a shape served at every release, NAME@VERSION for one pinned alone. */
function shownKeys(keys: readonly string[]): string[] {
  const bare = new Set(keys.filter((k) => !k.includes('@')));
  return keys.filter((k) => !k.includes('@') || (!bare.has(parseShapeRef(k).name) && isCanonical(k)));
}

/** The shapes a list of --shape entries serves, with their releases ({name, vendor, package, version, versions}). */
export function shapeListings(entries: readonly string[]): ShapeListing[] {
  const byName = new Map<string, Set<number>>();
  for (const entry of entries) {
    const { name, version } = parseShapeRef(entry);
    const releases = SHAPE_RELEASES[name];
    if (!releases) continue;
    const set = byName.get(name) ?? new Set<number>();
    if (version === undefined) releases.releases.forEach((_, i) => set.add(i));
    else if (releaseIndex(releases, version) >= 0) set.add(releaseIndex(releases, version));
    byName.set(name, set);
  }
  return [...byName].map(([name, set]) => {
    const { vendor, versioning, upstream, releases } = SHAPE_RELEASES[name]!;
    const served = [...set].sort((a, b) => a - b).map((i) => releases[i]!);
    const newest = served[0]!;
    const aliases = Object.fromEntries(served.flatMap((r) => (r.aliases ?? []).map((a) => [a, r.version])));
    return {
      name,
      vendor,
      package: newest.package,
      version: newest.version,
      ...(newest.released ? { released: newest.released } : {}),
      registry: newest.registry,
      versions: served.map((r) => r.version),
      ...(Object.keys(aliases).length > 0 ? { aliases } : {}),
      versioning,
      upstream: { ...upstream },
    };
  });
}

/** The sentence a release's Identity description ends with: which release the tools follow. */
export function followsSentence(releases: ShapeReleases, r: Release): string {
  if (r.follows) return r.follows;
  return `Follows ${releases.vendor} ${r.version} (${r.package}${r.released ? `, released ${r.released}` : ''}).`;
}
