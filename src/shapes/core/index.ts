// The core shape: Facet's own dotted tool names with the full power of the engine.
import type { FacetConfig } from '../../config.js';
import type { ToolboxSpec } from '../../registry/types.js';
import { VERSION } from '../../version.js';
import { sandboxSummary } from '../sandbox.js';
import { fileTools } from './files.js';
import { searchTools } from './search.js';
import { shellTools } from './shell.js';
import { webTools } from './web.js';

export function coreShape(config: FacetConfig): ToolboxSpec {
  return {
    name: 'facet-core',
    version: VERSION,
    description: 'Facet core tools: files, search, shell and web under dotted names, with structured results.',
    canonicalFor: ['filesystem'],
    sandboxSummary: (ctx) => sandboxSummary(config, ctx.scope.roots),
    tools: [...fileTools, ...searchTools(config), ...shellTools(config), ...webTools(config)],
  };
}
