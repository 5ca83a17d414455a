// view_image: a local image file returned to the model as an image (a blob with its media type).
// Codex CLI 0.171.0 has only `path` and answers with the image alone, at detail "original"
// (unresized); the first capture (codex@0.149.0) also had `detail`.
import type { MediaRead } from '../../engine/index.js';
import type { ArgsOf } from '../kit/args/schema-args.js';
import { readImageOnly } from '../kit/files/read-kind.js';
import path from 'node:path';
import { workingDir } from '../kit/files/working-dir.js';
import { defineTool, errorTable, type Call } from '../common/define.js';
import { TAGS } from '../tags.js';
import { STRING } from './schema.js';

const schema149 = {
  type: 'object',
  properties: { path: STRING, detail: { type: 'string', enum: ['high', 'original'] } },
  required: ['path'],
  additionalProperties: false,
} as const;

/** The first capture's view_image (codex@0.149.0). */
export const viewImage149 = defineTool<ArgsOf<typeof schema149>, MediaRead>({
  name: 'view_image',
  summary: 'Look at a local image file (png, jpeg, gif, webp) when you need to see it; it is returned as an image.',
  description: [
    'Reads the image at `path` (absolute, or relative to the session directory; inside the roots) and returns it as an image',
    'the model can see, at its original resolution whatever `detail` says (high or original). At most 20 MiB.',
    'Only for images already on disk; use read_file or exec_command for text, and not for PDFs or other binary files.',
  ],
  schema: schema149,
  tags: [TAGS.filesystem, TAGS.readOnly],
  idempotency: 'idempotent',
  examples: [
    { description: 'Look at a screenshot', arguments: { path: 'docs/screenshot.png' }, expectedOutcome: 'The image.' },
  ],
  errorModes: [
    'NOT_FOUND: no file at path. PERMISSION_DENIED: the path is outside the roots.',
    "UNSUPPORTED_OPERATION: the file is not an image this tool can return (text, PDF, other binary): read text with read_file. (The engine's code for a file that is not media, as Kimi's ReadMediaFile gives it.)",
    'INVALID_ARGUMENT: the file is empty.',
    'RESOURCE_EXHAUSTED: the image is over 20 MiB.',
  ],
  call: (args, c) => readImage(args.path, c),
  format: (r, args) => ({
    text: `Image ${r.path} (${r.mediaType}${r.width ? `, ${r.width}x${r.height}` : ''}, ${r.size} bytes)`,
    blobs: [{ mediaType: r.mediaType, data: r.data }],
    host: imageHost(r, args.detail ?? 'high'),
  }),
});

const readImage = (file: string, c: Call) =>
  readImageOnly(
    c.engine.files.read(c, file, { media: ['image'], limit: 1 }),
    file,
    'path',
    'view_image shows png, jpeg, gif and webp images',
  );

const imageHost = (r: MediaRead, detail: string) => ({
  summary: `Viewed ${r.relative}`,
  paths: [r.path],
  counts: { bytes: r.size },
  details: { mediaType: r.mediaType, detail, ...(r.width ? { width: r.width, height: r.height } : {}) },
});

const schema = {
  type: 'object',
  properties: { path: STRING },
  required: ['path'],
  additionalProperties: false,
} as const;

/** Codex CLI 0.171.0's failures of view_image, in its words (paths absolute). */
const imageWords = errorTable<{ path: string }>({
  path_missing: (e, a, c) =>
    `unable to locate image at \`${e.facts.resolved ?? path.resolve(workingDir(c), a.path)}\`: No such file or directory (os error 2)`,
  is_directory: (_e, a, c) => `image path \`${path.resolve(workingDir(c), a.path)}\` is not a file`,
  not_an_image: () => 'unable to process image: invalid or unsupported image data',
  empty_file: () => 'unable to process image: invalid or unsupported image data',
  bad_image: () => 'unable to process image: invalid or unsupported image data',
});

/** Codex CLI 0.171.0's view_image: the image alone, at detail "original". */
export const viewImage = defineTool<ArgsOf<typeof schema>, MediaRead>({
  name: 'view_image',
  summary: 'Look at a local image file (png, jpeg, gif, webp) when you need to see it; it is returned as an image.',
  description: [
    'Reads the image at `path` (absolute, or relative to the session directory; inside the roots) and returns it as an',
    'image the model can see, at its original resolution (detail "original"). At most 20 MiB.',
    'Only for images already on disk; use exec_command for text, and not for PDFs or other binary files.',
  ],
  schema,
  tags: [TAGS.filesystem, TAGS.readOnly],
  idempotency: 'idempotent',
  examples: [
    { description: 'Look at a screenshot', arguments: { path: 'docs/screenshot.png' }, expectedOutcome: 'The image.' },
  ],
  errorModes: [
    'No file: "unable to locate image at `<abs path>`: No such file or directory (os error 2)".',
    'A directory: "image path `<abs path>` is not a file".',
    'Not an image this tool returns (text, PDF, an empty file): "unable to process image: invalid or unsupported image data".',
    'A path outside the roots is refused; an image over 20 MiB too.',
  ],
  call: (args, c) => readImage(args.path, c),
  format: (r) => ({ text: '', blobs: [{ mediaType: r.mediaType, data: r.data }], host: imageHost(r, 'original') }),
  errors: imageWords,
});
