// create_file: a new file with its content, shown as the diff from nothing.
import type { WriteResult } from '../../engine/index.js';
import { diffHost } from '../kit/files/diff-host.js';
import { defineTool, errorTable } from '../common/define.js';
import { TAGS } from '../tags.js';
import { changeText } from './text.js';

interface Args {
  path: string;
  content: string;
}

export const createFile = defineTool<Args, WriteResult>({
  name: 'create_file',
  summary: 'Create a new file with the given content (refuses a file that already exists; edit those instead).',
  description: [
    'Writes a new file inside the workspace, creating missing parent directories, atomically. An existing file is never overwritten: change it with',
    'str_replace_editor. The result is "Updated <path> with N additions" and the diff of the new content.',
  ],
  schema: {
    type: 'object',
    properties: { path: { type: 'string' }, content: { type: 'string' } },
    required: ['path', 'content'],
  },
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Create a script',
      arguments: { path: 'scripts/hello.sh', content: '#!/bin/sh\necho hello\n' },
      expectedOutcome: 'Updated scripts/hello.sh with 2 additions and the diff.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'ALREADY_EXISTS: the file exists. Grok CLI silently overwrites it; this server refuses so that no content is lost —',
    'use str_replace_editor to change an existing file.',
    'PERMISSION_DENIED: the path resolves outside the workspace. INVALID_ARGUMENT: the path is a directory.',
  ],
  call: (args, c) => c.engine.files.write(c, args.path, args.content, { mode: 'create' }),
  format: ({ diff, ...r }, args) => ({
    text:
      diff && (diff.hunks.length > 0 || diff.omitted) ? changeText(args.path, diff) : `Created empty file ${args.path}`,
    host: { summary: `Created ${r.relative}`, ...diffHost(r.path, diff, { bytes: r.size, added: diff?.added ?? 0 }) },
  }),
  errors: errorTable<Args>({
    file_exists: (_e, args) =>
      `File already exists: ${args.path}. create_file only makes new files; use str_replace_editor to change this one (view_file it first).`,
  }),
});
