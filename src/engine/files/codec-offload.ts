// Legacy encodings (Latin-1, Windows-1252, UTF-16BE...) of big files converted in a worker
// thread. iconv-lite's JavaScript codecs take ~20 times longer per byte than Node's native
// UTF-8 and UTF-16LE, and the many small strings and buffers they make cost garbage-collection
// pauses of 19-34 ms on the event loop even when fed a slice per turn. The main thread keeps
// only native work: the text crosses as UTF-16LE bytes, converted a MiB per turn, and the
// buffers are handed over, not copied.
import {
  canEncodeYielding,
  CHARDET_SAMPLE,
  CODEC_SLICE,
  concatYielding,
  decode,
  decodeYielding,
  detectEncodingYielding,
  encode,
  type EncodingInfo,
  legacyEncoding,
  encodePartsYielding,
  encodeYielding,
  type TextEncoding,
} from './encoding.js';
import { filesPool, owned } from './worker-pool.js';

/** Texts and bytes past this in a legacy encoding are converted in the worker (a MiB takes its codecs ~20 ms). */
export const CODEC_OFFLOAD_MIN = 256 * 1024;

export type CodecMessage =
  | { kind: 'codec'; op: 'guess'; bytes: Uint8Array; encoding?: undefined }
  | { kind: 'codec'; op: 'decode'; bytes: Uint8Array; encoding: TextEncoding }
  | { kind: 'codec'; op: 'encode'; utf16: Uint8Array[]; encoding: TextEncoding; bom: boolean };

/**
 * The worker's answer: bytes (for a decode, the text as Latin-1 when every character fits in a
 * byte, else UTF-16LE; for an encode, the file's bytes), or lossy.
 */
export type CodecReply =
  | { bytes: Uint8Array; latin1?: boolean; lossy?: undefined; encoding?: undefined }
  | { lossy: true; bytes?: undefined; latin1?: undefined; encoding?: undefined }
  | { encoding: TextEncoding; bytes?: undefined; lossy?: undefined; latin1?: undefined };

/** Converted natively on the loop, a slice per turn: no worker needed. */
const native = (encoding: TextEncoding) => encoding === 'utf8' || encoding === 'utf16le';

/** Runs in the worker. */
export function runCodecJob(m: CodecMessage): CodecReply {
  if (m.op === 'guess') return { encoding: legacyEncoding(m.bytes) };
  if (m.op === 'decode') {
    const text = decode(m.bytes, m.encoding);
    // One byte a character when they all fit: V8 then keeps the text in half the memory too.
    if (/^[\u0000-\u00ff]*$/.test(text)) return { bytes: Buffer.from(text, 'latin1'), latin1: true };
    return { bytes: Buffer.from(text, 'utf16le') };
  }
  // Each piece holds whole characters (no surrogate pair is cut between two).
  const text = m.utf16.map((u) => Buffer.from(u.buffer, u.byteOffset, u.byteLength).toString('utf16le')).join('');
  // Encoded once; the round trip of those bytes tells whether a character was lost (canEncode's test).
  const body = encode(text, m.encoding, false);
  if (decode(body, m.encoding) !== text) return { lossy: true };
  return { bytes: m.bom ? encode(text, m.encoding, true) : body };
}

async function inWorker(message: CodecMessage, transfer: ArrayBuffer | ArrayBuffer[]): Promise<CodecReply | undefined> {
  const buffers = Array.isArray(transfer) ? transfer : [transfer];
  const reply = (await filesPool.run(() => ({ message, transfer: buffers }))) as CodecReply | undefined;
  return reply && (reply.lossy || reply.bytes || reply.encoding) ? reply : undefined;
}

const view = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/**
 * The encoding of a whole file's bytes, checked a slice per turn; a file that is not UTF-8 has its
 * legacy encoding guessed in the worker (chardet's recognizers took 5-15 ms of the loop on 16 KiB).
 */
export async function detectEncodingOffLoop(bytes: Uint8Array): Promise<EncodingInfo> {
  return detectEncodingYielding(bytes, guessLegacyOffLoop);
}

/** A legacy encoding for bytes that are not UTF-8, guessed in the worker (chardet held the loop 3-11 ms). */
export async function guessLegacyOffLoop(sample: Uint8Array): Promise<TextEncoding> {
  const copy = new Uint8Array(sample.subarray(0, CHARDET_SAMPLE));
  const reply = await inWorker({ kind: 'codec', op: 'guess', bytes: copy }, copy.buffer);
  return reply?.encoding ?? legacyEncoding(sample); // a worker that died: guessed here
}

/** As decodeYielding; big legacy-encoded bytes are decoded in the worker (`bytes` stay the caller's). */
export async function decodeOffLoop(bytes: Uint8Array, encoding: TextEncoding): Promise<string> {
  if (native(encoding) || bytes.length <= CODEC_OFFLOAD_MIN) return decodeYielding(bytes, encoding);
  const copy = await concatYielding([bytes]); // handed over: the caller keeps its own (copied a MiB a turn)
  const reply = await inWorker({ kind: 'codec', op: 'decode', bytes: copy, encoding }, copy.buffer as ArrayBuffer);
  // A worker that died: the same text on the loop, a slice per turn.
  if (!reply?.bytes) return decodeYielding(bytes, encoding);
  return reply.latin1 ? latin1Yielding(view(reply.bytes)) : decodeYielding(reply.bytes, 'utf16le');
}

/** Latin-1 bytes to text natively, a MiB per turn of the event loop (no character spans two bytes). */
async function latin1Yielding(buf: Buffer): Promise<string> {
  let text = '';
  for (let at = 0; at < buf.length; at += CODEC_SLICE) {
    text += buf.toString('latin1', at, Math.min(buf.length, at + CODEC_SLICE));
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return text;
}

/**
 * The bytes of `text` in `encoding` (with its BOM when `bom`), or undefined when the encoding
 * cannot hold every character; big texts in a legacy encoding are converted in the worker.
 */
export async function encodeOffLoop(text: string, encoding: TextEncoding, bom: boolean): Promise<Buffer | undefined> {
  if (!native(encoding) && text.length > CODEC_OFFLOAD_MIN) {
    // In pieces: concatenating 40 MB here cost a copy and collection pauses of over 10 ms.
    const utf16 = (await encodePartsYielding(text, 'utf16le', false)).map(owned);
    const transfer = utf16.map((u) => u.buffer as ArrayBuffer);
    const reply = await inWorker({ kind: 'codec', op: 'encode', utf16, encoding, bom }, transfer);
    if (reply?.lossy) return undefined;
    if (reply?.bytes) return view(reply.bytes);
  }
  // Small, native, or the worker died: on the loop, a slice per turn.
  if (!(await canEncodeYielding(text, encoding))) return undefined;
  return encodeYielding(text, encoding, bom);
}
