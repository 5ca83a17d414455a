// The gemini shape: Gemini CLI's tool names, schemas, result texts and error types.
import type { FacetConfig } from '../../config.js';
import type { Engine } from '../../engine/index.js';
import type { ToolboxSpec } from '../../registry/types.js';
import { buildTools } from '../common/define.js';
import { shapeSpec } from '../common/spec.js';
import { activateSkill, GEMINI_SKILL_DIRS } from './activate-skill.js';
import { askUser } from './ask-user.js';
import { enterPlanMode } from './enter-plan-mode.js';
import { exitPlanMode } from './exit-plan-mode.js';
import { geminiDialect, geminiFormatError } from './errors.js';
import { glob } from './glob.js';
import { googleWebSearch } from './google-web-search.js';
import { grepSearch } from './grep-search.js';
import { listBackgroundProcesses } from './list-background-processes.js';
import { listDirectory } from './list-directory.js';
import { listMcpResources } from './list-mcp-resources.js';
import { readBackgroundOutput } from './read-background-output.js';
import { readFile } from './read-file.js';
import { readManyFiles } from './read-many-files.js';
import { readMcpResource } from './read-mcp-resource.js';
import { replace } from './replace.js';
import { runShellCommand } from './run-shell-command.js';
import { trackerAddDependency } from './tracker-add-dependency.js';
import { trackerCreateTask } from './tracker-create-task.js';
import { trackerGetTask } from './tracker-get-task.js';
import { trackerListTasks } from './tracker-list-tasks.js';
import { trackerUpdateTask } from './tracker-update-task.js';
import { trackerVisualize } from './tracker-visualize.js';
import { updateTopic } from './update-topic.js';
import { webFetch } from './web-fetch.js';
import { writeFile } from './write-file.js';
import { writeTodos } from './write-todos.js';

/**
 * Gemini CLI 0.61.0's tools in the order it sends them (vendors/gemini/0.61.0.json): what a
 * headless run sends the default model, with the MCP resource tools (Facet always offers
 * resources), and two tools kept beyond that set: write_todos, which 0.61.0 sends to Gemini 2
 * models (Facet does not know the model, and served it before), and read_many_files, which the
 * release ships but no longer registers. activate_skill joins when skills are found at start-up.
 * The person-answered tools are declared too, in registration order: ask_user (0.61.0 sends it
 * in interactive sessions: a host that answers questions is one) and both plan-mode tools
 * (0.61.0 sends one or the other by mode; Facet's catalog does not change with the session).
 */
export const GEMINI_TOOLS = [
  updateTopic,
  listDirectory,
  readFile,
  grepSearch,
  glob,
  replace,
  writeFile,
  webFetch,
  readMcpResource,
  listMcpResources,
  runShellCommand,
  listBackgroundProcesses,
  readBackgroundOutput,
  googleWebSearch,
  askUser,
  writeTodos,
  exitPlanMode,
  enterPlanMode,
  readManyFiles,
];

/** The task tracker's tools, in the order 0.61.0 registers them. */
const TRACKER_TOOLS = [
  trackerCreateTask,
  trackerUpdateTask,
  trackerGetTask,
  trackerListTasks,
  trackerAddDependency,
  trackerVisualize,
];

/**
 * The catalog with the task tracker (--gemini-tracker, as Gemini CLI's experimental.taskTracker): its tools after the
 * plan-mode tools, and no write_todos, which Gemini CLI never registers beside the tracker.
 */
function withTracker(tools: typeof GEMINI_TOOLS) {
  const at = tools.indexOf(enterPlanMode) + 1;
  return [...tools.slice(0, at), ...TRACKER_TOOLS, ...tools.slice(at)].filter((t) => t !== writeTodos);
}

export function geminiShape(config: FacetConfig, engine: Engine): ToolboxSpec {
  // Failures raised before a call (bad arguments) keep Gemini's own framing.
  // The vendor builds activate_skill's enum from the skills it finds at start-up: so does Facet.
  const skills = engine.skills.namesNow(config.roots, GEMINI_SKILL_DIRS);
  const tools = buildTools({ config, engine }, { ...geminiDialect, beforeCall: geminiFormatError }, [
    ...(config.gemini?.tracker ? withTracker(GEMINI_TOOLS) : GEMINI_TOOLS),
    ...(skills.length > 0 ? [activateSkill(skills)] : []),
  ]);
  return shapeSpec(config, {
    shape: 'gemini',
    vendor: 'gemini',
    description:
      'Gemini CLI tools (read_file, replace, grep_search, run_shell_command, ...) with its schemas, result texts and error types.',
    contextFiles: ['GEMINI.md', 'AGENTS.md'],
    tools,
    guide: (roots, tools) =>
      [
        `Your workspace is ${roots.join(', ')}; relative paths start at the session directory.`,
        'Explore with list_directory, glob (recent files first) and grep_search (File:/L<n>: blocks, 100 matches at most).',
        'Read with read_file (2000-line windows: continue from the start_line the notice gives) or read_many_files.',
        'Change files with replace (copy old_string exactly; allow_multiple for every occurrence) or write_file for whole files.',
        'Run commands with run_shell_command; long-running ones with is_background, then read_background_output.',
        'Search the web with google_web_search and read pages with web_fetch (URLs in the prompt).',
        tools.some((t) => t.name === 'write_todos')
          ? 'Track multi-step work with write_todos; publish the phase of the work with update_topic.'
          : 'Track multi-step work in the task tracker (tracker_create_task, tracker_update_task, tracker_list_tasks, tracker_visualize); publish the phase of the work with update_topic.',
        'ask_user puts questions to the person; enter_plan_mode plans first (plans dir only), exit_plan_mode asks approval.',
        'list_mcp_resources and read_mcp_resource reach the server resources; activate_skill loads a skill by name.',
        'A failed call carries its error type in the structured block.',
        '',
        `Tools: ${tools.map((t) => t.name).join(', ')}.`,
      ].join('\n'),
  });
}
