// fs.stat: whether a path exists and what it is, without reading it (the other core tools only tell by failing).
import type { FileStat } from '../../engine/index.js';
import { type ArgsOf, defineTool, TAGS } from './shared.js';

const schema = {
  type: 'object',
  properties: {
    path: {
      type: 'string',
      minLength: 1,
      description: 'File or directory path, absolute or relative to the session directory.',
    },
  },
  required: ['path'],
  additionalProperties: false,
} as const;

export const statTool = defineTool<ArgsOf<typeof schema>, FileStat>({
  name: 'fs.stat',
  summary: 'Check whether a path exists and whether it is a file or a directory, with its size and modification time.',
  description: [
    'Resolves `path` (absolute, or relative to the session directory) inside the roots and reports exists, isFile,',
    'isDirectory, size in bytes and mtimeMs, following symbolic links. A missing path is an answer (exists: false), not an error.',
    "Use it before writing or to check a build output; use fs.list for a folder's contents and fs.read for a file's.",
  ],
  schema,
  tags: [TAGS.filesystem, TAGS.readOnly],
  examples: [
    {
      description: 'Is there a lock file',
      arguments: { path: 'package-lock.json' },
      expectedOutcome: 'exists and its size, or "does not exist".',
    },
  ],
  idempotency: 'idempotent',
  errorModes:
    'PERMISSION_DENIED: the path resolves outside the roots or holds a NUL byte. INVALID_ARGUMENT: an empty path.',
  call: (args, c) => c.engine.files.stat(c, args.path),
  format(s) {
    const kind = s.isDirectory
      ? 'is a directory'
      : s.isFile
        ? `is a file of ${s.size} bytes`
        : 'exists (not a regular file or directory)';
    const text = `${s.path} ${s.exists ? `${kind}, modified ${new Date(s.mtimeMs).toISOString()}` : 'does not exist'}`;
    const data = {
      path: s.path,
      exists: s.exists,
      isFile: s.isFile,
      isDirectory: s.isDirectory,
      size: s.size,
      mtimeMs: s.mtimeMs,
    };
    return { text, data, host: { summary: text, paths: [s.path], ...(s.isFile ? { counts: { bytes: s.size } } : {}) } };
  },
});
