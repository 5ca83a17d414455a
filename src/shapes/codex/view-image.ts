// view_image: a local image file returned to the model as an image (a blob with its media type).
import { engineFailure, type ReadResult, type ArgsOf } from '../../engine/index.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';

const schema = {
  type: 'object',
  properties: { path: { type: 'string' }, detail: { type: 'string', enum: ['high', 'original'] } },
  required: ['path'],
  additionalProperties: false,
} as const;

export const viewImage = defineTool<ArgsOf<typeof schema>, ReadResult>({
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
  examples: [{ description: 'Look at a screenshot', arguments: { path: 'docs/screenshot.png' }, expectedOutcome: 'The image.' }],
  errorModes: [
    'NOT_FOUND: no file at path. PERMISSION_DENIED: the path is outside the roots.',
    "UNSUPPORTED_OPERATION: the file is not an image this tool can return (text, PDF, other binary): read text with read_file. (The engine's code for a file that is not media, as Kimi's ReadMediaFile gives it.)",
    'INVALID_ARGUMENT: the file is empty.',
    'RESOURCE_EXHAUSTED: the image is over 20 MiB.',
  ],
  async call(args, c) {
    const r = await c.engine.files.read(c, args.path, { media: ['image'], limit: 1 });
    // An empty file is the engine's empty_file condition (as Kimi's ReadMediaFile reports it), not "not an image".
    if (r.size === 0) throw engineFailure('empty_file', `${args.path} is empty`, { path: args.path, size: 0 }, { field: 'path' });
    if (r.kind === 'image') return r;
    const what = r.kind === 'binary' ? (r.mediaType ?? 'a binary file') : `a ${r.kind} file`;
    throw engineFailure(
      'not_an_image',
      `${args.path} is not an image (it is ${what}); view_image shows png, jpeg, gif and webp images`,
      { path: args.path, kind: r.kind },
      { field: 'path' },
    );
  },
  format(r, args) {
    if (r.kind !== 'image') throw new Error('view_image formats images only');
    const size = r.width ? { width: r.width, height: r.height } : {};
    return {
      text: `Image ${r.path} (${r.mediaType}${r.width ? `, ${r.width}x${r.height}` : ''}, ${r.size} bytes)`,
      blobs: [{ mediaType: r.mediaType, data: r.data }],
      host: {
        summary: `Viewed ${r.relative}`,
        paths: [r.path],
        counts: { bytes: r.size },
        details: { mediaType: r.mediaType, detail: args.detail ?? 'high', ...size },
      },
    };
  },
});
