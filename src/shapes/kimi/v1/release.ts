// The Python kimi-cli 1.49 dialect (kimi@1.49, also kimi@1.x): its tools in its own order, its
// description and guide. Served as a table of differences over Kimi Code 2.1.0 (../diffs.ts).
import type { ToolDefinition } from '../../../registry/types.js';
import { buildTools, type ShapeEnv } from '../../common/define.js';
import { kimiDialect } from './errors.js';
import { fetchUrlTool } from './fetch-url.js';
import { globTool } from './glob.js';
import { grepTool } from './grep.js';
import { readFileTool } from './read-file.js';
import { readMediaFileTool } from './read-media-file.js';
import { searchWebTool } from './search-web.js';
import { setTodoListTool } from './set-todo-list.js';
import { shellTool } from './shell.js';
import { strReplaceFileTool } from './str-replace-file.js';
import { taskListTool } from './task-list.js';
import { taskOutputTool } from './task-output.js';
import { taskStopTool } from './task-stop.js';
import { writeFileTool } from './write-file.js';

/** Kimi CLI's own order: planning, shell and tasks, reading, searching, writing, web. */
export const kimi149Tools = (env: ShapeEnv): ToolDefinition[] =>
  buildTools(env, kimiDialect, [
    ...[
      setTodoListTool,
      shellTool,
      taskListTool,
      taskOutputTool,
      taskStopTool,
      readFileTool,
      readMediaFileTool,
      globTool,
      grepTool,
    ],
    ...[writeFileTool, strReplaceFileTool, searchWebTool, fetchUrlTool],
  ]);

export const KIMI_149_DESCRIPTION =
  "Kimi CLI tools (ReadFile, StrReplaceFile, Grep, Shell, background tasks, SearchWeb...) with Kimi's <system> result framing.";

export const kimi149Guide = (roots: readonly string[], shown: readonly ToolDefinition[]): string =>
  [
    `The workspace is ${roots.join(', ')}; relative paths start at ${roots[0]}. Paths outside it are refused.`,
    'Find files with Glob (never start a pattern with **) and text with Grep (files_with_matches first, then content).',
    'Read with ReadFile (1000 lines per call; line_offset pages, a negative one reads the end); images and videos with ReadMediaFile.',
    'Change files with StrReplaceFile (the old text must be unique unless replace_all), whole files with WriteFile.',
    'Run commands with Shell (a fresh shell each call; 300 s at most); long-running ones with run_in_background,',
    'then TaskOutput, TaskList and TaskStop. SearchWeb and FetchURL reach the web. Keep a plan with SetTodoList.',
    'Each result starts with a <system>…</system> message; errors read <system>ERROR: …</system>.',
    '',
    `Tools: ${shown.map((t) => t.name).join(', ')}.`,
  ].join('\n');
