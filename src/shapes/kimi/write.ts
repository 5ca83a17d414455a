// Write (Kimi Code 2.1.0): a whole file, overwritten or appended to, exactly as given (UTF-8),
// missing parent directories created; "Wrote <n> bytes to <path>" with the path as given.
import path from 'node:path';
import type { WriteResult } from '../../engine/index.js';
import { fileChangeHost } from '../kit/files/file-change-host.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { codeFail, codeMessage, codeOk } from './errors.js';
import { checkPath, pathOf } from './v1/files.js';
import { notSensitive } from './paths.js';

type Args = { path: string; content: string; mode?: 'overwrite' | 'append' };

export const writeTool = defineTool<Args, WriteResult>({
  name: 'Write',
  summary: 'Write a whole file (overwrite, or append with mode=append); missing parent directories are created.',
  description: [
    'Writes `content` to a file in the workspace exactly as given, as UTF-8: mode overwrite (the default) replaces or creates',
    'it, append adds to the end (no newline is added; a missing file is created). Missing parent directories are created.',
    'The result is "Wrote <n> bytes to <path>" or "Appended <n> bytes to <path>", n counting UTF-8 bytes. Use Edit to',
    'change part of a file.',
  ],
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      path: { type: 'string' },
      content: { type: 'string' },
      mode: { type: 'string', enum: ['overwrite', 'append'] },
    },
    required: ['path', 'content'],
    additionalProperties: false,
  },
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Create a file',
      arguments: { path: 'notes/todo.md', content: '# Todo\n' },
      expectedOutcome: 'Wrote 7 bytes to notes/todo.md',
    },
    {
      description: 'Add a line to a log',
      arguments: { path: 'run.log', content: 'done\n', mode: 'append' },
      expectedOutcome: 'Appended 5 bytes to run.log',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'INVALID_ARGUMENT: empty path; the path is a directory; a parent is a file ("Parent path is not a directory: <parent>.").',
    'PERMISSION_DENIED: outside the workspace (Kimi Code writes absolute paths anywhere; this server keeps to its roots).',
    'SECURITY_POLICY_FAILED: a sensitive-file pattern. Nothing is half written: the file is replaced atomically.',
  ],
  call: (args, c) =>
    c.engine.files.write(c, notSensitive(checkPath(pathOf(args))), args.content, {
      mode: args.mode ?? 'overwrite',
      createParents: true,
      encoding: 'utf-8',
      lineEnding: 'asis',
    }),
  format(r, args) {
    const bytes = Buffer.byteLength(args.content, 'utf8');
    const append = args.mode === 'append';
    const host = fileChangeHost(`${append ? 'Appended to' : 'Wrote'} ${r.relative}`, r, { bytes });
    return codeOk(`${append ? 'Appended' : 'Wrote'} ${bytes} bytes to ${args.path}`, host);
  },
  errors(err, args) {
    if (err.condition === 'parent_not_directory') {
      const parent = typeof err.facts.parent === 'string' ? err.facts.parent : path.dirname(args.path);
      return codeFail(`Parent path is not a directory: ${parent}.`);
    }
    if (err.condition === 'empty_path') return codeFail('File path cannot be empty.');
    return codeFail(codeMessage({ ...err, facts: { ...err.facts, path: args.path } } as typeof err));
  },
});
