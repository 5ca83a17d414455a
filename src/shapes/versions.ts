// Shape versions: a host pins the release its model knows as NAME@VERSION (facet-shape, /mcp/…,
// --shape); NAME alone is the newest. Each shape's releases are listed in its folder's
// versions.ts, newest first; an older release is built from its newer neighbour's options and
// the table of differences the folder's diffs.ts lists for it (release-diff.ts), so no tool set
// is written twice.
import type { FacetConfig } from '../config.js';
import { EngineError, type Engine } from '../engine/index.js';
import type { ResourceProvider, ToolDefinition, ToolboxSpec } from '../registry/types.js';
import type { ShapeEnv } from './common/define.js';
import { shapeOptionsOf, shapeSpec, type ShapeOptions } from './common/spec.js';
import {
  followsSentence,
  parseShapeRef,
  releaseIndex,
  SHAPE_RELEASES,
  SHAPES_URI,
  type ShapeListing,
} from './release-table.js';
import type { ReleaseDiff, ReleaseDiffs } from './release-diff.js';
import type { ShapeReleases } from './release-types.js';

export { parseShapeRef, shapeListings, unknownShapeText } from './release-table.js';

/**
 * The differences of each shape's older releases (its folder's diffs.ts), by shape. A shape with
 * one release has none; a shape's index.ts adds its own when loaded, so a process that serves one
 * shape does not load the others' older tool sets (issue 38: kimi's 1.49 tools were loaded for
 * `--shape claude`).
 */
export const SHAPE_DIFFS: Readonly<Record<string, ReleaseDiffs>> = {};

/** Adds a shape's older releases' differences (its index.ts calls it). */
export function addReleaseDiffs(name: string, diffs: ReleaseDiffs): void {
  (SHAPE_DIFFS as Record<string, ReleaseDiffs>)[name] ??= diffs;
}

/** A release's shape options: its newer neighbour's, with the differences it lists applied. */
export function applyReleaseDiff(opts: ShapeOptions, diff: ReleaseDiff, env: ShapeEnv, label: string): ShapeOptions {
  const has = (tools: readonly ToolDefinition[], name: string) => tools.some((t) => t.name === name);
  const removed = new Set(typeof diff.removed === 'function' ? diff.removed(env) : (diff.removed ?? []));
  for (const name of removed)
    if (!has(opts.tools, name)) throw new Error(`${label}: removes ${name}, which its newer neighbour does not serve`);
  let tools = opts.tools.filter((t) => !removed.has(t.name));
  const replacing = new Map((diff.replaced?.(env) ?? []).map((t) => [t.name, t]));
  for (const name of replacing.keys())
    if (!has(tools, name)) throw new Error(`${label}: replaces ${name}, which its newer neighbour does not serve`);
  tools = tools.map((t) => replacing.get(t.name) ?? t);
  for (const group of diff.added ?? []) {
    const added = group.tools(env);
    for (const t of added)
      if (has(tools, t.name))
        throw new Error(`${label}: adds ${t.name}, which its newer neighbour serves already (replace it instead)`);
    const at = group.after === undefined ? tools.length : tools.findIndex((t) => t.name === group.after) + 1;
    if (group.after !== undefined && at === 0)
      throw new Error(`${label}: adds tools after ${group.after}, which it does not serve`);
    tools = [...tools.slice(0, at), ...added, ...tools.slice(at)];
  }
  return { ...opts, tools, description: diff.description ?? opts.description, guide: diff.guide ?? opts.guide };
}

/** Builds one shape of a factory's making (its newest release) at the releases asked for, by index. */
export function buildReleases(
  name: string,
  newest: ToolboxSpec,
  releases: ShapeReleases,
  wanted: ReadonlySet<number>,
  config: FacetConfig,
  engine: Engine,
): Map<number, ToolboxSpec> {
  const opts = shapeOptionsOf(newest);
  if (!opts) throw new Error(`shape ${name}: its spec was not built by shapeSpec, so its releases cannot be derived`);
  const env = { config, engine };
  const out = new Map<number, ToolboxSpec>();
  let current = opts;
  const last = Math.max(...wanted);
  for (let i = 0; i <= last; i++) {
    const r = releases.releases[i]!;
    if (i > 0) {
      const diff = SHAPE_DIFFS[name]?.[r.version];
      if (!diff) throw new Error(`${name}@${r.version}: no differences listed for it (src/shapes/${name}/diffs.ts)`);
      current = applyReleaseDiff(current, diff, env, `${name}@${r.version}`);
    }
    if (wanted.has(i))
      out.set(
        i,
        shapeSpec(config, { ...current, description: `${current.description} ${followsSentence(releases, r)}` }),
      );
  }
  return out;
}

/**
 * The served keys of one --shape entry with their specs: NAME serves the newest release under
 * NAME and every release under NAME@VERSION (and its aliases); NAME@VERSION serves that one.
 * Keys naming the same release share one spec, so they share one toolbox.
 */
export function servedReleases(
  entry: string,
  newest: ToolboxSpec,
  config: FacetConfig,
  engine: Engine,
): Array<[string, ToolboxSpec]> {
  const { name, version } = parseShapeRef(entry);
  const releases = SHAPE_RELEASES[name];
  if (!releases) return version === undefined ? [[entry, newest]] : [];
  const indices = version === undefined ? releases.releases.map((_, i) => i) : [releaseIndex(releases, version)];
  if (indices[0]! < 0) return [];
  const specs = buildReleases(name, newest, releases, new Set(indices), config, engine);
  const out: Array<[string, ToolboxSpec]> = [];
  if (version === undefined) out.push([name, specs.get(0)!]);
  for (const i of indices) {
    const r = releases.releases[i]!;
    for (const v of [r.version, ...(r.aliases ?? [])]) out.push([`${name}@${v}`, specs.get(i)!]);
  }
  return out;
}

/**
 * A spec with the facet://shapes resource beside its own: the shapes this server serves, as `facet shapes --json`
 * prints them.
 */
export function withShapesResource(spec: ToolboxSpec, listings: readonly ShapeListing[]): ToolboxSpec {
  const own = spec.resources;
  const text = `${JSON.stringify(listings, null, 2)}\n`;
  const resources: ResourceProvider = {
    async list(ctx) {
      const listed = own ? await own.list(ctx) : [];
      return [
        ...listed,
        {
          uri: SHAPES_URI,
          name: 'shapes',
          description: 'The shapes this server serves and the vendor releases they follow (pin one with NAME@VERSION).',
          mimeType: 'application/json',
        },
      ];
    },
    async read(uri, ctx) {
      if (uri === SHAPES_URI) return [{ text }];
      if (own) return own.read(uri, ctx);
      throw new EngineError('not_found', `no resource ${uri}; ListResources names those on offer`, { facts: { uri } });
    },
  };
  return { ...spec, resources };
}
