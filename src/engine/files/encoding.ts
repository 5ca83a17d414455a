// Text encodings: detection from a file's first bytes (BOM, valid UTF-8, legacy single-byte
// via chardet), decoding and encoding through iconv-lite, and line-ending style.
import { isUtf8 as nativeIsUtf8 } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';
import { lazyModule } from '../lazy-module.js';

// Required when a file is not UTF-8, which most never are: iconv-lite and chardet are ~650 KB of
// code and tables that every start-up paid for (issue 38).
const chardet = lazyModule<typeof import('chardet')>('chardet');
const iconv = lazyModule<typeof import('iconv-lite')>('iconv-lite');

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

/** Bytes chardet looks at to guess a legacy encoding. */
export const CHARDET_SAMPLE = 16 * 1024;

/** Legacy encodings of one byte per character (the ones detection reports): no state carries over between slices. */
const SINGLE_BYTE = /^(latin1|iso-8859-\d+|windows-125\d|koi8-r|ibm8\d\d)$/;

/** One byte a character, and byte 10 is LF (as in ASCII): a byte's offset is its character's. */
export function isSingleByte(encoding: TextEncoding): boolean {
  return SINGLE_BYTE.test(encoding);
}

/** Detects the encoding from a sample of the file's first bytes (the whole file when small). */
export function detectEncoding(sample: Uint8Array, wholeFile = false): EncodingInfo {
  const known = markedOrUtf8(sample, wholeFile);
  if (known) return known;
  return { encoding: legacyEncoding(sample), bom: false, bomLength: 0 };
}

/** What detectEncoding knows without guessing: a byte-order mark's encoding, or UTF-8; else undefined. */
export function markedOrUtf8(sample: Uint8Array, wholeFile: boolean): EncodingInfo | undefined {
  const marked = byBom(sample);
  if (marked) return marked;
  if (isUtf8(sample, !wholeFile)) return { encoding: 'utf8', bom: false, bomLength: 0 };
  return undefined;
}

/** The encoding a byte-order mark names, if the bytes start with one. */
function byBom(sample: Uint8Array): EncodingInfo | undefined {
  if (startsWith(sample, UTF8_BOM)) return { encoding: 'utf8', bom: true, bomLength: 3 };
  if (startsWith(sample, [0xff, 0xfe])) return { encoding: 'utf16le', bom: true, bomLength: 2 };
  if (startsWith(sample, [0xfe, 0xff])) return { encoding: 'utf16be', bom: true, bomLength: 2 };
  return undefined;
}

/** A single-byte legacy encoding for bytes that are not UTF-8: chardet's guess when iconv knows it. */
export function legacyEncoding(sample: Uint8Array): string {
  // chardet on a whole 20 MB file held the event loop for over ten seconds; its guess from the
  // first 16 KiB is as good (a legacy encoding is one for the whole file), in a few ms.
  const guess = chardet().detect(sample.subarray(0, CHARDET_SAMPLE));
  const name = guess ? guess.toLowerCase() : '';
  // Multi-byte guesses on non-UTF-8 bytes are mostly noise on short samples; Windows-1252 is a superset of Latin-1's
  // printables.
  if (name && iconv().encodingExists(name) && SINGLE_BYTE.test(name)) {
    return name === 'iso-8859-1' ? 'latin1' : name;
  }
  return 'latin1';
}

/**
 * As detectEncoding on a whole file, the UTF-8 check a slice per turn of the event loop: Node's
 * check is native, but 50 MB in one piece still held the loop for over 5 ms.
 */
export async function detectEncodingYielding(
  bytes: Uint8Array,
  guess: (sample: Uint8Array) => Promise<string> = async (sample) => legacyEncoding(sample),
  slice = CODEC_SLICE,
): Promise<EncodingInfo> {
  if (bytes.length <= slice) return detectEncoding(bytes, true);
  const marked = byBom(bytes);
  if (marked) return marked;
  if (await isUtf8Yielding(bytes, slice)) return { encoding: 'utf8', bom: false, bomLength: 0 };
  return { encoding: await guess(bytes.subarray(0, CHARDET_SAMPLE)), bom: false, bomLength: 0 };
}

