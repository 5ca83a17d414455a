// The qwen shape's older release, as its differences from 0.24.4 (docs/shape-versions.md; the
// facts per release in vendors/qwen/history.md). 0.15.10 is served as it was before releases
// were versioned: its eleven tools in registration order (0.24.4 sorts its declarations by name,
// so every tool is listed again rather than moved), with its own schemas and words, and no
// deferred or disabled tools.
import type { ReleaseDiffs } from '../release-diff.js';
import { addReleaseDiffs } from '../versions.js';
import { buildTools } from '../common/define.js';
import { edit } from './edit.js';
import { qwenDialect, qwenFormatError } from './errors.js';
import { glob } from './glob.js';
import { grepSearch01510 } from './grep-search.js';
import { listDirectory } from './list-directory.js';
import { lsp01510 } from './lsp.js';
import { readFile01510 } from './read-file.js';
import { runShellCommand01510 } from './run-shell-command.js';
import { taskStop } from './task-stop.js';
import { TEAM_TOOL_NAMES } from './team-tools.js';
import { todoWrite } from './todo-write.js';
import { webFetch } from './web-fetch.js';
import { searchServed } from './web-search.js';
import { writeFile01510 } from './write-file.js';

/** Every tool 0.24.4 serves, listed or not. */
const SERVED_0244 = [
  ...['ask_user_question', 'enter_plan_mode', 'exit_plan_mode'],
  ...['edit', 'get_goal', 'glob', 'grep_search', 'notebook_edit', 'read_file', 'run_shell_command', 'skill'],
  ...['tool_call', 'tool_search', 'update_goal', 'write_file'],
  ...['enter_worktree', 'exit_worktree', 'lsp', 'monitor', 'read_mcp_resource', 'task_stop', 'web_fetch'],
  ...['list_directory', 'todo_write'],
];

const TOOLS_01510 = [
  readFile01510,
  writeFile01510,
  edit,
  grepSearch01510,
  glob,
  listDirectory,
  runShellCommand01510,
  taskStop,
  webFetch,
  lsp01510,
  todoWrite,
];

export const qwenDiffs: ReleaseDiffs = {
  '0.15.10': {
    removed: (env) => [
      ...SERVED_0244,
      ...(searchServed(env) ? ['web_search'] : []),
      ...(env.config.qwen.agentTeam ? TEAM_TOOL_NAMES : []),
    ],
    description:
      'Qwen Code tools (read_file, edit, grep_search, run_shell_command, todo_write, ...) with its schemas, result texts and error types.',
    added: [{ tools: (env) => buildTools(env, { ...qwenDialect, beforeCall: qwenFormatError }, TOOLS_01510) }],
    guide: (roots, tools) =>
      [
        `Your workspace is ${roots.join(', ')}. File tools take absolute paths.`,
        'Explore with list_directory, glob (recent files first) and grep_search (case-insensitive, path:line:text).',
        'Read with read_file (0-based offset, 1000 lines per call); read a file before you edit or overwrite it.',
        'Change files with edit (exact text, unique unless replace_all) or write_file for whole files.',
        'Run commands with run_shell_command (2-minute default timeout); servers with is_background, stopped with task_stop.',
        'Fetch a page with web_fetch. Track multi-step work with todo_write.',
        'lsp answers definitions, references, hover, symbols and diagnostics from language servers (1-based line and character).',
        '',
        `Tools: ${tools.map((t) => t.name).join(', ')}.`,
      ].join('\n'),
  },
};

// Known to versions.ts once this shape is loaded (its index.ts imports this file).
addReleaseDiffs('qwen', qwenDiffs);
