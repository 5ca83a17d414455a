// The gemini shape: Gemini CLI's tool names, schemas, result texts and error types.
import type { FacetConfig } from '../../config.js';
import type { Engine } from '../../engine/index.js';
import type { ToolboxSpec } from '../../registry/types.js';
import { shapeSpec } from '../common/spec.js';
import { geminiFormatError } from './errors.js';
import { geminiFileTools } from './files.js';
import { geminiSearchTools } from './search.js';
import { geminiShellTools } from './shell.js';
import { geminiTodoTools } from './todos.js';
import { geminiWebTools } from './web.js';

export function geminiShape(config: FacetConfig, engine: Engine): ToolboxSpec {
  return shapeSpec(config, {
    shape: 'gemini',
    vendor: 'gemini',
    description: 'Gemini CLI tools (read_file, replace, grep_search, run_shell_command, ...) with its schemas, result texts and error types.',
    contextFiles: ['GEMINI.md', 'AGENTS.md'],
    tools: [...geminiFileTools, ...geminiSearchTools(config), ...geminiShellTools(config, engine), ...geminiWebTools(config, engine), ...geminiTodoTools],
    formatError: geminiFormatError,
    guide: (roots, tools) =>
      [
        `Your workspace is ${roots.join(', ')}; relative paths start at the session directory.`,
        'Explore with list_directory, glob (recent files first) and grep_search (File:/L<n>: blocks, 100 matches at most).',
        'Read with read_file (2000-line windows: continue from the start_line the notice gives) or read_many_files.',
        'Change files with replace (copy old_string exactly; allow_multiple for every occurrence) or write_file for whole files.',
        'Run commands with run_shell_command; long-running ones with is_background, then read_background_output.',
        'Search the web with google_web_search and read pages with web_fetch (URLs in the prompt).',
        'Track multi-step work with write_todos. A failed call carries its error type in the structured block.',
        '',
        `Tools: ${tools.map((t) => t.name).join(', ')}.`,
      ].join('\n'),
  });
}