/**
 * Strict UTF-8 over the whole of `buf`, checked natively a slice at a time: each slice ends
 * before the lead byte of a character it would cut, which the next slice starts with.
 */
export async function isUtf8Yielding(buf: Uint8Array, slice = CODEC_SLICE): Promise<boolean> {
  for (let at = 0; at < buf.length;) {
    let end = Math.min(buf.length, at + slice);
    if (end < buf.length) {
      // Back over at most 3 continuation bytes to a character's start; more than that is invalid in any cut.
      let back = end;
      while (back > at && end - back < 3 && (buf[back]! & 0xc0) === 0x80) back--;
      if (back > at && (buf[back]! & 0xc0) !== 0x80) end = back;
      // A slice shorter than the character: on to its end instead.
      else while (end < buf.length && end - at < slice + 3 && (buf[end]! & 0xc0) === 0x80) end++;
    }
    if (!nativeIsUtf8(buf.subarray(at, end))) return false;
    at = end;
    if (at < buf.length) await turn();
  }
  return true;
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
  // Node's Latin-1 is ISO-8859-1 byte for byte, native (iconv's table decode is several times slower).
  if (encoding === 'latin1') return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return iconv().decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding, { stripBOM: false });
}

/** Encodes text; with `bom`, the encoding's byte-order mark is written first. */
export function encode(text: string, encoding: TextEncoding, bom: boolean): Buffer {
  if (encoding === 'utf8') {
    const body = Buffer.from(text, 'utf8');
    return bom ? Buffer.concat([Buffer.from(UTF8_BOM), body]) : body;
  }
  return iconv().encode(text, encoding, { addBOM: bom });
}

/** How many bytes the byte-order mark encode() writes for `encoding` takes. */
export function bomBytes(encoding: TextEncoding): number {
  return encoding === 'utf8' ? UTF8_BOM.length : encode('', encoding, true).length;
}

/** True when `text` survives a round trip through `encoding` (no character is lost). */
export function canEncode(text: string, encoding: TextEncoding): boolean {
  if (encoding === 'utf8' || encoding === 'utf16le' || encoding === 'utf16be') return true;
  return iconv().decode(iconv().encode(text, encoding), encoding) === text;
}

/** The line-ending style of decoded text. */
export function detectLineEnding(text: string): LineEnding {
  const n = endingCount(text);
  countEndings(text, text.length, n);
  return endingOf(n);
}

/**
 * As detectLineEnding, a slice at a time with a turn of the event loop between slices: 20 MB in
 * one piece held the loop for ~15 ms.
 */
export async function detectLineEndingYielding(text: string, slice = CODEC_SLICE): Promise<LineEnding> {
  return (await lineBreaksYielding(text, slice)).ending;
}

/** A text's line-ending style and its line count (as countLines gives for its LF form). */
export interface LineBreaks {
  ending: LineEnding;
  lines: number;
}

/** detectLineEndingYielding's answer with the count of lines. */
export async function lineBreaksYielding(text: string, slice = CODEC_SLICE): Promise<LineBreaks> {
  const n = endingCount(text);
  for (let at = slice; ; at += slice) {
    countEndings(text, Math.min(text.length, at), n);
    if (at >= text.length) break;
    await turn();
  }
  const last = text.charCodeAt(text.length - 1);
  return { ending: endingOf(n), lines: linesOf(n, text.length > 0, last === 10 || last === 13) };
}

const linesOf = (n: { crlf: number; lf: number; cr: number }, any: boolean, endsWithBreak: boolean) =>
  n.crlf + n.lf + n.cr + (any && !endsWithBreak ? 1 : 0);

/** How code units are laid out in encodings whose line breaks can be found byte-wise. */
function unitsOf(encoding: TextEncoding): { size: 1 | 2; high: 0 | 1 } | undefined {
  if (encoding === 'utf8' || SINGLE_BYTE.test(encoding)) return { size: 1, high: 0 };
  if (encoding === 'utf16le') return { size: 2, high: 1 };
  if (encoding === 'utf16be') return { size: 2, high: 0 };
  return undefined;
}

