// The claude shape: Claude Code's tools (2.1.197) with their exact names and schemas, their
// result texts, and <tool_use_error> wording, over Facet's engine.
import type { FacetConfig } from '../../config.js';
import type { Engine } from '../../engine/index.js';
import type { ToolboxSpec, ToolDefinition } from '../../registry/types.js';
import { shapeSpec } from '../common/spec.js';
import { shellTools, withTaskNotices } from './bash.js';
import { editTool, writeTool } from './edit.js';
import { notebookTool } from './notebook.js';
import { readTool } from './read.js';
import { searchTools } from './search.js';
import { todoTool } from './todo.js';
import { webTools } from './web.js';

export function claudeShape(config: FacetConfig, engine: Engine): ToolboxSpec {
  const shell = shellTools(config, engine);
  const [bash, taskOutput, taskStop] = shell.tools;
  const [grep, glob] = searchTools(config);
  const [webFetch, webSearch] = webTools(config, engine);
  const ordered: ToolDefinition[] = [readTool, writeTool, editTool, bash!, taskOutput!, taskStop!, grep!, glob!, webFetch!, webSearch!, notebookTool, todoTool];
  // Background tasks that ended are announced on the next result, as Claude Code does.
  const tools = ordered.map((t) => ({
    ...t,
    handler: async (args: unknown, ctx: Parameters<ToolDefinition['handler']>[1]) => withTaskNotices(shell.engine, await t.handler(args, ctx), ctx),
  }));
  return shapeSpec(config, {
    shape: 'claude',
    vendor: 'claude',
    description: "Claude Code's tools (Read, Edit, Bash, Grep...) with their exact schemas and result texts, served by Facet.",
    contextFiles: ['CLAUDE.md', 'AGENTS.md'],
    tools,
    guide: (roots, list) =>
      [
        `You work in ${roots.join(', ')}. Give file paths as absolute paths; relative ones start from the working directory (first ${roots[0]}).`,
        'Find files with Glob (names) and Grep (contents) rather than find or grep in Bash.',
        'Read a file before you change it: Edit and Write refuse files not Read in this session, or changed on disk since.',
        'Edit replaces one exact, unique piece of text (replace_all for every occurrence); Write creates or rewrites whole files.',
        'Run tests and builds with Bash (timeout in ms, at most 600000); long-running commands with run_in_background,',
        'then TaskOutput to wait for them and TaskStop to end them. Large outputs are saved to a file you can Read.',
        'WebFetch returns a page as Markdown next to your prompt; WebSearch returns links to cite.',
        'Track work of three or more steps with TodoWrite; NotebookEdit changes cells of .ipynb notebooks.',
        '',
        `Tools: ${list.map((t) => t.name).join(', ')}.`,
      ].join('\n'),
  });
}
