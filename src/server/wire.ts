// Response serializers for the hot RPCs. ts-proto encodes a google.protobuf.Struct by first
// wrapping every object, value and list in intermediate messages and then walking those
// through a general writer; for a tool result that is most of the serialization cost. This
// encoder writes the same bytes straight from the plain JS value in two passes (measure,
// then write the whole response into one buffer, with no intermediate chunks to join and
// copy). test/server/wire.test.ts holds it byte-for-byte to ts-proto.
import { BinaryWriter } from '@bufbuild/protobuf/wire';
import type * as grpc from '@grpc/grpc-js';
import { EngineError } from '../engine/errors.js';
import { cutToFit } from '../registry/fit.js';
import { Failure } from '../gen/codefly/base/v0/failure.js';
import {
  Content,
  ToolboxService,
  type CallToolResponse,
  type ReadResourceResponse,
} from '../gen/codefly/services/toolbox/v0/toolbox.js';
import { toCallResponse } from '../registry/failure.js';
import { failureResult } from '../registry/result.js';
import { decodeCallToolRequest, decodeGetPromptRequest } from './wire-request.js';

type Json = Record<string, unknown>;

/**
 * Lengths of nested messages and strings, in the order the writer needs them. One typed
 * array reused across calls (grown when a result needs more), so a large result does not
 * grow and drop a JS array of a hundred thousand numbers each time.
 */
let sizes = new Int32Array(1024);
let count = 0;
const KEEP_SLOTS = 1 << 20;

/**
 * Reserves the next slot and returns its index; fill it with `sizes[i] = n` only after this returns (it may replace
 * `sizes`).
 */
function slot(): number {
  if (count === sizes.length) {
    const bigger = new Int32Array(sizes.length * 2);
    bigger.set(sizes);
    sizes = bigger;
  }
  return count++;
}

/** UTF-8 length; short strings are counted in JS, which beats a call into C++ for them. */
function utf8Len(s: string): number {
  const n = s.length;
  if (n > 32) return Buffer.byteLength(s, 'utf8');
  for (let i = 0; i < n; i++) if (s.charCodeAt(i) >= 0x80) return Buffer.byteLength(s, 'utf8');
  return n;
}

function varintLen(n: number): number {
  return n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : n < 0x10000000 ? 4 : 5;
}

/** Size of a length-delimited field (one-byte tag, length, body) whose body is `n` bytes. */
function delimited(n: number): number {
  return 1 + varintLen(n) + n;
}

/** Size of a string field; its UTF-8 length goes into the table for the writer. */
function measureString(s: string): number {
  const n = utf8Len(s);
  const i = slot();
  sizes[i] = n;
  return delimited(n);
}

/** Body size of a Struct message (map<string, Value> fields = 1). */
function measureStruct(o: Json): number {
  let n = 0;
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (v === undefined) continue;
    const entrySlot = slot();
    let entry = 0;
    if (k !== '') entry += measureString(k);
    const valueSlot = slot();
    const vs = measureValue(v);
    sizes[valueSlot] = vs;
    entry += delimited(vs);
    sizes[entrySlot] = entry;
    n += delimited(entry);
  }
  return n;
}

/** Body size of a Value message (the oneof kind). */
function measureValue(v: unknown): number {
  switch (typeof v) {
    case 'string':
      return measureString(v);
    case 'number':
      return 9;
    case 'boolean':
      return 2;
    case 'undefined':
      return 0; // only reachable inside a list: an empty Value, as ts-proto writes it
    case 'object': {
      if (v === null) return 2;
      const at = slot();
      let body = 0;
      if (Array.isArray(v)) {
        for (const item of v) {
          const itemSlot = slot();
          const s = measureValue(item);
          sizes[itemSlot] = s;
          body += delimited(s);
        }
      } else {
        body = measureStruct(v as Json);
      }
      sizes[at] = body;
      return delimited(body);
    }
    default:
      throw new Error(`Unsupported any value type: ${typeof v}`);
  }
}

const EMPTY = Buffer.alloc(0);
let buf: Buffer = EMPTY;
let pos = 0;
let next = 0;

function varint(n: number): void {
  while (n > 0x7f) {
    buf[pos++] = (n & 0x7f) | 0x80;
    n >>>= 7;
  }
  buf[pos++] = n;
}

/** Writes a string field measured by measureString; equal lengths mean pure ASCII, copied in JS when short. */
function writeString(tag: number, s: string): void {
  buf[pos++] = tag;
  const bytes = sizes[next++]!;
  varint(bytes);
  if (bytes === s.length && bytes <= 32) {
    for (let i = 0; i < bytes; i++) buf[pos++] = s.charCodeAt(i);
  } else {
    pos += buf.write(s, pos, bytes, 'utf8');
  }
}

function writeStruct(o: Json): void {
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (v === undefined) continue;
    buf[pos++] = 10; // fields, length-delimited entry
    varint(sizes[next++]!);
    if (k !== '') writeString(10, k); // entry.key
    buf[pos++] = 18; // entry.value
    varint(sizes[next++]!);
    writeValue(v);
  }
}

function writeValue(v: unknown): void {
  switch (typeof v) {
    case 'string':
      writeString(26, v);
      return;
    case 'number':
      buf[pos++] = 17;
      pos = buf.writeDoubleLE(v, pos);
      return;
    case 'boolean':
      buf[pos++] = 32;
      buf[pos++] = v ? 1 : 0;
      return;
    case 'undefined':
      return;
    default: {
      if (v === null) {
        buf[pos++] = 8;
        buf[pos++] = 0;
        return;
      }
      const list = Array.isArray(v);
      buf[pos++] = list ? 50 : 42;
      varint(sizes[next++]!);
      if (list) {
        for (const item of v) {
          buf[pos++] = 10;
          varint(sizes[next++]!);
          writeValue(item);
        }
      } else {
        writeStruct(v as Json);
      }
    }
  }
}

