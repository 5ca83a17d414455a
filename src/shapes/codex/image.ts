// view_image: a local image file returned to the model as an image (a blob with its media type).
import { engineFailure, readFile } from '../../engine/index.js';
import type { ToolDefinition } from '../../registry/types.js';
import { ok } from '../common/result.js';
import { TAGS } from '../tags.js';

export const viewImageTool: ToolDefinition<{ path: string; detail?: 'high' | 'original' }> = {
  name: 'view_image',
  summary: 'Look at a local image file (png, jpeg, gif, webp) when you need to see it; it is returned as an image.',
  description: [
    'Reads the image at `path` (absolute, or relative to the session directory; inside the roots) and returns it as an image',
    'the model can see, at its original resolution whatever `detail` says (high or original). At most 20 MiB.',
    'Only for images already on disk; use read_file or exec_command for text, and not for PDFs or other binary files.',
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string' }, detail: { type: 'string', enum: ['high', 'original'] } },
    required: ['path'],
    additionalProperties: false,
  },
  destructive: false,
  tags: [TAGS.filesystem, TAGS.readOnly],
  examples: [{ description: 'Look at a screenshot', arguments: { path: 'docs/screenshot.png' }, expectedOutcome: 'The image.' }],
  idempotency: 'idempotent',
  errorModes: [
    'NOT_FOUND: no file at path. PERMISSION_DENIED: the path is outside the roots.',
    "UNSUPPORTED_OPERATION: the file is not an image this tool can return (text, PDF, other binary): read text with read_file. (The engine's code for a file that is not media, as Kimi's ReadMediaFile gives it.)",
    'INVALID_ARGUMENT: the file is empty.',
    'RESOURCE_EXHAUSTED: the image is over 20 MiB.',
  ].join('\n'),
  async handler(args, ctx) {
    const r = await readFile(ctx.scope, args.path, { cwd: ctx.session.cwd, signal: ctx.signal, media: ['image'], limit: 1 });
    // An empty file is the engine's empty_file condition (as Kimi's ReadMediaFile reports it), not "not an image".
    if (r.size === 0) throw engineFailure('empty_file', `${args.path} is empty`, { path: args.path, size: 0 }, { field: 'path' });
    if (r.kind !== 'image') {
      // Not an image is the engine's not-media condition in every shape: unsupported.
      throw engineFailure(
        'not_an_image',
        `${args.path} is not an image (it is ${r.kind === 'binary' ? (r.mediaType ?? 'a binary file') : `a ${r.kind} file`}); view_image shows png, jpeg, gif and webp images`,
        { path: args.path, kind: r.kind },
        { field: 'path' },
      );
    }
    const dims = r.width ? `, ${r.width}x${r.height}` : '';
    return ok(
      `Image ${r.path} (${r.mediaType}${dims}, ${r.size} bytes)`,
      {
        tool: 'view_image',
        summary: `Viewed ${r.relative}`,
        paths: [r.path],
        counts: { bytes: r.size },
        details: { mediaType: r.mediaType, detail: args.detail ?? 'high', ...(r.width ? { width: r.width, height: r.height } : {}) },
      },
      [{ blob: { mediaType: r.mediaType, data: r.data } }],
    );
  },
};
