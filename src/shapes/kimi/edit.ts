// Edit (Kimi Code 2.1.0): one literal replacement of old_string by new_string (every
// occurrence with replace_all), on the file as Read shows it; no Read is needed first.
import { engineFailure, type EditResult } from '../../engine/index.js';
import { literalEdit } from '../kit/files/literal-edits.js';
import { fileChangeHost } from '../kit/files/file-change-host.js';
import { str } from '../kit/text/str.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { codeFail, codeMessage, codeOk } from './errors.js';
import { checkPath, pathOf } from './v1/files.js';
import { notSensitive } from './paths.js';

type Args = { path: string; old_string: string; new_string: string; replace_all?: boolean };

export const editTool = defineTool<Args, EditResult>({
  name: 'Edit',
  summary: 'Replace an exact string in a file (unique unless replace_all); the result counts the replacements.',
  description: [
    'Replaces old_string with new_string in a file of the workspace. old_string must occur exactly once unless replace_all',
    'is true, which replaces every occurrence. Match the text as Read shows it, without the line numbers; in a file with',
    'only CRLF line breaks a plain line break matches CRLF. The result is "Replaced 1 occurrence in <path>" or "Replaced',
    '<n> occurrences in <path>". When old_string is missing, Read the file again: it may have changed.',
  ],
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      path: { type: 'string' },
      old_string: { type: 'string', minLength: 1 },
      new_string: { type: 'string' },
      replace_all: { type: 'boolean' },
    },
    required: ['path', 'old_string', 'new_string'],
    additionalProperties: false,
  },
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Change one line',
      arguments: { path: 'src/app.py', old_string: 'DEBUG = True', new_string: 'DEBUG = False' },
      expectedOutcome: 'Replaced 1 occurrence in src/app.py',
    },
    {
      description: 'Rename everywhere in a file',
      arguments: { path: 'src/app.py', old_string: 'old_name', new_string: 'new_name', replace_all: true },
      expectedOutcome: 'Replaced <n> occurrences in src/app.py',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'INVALID_ARGUMENT: old_string not found ("the file contents may be out of date"); not unique without replace_all (the',
    'count is given); old_string equal to new_string ("No changes to make"); the path is a directory ("is not a file").',
    'NOT_FOUND: "read failed: path does not exist". PERMISSION_DENIED: outside the workspace (Kimi Code edits absolute',
    'paths anywhere; this server keeps to its roots). The file is left untouched on every failure.',
  ],
  call(args, c) {
    const p = notSensitive(checkPath(pathOf(args)));
    if (args.old_string === args.new_string)
      throw engineFailure('no_change', 'old_string equals new_string', { path: p }, { field: 'new_string' });
    return c.engine.files.edit(c, p, [literalEdit(args.old_string, args.new_string, args.replace_all === true)], {
      allowNoChange: true,
    });
  },
  format(r, args) {
    const n = r.replacements;
    return codeOk(
      `Replaced ${n} occurrence${n === 1 ? '' : 's'} in ${args.path}`,
      fileChangeHost(`Edited ${r.relative}`, r, { replacements: n }),
    );
  },
  errors(err, args) {
    const p = args.path;
    switch (err.condition) {
      case 'no_match':
        return codeFail(
          `old_string not found in ${p}, the file contents may be out of date. Please use the Read Tool to reload the content.\n`,
        );
      case 'ambiguous':
        return codeFail(
          `old_string is not unique in ${p} (found ${str(err.facts.count)} occurrences). To replace every occurrence, set replace_all=true. To replace only one occurrence, include more surrounding context in old_string.`,
        );
      case 'empty_path':
        return codeFail('File path cannot be empty.');
      case 'no_change':
        return codeFail('No changes to make: old_string and new_string are exactly the same.');
    }
    if (err.kind === 'not_found') return codeFail('read failed: path does not exist');
    return codeFail(codeMessage({ ...err, facts: { ...err.facts, path: p } } as typeof err));
  },
});
