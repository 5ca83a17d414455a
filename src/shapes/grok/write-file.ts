// write_file: creates a file (and its parents) or replaces one's whole content; the answer names
// which, counts the lines added and removed and carries the diff.
import type { WriteResult } from '../../engine/index.js';
import { diffHost } from '../kit/files/diff-host.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { changeReply } from './dev-change.js';
import { absolute, devWords, zodObject } from './dev-result.js';

interface Args {
  path: string;
  content: string;
}

const schema = zodObject({ path: { type: 'string' }, content: { type: 'string' } }, ['path', 'content']);

export const writeFile = defineTool<Args, WriteResult>({
  name: 'write_file',
  summary: 'Create a file or replace its whole content (parent directories are created); returns the diff.',
  description: [
    'Writes content to a file, relative to the current directory or absolute, creating missing parent directories;',
    'an existing file is replaced whole (no need to read it first). The answer is "Created <path> (+a -r)" for a new',
    'or empty file, "Updated <path> (+a -r)" otherwise, with the unified diff, and a line counting language-server',
    'problems when the change introduced any. For a small change to a file, edit_file is cheaper.',
  ],
  ...schema,
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Create a script',
      arguments: { path: 'scripts/hello.sh', content: '#!/bin/sh\necho hello\n' },
      expectedOutcome: '{"success":true,"output":"Created scripts/hello.sh (+2 -0)","diff":{…},"lspDiagnostics":[]}',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    '{"success":false,"output":"Failed to write file: …"}: the path is a directory, or cannot be written.',
    'A path outside the workspace is refused ("Access denied: …"), and nothing is written.',
  ],
  call: (a, c) => c.engine.files.write(c, a.path, a.content, { mode: 'overwrite', createParents: true }),
  format: (r, a, c) =>
    changeReply(
      r.created || !r.previousSize ? 'Created' : 'Updated',
      a.path,
      r.diff,
      r.created || !r.previousSize,
      c.changeDiagnostics,
      { summary: `${r.created ? 'Created' : 'Updated'} ${r.relative}`, ...diffHost(r.path, r.diff, { bytes: r.size }) },
    ),
  errors: devWords<Args>(schema.schema, {
    is_directory: (_e, a, c) =>
      `Failed to write file: EISDIR: illegal operation on a directory, open '${absolute(c, a.path)}'`,
  }),
});
