// Building the shapes a process serves, over the server's one engine. Each shape's module is
// loaded by loadShapes when a command first needs it, so `facet mcp --shape claude` and `facet
// tools` load one shape's code, not nine (issue 38); index.ts loads them all, for the tests.
import type { FacetConfig } from '../config.js';
import type { Engine } from '../engine/index.js';
import type { ToolboxSpec } from '../registry/types.js';
import { parseShapeRef, releaseIndex, SHAPE_RELEASES, shapeListings, type ShapeListing } from './release-table.js';
import { servedReleases, withShapesResource } from './versions.js';

/** Builds one shape's tools over the server's one engine. */
export type ShapeFactory = (config: FacetConfig, engine: Engine) => ToolboxSpec;

/**
 * The factories loaded so far, by shape name: index.ts registers all nine; a command that serves
 * a few loads just those with loadShapes.
 */
export const SHAPE_FACTORIES: Record<string, ShapeFactory> = {};

/** Each shape's module, imported on demand: its own chunk in the bundle. */
const SHAPE_MODULES: Record<string, () => Promise<ShapeFactory>> = {
  core: async () => (await import('./core/index.js')).coreShape,
  claude: async () => (await import('./claude/index.js')).claudeShape,
  codex: async () => (await import('./codex/index.js')).codexShape,
  gemini: async () => (await import('./gemini/index.js')).geminiShape,
  qwen: async () => (await import('./qwen/index.js')).qwenShape,
  kimi: async () => (await import('./kimi/index.js')).kimiShape,
  grok: async () => (await import('./grok/index.js')).grokShape,
  anthropic: async () => (await import('./anthropic/index.js')).anthropicShape,
  openai: async () => (await import('./openai/index.js')).openaiShape,
};

/** Loads the factories of the shapes `entries` name (NAME or NAME@VERSION); unknown names are left to the caller. */
export async function loadShapes(entries: readonly string[]): Promise<void> {
  const names = [...new Set(entries.map((e) => parseShapeRef(e).name))];
  await Promise.all(
    names.map(async (name) => {
      const load = SHAPE_MODULES[name];
      if (load && !SHAPE_FACTORIES[name]) SHAPE_FACTORIES[name] = await load();
    }),
  );
}

/** Whether the module of the shape `entry` (NAME or NAME@VERSION) names is loaded, or is none of this build's. */
export function shapeLoaded(entry: string): boolean {
  const { name } = parseShapeRef(entry);
  return !SHAPE_MODULES[name] || SHAPE_FACTORIES[name] !== undefined;
}

/**
 * Builds the specs of the shapes the config serves, all over the one engine given, by served
 * key: NAME (the newest release) and NAME@VERSION for each served release (versions.ts). Keys
 * naming the same release map to the same spec.
 */
export function buildShapes(config: FacetConfig, engine: Engine): Map<string, ToolboxSpec> {
  const out = new Map<string, ToolboxSpec>();
  const listings = shapeListings(config.shapes);
  for (const entry of config.shapes)
    for (const [key, spec] of buildShapeEntry(entry, config, engine, listings)) if (!out.has(key)) out.set(key, spec);
  return out;
}

/**
 * The keys buildShapes gives, in its order, each with the --shape entry that serves it (the
 * first that names it), without building anything: a server builds a shape when it is first asked for.
 */
export function servedShapeKeys(config: FacetConfig): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of config.shapes) {
    const { name, version } = parseShapeRef(entry);
    if (!SHAPE_MODULES[name]) continue;
    const releases = SHAPE_RELEASES[name];
    const keys: string[] = [];
    if (!releases) {
      if (version === undefined) keys.push(entry);
    } else {
      const indices = version === undefined ? releases.releases.map((_, i) => i) : [releaseIndex(releases, version)];
      if (indices[0]! >= 0) {
        if (version === undefined) keys.push(name);
        for (const i of indices) {
          const r = releases.releases[i]!;
          keys.push(...[r.version, ...(r.aliases ?? [])].map((v) => `${name}@${v}`));
        }
      }
    }
    for (const key of keys) if (!out.has(key)) out.set(key, entry);
  }
  return out;
}

/**
 * The specs one --shape entry serves, by key (as servedShapeKeys names them), with the facet://shapes resource of
 * `listings`.
 */
export function buildShapeEntry(
  entry: string,
  config: FacetConfig,
  engine: Engine,
  listings: readonly ShapeListing[] = shapeListings(config.shapes),
): Map<string, ToolboxSpec> {
  const out = new Map<string, ToolboxSpec>();
  const { name } = parseShapeRef(entry);
  const factory = SHAPE_FACTORIES[name];
  if (!factory) {
    if (SHAPE_MODULES[name]) throw new Error(`shape "${name}" is not loaded: await loadShapes() first`);
    return out;
  }
  const withResource = new Map<ToolboxSpec, ToolboxSpec>();
  for (const [key, spec] of servedReleases(entry, factory(config, engine), config, engine)) {
    if (!withResource.has(spec)) withResource.set(spec, withShapesResource(spec, listings));
    if (!out.has(key)) out.set(key, withResource.get(spec)!);
  }
  return out;
}
