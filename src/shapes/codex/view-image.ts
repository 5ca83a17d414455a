// view_image: a local image file returned to the model as an image (a blob with its media type).
import type { MediaRead } from '../../engine/index.js';
import type { ArgsOf } from '../kit/args/schema-args.js';
import { readImageOnly } from '../kit/files/read-kind.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { STRING } from './schema.js';

const schema = {
  type: 'object',
  properties: { path: STRING, detail: { type: 'string', enum: ['high', 'original'] } },
  required: ['path'],
  additionalProperties: false,
} as const;

export const viewImage = defineTool<ArgsOf<typeof schema>, MediaRead>({
  name: 'view_image',
  summary: 'Look at a local image file (png, jpeg, gif, webp) when you need to see it; it is returned as an image.',
  description: [
    'Reads the image at `path` (absolute, or relative to the session directory; inside the roots) and returns it as an image',
    'the model can see, at its original resolution whatever `detail` says (high or original). At most 20 MiB.',
    'Only for images already on disk; use read_file or exec_command for text, and not for PDFs or other binary files.',
  ],
  schema,
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
  call: (args, c) =>
    readImageOnly(
      c.engine.files.read(c, args.path, { media: ['image'], limit: 1 }),
      args.path,
      'path',
      'view_image shows png, jpeg, gif and webp images',
    ),
  format: (r, args) => ({
    text: `Image ${r.path} (${r.mediaType}${r.width ? `, ${r.width}x${r.height}` : ''}, ${r.size} bytes)`,
    blobs: [{ mediaType: r.mediaType, data: r.data }],
    host: {
      summary: `Viewed ${r.relative}`,
      paths: [r.path],
      counts: { bytes: r.size },
      details: {
        mediaType: r.mediaType,
        detail: args.detail ?? 'high',
        ...(r.width ? { width: r.width, height: r.height } : {}),
      },
    },
  }),
});
