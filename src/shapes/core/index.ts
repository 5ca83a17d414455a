// The core shape: Facet's own dotted tool names with the full power of the engine.
import type { FacetConfig } from '../../config.js';
import type { Engine } from '../../engine/index.js';
import type { ToolboxSpec } from '../../registry/types.js';
import { shapeSpec } from '../common/spec.js';
import { coreError } from './errors.js';
import { fileTools } from './files.js';
import { planTools } from './plan.js';
import { searchTools } from './search.js';
import { shellTools } from './shell.js';
import { statTool } from './stat.js';
import { webTools } from './web.js';

export function coreShape(config: FacetConfig, engine: Engine): ToolboxSpec {
  return shapeSpec(config, {
    shape: 'core',
    description: 'Facet core tools: files, search, shell, web and planning under dotted names, with structured results.',
    contextFiles: ['AGENTS.md'],
    formatError: coreError,
    tools: [...fileTools(engine), statTool(engine), ...searchTools(config), ...shellTools(config, engine), ...webTools(config, engine), ...planTools],
    guide: (roots, tools) =>
      [
        `You work in ${roots.join(', ')}. Paths may be absolute or relative to the first root.`,
        'Find before you read: search.glob for file names, search.grep for contents, fs.list for one folder.',
        'Read with fs.read (line ranges stream), change with fs.edit (exact text, unique unless told otherwise),',
        'fs.write for new files, fs.apply_patch for many files at once; every change returns a diff.',
        'Run commands with shell.run; long ones with shell.start, then shell.output and shell.stop.',
        'web.fetch reads a page, web.search searches the web, web.find finds a phrase in a page.',
        'Keep a plan with plan.todos for work of three or more steps.',
        '',
        `Tools: ${tools.map((t) => t.name).join(', ')}.`,
      ].join('\n'),
  });
}
