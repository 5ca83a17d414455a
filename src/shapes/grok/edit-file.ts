// edit_file: one exact replacement in a file; old_string must occur exactly once.
import { type EditResult, engineFailure } from '../../engine/index.js';
import { editHost } from '../kit/files/change-host.js';
import { literalEdit } from '../kit/files/literal-edits.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { changeReply } from './dev-change.js';
import { devWords, zodObject } from './dev-result.js';

interface Args {
  path: string;
  old_string: string;
  new_string: string;
}

const schema = zodObject({ path: { type: 'string' }, old_string: { type: 'string' }, new_string: { type: 'string' } }, [
  'path',
  'old_string',
  'new_string',
]);

export const editFile = defineTool<Args, EditResult>({
  name: 'edit_file',
  summary: 'Replace one exact, unique piece of text in a file with new text; returns the diff.',
  description: [
    'Replaces old_string with new_string in a file (relative to the current directory or absolute). old_string must',
    'match the file exactly, whitespace and indentation included, and occur exactly once: add surrounding lines to',
    'make it unique. new_string is inserted as written. The answer is "Edited <path> (+a -r)" with the unified diff,',
    'and a line counting language-server problems when the change introduced any. Read the file first.',
  ],
  ...schema,
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Fix a typo',
      arguments: { path: 'README.md', old_string: 'recieve', new_string: 'receive' },
      expectedOutcome: '{"success":true,"output":"Edited README.md (+1 -1)","diff":{…},"lspDiagnostics":[]}',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    '{"success":false,"output":…}: "File not found: <path>", "old_string not found in <path>", or "old_string is not',
    'unique in <path> (<n> occurrences). Include more surrounding context to make it unique."; nothing is changed.',
    'A path outside the workspace is refused ("Access denied: …").',
  ],
  async call(a, c) {
    if (a.old_string === '')
      throw engineFailure('no_match', 'old_string is empty', { path: a.path }, { field: 'old_string' });
    return c.engine.files.edit(c, a.path, [literalEdit(a.old_string, a.new_string, false)], {
      ladder: ['exact'],
      allowNoChange: true,
    });
  },
  format: (r, a, c) =>
    changeReply('Edited', a.path, r.diff, false, c.changeDiagnostics, {
      ...editHost(r),
      summary: `Edited ${r.relative}`,
    }),
  errors: devWords<Args>(schema.schema, {
    file_missing: (_e, a) => `File not found: ${a.path}`,
    no_match: (_e, a) => `old_string not found in ${a.path}`,
    ambiguous: (e, a) =>
      `old_string is not unique in ${a.path} (${e.facts.count} occurrences). Include more surrounding context to make it unique.`,
  }),
});
