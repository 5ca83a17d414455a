// Glob: file names under a directory matching a pattern, at most 1000; a pattern starting
// with ** is refused with the working directory two levels deep as its output.
import path from 'node:path';
import { engineFailure, type GlobResult, treeText } from '../../../engine/index.js';
import { expandHome } from '../../kit/files/home.js';
import { workingDir } from '../../kit/files/working-dir.js';
import { defineTool, type Call } from '../../common/define.js';
import { TAGS } from '../../tags.js';
import { kimiFail, kimiOk } from './errors.js';
import { nullable } from './files.js';

const MAX_MATCHES = 1000;

/** Two levels of the working directory, to show where a search could start. */
const treeOf = async (c: Call): Promise<string> =>
  treeText(await c.engine.search.list(c, workingDir(c), { depth: 2, sort: 'dirs-first', limit: 200 }), workingDir(c));

export const globTool = defineTool<
  { pattern: string; directory?: string | null; include_dirs?: boolean },
  GlobResult | { refused: string }
>({
  name: 'Glob',
  fields: { path: 'directory' },
  summary: 'Find files and folders by glob pattern (e.g. "src/**/*.py") under a directory; at most 1000 paths.',
  description: [
    'Matches paths below `directory` (an absolute path inside the workspace; default the working directory) against a glob pattern (`*`, `?`, `[abc]`,',
    '`{a,b}`, `**` for any depth). Results are sorted, one per line, relative to the directory searched; directories are included unless include_dirs is',
    'false. Hidden files are included and ignore files are not applied (version-control folders are skipped). A pattern may not start with `**` (it would',
    'walk everything): start from a directory name instead; the error lists the top two levels of the working directory to help. At most 1000 matches are',
    'returned.',
  ],
  schema: {
    properties: {
      pattern: { type: 'string' },
      directory: nullable({ type: 'string' }),
      include_dirs: { default: true, type: 'boolean' },
    },
    required: ['pattern'],
    type: 'object',
  },
  tags: [TAGS.filesystem, TAGS.readOnly, TAGS.search],
  examples: [
    {
      description: 'Python files under src',
      arguments: { pattern: 'src/**/*.py' },
      expectedOutcome: 'Found N matches, one path per line.',
    },
    {
      description: 'Markdown files at the top level, files only',
      arguments: { pattern: '*.md', include_dirs: false },
      expectedOutcome: 'The matching files.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'INVALID_ARGUMENT: the pattern starts with ** (the error output shows the working directory two levels deep); directory is not absolute or is a file.',
    'NOT_FOUND: the directory does not exist. PERMISSION_DENIED: it is outside the workspace.',
  ],
  async call(args, c) {
    if (args.pattern.startsWith('**')) return { refused: await treeOf(c) };
    const dir = args.directory != null ? expandHome(args.directory) : workingDir(c);
    if (!path.isAbsolute(dir))
      throw engineFailure('relative_directory', `${dir} is not absolute`, { directory: dir }, { field: 'directory' });
    const opts = {
      pattern: args.pattern,
      path: dir,
      includeDirs: args.include_dirs ?? true,
      hidden: true,
      noIgnore: true,
      sort: 'path' as const,
    };
    return c.engine.search.glob(c, { ...opts, limit: MAX_MATCHES });
  },
  format(r, args) {
    if ('refused' in r) {
      const err = engineFailure(
        'recursive_start',
        'the pattern starts with **',
        { pattern: args.pattern },
        { field: 'pattern' },
      );
      const why =
        'Patterns starting with `**` are not allowed: they walk the whole tree. Start the pattern with a directory name (for example `src/**/*.py`).';
      return kimiFail(`${why} The working directory holds:`, r.refused, {}, err);
    }
    const host = { paths: [r.base], counts: { matches: r.total, shown: r.shown }, truncated: r.truncated };
    if (r.total === 0) return kimiOk(`No matches found for pattern \`${args.pattern}\`.`, '', host);
    const more = r.truncated
      ? ` Only the first ${MAX_MATCHES} matches are returned; use a narrower pattern or directory to see the others.`
      : '';
    return kimiOk(
      `Found ${r.total} matches for pattern \`${args.pattern}\`.${more}`,
      r.entries.map((e) => e.relative).join('\n'),
      host,
    );
  },
  errors: (err) =>
    err.condition === 'relative_directory'
      ? kimiFail(`\`${String(err.facts.directory)}\` is not an absolute path; give the directory as an absolute path.`)
      : undefined,
});
