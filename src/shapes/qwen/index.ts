// The qwen shape: Qwen Code's tool names, schemas, result texts and error types.
import type { FacetConfig } from '../../config.js';
import type { Engine } from '../../engine/index.js';
import type { ToolboxSpec } from '../../registry/types.js';
import { buildTools } from '../common/define.js';
import { shapeSpec } from '../common/spec.js';
import { edit } from './edit.js';
import { qwenDialect, qwenFormatError } from './errors.js';
import { glob } from './glob.js';
import { grepSearch } from './grep-search.js';
import { listDirectory } from './list-directory.js';
import { lsp } from './lsp.js';
import { readFile } from './read-file.js';
import { runShellCommand } from './run-shell-command.js';
import { taskStop } from './task-stop.js';
import { todoWrite } from './todo-write.js';
import { webFetch } from './web-fetch.js';
import { writeFile } from './write-file.js';

export function qwenShape(config: FacetConfig, engine: Engine): ToolboxSpec {
  const tools = [
    readFile,
    writeFile,
    edit,
    grepSearch,
    glob,
    listDirectory,
    runShellCommand,
    taskStop,
    webFetch,
    lsp,
    todoWrite,
  ];
  return shapeSpec(config, {
    shape: 'qwen',
    vendor: 'qwen',
    description:
      'Qwen Code tools (read_file, edit, grep_search, run_shell_command, todo_write, ...) with its schemas, result texts and error types.',
    contextFiles: ['QWEN.md', 'AGENTS.md'],
    // Failures before a call (bad arguments, an evicted session) and bugs keep Qwen's framing, not the error-type
    // words.
    tools: buildTools({ config, engine }, { ...qwenDialect, beforeCall: qwenFormatError }, tools),
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
  });
}
