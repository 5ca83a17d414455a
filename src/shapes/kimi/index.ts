// The kimi shape: Kimi Code 2.1.0's tools (Read, Edit, Grep, Bash, background tasks, goals,
// Skill...) with its schemas (draft-07, no unknown properties), its result framing and words.
// The Python kimi-cli 1.49 dialect is served beside it as kimi@1.49 (diffs.ts, v1/).
import type { FacetConfig } from '../../config.js';
import type { Engine } from '../../engine/index.js';
import type { ToolDefinition, ToolboxSpec } from '../../registry/types.js';
import { buildTools, type ToolMaker } from '../common/define.js';
import { shapeSpec } from '../common/spec.js';
import { askUserQuestionTool } from './ask-user-question.js';
import { bashTool } from './bash.js';
import { createGoalTool } from './create-goal.js';
import { editTool } from './edit.js';
import { enterPlanModeTool } from './enter-plan-mode.js';
import { kimiCodeDialect } from './errors.js';
import { exitPlanModeTool } from './exit-plan-mode.js';
import { fetchUrlTool } from './fetch-url.js';
import { getGoalTool } from './get-goal.js';
import { globTool } from './glob.js';
import { grepTool } from './grep.js';
import { notifyUserTool } from './notify-user.js';
import { readMediaFileTool } from './read-media-file.js';
import { readTool } from './read.js';
import { setGoalBudgetTool } from './set-goal-budget.js';
import { skillTool } from './skill.js';
import { taskListTool } from './task-list.js';
import { taskOutputTool } from './task-output.js';
import { taskStopTool } from './task-stop.js';
import { todoListTool } from './todo-list.js';
import { updateGoalTool } from './update-goal.js';
import { waitForTool } from './wait-for.js';
import { webSearchTool } from './web-search.js';
import { writeTool } from './write.js';
import './diffs.js'; // its older releases' differences, for versions.ts

export function kimiGuide(roots: readonly string[], shown: readonly ToolDefinition[]): string {
  const has = (name: string) => shown.some((t) => t.name === name);
  return [
    `The workspace is ${roots.join(', ')}; relative paths start at ${roots[0]}. Paths outside it are refused.`,
    'Find files with Glob and text with Grep; Read files in pages (max_chars; "Next Read" in the status continues).',
    'Change files with Edit (old_string unique unless replace_all) and whole files with Write. Images and videos: ReadMediaFile.',
    'Run commands with Bash; one still running at its timeout moves to the background. Start long ones with run_in_background;',
    'their end is announced after a later result; TaskList, TaskOutput, WaitFor and TaskStop manage them.',
    `Keep a plan with TodoList; pursue a goal with CreateGoal, GetGoal, SetGoalBudget and UpdateGoal. Skill loads a skill.`,
    'AskUserQuestion asks the person; EnterPlanMode plans (only the plan file may be written) until ExitPlanMode is approved.',
    ...(has('NotifyUser') ? ['NotifyUser shows the person a short update.'] : []),
    has('WebSearch') ? 'WebSearch finds pages and FetchURL reads them.' : 'FetchURL reads a web page.',
    'Errors read "<system>ERROR: Tool execution failed.</system>" and the reason.',
    '',
    `Tools: ${shown.map((t) => t.name).join(', ')}.`,
  ].join('\n');
}

export function kimiShape(config: FacetConfig, engine: Engine): ToolboxSpec {
  // Kimi Code sends its tools in alphabetical order; WebSearch only with a search service,
  // NotifyUser only when asked for (Kimi Code: a flag, and its TUI).
  const search = engine.web.providers.some((p) => p.isAvailable());
  const makers: Array<ToolMaker<never>> = [
    askUserQuestionTool,
    bashTool,
    createGoalTool,
    editTool,
    enterPlanModeTool,
    exitPlanModeTool,
    fetchUrlTool,
    getGoalTool,
    globTool,
    grepTool,
    ...(config.kimi?.notifyUser ? [notifyUserTool] : []),
    readTool,
    readMediaFileTool,
    setGoalBudgetTool,
    skillTool,
    taskListTool,
    taskOutputTool,
    taskStopTool,
    todoListTool,
    updateGoalTool,
    waitForTool,
    ...(search ? [webSearchTool] : []),
    writeTool,
  ];
  return shapeSpec(config, {
    shape: 'kimi',
    vendor: 'kimi',
    description:
      'Kimi Code tools (Read, Edit, Grep, Bash, background tasks with WaitFor, goals, Skill...) with its result framing.',
    contextFiles: ['AGENTS.md'],
    tools: buildTools({ config, engine }, kimiCodeDialect, makers),
    guide: kimiGuide,
  });
}
