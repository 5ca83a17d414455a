// The kimi shape: Kimi CLI's tools (ReadFile, Shell, Grep, SetTodoList...) with its schemas,
// its <system>…</system> framing of messages and errors, and its output limits.
import type { FacetConfig } from '../../config.js';
import type { Engine } from '../../engine/index.js';
import type { ToolboxSpec } from '../../registry/types.js';
import { buildTools } from '../common/define.js';
import { shapeSpec } from '../common/spec.js';
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

export function kimiShape(config: FacetConfig, engine: Engine): ToolboxSpec {
  // Kimi CLI's own order: planning, shell and tasks, reading, searching, writing, web.
  const tools = buildTools({ config, engine }, kimiDialect, [
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
  return shapeSpec(config, {
    shape: 'kimi',
    vendor: 'kimi',
    description:
      "Kimi CLI tools (ReadFile, StrReplaceFile, Grep, Shell, background tasks, SearchWeb...) with Kimi's <system> result framing.",
    contextFiles: ['AGENTS.md'],
    tools,
    guide: (roots, shown) =>
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
      ].join('\n'),
  });
}
