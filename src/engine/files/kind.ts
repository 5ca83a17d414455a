// What a file is, from its first bytes and its name: text, an image (png, jpeg, gif, webp,
// svg), a PDF, a notebook, or binary. Images also report their pixel size when the header says.
import path from 'node:path';

export type FileKind = 'text' | 'image' | 'pdf' | 'notebook' | 'binary';

export interface KindInfo {
  kind: FileKind;
  /** Media type for images and PDFs (image/png, image/svg+xml, application/pdf). */
  mediaType?: string;
}

/** Extensions that are binary even when their first bytes look like text. */
const BINARY_EXT = new Set([
  'zip',
  'gz',
  'tgz',
  'bz2',
  'xz',
  'zst',
  '7z',
  'rar',
  'tar',
  'jar',
  'war',
  'exe',
  'dll',
  'so',
  'dylib',
  'o',
  'a',
  'class',
  'pyc',
  'wasm',
  'sqlite',
  'db',
  'bin',
  'dat',
  'iso',
  'dmg',
  'mp3',
  'mp4',
  'mov',
  'avi',
  'mkv',
  'wav',
  'flac',
  'ogg',
  'woff',
  'woff2',
  'ttf',
  'otf',
  'eot',
  'ico',
  'bmp',
  'tif',
  'tiff',
  'psd',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
]);

/**
 * Classifies a file from a sample of its first bytes (the first 8 KiB decide binary) and its name.
 * Magic bytes win over the extension, so a .png holding text is text and an image renamed .txt is an image.
 */
export function detectKind(sample: Uint8Array, name: string): KindInfo {
  const image = imageType(sample);
  if (image) return { kind: 'image', mediaType: image };
  if (startsWithAscii(sample, '%PDF-')) return { kind: 'pdf', mediaType: 'application/pdf' };
  const ext = path.extname(name).slice(1).toLowerCase();
  const head = sample.subarray(0, 8192);
  if (ext === 'svg' && !looksBinary(head)) return { kind: 'image', mediaType: 'image/svg+xml' };
  if (ext === 'ipynb' && !looksBinary(head)) return { kind: 'notebook' };
  if (BINARY_EXT.has(ext) || looksBinary(head)) return { kind: 'binary' };
  return { kind: 'text' };
}

/** The media type of png/jpeg/gif/webp bytes, from their signature. */
export function imageType(b: Uint8Array): string | undefined {
  if (b.length >= 8 && b[0] === 0x89 && startsWithAscii(b, 'PNG\r\n\x1a\n', 1)) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (startsWithAscii(b, 'GIF87a') || startsWithAscii(b, 'GIF89a')) return 'image/gif';
  if (startsWithAscii(b, 'RIFF') && startsWithAscii(b, 'WEBP', 8)) return 'image/webp';
  return undefined;
}

/** NUL bytes (outside a UTF-16 BOM'd file) or more than 30% control bytes mean binary. */
export function looksBinary(b: Uint8Array): boolean {
  if (b.length === 0) return false;
  if ((b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff)) return false;
  let control = 0;
  // An indexed loop: iterating a typed array with for-of cost several times more per read.
  for (let i = 0; i < b.length; i++) {
    const c = b[i]!;
    if (c === 0) return true;
    if (c < 7 || (c > 13 && c < 32 && c !== 27)) control++;
  }
  return control / b.length > 0.3;
}

/** Pixel size from an image header, when it is in the first bytes. */
export function imageSize(b: Uint8Array, mediaType: string): { width: number; height: number } | undefined {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  try {
    if (mediaType === 'image/png' && b.length >= 24) return { width: dv.getUint32(16), height: dv.getUint32(20) };
    if (mediaType === 'image/gif' && b.length >= 10)
      return { width: dv.getUint16(6, true), height: dv.getUint16(8, true) };
    if (mediaType === 'image/webp' && b.length >= 30) {
      const chunk = String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!);
      if (chunk === 'VP8X')
        return { width: 1 + (dv.getUint32(24, true) & 0xffffff), height: 1 + (dv.getUint32(27, true) & 0xffffff) };
      if (chunk === 'VP8 ') return { width: dv.getUint16(26, true) & 0x3fff, height: dv.getUint16(28, true) & 0x3fff };
      if (chunk === 'VP8L') {
        const bits = dv.getUint32(21, true);
        return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
      }
    }
    if (mediaType === 'image/jpeg') {
      // Walk the segments to the first start-of-frame marker.
      let i = 2;
      while (i + 9 < b.length) {
        if (b[i] !== 0xff) return undefined;
        const marker = b[i + 1]!;
        const len = dv.getUint16(i + 2);
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
          return { width: dv.getUint16(i + 7), height: dv.getUint16(i + 5) };
        }
        i += 2 + len;
      }
    }
  } catch {
    return undefined; // a truncated header: size unknown
  }
  return undefined;
}

/** Whether the ASCII string `s` occurs in `b` at byte `at` (no subarray: this runs on every read). */
function startsWithAscii(b: Uint8Array, s: string, at = 0): boolean {
  if (b.length < at + s.length) return false;
  for (let i = 0; i < s.length; i++) if (b[at + i] !== s.charCodeAt(i)) return false;
  return true;
}
