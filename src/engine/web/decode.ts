// Turning fetched bytes into text: find the charset (BOM, Content-Type, the HTML meta
// prescan, valid UTF-8, then statistical detection) and decode with iconv-lite.
import { lazyModule } from '../lazy-module.js';

// Required at the first page that needs them, as in files/encoding.ts.
const chardet = lazyModule<typeof import('chardet')>('chardet');
const iconv = lazyModule<typeof import('iconv-lite')>('iconv-lite');

// Labels the WHATWG Encoding Standard maps onto windows-1252: browsers decode pages
// declared as Latin-1 or ASCII that way, and real pages rely on it (curly quotes in 0x80-0x9F).
const WINDOWS_1252_LABELS = new Set([
  'iso-8859-1',
  'iso8859-1',
  'latin1',
  'l1',
  'ascii',
  'us-ascii',
  'iso_8859-1',
  'cp819',
  'ibm819',
  'x-cp1252',
  'cp1252',
]);

/** A usable iconv-lite encoding name for a charset label, or undefined when unknown. */
export function normalizeCharset(label: string | undefined): string | undefined {
  if (!label) return undefined;
  const l = label
    .trim()
    .toLowerCase()
    .replace(/^["']|["']$/g, '');
  if (WINDOWS_1252_LABELS.has(l)) return 'windows-1252';
  if (l === 'utf-8' || l === 'utf8' || l === 'unicode-1-1-utf-8') return 'utf-8';
  return iconv().encodingExists(l) ? l : undefined;
}

/** The charset parameter of a Content-Type header value. */
export function charsetFromContentType(contentType: string): string | undefined {
  const m = /;\s*charset\s*=\s*("?)([^";\s]+)\1/i.exec(contentType);
  return m?.[2];
}

function bomCharset(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

/** The charset an HTML document declares in its first few KB (<meta charset> or http-equiv). */
export function metaCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('latin1');
  const m =
    /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head) ??
    /<meta[^>]+content\s*=\s*["'][^"']*charset\s*=\s*([\w.:-]+)/i.exec(head);
  return m?.[1];
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    // stream: true tolerates a sequence cut at the end (a body truncated at the size cap).
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

export interface Decoded {
  text: string;
  charset: string;
}

/** Decodes a body, honouring the declared charset when it is known. */
export function decodeBody(bytes: Uint8Array, contentType: string, isHtml: boolean): Decoded {
  const charset =
    bomCharset(bytes) ??
    normalizeCharset(charsetFromContentType(contentType)) ??
    (isHtml ? normalizeCharset(metaCharset(bytes)) : undefined) ??
    (isUtf8(bytes) ? 'utf-8' : undefined) ??
    normalizeCharset(chardet().detect(bytes) ?? undefined) ??
    'windows-1252';
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // UTF-8, most pages, by Node's own decoder (the same replacement of bad bytes as iconv-lite's,
  // which goes through it; ~5 µs less a page); iconv-lite strips a BOM by default, so here too.
  if (charset === 'utf-8') {
    const text = buf.toString('utf8');
    return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, charset };
  }
  return { text: iconv().decode(buf, charset), charset };
}

/** True when bytes look like text rather than binary (no NUL bytes, few control characters). */
export function looksLikeText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 8192);
  if (bomCharset(sample)) return true;
  let control = 0;
  for (const b of sample) {
    if (b === 0) return false;
    if (b < 9 || (b > 13 && b < 32)) control++;
  }
  return control <= sample.length / 100;
}
