// The qwen shape: Qwen Code's tool names, schemas, result texts and error types.
import type { FacetConfig } from '../../config.js';
import type { Engine } from '../../engine/index.js';
import type { ToolboxSpec } from '../../registry/types.js';
import { shapeSpec } from '../common/spec.js';
import { qwenFormatError } from './errors.js';
import { qwenFileTools } from './files.js';
import { qwenSearchTools } from './search.js';
import { qwenShellTools } from './shell.js';
import { qwenTodoTools } from './todos.js';
import { qwenWebTools } from './web.js';

export function qwenShape(config: FacetConfig, engine: Engine): ToolboxSpec {
  return shapeSpec(config, {
    shape: 'qwen',
    vendor: 'qwen',
    description: 'Qwen Code tools (read_file, edit, grep_search, run_shell_command, todo_write, ...) with its schemas, result texts and error types.',
    contextFiles: ['QWEN.md', 'AGENTS.md'],
    tools: [...qwenFileTools, ...qwenSearchTools(config), ...qwenShellTools(config, engine), ...qwenWebTools(config, engine), ...qwenTodoTools],
    formatError: qwenFormatError,
    guide: (roots, tools) =>
      [
        `Your workspace is ${roots.join(', ')}. File tools take absolute paths.`,
        'Explore with list_directory, glob (recent files first) and grep_search (case-insensitive, path:line:text).',
        'Read with read_file (0-based offset, 1000 lines per call); read a file before you edit or overwrite it.',
        'Change files with edit (exact text, unique unless replace_all) or write_file for whole files.',
        'Run commands with run_shell_command (2-minute default timeout); servers with is_background, stopped with task_stop.',
        'Fetch a page with web_fetch. Track multi-step work with todo_write.',
        '',
        `Tools: ${tools.map((t) => t.name).join(', ')}.`,
      ].join('\n'),
  });
}
