// Every shape this build serves, by name.
import type { FacetConfig } from '../config.js';
import type { Engine } from '../engine/index.js';
import type { ToolboxSpec } from '../registry/types.js';
import { claudeShape } from './claude/index.js';
import { codexShape } from './codex/index.js';
import { coreShape } from './core/index.js';
import { qwenShape } from './qwen/index.js';
import { geminiShape } from './gemini/index.js';
import { grokShape } from './grok/index.js';
import { kimiShape } from './kimi/index.js';
import { anthropicShape } from './anthropic/index.js';
import { openaiShape } from './openai/index.js';
import { parseShapeRef, releaseIndex, SHAPE_RELEASES, shapeListings, type ShapeListing } from './release-table.js';
import { servedReleases, withShapesResource } from './versions.js';

/** Builds one shape's tools over the server's one engine. */
export type ShapeFactory = (config: FacetConfig, engine: Engine) => ToolboxSpec;

export const SHAPE_FACTORIES: Record<string, ShapeFactory> = {
  core: coreShape,
  claude: claudeShape,
  codex: codexShape,
  gemini: geminiShape,
  qwen: qwenShape,
  kimi: kimiShape,
  grok: grokShape,
  anthropic: anthropicShape,
  openai: openaiShape,
};

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
    if (!SHAPE_FACTORIES[name]) continue;
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
  const factory = SHAPE_FACTORIES[parseShapeRef(entry).name];
  if (!factory) return out;
  const withResource = new Map<ToolboxSpec, ToolboxSpec>();
  for (const [key, spec] of servedReleases(entry, factory(config, engine), config, engine)) {
    if (!withResource.has(spec)) withResource.set(spec, withShapesResource(spec, listings));
    if (!out.has(key)) out.set(key, withResource.get(spec)!);
  }
  return out;
}