/** Line breaks counted so far in bytes, and the code unit before the next one. */
interface BreakCount {
  crlf: number;
  lf: number;
  cr: number;
  prev: number;
}

/**
 * Counts the breaks in bytes [from, to) of code units of `size` bytes (`high`: where a 2-byte
 * unit's high byte sits, 1 in little-endian). A plain function, not the async loop's body: V8
 * optimizes it once for every slice and call. In UTF-8 and the single-byte encodings no byte of
 * another character is 10 or 13.
 */
function countBreaks(bytes: Uint8Array, from: number, to: number, size: number, high: number, n: BreakCount): void {
  let prev = n.prev;
  for (let i = from; i < to; i += size) {
    const c = size === 1 ? bytes[i]! : bytes[i + 1 - high]! | (bytes[i + high]! << 8);
    if (c === 10) {
      if (prev === 13) n.crlf++;
      else n.lf++;
    } else if (prev === 13) n.cr++;
    prev = c;
  }
  n.prev = prev;
}

/**
 * lineBreaksYielding of the text `bytes` hold in `encoding` (no BOM), counted in the bytes a
 * slice per turn, without decoding them: a 20 MB text on the event loop costs a copy of it each
 * time V8 flattens it. Undefined for an encoding whose breaks cannot be told byte-wise.
 */
export async function lineBreaksOfBytes(
  bytes: Uint8Array,
  encoding: TextEncoding,
  slice = CODEC_SLICE / 4, // a byte at a time in JavaScript: ~1 ms a quarter MiB
): Promise<LineBreaks | undefined> {
  const units = unitsOf(encoding);
  if (!units) return undefined;
  const { size, high } = units;
  const end = bytes.length - (bytes.length % size);
  const n: BreakCount = { crlf: 0, lf: 0, cr: 0, prev: -1 };
  for (let at = 0; at < end;) {
    const to = Math.min(end, at + Math.max(size, slice - (slice % size)));
    countBreaks(bytes, at, to, size, high, n);
    at = to;
    if (at < end) await turn();
  }
  const prev = n.prev;
  if (prev === 13) n.cr++;
  const ending = endingOf({ ...n, nextLf: -1, nextCr: -1 });
  return { ending, lines: linesOf(n, end > 0, prev === 10 || prev === 13) };
}

/** Line breaks counted so far, and where the next LF and CR are (-1: none left). */
interface EndingCount {
  crlf: number;
  lf: number;
  cr: number;
  nextLf: number;
  nextCr: number;
}

const endingCount = (text: string): EndingCount => ({
  crlf: 0,
  lf: 0,
  cr: 0,
  nextLf: text.indexOf('\n'),
  nextCr: text.indexOf('\r'),
});

/** Counts the line breaks before `to` not counted yet (each search goes on from the last). */
function countEndings(text: string, to: number, n: EndingCount): void {
  let i = n.nextLf;
  for (; i !== -1 && i < to; i = text.indexOf('\n', i + 1)) {
    if (i > 0 && text.charCodeAt(i - 1) === 13) n.crlf++;
    else n.lf++;
  }
  n.nextLf = i;
  for (i = n.nextCr; i !== -1 && i < to; i = text.indexOf('\r', i + 1)) if (text.charCodeAt(i + 1) !== 10) n.cr++;
  n.nextCr = i;
}

