// CallToolRequest decoder. ts-proto's generated decoder stops at 100 nested messages, and a
// google.protobuf.Struct spends three messages (Struct, entry, Value) per level of JSON, so
// arguments 33 levels deep failed the whole call with a bare INTERNAL "Error deserializing
// request" before any schema check could say what was wrong. This decoder gives the same
// result as ts-proto's (test/server/wire-request.test.ts holds it to that), allows
// MAX_ARGUMENT_DEPTH levels, and past that skips the deep value and marks the request, so
// the call is answered in band with INVALID_ARGUMENT instead of failing in the transport.
// CallTool's string values of a MiB or more are left as bytes and decoded a MiB per turn by
// settleArguments before the call runs (the deserializer runs on the event loop in one piece).
import { BinaryReader } from '@bufbuild/protobuf/wire';
import { decodeYielding } from '../engine/files/encoding.js';
import type { CallToolRequest, GetPromptRequest } from '../gen/codefly/services/toolbox/v0/toolbox.js';

/** Deepest nesting of objects and arrays accepted in CallTool arguments (the arguments object is level 1). */
export const MAX_ARGUMENT_DEPTH = 128;

const TOO_DEEP = Symbol('facet.argumentsTooDeep');

type Json = Record<string, unknown>;

/** True when the request's arguments nested deeper than MAX_ARGUMENT_DEPTH (they were dropped). */
export function argumentsTooDeep(req: CallToolRequest | GetPromptRequest): boolean {
  return (req as { [TOO_DEEP]?: boolean })[TOO_DEEP] === true;
}

/** GetPromptRequest as ts-proto decodes it, its Struct arguments held to MAX_ARGUMENT_DEPTH like CallTool's. */
export function decodeGetPromptRequest(bytes: Uint8Array): GetPromptRequest {
  const reader = new BinaryReader(bytes);
  const state: State = { tooDeep: false };
  const message: GetPromptRequest = { name: '', arguments: undefined };
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    if (tag === 10) message.name = reader.string();
    else if (tag === 18) message.arguments = decodeStruct(reader, reader.uint32(), 1, state);
    else if ((tag & 7) === 4 || tag === 0) break;
    else reader.skip(tag & 7);
  }
  if (state.tooDeep) {
    message.arguments = {};
    (message as GetPromptRequest & { [TOO_DEEP]?: boolean })[TOO_DEEP] = true;
  }
  return message;
}

interface State {
  tooDeep: boolean;
  /** Leave big string values as bytes (PendingText), for settleArguments. */
  defer?: boolean;
  /** A string value was left as bytes. */
  pending?: boolean;
}

/**
 * String values this long are not decoded by the deserializer, which grpc-js runs on the event
 * loop in one piece (a 20 MB `content` took 15-60 ms there): settleArguments decodes them a MiB
 * per turn before the call runs.
 */
const BIG_TEXT_BYTES = 1024 * 1024;
const PENDING = Symbol('facet.pendingText');
/** The length of the length-delimited field at the reader's position, without moving it. */
function peekLength(reader: BinaryReader): number {
  const at = reader.pos;
  const n = reader.uint32();
  reader.pos = at;
  return n;
}

/** A string value's UTF-8 bytes, not decoded yet. */
class PendingText {
  constructor(readonly bytes: Uint8Array) {}

  /**
   * A MiB per turn, as the engine decodes a big file. Node's UTF-8 decoder gives what the reader's
   * TextDecoder gives (U+FFFD for bad bytes, a BOM kept), and keeps text whose characters fit in a
   * byte one byte a character: the joined string's flattening at its first use copies half as much.
   */
  decode(): Promise<string> {
    return decodeYielding(this.bytes, 'utf8');
  }
}

/** True when the request's arguments hold big strings still to decode (settleArguments). */
export function hasPendingText(req: CallToolRequest): boolean {
  return (req as { [PENDING]?: boolean })[PENDING] === true;
}

