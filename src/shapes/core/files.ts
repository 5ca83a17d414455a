// core shape: file tools (fs.*) over the files engine.
import { readLineRange } from '../../engine/files/read.js';
import type { ToolDefinition } from '../../registry/types.js';
import { TAGS } from '../tags.js';

interface ReadArgs {
  path: string;
  offset?: number;
  limit?: number;
}

const read: ToolDefinition<ReadArgs> = {
  name: 'fs.read',
  summary: 'Read a text file, or a range of its lines, when you need its exact contents.',
  description: [
    'Returns the text of one file inside the roots. `offset` is the 1-based first line and',
    '`limit` the number of lines; both stream, so a range of a huge file costs the same as',
    'of a small one. The structured block reports the range shown and whether lines remain.',
    'Use search.grep to find where something is before reading large files.',
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', minLength: 1, description: 'File path, absolute or relative to the session directory.' },
      offset: { type: 'integer', minimum: 1, description: '1-based first line to return (default 1).' },
      limit: { type: 'integer', minimum: 1, description: 'How many lines to return at most (default: to the end).' },
    },
    required: ['path'],
    additionalProperties: false,
  },
  destructive: false,
  tags: [TAGS.filesystem, TAGS.readOnly],
  examples: [
    { description: 'Read the first 20 lines of the README', arguments: { path: 'README.md', limit: 20 }, expectedOutcome: 'Lines 1-20 as text.' },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'NOT_FOUND: the file does not exist.',
    'PERMISSION_DENIED: the path resolves outside the roots (also through symlinks).',
    'INVALID_ARGUMENT: the path is a directory (use fs.list).',
  ].join('\n'),
  async handler(args, ctx) {
    const r = await readLineRange(ctx.scope, args.path, { offset: args.offset, limit: args.limit, cwd: ctx.session.cwd, signal: ctx.signal });
    const endLine = r.lines.length === 0 ? r.startLine - 1 : r.startLine + r.lines.length - 1;
    return {
      content: [
        { text: r.lines.join('\n') },
        {
          structured: {
            path: r.path,
            startLine: r.startLine,
            endLine,
            hasMore: r.hasMore,
            ...(r.totalLines !== undefined ? { totalLines: r.totalLines } : {}),
            size: r.size,
          },
        },
      ],
    };
  },
};

export const fileTools: ToolDefinition[] = [read];
