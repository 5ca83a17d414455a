// read_many_files: globs and paths expanded in every workspace directory, text files under
// "--- path ---" headers, images, PDFs, audio and video as data (media only when a pattern names them).
import type { ModelManyResult } from '../../engine/index.js';
import { manyReadParts } from '../kit/files/many-read-parts.js';
import { workspaceDirs } from '../kit/search/workspace-dirs.js';
import { defineTool } from '../common/define.js';
import { modelReadResult } from '../gemini-family/shared.js';
import { binaryLead, MAX_FILE_BYTES, MAX_LINES, RAW, READ_OPTS, TAGS_READ, TEXT_OPTS } from './reading.js';
import { filtering } from '../gemini-family/schema.js';

interface Args {
  include: string[];
  exclude?: string[];
  recursive?: boolean;
  useDefaultExcludes?: boolean;
  file_filtering_options?: { respect_git_ignore?: boolean; respect_gemini_ignore?: boolean };
}

const TRUNCATED_WARNING =
  "[WARNING: This file was truncated. To view the full content, use the 'read_file' tool on this specific file.]";
const NOT_NAMED = 'an image, PDF or audio file is read only when a pattern names its extension or name';
const NONE = 'No files matching the criteria were found or all were skipped.';
/**
 * How Gemini reads many files: patterns case-insensitive, an existing path taken literally, each file read as read_file
 * reads it.
 */
const MANY = {
  ignoreCase: true,
  literalFiles: true,
  read: { limit: MAX_LINES, ...TEXT_OPTS },
  audioVideoMax: MAX_FILE_BYTES,
  svg: { ...READ_OPTS, limit: MAX_LINES },
};

export const readManyFiles = defineTool<Args, ModelManyResult>({
  name: 'read_many_files',
  summary: 'Read every file matching glob patterns or paths at once, each under a "--- path ---" header.',
  description: [
    'Expands `include` (globs such as "src/**/*.ts", or plain paths) from the session directory, minus `exclude`,',
    'the default excludes (node_modules, .git, dist, build...; useDefaultExcludes) and .gitignore, and reads each',
    'file as read_file would (2000 lines, long lines cut). Patterns are expanded in every workspace directory and match',
    'names case-insensitively; a path that names an existing file is taken literally ("app/[id]/page.tsx"). Text files appear',
    'as "--- /abs/path ---" then the content; a cut file starts with a warning to read it with read_file. Images, PDFs and',
    'audio (MP3, WAV, AIFF, AAC, OGG, FLAC) are read only when a pattern names their extension or name, and then attached',
    'as data (20 MB each), as is video; other binary files are named. The text ends with "--- End of content ---". At most 500 files.',
  ],
  schema: {
    type: 'object',
    properties: {
      include: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
      exclude: { type: 'array', items: { type: 'string', minLength: 1 }, default: [] },
      recursive: { type: 'boolean', default: true },
      useDefaultExcludes: { type: 'boolean', default: true },
      file_filtering_options: filtering('respect_gemini_ignore'),
    },
    required: ['include'],
  },
  tags: TAGS_READ,
  examples: [
    {
      description: 'Read all Markdown docs',
      arguments: { include: ['docs/**/*.md', 'README.md'] },
      expectedOutcome: 'Each file under a --- path --- header.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    "path_not_in_workspace: a pattern starts outside the workspace roots (Gemini CLI skips such files silently; Facet refuses the call). invalid_tool_params: an empty include or an empty pattern, or more than 1000 include or exclude patterns (Facet's bound; Gemini CLI has none).",
    'Files that cannot be read are listed as skipped with the reason; they do not fail the call.',
    'The .gitignore and .geminiignore honoured are those of the session directory. Not done: no GEMINI.md context is appended.',
  ],
  async call(args, c) {
    const filtering = args.file_filtering_options;
    return c.engine.files.readManyForModel(c, {
      ...MANY,
      include: args.include,
      exclude: args.exclude,
      recursive: args.recursive,
      useDefaultExcludes: args.useDefaultExcludes,
      respectGitIgnore: filtering?.respect_git_ignore,
      ignoreFileNames: filtering?.respect_gemini_ignore === false ? [] : ['.geminiignore'],
      // Gemini expands the patterns in every workspace directory.
      bases: workspaceDirs(c.scope, c.session.cwd ?? c.scope.primary),
    });
  },
  format(r) {
    // Gemini's parts: a text part per text file, the data of images, PDFs, audio and video, then the closing line;
    // audio or video lead with a line saying the data follows.
    const { shown, avTypes, blobs, facts, skipped: left } = manyReadParts(r, RAW);
    const skipped = left.map((f) => `${f.relative} (${f.reason === 'not_named' ? NOT_NAMED : f.message})`);
    if (shown.length === 0) return { text: NONE, host: { summary: NONE, details: { skipped } } };
    const body = ({ window: w, ...f }: (typeof shown)[number]) =>
      w ? `${w.cut && !f.markup ? `${TRUNCATED_WARNING}\n\n` : ''}${w.text}` : modelReadResult(f)!.text;
    const parts = shown.flatMap((f) => (f.kind === 'attached' ? [] : [`--- ${f.path} ---\n\n${body(f)}\n\n`]));
    return {
      text: [...(avTypes.length ? [binaryLead(avTypes)] : []), ...parts, '\n--- End of content ---'].join('\n'),
      blobs,
      host: { ...facts, details: { skipped } },
    };
  },
});
