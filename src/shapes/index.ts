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
import { parseShapeRef, shapeListings } from './release-table.js';
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
  const withResource = new Map<ToolboxSpec, ToolboxSpec>();
  for (const entry of config.shapes) {
    const factory = SHAPE_FACTORIES[parseShapeRef(entry).name];
    if (!factory) continue;
    for (const [key, spec] of servedReleases(entry, factory(config, engine), config, engine)) {
      if (!withResource.has(spec)) withResource.set(spec, withShapesResource(spec, listings));
      if (!out.has(key)) out.set(key, withResource.get(spec)!);
    }
  }
  return out;
}
