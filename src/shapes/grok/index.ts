// The grok shape: grok-dev 1.x's tools (superagent-ai/grok-cli after its 2026-03 rewrite) that
// run in a tool server: bash with background processes, process_*, read_file, grep, search_web,
// lsp, write_file, edit_file, answering with grok-dev's JSON result objects. Grok CLI 0.0.34's
// tools (view_file, create_file, …) are served as grok@0.0.34 (diffs.ts).
import type { FacetConfig } from '../../config.js';
import type { Engine } from '../../engine/index.js';
import type { ToolboxSpec } from '../../registry/types.js';
import { buildTools } from '../common/define.js';
import { shapeSpec } from '../common/spec.js';
import { bash } from './bash.js';
import { grokDevDialect } from './dev-result.js';
import { editFile } from './edit-file.js';
import { grep } from './grep.js';
import { lsp } from './lsp.js';
import { processList } from './process-list.js';
import { processLogs } from './process-logs.js';
import { processStop } from './process-stop.js';
import { readFile } from './read-file.js';
import { searchWeb } from './search-web.js';
import { writeFile } from './write-file.js';
import './diffs.js'; // its older releases' differences, for versions.ts

export function grokShape(config: FacetConfig, engine: Engine): ToolboxSpec {
  return shapeSpec(config, {
    shape: 'grok',
    vendor: 'grok',
    description:
      'grok-dev tools (bash with background processes, process_logs/stop/list, read_file, grep, search_web, lsp, write_file, edit_file) with JSON results.',
    contextFiles: ['AGENTS.md'],
    // grok-dev's order (its agent-mode list without the tools Facet does not serve).
    tools: buildTools({ config, engine }, grokDevDialect, [
      bash,
      processLogs,
      processStop,
      processList,
      readFile,
      grep,
      searchWeb,
      lsp,
      writeFile,
      editFile,
    ]),
    guide: (roots, shown) =>
      [
        `You work in ${roots.join(', ')}. Relative paths start from the current directory, which "cd <dir>" with bash changes.`,
        'Read files with read_file (start_line/end_line for sections) and search their contents with grep (a regex).',
        'Change files with edit_file (old_string must occur once) or write whole files with write_file.',
        'bash runs commands (timeout in ms, default 30000); background=true starts long-running ones, followed with',
        'process_logs, process_stop and process_list. search_web looks things up; lsp asks a language server.',
        '',
        `Tools: ${shown.map((t) => t.name).join(', ')}.`,
      ].join('\n'),
  });
}
