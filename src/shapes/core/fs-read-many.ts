// fs.read_many: every file matching glob patterns, each under a "--- path ---" header.
import type { ReadManyResult } from '../../engine/index.js';
import { readManyView } from '../kit/files/change-view.js';
import { type ArgsOf, defineTool, READ_BUDGET, TAGS } from './shared.js';

const schema = {
  type: 'object',
  properties: {
    include: {
      type: 'array',
      items: { type: 'string', minLength: 1 },
      minItems: 1,
      description: 'Glob patterns or paths, e.g. "src/**/*.ts".',
    },
    exclude: { type: 'array', items: { type: 'string', minLength: 1 }, description: 'Glob patterns to leave out.' },
    recursive: { type: 'boolean', description: 'false: match in the session directory only (default true).' },
    use_default_excludes: { type: 'boolean', description: 'Skip node_modules, .git, dist, build... (default true).' },
    respect_git_ignore: { type: 'boolean', description: 'Skip files the .gitignore lists (default true).' },
    max_files: { type: 'integer', minimum: 1, maximum: 5000, description: 'Files to read at most (default 500).' },
    limit_per_file: { type: 'integer', minimum: 1, description: 'Lines per file at most (default 2000).' },
  },
  required: ['include'],
  additionalProperties: false,
} as const;

export const readManyTool = defineTool<ArgsOf<typeof schema>, ReadManyResult>({
  name: 'fs.read_many',
  summary: 'Read every file matching glob patterns at once, when you need several files together.',
  description: [
    'Expands `include` globs from the session directory (minus `exclude`, the default excludes such as',
    'node_modules and .git, and .gitignore), then reads each match like fs.read. Each text file is shown',
    'under a "--- path ---" header; the structured block lists every file with its range or its error.',
    'Per-file failures do not fail the call. `max_files` (default 500) caps the files read.',
  ],
  schema,
  tags: [TAGS.filesystem, TAGS.readOnly],
  examples: [
    {
      description: 'Read all TypeScript sources under src',
      arguments: { include: ['src/**/*.ts'] },
      expectedOutcome: 'Each file under a --- path --- header.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'PERMISSION_DENIED: a pattern starts outside the roots.',
    'INVALID_ARGUMENT: no patterns, or more than 1000 include or exclude patterns. TIMEOUT: the walk and reads took over 20 s. Unreadable single files are listed with their error instead of failing the call.',
  ],
  call: (args, c) =>
    c.engine.files.readMany(c, {
      include: args.include,
      exclude: args.exclude,
      recursive: args.recursive,
      useDefaultExcludes: args.use_default_excludes,
      respectGitIgnore: args.respect_git_ignore,
      maxFiles: args.max_files,
      read: { limit: args.limit_per_file ?? 2000, budget: { unit: 'bytes', max: READ_BUDGET, overflow: 'exclude' } },
    }),
  format(r) {
    const { summary, ...view } = readManyView(r);
    return {
      ...view,
      host: { summary, paths: r.files.map((f) => f.path), counts: { files: r.files.length, omitted: r.omitted } },
    };
  },
});
