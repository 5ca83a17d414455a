// The grok shape's older release, as its differences from grok-dev 1.1.7 (docs/shape-versions.md;
// which release changed what: vendors/grok/history.md). Grok CLI 0.0.34 is the dialect before the
// 2026-03 rewrite: other tools, plain-text results; models trained on it know only these.
import type { ReleaseDiffs } from '../release-diff.js';
import { addReleaseDiffs } from '../versions.js';
import { buildTools } from '../common/define.js';
import { bash0034 } from './bash.js';
import { createFile } from './create-file.js';
import { createTodoList } from './create-todo-list.js';
import { grokDialect } from './errors.js';
import { search } from './search.js';
import { strReplaceEditor } from './str-replace-editor.js';
import { updateTodoList } from './update-todo-list.js';
import { viewFile } from './view-file.js';

export const grokDiffs: ReleaseDiffs = {
  '0.0.34': {
    removed: [
      'bash',
      'process_logs',
      'process_stop',
      'process_list',
      'read_file',
      'grep',
      'search_web',
      'lsp',
      'write_file',
      'edit_file',
    ],
    added: [
      {
        tools: (env) =>
          buildTools(env, grokDialect, [
            viewFile,
            createFile,
            strReplaceEditor,
            bash0034,
            search,
            createTodoList,
            updateTodoList,
          ]),
      },
    ],
    description:
      'Grok CLI tools (view_file, create_file, str_replace_editor, bash, search, todo lists) with plain-text results.',
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
  },
};

// Known to versions.ts once this shape is loaded (its index.ts imports this file).
addReleaseDiffs('grok', grokDiffs);
