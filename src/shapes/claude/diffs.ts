// The claude shape's older releases, each as its differences from its newer neighbour
// (docs/shape-versions.md; the facts per release in vendors/claude/history.md).
import type { ReleaseDiffs } from '../release-diff.js';
import { addReleaseDiffs } from '../versions.js';
import { buildTools } from '../common/define.js';
import { bash197 } from './bash.js';
import { edit197 } from './edit.js';
import { claudeDialect } from './errors.js';
import { claudeGuide } from './guide.js';
import { read197 } from './read.js';
import { taskOutput } from './task-output.js';
import { taskStop197 } from './task-stop.js';
import { todoWrite } from './todo-write.js';
import { webFetch197 } from './web-fetch.js';
import { write197 } from './write.js';

/** The todo tools the newer release serves, by --claude-todo-tools. */
const TODO_TOOLS = { tasks: ['TaskCreate', 'TaskGet', 'TaskList', 'TaskUpdate'], todo: ['TodoWrite'], none: [] };
/** Tools Claude Code had by 2.1.197 that Facet first served with 2.1.332. */
const LATER_SERVED = ['LSP', 'EnterWorktree', 'ExitWorktree', 'Skill', 'ListMcpResourcesTool', 'ReadMcpResourceTool'];
/** Tools the person answers: in 2.1.197's .d.ts but never captured with their schemas (history.md). */
const HOST_ANSWERED = ['AskUserQuestion', 'EnterPlanMode', 'ExitPlanMode'];

export const claudeDiffs: ReleaseDiffs = {
  // 2.1.277..2.1.309: TaskOutput gone, background timeouts, WebFetch offset and Read allow_large
  // there (2.1.285, 2.1.290, 2.1.296), but Monitor not yet sent (from 2.1.310).
  '2.1.309': {
    removed: ['Monitor'],
    guide: (roots, list) =>
      claudeGuide(roots, list)
        .split('\n')
        .filter((l) => !l.startsWith('Monitor '))
        .join('\n'),
  },
  // The first capture, served as it was before releases were versioned: TaskOutput for
  // background output, TodoWrite for plans, Edit and Write only after a Read.
  '2.1.197': {
    // 2.1.197 had TodoWrite only, whichever todo tools the newer release serves.
    removed: (env) => [...TODO_TOOLS[env.config.claude.todoTools], ...LATER_SERVED, ...HOST_ANSWERED],
    added: [
      { after: 'Bash', tools: (env) => buildTools(env, claudeDialect, [taskOutput]) },
      { after: 'NotebookEdit', tools: (env) => buildTools(env, claudeDialect, [todoWrite]) },
    ],
    replaced: (env) => buildTools(env, claudeDialect, [read197, write197, edit197, bash197, taskStop197, webFetch197]),
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
  },
};

// Known to versions.ts once this shape is loaded (its index.ts imports this file).
addReleaseDiffs('claude', claudeDiffs);
