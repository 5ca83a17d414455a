// ReadMediaFile (Kimi Code 2.1.0): an image or video as bytes inside <image path="…">/<video
// path="…"> text parts, then a <system> note with its type, size and pixel size. Facet sends the
// file as it is: full_resolution changes nothing, and a region (a crop) is refused, not faked.
import { engineFailure, type MediaFile } from '../../engine/index.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { codeFail, codeMessage } from './errors.js';
import { checkPath, pathOf } from './v1/files.js';

type Region = { x: number; y: number; width: number; height: number };
type Args = { path: string; region?: Region; full_resolution?: boolean };

const INT0 = { type: 'integer', minimum: 0, maximum: 9007199254740991 } as const;
const INT1 = { type: 'integer', minimum: 1, maximum: 9007199254740991 } as const;
const MAX_BYTES = 100 << 20;
const GUIDANCE =
  'If you need to output coordinates, output relative coordinates first and compute absolute coordinates using the original image size. If you generate or edit images or videos via commands or scripts, read the result back immediately before continuing.';

export const readMediaFileTool = defineTool<Args, MediaFile>({
  name: 'ReadMediaFile',
  summary: 'Load an image or video file (png, jpeg, gif, webp, mp4, webm, mov...) so you can look at it.',
  description: [
    'Returns an image or video of the workspace as bytes with its media type (from its signature, not its name), between',
    '<image path="…"> and </image> (or <video …>) text parts, then a <system> note with the type, size in bytes and, for',
    'an image, its original pixel size. Files up to 100 MB; empty files and text files are refused (use Read). This server',
    'sends the file as it is, so full_resolution changes nothing; region (a crop of an image) is not supported here.',
  ],
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      path: { type: 'string' },
      region: {
        type: 'object',
        properties: { x: INT0, y: INT0, width: INT1, height: INT1 },
        required: ['x', 'y', 'width', 'height'],
        additionalProperties: false,
      },
      full_resolution: { type: 'boolean' },
    },
    required: ['path'],
    additionalProperties: false,
  },
  tags: [TAGS.filesystem, TAGS.readOnly],
  examples: [
    {
      description: 'Look at a screenshot',
      arguments: { path: 'docs/screenshot.png' },
      expectedOutcome: 'The image between <image path="…"> parts and a note with its size.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'INVALID_ARGUMENT: a text file ("Use Read to read text files."); another binary format ("not a supported image or video',
    'file"); an empty file ("is empty"); region or full_resolution on a video; region on this server (no cropping).',
    'RESOURCE_EXHAUSTED: over 100 MB. NOT_FOUND: missing. PERMISSION_DENIED: outside the workspace.',
  ],
  async call(args, c) {
    const p = checkPath(pathOf(args));
    const m = await c.engine.files.media(c, p, { maxBytes: MAX_BYTES });
    if (m.kind === 'video' && (args.region !== undefined || args.full_resolution !== undefined))
      throw engineFailure(
        'media_options_on_video',
        'region and full_resolution are for images',
        { path: p },
        { field: 'region' },
      );
    if (args.region !== undefined)
      throw engineFailure(
        'region_unsupported',
        'region reads are not supported',
        { path: p, width: m.width, height: m.height },
        { field: 'region' },
      );
    return m;
  },
  format(m) {
    const dims = m.width !== undefined ? ` Original dimensions: ${m.width}x${m.height} pixels.` : '';
    const note = `<system>Read ${m.kind} file. Mime type: ${m.mediaType}. Size: ${m.size} bytes.${dims} ${GUIDANCE}</system>`;
    return {
      text: `<${m.kind} path="${m.path}">`,
      parts: [`</${m.kind}>`, note],
      blobs: [{ mediaType: m.mediaType, data: m.data }],
      host: { paths: [m.path], counts: { bytes: m.size }, details: { mediaType: m.mediaType, kind: m.kind } },
    };
  },
  errors(err, args) {
    const p = args.path;
    if (err.condition === 'media_options_on_video')
      return codeFail('region and full_resolution apply only to image files.');
    if (err.condition === 'region_unsupported')
      return codeFail(
        `region is not supported by this server: it sends whole images (original dimensions: ${String(err.facts.width)}x${String(err.facts.height)}). Call ReadMediaFile without region.`,
      );
    if (err.condition === 'empty_file' || err.facts.size === 0) return codeFail(`"${p}" is empty.`);
    if (err.condition === 'not_media' && err.facts.kind === 'text')
      return codeFail(`"${p}" is a text file. Use Read to read text files.`);
    if (err.condition === 'not_media') return codeFail(`"${p}" is not a supported image or video file.`);
    if (err.kind === 'resource_exhausted') return codeFail(`"${p}" exceeds the maximum 100MB for media files.`);
    if (err.condition === 'empty_path') return codeFail('File path cannot be empty.');
    return codeFail(codeMessage({ ...err, facts: { ...err.facts, path: p } } as typeof err));
  },
});
