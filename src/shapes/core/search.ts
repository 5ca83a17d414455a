// core shape: listing and search tools (fs.list, search.*) over the search engine.
import { listDirectory } from '../../engine/search/list.js';
import type { ToolDefinition } from '../../registry/types.js';
import { TAGS } from '../tags.js';

interface ListArgs {
  path?: string;
  limit?: number;
  include_hidden?: boolean;
}

const list: ToolDefinition<ListArgs> = {
  name: 'fs.list',
  summary: 'List one directory (names, types, sizes) when you need to see what a folder holds.',
  description:
    'Lists the entries of one directory inside the roots, directories first then by name. ' +
    '`limit` caps the entries shown; the structured block says how many were left out.',
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'Directory, absolute or relative to the session directory (default ".").' },
      limit: { type: 'integer', minimum: 1, maximum: 100000, description: 'Entries to show at most (default 1000).' },
      include_hidden: { type: 'boolean', description: 'Show dot-files (default true).' },
    },
    additionalProperties: false,
  },
  destructive: false,
  tags: [TAGS.filesystem, TAGS.readOnly],
  examples: [{ description: 'List the root directory', arguments: { path: '.' }, expectedOutcome: 'One entry per line, directories marked with a trailing /.' }],
  idempotency: 'idempotent',
  errorModes: [
    'NOT_FOUND: the directory does not exist.',
    'PERMISSION_DENIED: the path resolves outside the roots.',
    'INVALID_ARGUMENT: the path is a file (use fs.read).',
  ].join('\n'),
  async handler(args, ctx) {
    const r = await listDirectory(ctx.scope, args.path ?? '.', { cwd: ctx.session.cwd, limit: args.limit ?? 1000, includeHidden: args.include_hidden });
    const lines = r.entries.map((e) => (e.type === 'directory' ? `${e.name}/` : e.name));
    if (r.omitted > 0) lines.push(`(${r.omitted} more entries not shown)`);
    return {
      content: [
        { text: lines.join('\n') },
        { structured: { path: r.path, total: r.total, omitted: r.omitted, entries: r.entries.map((e) => ({ ...e })) } },
      ],
    };
  },
};

export const searchTools: ToolDefinition[] = [list];
