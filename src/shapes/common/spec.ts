// Builds a shape's ToolboxSpec: identity, sandbox summary, resources (the roots and the
// agent context files found in them) and prompts (a tool-usage guide rendered with the
// session's roots). Every shape uses this, so they differ only in their tools and words.
import type { FacetConfig } from '../../config.js';
import { EngineError, findContextFiles, readContextFile } from '../../engine/index.js';
import type { ResourceProvider, ToolDefinition, ToolboxSpec } from '../../registry/types.js';
import { VERSION } from '../../version.js';
import { sandboxSummary } from '../sandbox.js';
import { servedReadOnly } from '../tags.js';

export interface ShapeOptions {
  /** Shape name: served as Identity.name "facet-<shape>". */
  shape: string;
  /**
   * The vendor whose dialect this is (the shape's name): tagged on every tool, so hosts can filter by it. Unset for
   * core.
   */
  vendor?: string;
  description: string;
  /** Context files offered as resources, e.g. CLAUDE.md, AGENTS.md. */
  contextFiles: readonly string[];
  /** The tool-usage guide: how this shape's tools fit together, for the given roots. */
  guide: (roots: readonly string[], tools: readonly ToolDefinition[]) => string;
  tools: ToolDefinition[];
  canonicalFor?: string[];
  /** The vendor's answer to a call of a tool it does not have (default: Facet's, naming the tools). */
  unknownTool?: (name: string) => string;
}

export const ROOTS_URI = 'facet://roots';
export const GUIDE_PROMPT = 'tool-guide';

// The options each spec was built from, so that an older release can be built as a table of
// differences over them (shapes/versions.ts) without every shape passing its release through.
const BUILT_FROM = new WeakMap<ToolboxSpec, ShapeOptions>();

/** The options shapeSpec built a spec from (undefined for a spec made otherwise). */
export function shapeOptionsOf(spec: ToolboxSpec): ShapeOptions | undefined {
  return BUILT_FROM.get(spec);
}

export function shapeSpec(config: FacetConfig, opts: ShapeOptions): ToolboxSpec {
  const resources: ResourceProvider = {
    async list(ctx) {
      const files = await findContextFiles(ctx.scope, opts.contextFiles);
      return [
        {
          uri: ROOTS_URI,
          name: 'roots',
          description: 'The directories this toolbox may touch.',
          mimeType: 'application/json',
        },
        ...files.map((f) => ({
          uri: `file://${f.path}`,
          name: f.name,
          description: `Agent instructions in ${f.root} (${f.size} bytes).`,
          mimeType: 'text/markdown',
        })),
      ];
    },
    async read(uri, ctx) {
      if (uri === ROOTS_URI) return [{ text: JSON.stringify({ roots: ctx.scope.roots }) }];
      const files = await findContextFiles(ctx.scope, opts.contextFiles);
      const file = files.find((f) => `file://${f.path}` === uri);
      if (!file)
        throw new EngineError('not_found', `no resource ${uri}; ListResources names those on offer`, {
          facts: { uri },
        });
      return [{ text: await readContextFile(ctx.scope, file.path) }];
    },
  };
  const spec: ToolboxSpec = {
    name: `facet-${opts.shape}`,
    version: VERSION,
    description: opts.description,
    canonicalFor: opts.canonicalFor ?? ['filesystem'],
    sandboxSummary: (ctx) => sandboxSummary(config, ctx.scope.roots),
    tools: opts.vendor === undefined ? opts.tools : opts.tools.map((t) => withTag(t, opts.vendor!)),
    resources,
    ...(opts.unknownTool ? { unknownToolText: opts.unknownTool } : {}),
    prompts: [
      {
        name: GUIDE_PROMPT,
        description: `How to use the ${opts.shape} tools together, for the roots of this session.`,
        arguments: [],
        async render(_args, ctx) {
          const tools = config.readOnly ? opts.tools.filter(servedReadOnly) : opts.tools;
          return {
            description: `Tool guide for facet-${opts.shape}`,
            messages: [{ role: 'user', content: [{ text: opts.guide(ctx.scope.roots, tools) }] }],
          };
        },
      },
    ],
  };
  BUILT_FROM.set(spec, opts);
  return spec;
}

function withTag(tool: ToolDefinition, tag: string): ToolDefinition {
  return tool.tags.includes(tag) ? tool : { ...tool, tags: [...tool.tags, tag] };
}
