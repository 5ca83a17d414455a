// The claude shape: Claude Code's tools (2.1.197) with their exact names and schemas, their
// result texts, and <tool_use_error> wording, over Facet's engine.
import type { FacetConfig } from '../../config.js';
import type { Engine } from '../../engine/index.js';
import type { ToolboxSpec } from '../../registry/types.js';
import { buildTools } from '../common/define.js';
import { shapeSpec } from '../common/spec.js';
import { bash } from './bash.js';
import { edit } from './edit.js';
import { claudeDialect } from './errors.js';
import { glob } from './glob.js';
import { grep } from './grep.js';
import { notebookEdit } from './notebook-edit.js';
import { read } from './read.js';
import { taskOutput } from './task-output.js';
import { taskStop } from './task-stop.js';
import { todoWrite } from './todo-write.js';
import { webFetch } from './web-fetch.js';
import { webSearch } from './web-search.js';
import { write } from './write.js';

export function claudeShape(config: FacetConfig, engine: Engine): ToolboxSpec {
  const tools = [
    read,
    write,
    edit,
    bash,
    taskOutput,
    taskStop,
    grep,
    glob,
    webFetch,
    webSearch,
    notebookEdit,
    todoWrite,
  ];
  return shapeSpec(config, {
    shape: 'claude',
    vendor: 'claude',
    description:
      "Claude Code's tools (Read, Edit, Bash, Grep...) with their exact schemas and result texts, served by Facet.",
    contextFiles: ['CLAUDE.md', 'AGENTS.md'],
    tools: buildTools({ config, engine }, claudeDialect, tools),
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
