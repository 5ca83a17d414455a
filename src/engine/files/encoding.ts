// Text encodings: detection from a file's first bytes (BOM, valid UTF-8, legacy single-byte
// via chardet), decoding and encoding through iconv-lite, and line-ending style.
import { isUtf8 as nativeIsUtf8 } from 'node:buffer';
import chardet from 'chardet';
import iconv from 'iconv-lite';

/**
 * Encodings the engine reports: 'utf8', 'utf16le', 'utf16be', or a legacy one under
 * iconv-lite's name (latin1, windows-1252...), hence any string.
 */
export type TextEncoding = string;

export type LineEnding = 'lf' | 'crlf' | 'cr' | 'mixed' | 'none';

export interface EncodingInfo {
  encoding: TextEncoding;
  /** A byte-order mark starts the file (and is kept on write). */
  bom: boolean;
  /** Bytes of the BOM, to skip when decoding. */
  bomLength: number;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** Detects the encoding from a sample of the file's first bytes (the whole file when small). */
export function detectEncoding(sample: Uint8Array, wholeFile = false): EncodingInfo {
  if (startsWith(sample, UTF8_BOM)) return { encoding: 'utf8', bom: true, bomLength: 3 };
  if (startsWith(sample, [0xff, 0xfe])) return { encoding: 'utf16le', bom: true, bomLength: 2 };
  if (startsWith(sample, [0xfe, 0xff])) return { encoding: 'utf16be', bom: true, bomLength: 2 };
  if (isUtf8(sample, !wholeFile)) return { encoding: 'utf8', bom: false, bomLength: 0 };
  return { encoding: legacyEncoding(sample), bom: false, bomLength: 0 };
}

/** A single-byte legacy encoding for bytes that are not UTF-8: chardet's guess when iconv knows it. */
function legacyEncoding(sample: Uint8Array): string {
  const guess = chardet.detect(sample);
  const name = guess ? guess.toLowerCase() : '';
  // Multi-byte guesses on non-UTF-8 bytes are mostly noise on short samples; Windows-1252 is a superset of Latin-1's printables.
  if (name && iconv.encodingExists(name) && /^(iso-8859-\d+|windows-125\d|koi8-r|ibm8\d\d)$/.test(name)) {
    return name === 'iso-8859-1' ? 'latin1' : name;
  }
  return 'latin1';
}

/** Valid UTF-8? With `allowCutEnd`, an incomplete sequence at the very end (a cut sample) is allowed. */
export function isUtf8(buf: Uint8Array, allowCutEnd: boolean): boolean {
  // Node's check is native and the same strict UTF-8 (no overlongs, surrogates or code points
  // past U+10FFFF): a thousand times faster on a whole file, which this loop held up for ms per MB.
  if (!allowCutEnd) return nativeIsUtf8(buf);
  return isUtf8Sample(buf, allowCutEnd);
}

/** The same check in JavaScript, which can allow a cut end (samples are small). */
export function isUtf8Sample(buf: Uint8Array, allowCutEnd: boolean): boolean {
  let i = 0;
  const n = buf.length;
  while (i < n) {
    const b = buf[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) need = 2;
    else if (b >= 0xf0 && b <= 0xf4) need = 3;
    else return false;
    for (let k = 1; k <= need; k++) {
      if (i + k >= n) return allowCutEnd;
      const c = buf[i + k]!;
      if ((c & 0xc0) !== 0x80) return false;
    }
    // Overlongs and surrogates
    const c1 = buf[i + 1]!;
    if (b === 0xe0 && c1 < 0xa0) return false;
    if (b === 0xed && c1 > 0x9f) return false;
    if (b === 0xf0 && c1 < 0x90) return false;
    if (b === 0xf4 && c1 > 0x8f) return false;
    i += need + 1;
  }
  return true;
}

export function decode(bytes: Uint8Array, encoding: TextEncoding): string {
  if (encoding === 'utf8') return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding, { stripBOM: false });
}

/** Encodes text; with `bom`, the encoding's byte-order mark is written first. */
export function encode(text: string, encoding: TextEncoding, bom: boolean): Buffer {
  if (encoding === 'utf8') {
    const body = Buffer.from(text, 'utf8');
    return bom ? Buffer.concat([Buffer.from(UTF8_BOM), body]) : body;
  }
  return iconv.encode(text, encoding, { addBOM: bom });
}

/** True when `text` survives a round trip through `encoding` (no character is lost). */
export function canEncode(text: string, encoding: TextEncoding): boolean {
  if (encoding === 'utf8' || encoding === 'utf16le' || encoding === 'utf16be') return true;
  return iconv.decode(iconv.encode(text, encoding), encoding) === text;
}

/** The line-ending style of decoded text. */
export function detectLineEnding(text: string): LineEnding {
  let crlf = 0;
  let lf = 0;
  let cr = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (i > 0 && text.charCodeAt(i - 1) === 13) crlf++;
    else lf++;
  }
  for (let i = text.indexOf('\r'); i !== -1; i = text.indexOf('\r', i + 1)) {
    if (text.charCodeAt(i + 1) !== 10) cr++;
  }
  const kinds = (crlf > 0 ? 1 : 0) + (lf > 0 ? 1 : 0) + (cr > 0 ? 1 : 0);
  if (kinds === 0) return 'none';
  if (kinds > 1) return 'mixed';
  return crlf > 0 ? 'crlf' : lf > 0 ? 'lf' : 'cr';
}

/** Converts every line break to LF. */
export function toLf(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/** Converts LF-only text to the given style (mixed/none keep LF). */
export function fromLf(text: string, ending: LineEnding): string {
  if (ending === 'crlf') return text.replace(/\n/g, '\r\n');
  if (ending === 'cr') return text.replace(/\n/g, '\r');
  return text;
}

function startsWith(buf: Uint8Array, prefix: number[]): boolean {
  if (buf.length < prefix.length) return false;
  return prefix.every((b, i) => buf[i] === b);
}
