// Framing of MCP's stdio stream before the SDK sees it. The SDKs' stdio transports join every
// chunk to all they hold (a 16 MB message arriving in 64 KiB pieces copied ~2 GB on the event
// loop), and a message over their 10 MiB buffer closed the transport: `facet mcp` stopped, and the
// call got no answer. Here each line is gathered once and handed on whole, a line over the limit
// (--max-message-bytes, as over HTTP and gRPC) is dropped as it streams, and its sender is told.
import { Transform, type TransformCallback } from 'node:stream';

/** Bytes kept of an oversized line's start and end, to find its request id. */
const EDGE = 1024;

export interface Oversized {
  /** The request's id, when it could be found at the message's start or end; null otherwise. */
  id: string | number | null;
  bytes: number;
}

/**
 * Passes stdin on a line at a time (several complete lines may go as one chunk; a line is never
 * split), with lines over `maxBytes` (the newline not counted) left out and reported to `refuse`.
 */
export class LineGuard extends Transform {
  private parts: Buffer[] = [];
  private size = 0;
  /** Set while the current line is being dropped: how big it is so far, and its first bytes. */
  private dropping: { bytes: number; head: Buffer; tail: Buffer } | undefined;

  constructor(
    private readonly maxBytes: number,
    private readonly refuse: (o: Oversized) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    let at = 0;
    for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, at)) {
      this.gather(chunk.subarray(at, nl));
      if (this.dropping) this.endDropped();
      else {
        this.parts.push(chunk.subarray(nl, nl + 1));
        // One copy of the line (none when it came in one chunk).
        this.push(this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts, this.size + 1));
      }
      this.parts = [];
      this.size = 0;
      at = nl + 1;
    }
    this.gather(chunk.subarray(at));
    done();
  }

  override _flush(done: TransformCallback): void {
    // A last line without a newline: handed on as it is (the SDK ignores it, as it would have).
    if (this.dropping) this.endDropped();
    else if (this.size > 0) this.push(Buffer.concat(this.parts, this.size));
    done();
  }

  /** Adds bytes of the current line, or drops them once the line is over the limit. */
  private gather(piece: Buffer): void {
    if (piece.length === 0) return;
    if (!this.dropping && this.size + piece.length <= this.maxBytes) {
      this.parts.push(piece);
      this.size += piece.length;
      return;
    }
    if (!this.dropping) {
      const held = Buffer.concat([...this.parts, piece.subarray(0, EDGE)]);
      this.dropping = { bytes: this.size, head: held.subarray(0, EDGE), tail: Buffer.alloc(0) };
      this.parts = [];
      this.size = 0;
    }
    const d = this.dropping;
    d.bytes += piece.length;
    d.tail = Buffer.concat([d.tail, piece.subarray(-EDGE)]).subarray(-EDGE);
  }

  private endDropped(): void {
    const { bytes, head, tail } = this.dropping!;
    this.dropping = undefined;
    this.refuse({ id: requestId(head.toString('latin1'), tail.toString('latin1')), bytes });
  }
}

const ID = String.raw`"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,200}")`;
/** The id as a message's first or second member (`{"jsonrpc":"2.0","id":…`), or its last (`…,"id":3}`). */
const AT_START = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?${ID}`);
const AT_END = new RegExp(String.raw`[,{]\s*${ID}\s*\}\s*\r?$`);

function requestId(head: string, tail: string): string | number | null {
  const m = AT_START.exec(head) ?? AT_END.exec(tail);
  if (!m) return null;
  try {
    return JSON.parse(m[1]!) as string | number;
  } catch {
    return null;
  }
}