function endingOf(n: EndingCount): LineEnding {
  const kinds = (n.crlf > 0 ? 1 : 0) + (n.lf > 0 ? 1 : 0) + (n.cr > 0 ? 1 : 0);
  if (kinds === 0) return 'none';
  if (kinds > 1) return 'mixed';
  return n.crlf > 0 ? 'crlf' : n.lf > 0 ? 'lf' : 'cr';
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

/** Bytes (or characters) converted per turn of the event loop: about a millisecond's work. */
export const CODEC_SLICE = 1024 * 1024;

/**
 * The slice for `encoding`: Node converts UTF-8 and UTF-16LE natively; iconv-lite's JavaScript codecs take ~20 times
 * longer per byte.
 */
function codecSlice(encoding: TextEncoding): number {
  return encoding === 'utf8' || encoding === 'utf16le' ? CODEC_SLICE : CODEC_SLICE / 16;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * As decode, a slice at a time with a turn of the event loop between slices: decoding 20 MB in
 * one piece held every other call up for ~20 ms. A character cut at a slice's end is carried
 * into the next (streaming decoders), so the text is the same as decode's.
 */
export async function decodeYielding(
  bytes: Uint8Array,
  encoding: TextEncoding,
  slice = codecSlice(encoding),
): Promise<string> {
  if (bytes.length <= slice) return decode(bytes, encoding);
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = encoding === 'utf8' ? new StringDecoder('utf8') : iconv().getDecoder(encoding, { stripBOM: false });
  // Concatenation makes a rope (no copy here); it is flattened once, when first searched.
  let text = '';
  for (let at = 0; at < buf.length; at += slice) {
    text += decoder.write(buf.subarray(at, at + slice)) ?? '';
    await turn();
  }
  return text + (decoder.end() ?? '');
}

/** Where the slice of `text` from `at` ends, near `at + slice`, without cutting a surrogate pair in two. */
function sliceEnd(text: string, at: number, slice: number): number {
  const end = at + slice;
  if (end >= text.length) return text.length;
  const c = text.charCodeAt(end - 1);
  if (c < 0xd800 || c > 0xdbff) return end;
  return end - 1 > at ? end - 1 : end + 1;
}

/** As encode, a slice of the text at a time with a turn of the event loop between slices; the same bytes. */
export async function encodeYielding(
  text: string,
  encoding: TextEncoding,
  bom: boolean,
  slice = codecSlice(encoding),
): Promise<Buffer> {
  if (text.length <= slice) return encode(text, encoding, bom);
  return concatYielding(await encodePartsYielding(text, encoding, bom, slice));
}

/**
 * encodeYielding's bytes in pieces (a slice of the text each, never cutting a surrogate pair),
 * not yet concatenated: a caller handing them to a worker saves a copy of them all.
 */
export async function encodePartsYielding(
  text: string,
  encoding: TextEncoding,
  bom: boolean,
  slice = codecSlice(encoding),
): Promise<Buffer[]> {
  const parts: Buffer[] = [];
  if (encoding === 'utf8' && bom) parts.push(Buffer.from(UTF8_BOM));
  const encoder = encoding === 'utf8' ? undefined : iconv().getEncoder(encoding, { addBOM: bom });
  for (let at = 0; at < text.length;) {
    const end = sliceEnd(text, at, slice);
    const piece = text.slice(at, end);
    parts.push(encoder ? encoder.write(piece) : Buffer.from(piece, 'utf8'));
    at = end;
    await turn();
  }
  const tail = encoder?.end();
  if (tail && tail.length > 0) parts.push(tail);
  return parts;
}

/**
 * As Buffer.concat, copying a slice per turn of the event loop: 40 MB in one piece held it for
 * over 10 ms. The result owns its memory (it can be handed to a worker).
 */
export async function concatYielding(parts: readonly Uint8Array[], slice = CODEC_SLICE): Promise<Buffer> {
  let total = 0;
  for (const p of parts) total += p.length;
  // Not from the shared pool, whatever the size: the caller may transfer it.
  const out = Buffer.from(new ArrayBuffer(total));
  let at = 0;
  let since = 0;
  for (const p of parts) {
    for (let from = 0; from < p.length;) {
      const n = Math.min(p.length - from, slice - since);
      out.set(p.subarray(from, from + n), at);
      at += n;
      from += n;
      since += n;
      if (since >= slice) {
        since = 0;
        await turn();
      }
    }
  }
  return out;
}

/**
 * As canEncode, a slice at a time with turns of the event loop between (single-byte encodings; others in one piece).
 */
export async function canEncodeYielding(
  text: string,
  encoding: TextEncoding,
  slice = codecSlice(encoding),
): Promise<boolean> {
  if (text.length <= slice || !SINGLE_BYTE.test(encoding)) return canEncode(text, encoding);
  for (let at = 0; at < text.length;) {
    const end = sliceEnd(text, at, slice);
    if (!canEncode(text.slice(at, end), encoding)) return false;
    at = end;
    await turn();
  }
  return true;
}
