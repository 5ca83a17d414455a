// StrReplaceFile: one literal edit or a list of them, applied in order, all or nothing.
import { engineFailure, type EditResult } from '../../../engine/index.js';
import { str } from '../../kit/text/str.js';
import { literalEdits } from '../../kit/files/literal-edits.js';
import { fileChangeHost } from '../../kit/files/file-change-host.js';
import { defineTool } from '../../common/define.js';
import { TAGS } from '../../tags.js';
import { kimiFail, kimiOk } from './errors.js';
import { checkPath, fileWording, pathOf } from './files.js';

type EditItem = { old: string; new: string; replace_all?: boolean };

type Args = { path: string; edit: EditItem | EditItem[] };

const EDIT = {
  properties: { old: { type: 'string' }, new: { type: 'string' }, replace_all: { default: false, type: 'boolean' } },
  required: ['old', 'new'],
  type: 'object',
};

const itemsOf = (args: Args): EditItem[] =>
  Array.isArray(args.edit) ? args.edit : args.edit === undefined ? [] : [args.edit];

export const strReplaceFileTool = defineTool<Args, EditResult>({
  name: 'StrReplaceFile',
  summary: 'Replace exact text in a file: one edit {old, new} or a list applied in order, all or nothing.',
  description: [
    'Literal (not regex) replacement in a text file inside the workspace. `edit` is one {old, new, replace_all} object or a list of them, applied in order',
    'to the running content. Each old string must occur exactly once unless replace_all is true (then every occurrence changes). If any edit does not',
    'match, nothing is written. Encoding and line endings are kept. The message counts the edits and replacements; the host block has the diff. To rewrite',
    'a whole file use WriteFile.',
  ],
  schema: {
    properties: { path: { type: 'string' }, edit: { anyOf: [EDIT, { items: EDIT, type: 'array' }] } },
    required: ['path', 'edit'],
    type: 'object',
  },
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Change one line',
      arguments: { path: 'src/app.py', edit: { old: 'DEBUG = True', new: 'DEBUG = False' } },
      expectedOutcome: 'Applied 1 edit(s) with 1 total replacement(s).',
    },
    {
      description: 'Rename everywhere and fix a call',
      arguments: {
        path: 'src/app.py',
        edit: [
          { old: 'old_name', new: 'new_name', replace_all: true },
          { old: 'run(1)', new: 'run(2)' },
        ],
      },
      expectedOutcome: 'Both edits applied, or none.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'INVALID_ARGUMENT: an old string is not in the file (edits are all or nothing: nothing is written, unlike Kimi CLI which skips',
    'unmatched edits); an empty old string; the edits change nothing.',
    'CONFLICT: an old string occurs more than once and replace_all is false. Kimi CLI silently replaces the first occurrence;',
    'this server refuses instead, so add context to make the text unique or set replace_all.',
    'NOT_FOUND: the file does not exist (create it with WriteFile). PERMISSION_DENIED: outside the workspace.',
  ],
  call(args, c) {
    const p = checkPath(pathOf(args));
    const edits = itemsOf(args).map((e) => ({ ...e, all: e.replace_all }));
    return c.engine.files.edit(c, p, literalEdits(edits, 'edit'), { allowNoChange: true });
  },
  format(r, args) {
    const edits = itemsOf(args).length;
    if (!r.changed) {
      const err = engineFailure(
        'no_change',
        'the edits leave the file unchanged',
        { path: pathOf(args) },
        { field: 'edit' },
      );
      return kimiFail(
        'No replacements were made: the edits leave the file exactly as it is.',
        '',
        { paths: [r.path] },
        err,
      );
    }
    const host = fileChangeHost(`Edited ${r.relative}`, r, { edits, replacements: r.replacements });
    return kimiOk(
      `File successfully edited. Applied ${edits} edit(s) with ${r.replacements} total replacement(s).`,
      '',
      host,
    );
  },
  errors: fileWording<Args>((err, p, args) => {
    const which =
      itemsOf(args).length > 1 && typeof err.facts.editIndex === 'number' ? ` of edit ${err.facts.editIndex + 1}` : '';
    switch (err.condition) {
      case 'no_match':
        return `No replacements were made: the old string${which} was not found in the file, so nothing was written. Read the file again and copy the text exactly.`;
      case 'ambiguous':
        return `No replacements were made: the old string${which} occurs ${str(err.facts.count)} times in \`${p}\`. Add surrounding text to make it unique, or set replace_all to change every occurrence.`;
      case 'no_change':
        return 'No replacements were made: the edits leave the file exactly as it is.';
      case 'empty_old':
        return `The old string${which} is empty; give the exact text to replace.`;
    }
    return undefined;
  }),
});