/** Runs a measure pass and then a write pass into one buffer of the measured size. */
function encode(measure: () => number, write: () => void): Buffer {
  count = 0;
  try {
    buf = Buffer.allocUnsafe(measure());
    pos = 0;
    next = 0;
    write();
    return buf;
  } finally {
    if (sizes.length > KEEP_SLOTS) sizes = new Int32Array(1024); // one huge result does not pin its table
    buf = EMPTY;
  }
}

/** google.protobuf.Struct bytes for a plain object, identical to ts-proto's `Struct.encode(Struct.wrap(o))`. */
export function encodeStruct(o: Json): Buffer {
  return encode(
    () => measureStruct(o),
    () => writeStruct(o),
  );
}

/**
 * Measures repeated Content (field 1). Text and structured bodies are written here; any
 * other body (a blob) is encoded by ts-proto now and copied in by the write pass.
 */
function measureContents(contents: Content[], others: Uint8Array[]): number {
  let total = 0;
  for (const c of contents) {
    const bodySlot = slot();
    let body: number;
    if (c.body?.$case === 'structured') {
      const inner = slot();
      const n = measureStruct(c.body.value ?? {});
      sizes[inner] = n;
      body = delimited(n);
    } else if (c.body?.$case === 'text') {
      body = measureString(c.body.value);
    } else {
      const bytes = Content.encode(c).finish();
      others.push(bytes);
      body = bytes.length;
    }
    sizes[bodySlot] = body;
    total += delimited(body);
  }
  return total;
}

function writeContents(contents: Content[], others: Uint8Array[]): void {
  let k = 0;
  for (const c of contents) {
    buf[pos++] = 10; // content
    varint(sizes[next++]!);
    if (c.body?.$case === 'structured') {
      buf[pos++] = 18; // content.structured
      varint(sizes[next++]!);
      writeStruct(c.body.value ?? {});
    } else if (c.body?.$case === 'text') {
      writeString(10, c.body.value); // content.text
    } else {
      const bytes = others[k++]!;
      buf.set(bytes, pos);
      pos += bytes.length;
    }
  }
}

/** Contents followed by the message's other fields, already encoded (`tail`), in one buffer. */
function encodeWithContents(contents: Content[], tail: Uint8Array): Buffer {
  const others: Uint8Array[] = [];
  return encode(
    () => measureContents(contents, others) + tail.length,
    () => {
      writeContents(contents, others);
      buf.set(tail, pos);
    },
  );
}

/** CallToolResponse bytes in ts-proto's field order; the test pins the field list against the generated type. */
export function encodeCallToolResponse(m: CallToolResponse): Buffer {
  const w = new BinaryWriter();
  if (m.error !== '') w.uint32(18).string(m.error);
  if (m.canonicalRouted) w.uint32(24).bool(true);
  if (m.routedTo !== '') w.uint32(34).string(m.routedTo);
  if (m.failure !== undefined) Failure.encode(m.failure, w.uint32(42).fork()).join();
  return encodeWithContents(m.content, w.finish());
}

export function encodeReadResourceResponse(m: ReadResourceResponse): Buffer {
  return encodeWithContents(m.content, EMPTY);
}

/** A CallTool response as bytes within its limit, and the size it had when it was over. */
export interface LimitedResponse {
  bytes: Buffer;
  /** The encoded size before cutting or failing, when it was over `limit`. */
  oversize?: number;
}

/**
 * Encodes a CallTool response within `limit` bytes. A result larger than the client accepts
 * would otherwise fail the call with a bare RESOURCE_EXHAUSTED status on the client, and the
 * model would learn nothing; it is answered in band instead, so the model can ask for less.
 * A call that may have changed something (`cut`) keeps its outcome all the same: its longest
 * strings are cut to fit, with notes.
 */
export function encodeWithinLimit(m: CallToolResponse, limit: number, cut: boolean): LimitedResponse {
  const bytes = encodeCallToolResponse(m);
  if (bytes.length <= limit) return { bytes };
  if (cut) return { bytes: cutToFit(m, limit, encodeCallToolResponse), oversize: bytes.length };
  const err = new EngineError(
    'resource_exhausted',
    `the result is ${bytes.length} bytes, more than can be sent in one message here (${limit} bytes); ask for less: a line range, a lower limit, a narrower path or pattern`,
    {
      facts: { bytes: bytes.length, maxBytes: limit },
    },
  );
  return {
    bytes: encodeCallToolResponse(toCallResponse(failureResult(err.message, err, 'CallTool'), 'CallTool')),
    oversize: bytes.length,
  };
}

/**
 * The Toolbox service definition with the fast serializers on the RPCs that carry tool
 * output. CallTool handlers answer with bytes already encoded and held to the client's limit
 * (the service does that, with encodeWithinLimit), so its serializer passes them through.
 */
export function toolboxService(): grpc.ServiceDefinition {
  return {
    ...ToolboxService,
    callTool: {
      ...ToolboxService.callTool,
      requestDeserialize: decodeCallToolRequest,
      responseSerialize: (b: Buffer) => b,
    },
    readResource: { ...ToolboxService.readResource, responseSerialize: encodeReadResourceResponse },
    getPrompt: { ...ToolboxService.getPrompt, requestDeserialize: decodeGetPromptRequest },
  };
}
