// The claude shape: Claude Code's tools (2.1.332) with their exact names and schemas, their
// result texts, and <tool_use_error> wording, over Facet's engine. Older releases served beside
// it are tables of differences (diffs.ts).
import type { FacetConfig } from '../../config.js';
import type { Engine } from '../../engine/index.js';
import type { ToolboxSpec } from '../../registry/types.js';
import { buildTools } from '../common/define.js';
import { shapeSpec } from '../common/spec.js';
import { bash } from './bash.js';
import { edit } from './edit.js';
import { enterWorktree } from './enter-worktree.js';
import { exitWorktree } from './exit-worktree.js';
import { claudeDialect } from './errors.js';
import { glob } from './glob.js';
import { grep } from './grep.js';
import { listMcpResources } from './list-mcp-resources.js';
import { lsp } from './lsp.js';
import { notebookEdit } from './notebook-edit.js';
import { read } from './read.js';
import { readMcpResource } from './read-mcp-resource.js';
import { skill } from './skill.js';
import { monitor } from './monitor.js';
import { taskCreate } from './task-create.js';
import { taskGet } from './task-get.js';
import { taskList } from './task-list.js';
import { taskStop } from './task-stop.js';
import { taskUpdate } from './task-update.js';
import { todoWrite } from './todo-write.js';
import { webFetch } from './web-fetch.js';
import { webSearch } from './web-search.js';
import { write } from './write.js';
import { askUserQuestion } from './ask-user-question.js';
import { enterPlanMode } from './enter-plan-mode.js';
import { exitPlanMode } from './exit-plan-mode.js';
import './diffs.js'; // its older releases' differences, for versions.ts
import { claudeGuide } from './guide.js';

export { claudeGuide } from './guide.js';

/**
 * Claude Code 2.1.332's tools, in the order served. The task tools are those Claude Code sends
 * the models that keep its todo tools (claude-3*, opus-4-0..4-7, sonnet-4-0..4-6, haiku-4-5,
 * and any model with CLAUDE_CODE_ENABLE_TODO_TOOLS=1); TodoWrite stays with claude@2.1.197.
 */
export const CLAUDE_TOOLS = [
  read,
  write,
  edit,
  bash,
  taskStop,
  monitor,
  grep,
  glob,
  webFetch,
  webSearch,
  notebookEdit,
  taskCreate,
  taskGet,
  taskList,
  taskUpdate,
  lsp,
  enterWorktree,
  exitWorktree,
  skill,
  listMcpResources,
  readMcpResource,
  askUserQuestion,
  enterPlanMode,
  exitPlanMode,
];

const TASKS = [taskCreate, taskGet, taskList, taskUpdate];
/** The todo tools in the place of the task tools, by --claude-todo-tools (Claude Code's switch). */
const TODO_TOOLS = { tasks: TASKS, todo: [todoWrite], none: [] };

/** CLAUDE_TOOLS with the todo tools Claude Code's switch gives the model (the task tools by default). */
export function claudeTools(todoTools: FacetConfig['claude']['todoTools']) {
  const at = CLAUDE_TOOLS.indexOf(taskCreate);
  return [...CLAUDE_TOOLS.slice(0, at), ...TODO_TOOLS[todoTools], ...CLAUDE_TOOLS.slice(at + TASKS.length)];
}

/** Tools Claude Code 2.1.332 knows, served or not (the todo switch, a permission host's tools). */
const KNOWN = new Set([
  ...CLAUDE_TOOLS.map((t) => t.name),
  'TodoWrite',
  'AskUserQuestion',
  'EnterPlanMode',
  'ExitPlanMode',
]);

/** Claude Code 2.1.332's answer to a tool it was not given: longer for one it knows (TaskOutput is gone: unknown). */
const claudeUnknownTool = (name: string) =>
  KNOWN.has(name)
    ? `<tool_use_error>Error: No such tool available: ${name}. ${name} is not among the tools available here. Continue with the tools you have.</tool_use_error>`
    : `<tool_use_error>Error: No such tool available: ${name}</tool_use_error>`;

export function claudeShape(config: FacetConfig, engine: Engine): ToolboxSpec {
  return shapeSpec(config, {
    shape: 'claude',
    vendor: 'claude',
    description:
      "Claude Code's tools (Read, Edit, Bash, Grep...) with their exact schemas and result texts, served by Facet.",
    contextFiles: ['CLAUDE.md', 'AGENTS.md'],
    tools: buildTools({ config, engine }, claudeDialect, claudeTools(config.claude.todoTools)),
    guide: claudeGuide,
    unknownTool: claudeUnknownTool,
  });
}
