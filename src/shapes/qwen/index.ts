// The qwen shape: Qwen Code 0.24.4's tool names, schemas, result texts and error types. Its
// model's tool list holds the tools Qwen sends eagerly (sorted by name, as Qwen sorts them); the
// deferred ones are unlisted, shown by tool_search and called through tool_call (or directly,
// as Qwen still runs them), and todo_write and list_directory answer that they are off, as
// Qwen's are by default. Older releases: diffs.ts.
import type { FacetConfig } from '../../config.js';
import type { Engine } from '../../engine/index.js';
import type { ToolboxSpec, ToolDefinition } from '../../registry/types.js';
import { buildTools, type Dialect } from '../common/define.js';
import { shapeSpec } from '../common/spec.js';
import type { Bridge } from './deferred.js';
import { DISABLED_TEXT, listDirectoryOff, todoWriteOff } from './disabled.js';
import { askUserQuestion } from './ask-user-question.js';
import { edit } from './edit.js';
import { enterPlanMode } from './enter-plan-mode.js';
import { enterWorktree } from './enter-worktree.js';
import { qwenDialect0244, qwenFormatError } from './errors.js';
import { exitPlanMode } from './exit-plan-mode.js';
import { exitWorktree } from './exit-worktree.js';
import { getGoal } from './get-goal.js';
import { glob } from './glob.js';
import { grepSearch } from './grep-search.js';
import { lsp } from './lsp.js';
import { monitor } from './monitor.js';
import { notebookEdit } from './notebook-edit.js';
import { withQwenNotices } from './notices.js';
import { readFile } from './read-file.js';
import { readMcpResource } from './read-mcp-resource.js';
import { runShellCommand } from './run-shell-command.js';
import { skill } from './skill.js';
import { taskStop } from './task-stop.js';
import { TEAM_TOOLS } from './team-tools.js';
import { toolCall } from './tool-call.js';
import { toolSearch } from './tool-search.js';
import { updateGoal } from './update-goal.js';
import { webFetch } from './web-fetch.js';
import { searchServed, webSearch } from './web-search.js';
import { writeFile } from './write-file.js';
import './diffs.js'; // its older releases' differences, for versions.ts

const QWEN_DESCRIPTION =
  'Qwen Code tools (read_file, edit, grep_search, run_shell_command, tool_search, ...) with its schemas, result texts and error types.';

/**
 * What Qwen sends eagerly (Facet leaves out agent, list_agents: sub-agents need a model), with the
 * person-answered tools Qwen sends eagerly in interactive sessions (a host that answers is one;
 * artifact, display_image and propose_goal are not served).
 */
const EAGER_BEFORE = [
  askUserQuestion,
  edit,
  enterPlanMode,
  exitPlanMode,
  getGoal,
  glob,
  grepSearch,
  notebookEdit,
  readFile,
  runShellCommand,
  skill,
] as const;
const EAGER_AFTER = [updateGoal, writeFile] as const;
/**
 * Deferred tools Facet runs (Qwen's cron tools, loop_wakeup, send_message, zoom_image, record_artifact and
 * report_findings are not served: docs/shape-versions.md); web_search too when a search provider is configured, as
 * Qwen defers it when it has a search backend.
 */
const DEFERRED = [enterWorktree, exitWorktree, lsp, monitor, readMcpResource, taskStop, webFetch] as const;

const unlisted = (t: ToolDefinition): ToolDefinition => ({ ...t, unlisted: true });

export function qwenGuide(roots: readonly string[], tools: readonly ToolDefinition[]): string {
  const deferred = tools.filter((t) => t.unlisted && !(t.name in DISABLED_TEXT));
  return [
    `Your workspace is ${roots.join(', ')}. File tools take absolute paths.`,
    'Explore with glob (recent files first) and grep_search (case-insensitive, path:line:text).',
    'Read with read_file (0-based offset, 1000 lines per call); read a file before you edit or overwrite it.',
    'Change files with edit (exact text, unique unless replace_all) or write_file for whole files; notebook_edit for .ipynb cells.',
    'Run commands with run_shell_command (2-minute default timeout); servers with is_background.',
    'skill loads a skill; get_goal and update_goal read the session goal and propose it complete or blocked.',
    'ask_user_question asks the person; enter_plan_mode plans first, exit_plan_mode asks approval of the plan.',
    '',
    'The following tools are reachable through `tool_search` (shows their schemas) and `tool_call` (runs them):',
    ...deferred.map((t) => `- ${t.name}: ${t.summary}`),
    '',
    `Tools: ${tools
      .filter((t) => !t.unlisted)
      .map((t) => t.name)
      .join(', ')}.`,
  ].join('\n');
}

export function qwenShape(config: FacetConfig, engine: Engine): ToolboxSpec {
  const env = { config, engine };
  const dialect: Dialect = { ...qwenDialect0244, beforeCall: qwenFormatError, after: withQwenNotices };
  let bridge: Bridge = { deferred: [], visible: [] };
  const [search, call] = buildTools(env, dialect, [toolSearch(() => bridge), toolCall(() => bridge)]);
  // The Agent Team tools, eager when on (sorted by name: after skill, before tool_call).
  const team = config.qwen.agentTeam ? TEAM_TOOLS : [];
  const visible = [
    ...buildTools(env, dialect, [...EAGER_BEFORE, ...team]),
    call!,
    search!,
    ...buildTools(env, dialect, [...EAGER_AFTER]),
  ];
  const deferred = buildTools(env, dialect, [...DEFERRED, ...(searchServed(env) ? [webSearch] : [])]);
  bridge = { deferred, visible };
  const off = buildTools(env, dialect, [listDirectoryOff, todoWriteOff]);
  return shapeSpec(config, {
    shape: 'qwen',
    vendor: 'qwen',
    description: QWEN_DESCRIPTION,
    contextFiles: ['QWEN.md', 'AGENTS.md'],
    tools: [...visible, ...[...deferred, ...off].map(unlisted)],
    guide: qwenGuide,
  });
}
