// Claude Code's Glob: names matched at any depth, .gitignore ignored, oldest-first paths
// relative to the working directory, capped at 100 with a note of how many more matched.
import { displayPath } from '../kit/files/working-dir.js';
import { whenMissing } from '../kit/failures/missing.js';
import { globHost, globRest } from '../kit/search/search-host.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { resolvedFrom, toolUseError } from './errors.js';
import { closed, here, PERSIST_LIMITS, persisted } from './render.js';

const GLOB = { matchBase: true, hidden: true, noIgnore: true, skipNames: [], sort: 'mtime-asc' as const, limit: 100 };

interface Args {
  pattern: string;
  path?: string;
}

export const glob = defineTool<Args>({
  name: 'Glob',
  summary: 'Find files by name pattern such as "**/*.ts" or "src/**/test_*.py"; paths come oldest-modified first.',
  description: [
    'Lists files below path (default: the working directory) whose path matches pattern (*, **, ?, [abc], {a,b}). A',
    'pattern without "/" matches file names at any depth; "src/*" only direct children of src. An absolute pattern is',
    'split into its directory and the rest. Like Claude Code it ignores .gitignore and includes hidden files (and .git).',
    'One path per line, relative to the working directory when under it, sorted by modification time, oldest first.',
    'At most 100 paths; a last line says how many more matched. No match: "No files found".',
  ],
  schema: closed({ pattern: 'string', path: 'string' }, ['pattern']),
  tags: [TAGS.filesystem, TAGS.search, TAGS.readOnly],
  examples: [
    {
      description: 'All TypeScript files',
      arguments: { pattern: '**/*.ts' },
      expectedOutcome: 'Matching paths, oldest first.',
    },
    {
      description: 'Test files under one folder',
      arguments: { pattern: 'test_*.py', path: '/srv/app/tests' },
      expectedOutcome: 'Matching paths.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'NOT_FOUND (<tool_use_error>): path does not exist; the message gives the working directory.',
    'INVALID_ARGUMENT (<tool_use_error>): path is a file, the pattern is empty, or it climbs with ".." after a wildcard.',
    "PERMISSION_DENIED (<tool_use_error>): path or the pattern's leading directories resolve outside the roots.",
  ],
  errors(err, a, c) {
    if (err.field !== 'path') return undefined;
    if (err.kind === 'not_found') return toolUseError(`Directory does not exist: ${a.path}. ${resolvedFrom(c)}`);
    if (err.facts.notDirectory) return toolUseError(`Not a directory: ${a.path}. Give Glob a directory to search in.`);
    return undefined;
  },
  async call(a, c) {
    const at = here(c);
    // A directory named in the pattern that does not exist simply matches nothing.
    const r = await c.engine.search
      .glob(at, { ...GLOB, pattern: a.pattern, path: a.path })
      .catch(whenMissing('pattern', undefined));
    if (!r) return { text: 'No files found', host: globHost(r, a.pattern) };
    const { of, left } = globRest(r);
    const cut = `(Showing ${r.shown} of ${of} matching files; ${left} more are not listed. Narrow the pattern or path to see the rest.)`;
    const lines = [
      ...r.entries.map((e) => displayPath(e.path, at.cwd)),
      ...(r.total === 0 ? ['No files found'] : r.truncated ? [cut] : []),
    ];
    return { text: (await persisted(c, lines.join('\n'), PERSIST_LIMITS.other)).text, host: globHost(r, a.pattern) };
  },
});
