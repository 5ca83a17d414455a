// The core shape: Facet's own dotted tool names with the full power of the engine.
import type { FacetConfig } from '../../config.js';
import type { Engine } from '../../engine/index.js';
import type { ToolboxSpec } from '../../registry/types.js';
import { buildTools } from '../common/define.js';
import { shapeSpec } from '../common/spec.js';
import { coreDialect } from './errors.js';
import { definitionTool } from './code-definition.js';
import { diagnosticsTool } from './code-diagnostics.js';
import { hoverTool } from './code-hover.js';
import { referencesTool } from './code-references.js';
import { renameTool } from './code-rename.js';
import { symbolsTool } from './code-symbols.js';
import { applyPatchTool } from './fs-apply-patch.js';
import { editTool } from './fs-edit.js';
import { listTool } from './fs-list.js';
import { notebookEditTool } from './fs-notebook-edit.js';
import { readManyTool } from './fs-read-many.js';
import { readTool } from './fs-read.js';
import { statTool } from './fs-stat.js';
import { writeTool } from './fs-write.js';
import { todosTool } from './plan-todos.js';
import { globTool } from './search-glob.js';
import { grepTool } from './search-grep.js';
import { jobsTool } from './shell-jobs.js';
import { outputTool } from './shell-output.js';
import { runTool } from './shell-run.js';
import { startTool } from './shell-start.js';
import { stopTool } from './shell-stop.js';
import { shellWriteTool } from './shell-write.js';
import { fetchTool } from './web-fetch.js';
import { findTool } from './web-find.js';
import { searchTool } from './web-search.js';

export function coreShape(config: FacetConfig, engine: Engine): ToolboxSpec {
  // Built now so that a malformed allow list stops start-up instead of failing the first call.
  try {
    void engine.web;
  } catch (err) {
    throw new Error(`--web-allow-hosts: ${(err as Error).message}`);
  }
  const files = [
    readTool,
    readManyTool,
    writeTool,
    editTool,
    applyPatchTool,
    notebookEditTool,
    statTool,
    listTool,
    globTool,
    grepTool,
  ];
  const shell = [runTool, startTool, jobsTool, outputTool, stopTool, shellWriteTool];
  const code = [diagnosticsTool, definitionTool, referencesTool, hoverTool, symbolsTool, renameTool];
  return shapeSpec(config, {
    shape: 'core',
    description:
      'Facet core tools: files, search, shell, web and planning under dotted names (fs.read; over MCP fs_read, the spelling model APIs accept), with structured results.',
    contextFiles: ['AGENTS.md'],
    tools: buildTools({ config, engine }, coreDialect, [
      ...files,
      ...shell,
      fetchTool,
      searchTool,
      findTool,
      todosTool,
      ...code,
    ]),
    guide: (roots, tools) =>
      [
        `You work in ${roots.join(', ')}. Paths may be absolute or relative to the first root.`,
        'Find before you read: search.glob for file names, search.grep for contents, fs.list for one folder.',
        'Read with fs.read (line ranges stream), change with fs.edit (exact text, unique unless told otherwise),',
        'fs.write for new files, fs.apply_patch for many files at once; every change returns a diff.',
        'Run commands with shell.run; long ones with shell.start, then shell.output and shell.stop.',
        'web.fetch reads a page, web.search searches the web, web.find finds a phrase in a page.',
        'Keep a plan with plan.todos for work of three or more steps.',
        'code.diagnostics checks a file with its language server; code.definition, code.references, code.hover,',
        'code.symbols and code.rename navigate and refactor by meaning. Changes report the errors they introduced.',
        '',
        `Tools: ${tools.map((t) => t.name).join(', ')}.`,
      ].join('\n'),
  });
}
