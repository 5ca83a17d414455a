// Glob (Kimi Code 2.1.0): files (never folders) whose paths below `path` match a pattern, most
// recently modified first, paged by offset/head_limit (default 100, 0 for all) with the paging
// notices before the paths; files that usually hold secrets are filtered out and named.
import path from 'node:path';
import type { GlobEntry } from '../../engine/index.js';
import { expandHome } from '../kit/files/home.js';
import { isSensitive } from '../kit/files/sensitive.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { codeFail, codeOk, startClock } from './errors.js';

const INT = { type: 'integer', minimum: 0, maximum: 9007199254740991 } as const;
const DEFAULT_HEAD = 100;

type Args = {
  pattern: string;
  head_limit?: number;
  offset?: number;
  path?: string;
  include_ignored?: boolean;
  include_dirs?: boolean;
};

export const globTool = defineTool<Args, { base: string; entries: GlobEntry[] }>({
  name: 'Glob',
  summary: 'Find files by glob pattern (e.g. "src/**/*.ts"), newest first; paged by offset and head_limit.',
  description: [
    'Lists the files (not folders; include_dirs is accepted and ignored) below `path` (default: the working directory;',
    'relative paths start there) whose paths match the glob pattern; a pattern without "/" matches file names at any',
    "depth. Paths are relative to the search root, most recently modified first. Hidden files are included; .gitignore'd",
    'files are left out unless include_ignored. head_limit shows that many paths (default 100, 0 for all) from offset; a',
    'cut list starts with "Showing matches a–b of n." and how to continue. Files that usually hold secrets are filtered out',
    'and named. No match reads "No matches found". The result starts with the call\'s wall time.',
  ],
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      pattern: { type: 'string' },
      head_limit: INT,
      offset: INT,
      path: { type: 'string' },
      include_ignored: { type: 'boolean' },
      include_dirs: { type: 'boolean' },
    },
    required: ['pattern'],
    additionalProperties: false,
  },
  tags: [TAGS.filesystem, TAGS.readOnly, TAGS.search],
  examples: [
    {
      description: 'TypeScript files under src',
      arguments: { pattern: 'src/**/*.ts' },
      expectedOutcome: 'Wall time, then one path per line, newest first.',
    },
    {
      description: 'The next page of a long list',
      arguments: { pattern: '**/*.md', offset: 100 },
      expectedOutcome: 'Showing matches 101–… and the paths.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'NOT_FOUND: "<root> does not exist". INVALID_ARGUMENT: "<root> is not a directory"; a pattern that cannot be parsed.',
    'PERMISSION_DENIED: outside the workspace (Kimi Code searches absolute paths anywhere; this server keeps to its roots).',
  ],
  async call(args, c) {
    startClock(c);
    const root = args.path === undefined ? undefined : expandHome(args.path);
    const r = await c.engine.search.glob(c, {
      pattern: args.pattern,
      ...(root !== undefined ? { path: root } : {}),
      matchBase: true,
      includeDirs: false,
      hidden: true,
      noIgnore: args.include_ignored === true,
      sort: 'mtime-desc',
    });
    return { base: r.base, entries: r.entries };
  },
  format(r, args) {
    const shown = r.entries.filter((e) => !isSensitive(e.relative));
    const secret = r.entries.filter((e) => isSensitive(e.relative));
    const filtered =
      secret.length > 0
        ? `Filtered ${secret.length} sensitive file(s): ${[...new Set(secret.map((e) => path.basename(e.relative)))].sort().join(', ')}`
        : '';
    const host = { paths: [r.base], counts: { matches: shown.length } };
    if (shown.length === 0) return codeOk(['No matches found', ...(filtered ? [filtered] : [])].join('\n'), host);
    const offset = args.offset ?? 0;
    const head = args.head_limit ?? DEFAULT_HEAD;
    const page = head === 0 ? shown.slice(offset) : shown.slice(offset, offset + head);
    if (page.length === 0) return codeOk(`No matches found at offset=${offset} (total: ${shown.length}).`, host);
    const lines: string[] = [];
    const end = offset + page.length;
    if (offset > 0 || end < shown.length) {
      lines.push(`Showing matches ${offset + 1}–${end} of ${shown.length}.`);
      if (end < shown.length) lines.push(`Continue with the same search arguments and offset=${end}.`);
      if (head !== 0) lines.push('To remove the match-count limit, omit offset and use head_limit=0.');
    }
    lines.push(...page.map((e) => e.relative));
    if (offset === 0 && head !== 0 && shown.length === head) lines.push(`Found ${head} matches`);
    if (filtered) lines.push(filtered);
    return codeOk(lines.join('\n'), { ...host, truncated: end < shown.length });
  },
  errors(err, args) {
    const root = args.path ?? '.';
    if (err.kind === 'not_found') return codeFail(`${root} does not exist`);
    if (err.condition === 'not_a_directory' || err.facts.notDirectory) return codeFail(`${root} is not a directory`);
    return undefined;
  },
});
