// WriteFile: a whole file, overwritten or appended to, atomically; the parent must exist.
import type { WriteResult } from '../../../engine/index.js';
import { fileChangeHost } from '../../kit/files/file-change-host.js';
import { defineTool } from '../../common/define.js';
import { TAGS } from '../../tags.js';
import { kimiOk } from './errors.js';
import { checkPath, fileWording, pathOf } from './files.js';

export const writeFileTool = defineTool<{ path: string; content: string; mode?: 'overwrite' | 'append' }, WriteResult>({
  name: 'WriteFile',
  summary: 'Write a whole file (overwrite, the default) or add to its end (append), when creating or rewriting a file.',
  description: [
    'Writes `content` to a file inside the workspace, atomically (a crash never leaves half a file). mode overwrite (default) replaces the file or creates',
    'it; append adds `content` at the end. The parent directory must already exist. The message gives the size of the file afterwards; the host block has',
    'the diff. For a change to part of a file use StrReplaceFile.',
  ],
  schema: {
    properties: {
      path: { type: 'string' },
      content: { type: 'string' },
      mode: { default: 'overwrite', enum: ['overwrite', 'append'], type: 'string' },
    },
    required: ['path', 'content'],
    type: 'object',
  },
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Create a notes file',
      arguments: { path: 'NOTES.md', content: '# Notes\n' },
      expectedOutcome: 'File successfully overwritten, with its size.',
    },
    {
      description: 'Append a line',
      arguments: { path: 'NOTES.md', content: '- one more\n', mode: 'append' },
      expectedOutcome: 'File successfully appended to, with its size.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'NOT_FOUND: the parent directory does not exist (create it first). INVALID_ARGUMENT: empty path, the path is a directory, or the file is binary.',
    'PERMISSION_DENIED: the path resolves outside the workspace.',
  ],
  call: (args, c) =>
    c.engine.files.write(c, checkPath(pathOf(args)), args.content, {
      mode: args.mode ?? 'overwrite',
      createParents: false,
    }),
  format(r, args) {
    const append = args.mode === 'append';
    const summary = `${r.created ? 'Created' : append ? 'Appended to' : 'Wrote'} ${r.relative}`;
    return kimiOk(
      `File successfully ${append ? 'appended to' : 'overwritten'}. Current size: ${r.size} bytes.`,
      '',
      fileChangeHost(summary, r, { bytes: r.size }),
    );
  },
  errors: fileWording(),
});
