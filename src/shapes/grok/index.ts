// The grok shape: Grok CLI's tools (view_file, create_file, str_replace_editor, bash,
// search, todo lists) with its schemas and plain-text results, made safe where the CLI is not.
import type { FacetConfig } from '../../config.js';
import type { Engine } from '../../engine/index.js';
import type { ToolboxSpec } from '../../registry/types.js';
import { buildTools } from '../common/define.js';
import { shapeSpec } from '../common/spec.js';
import { bash } from './bash.js';
import { createFile } from './create-file.js';
import { createTodoList } from './create-todo-list.js';
import { grokDialect } from './errors.js';
import { search } from './search.js';
import { strReplaceEditor } from './str-replace-editor.js';
import { updateTodoList } from './update-todo-list.js';
import { viewFile } from './view-file.js';

export function grokShape(config: FacetConfig, engine: Engine): ToolboxSpec {
  return shapeSpec(config, {
    shape: 'grok',
    vendor: 'grok',
    description:
      'Grok CLI tools (view_file, create_file, str_replace_editor, bash, search, todo lists) with plain-text results.',
    contextFiles: ['AGENTS.md'],
    tools: buildTools({ config, engine }, grokDialect, [
      viewFile,
      createFile,
      strReplaceEditor,
      bash,
      search,
      createTodoList,
      updateTodoList,
    ]),
    guide: (roots, shown) =>
      [
        `You work in ${roots.join(', ')}. Paths are relative to the current directory, which "cd <dir>" with bash changes.`,
        'Look before you change: view_file shows a directory, the first 10 lines of a file, or start_line-end_line.',
        'search finds files by content or by name. str_replace_editor changes existing files (old_str must match once',
        'unless replace_all); create_file only makes new files. bash runs commands with a 30 s limit.',
        'For work of several steps keep a list with create_todo_list and update_todo_list.',
        '',
        `Tools: ${shown.map((t) => t.name).join(', ')}.`,
      ].join('\n'),
  });
}
