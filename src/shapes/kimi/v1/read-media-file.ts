// ReadMediaFile: an image or video as bytes with its media type, inside an <image>/<video> tag.
import type { MediaFile } from '../../../engine/index.js';
import { defineTool } from '../../common/define.js';
import { TAGS } from '../../tags.js';
import { kimiOk } from './errors.js';
import { checkPath, fileWording, pathOf } from './files.js';

/** Kimi's advice after loading media, in our words: coordinates relative first, and look again at media you change. */
const MEDIA_GUIDANCE =
  'To give coordinates, state them relative to the image first and work out absolute ones from its original size; when commands or scripts create or change images or videos, load the result again before going on.';

export const readMediaFileTool = defineTool<{ path: string }, MediaFile>({
  name: 'ReadMediaFile',
  summary: 'Load an image or video file (png, jpeg, gif, webp, svg, mp4, webm, mov...) so you can look at it.',
  description: [
    `Returns the whole file as bytes with its media type, taken from the file's signature rather than its name, wrapped in an <image path="…"> or <video`,
    'path="…"> tag; the message gives the media type, the size in bytes and, for images, the pixel size. Files up to 100 MiB; empty files and text files',
    'are refused (read text with ReadFile).',
  ],
  schema: { properties: { path: { type: 'string' } }, required: ['path'], type: 'object' },
  tags: [TAGS.filesystem, TAGS.readOnly],
  examples: [
    {
      description: 'Look at a screenshot',
      arguments: { path: 'docs/screenshot.png' },
      expectedOutcome: 'The image as a blob with its media type and size.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'INVALID_ARGUMENT: empty path, empty file, a directory. UNSUPPORTED_OPERATION: the file is text (use ReadFile) or another binary format.',
    'RESOURCE_EXHAUSTED: over 100 MiB. NOT_FOUND: missing. PERMISSION_DENIED: outside the workspace.',
  ],
  call: (args, c) => c.engine.files.media(c, checkPath(pathOf(args)), { maxBytes: 100 << 20 }),
  format(m, args) {
    const p = pathOf(args);
    const dims = m.width !== undefined ? `, original size ${m.width}x${m.height} pixels` : '';
    const host = { paths: [m.path], counts: { bytes: m.size }, details: { mediaType: m.mediaType, kind: m.kind } };
    const tag = {
      parts: [`<${m.kind} path="${p}">`, `</${m.kind}>`],
      blobs: [{ mediaType: m.mediaType, data: m.data }],
    };
    return kimiOk(
      `Loaded ${m.kind} file \`${p}\` (${m.mediaType}, ${m.size} bytes${dims}). ${MEDIA_GUIDANCE}`,
      '',
      host,
      tag,
    );
  },
  errors: fileWording(),
});