/** Decodes the big strings the deserializer left as bytes (see BIG_TEXT_BYTES). */
export async function settleArguments(req: CallToolRequest): Promise<void> {
  const settle = async (v: unknown): Promise<unknown> => {
    if (v instanceof PendingText) return v.decode();
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) v[i] = await settle(v[i]);
    } else if (v !== null && typeof v === 'object') {
      for (const k of Object.keys(v)) (v as Json)[k] = await settle((v as Json)[k]);
    }
    return v;
  };
  await settle(req.arguments);
  delete (req as { [PENDING]?: boolean })[PENDING];
}

export function decodeCallToolRequest(bytes: Uint8Array): CallToolRequest {
  const reader = new BinaryReader(bytes);
  const state: State = { tooDeep: false, defer: true };
  const message: CallToolRequest = { name: '', arguments: undefined, roots: [] };
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    if (tag === 10) message.name = reader.string();
    else if (tag === 18) message.arguments = decodeStruct(reader, reader.uint32(), 1, state);
    else if (tag === 26) message.roots.push(reader.string());
    else if ((tag & 7) === 4 || tag === 0) break;
    else reader.skip(tag & 7);
  }
  if (state.tooDeep) {
    message.arguments = {};
    (message as CallToolRequest & { [TOO_DEEP]?: boolean })[TOO_DEEP] = true;
  } else if (state.pending) (message as CallToolRequest & { [PENDING]?: boolean })[PENDING] = true;
  return message;
}

/** A Struct of `length` bytes at `depth` (1 for the arguments object itself). */
function decodeStruct(reader: BinaryReader, length: number, depth: number, state: State): Json {
  const end = reader.pos + length;
  const out: Json = {};
  while (reader.pos < end) {
    const tag = reader.uint32();
    if (tag === 10) {
      const [key, value] = decodeEntry(reader, reader.uint32(), depth, state);
      if (value === undefined) continue;
      // A "__proto__" key is data like any other, never the object's prototype.
      if (key === '__proto__')
        Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      else out[key] = value;
    } else if ((tag & 7) === 4 || tag === 0) break;
    else reader.skip(tag & 7);
  }
  return out;
}

function decodeEntry(reader: BinaryReader, length: number, depth: number, state: State): [string, unknown] {
  const end = reader.pos + length;
  let key = '';
  let value: unknown;
  while (reader.pos < end) {
    const tag = reader.uint32();
    if (tag === 10) key = reader.string();
    else if (tag === 18) value = decodeValue(reader, reader.uint32(), depth, state);
    else if ((tag & 7) === 4 || tag === 0) break;
    else reader.skip(tag & 7);
  }
  return [key, value];
}

/** A Value inside a container at `depth`; a struct or list in it sits at depth + 1. */
function decodeValue(reader: BinaryReader, length: number, depth: number, state: State): unknown {
  const end = reader.pos + length;
  let value: unknown;
  while (reader.pos < end) {
    const tag = reader.uint32();
    switch (tag) {
      case 8:
        reader.int32();
        value = null;
        continue;
      case 17:
        value = reader.double();
        continue;
      case 26: {
        if (state.defer && peekLength(reader) >= BIG_TEXT_BYTES) {
          value = new PendingText(reader.bytes());
          state.pending = true;
        } else value = reader.string();
        continue;
      }
      case 32:
        value = reader.bool();
        continue;
      case 42:
      case 50: {
        const n = reader.uint32();
        if (reader.pos + n > reader.len) throw new RangeError('premature EOF');
        if (depth + 1 > MAX_ARGUMENT_DEPTH) {
          // Too deep to accept: skip its bytes without descending (no recursion, whatever its depth).
          reader.pos += n;
          state.tooDeep = true;
          value = null;
        } else {
          value = tag === 42 ? decodeStruct(reader, n, depth + 1, state) : decodeList(reader, n, depth + 1, state);
        }
        continue;
      }
    }
    if ((tag & 7) === 4 || tag === 0) break;
    reader.skip(tag & 7);
  }
  return value;
}

function decodeList(reader: BinaryReader, length: number, depth: number, state: State): unknown[] {
  const end = reader.pos + length;
  const out: unknown[] = [];
  while (reader.pos < end) {
    const tag = reader.uint32();
    if (tag === 10) out.push(decodeValue(reader, reader.uint32(), depth, state));
    else if ((tag & 7) === 4 || tag === 0) break;
    else reader.skip(tag & 7);
  }
  return out;
}
