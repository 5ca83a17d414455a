// Bounded capture of a stream while it flows: the first `headBytes` and the last
// `tailBytes` are kept, everything is counted (bytes and lines), so a flood such as `yes`
// costs constant memory. Text is decoded at the end, cut on UTF-8 character boundaries.

export interface CapturedText {
  /** All the output when nothing was cut; otherwise head + tail with nothing in between. */
  text: string;
  head: string;
  tail: string;
  /** Bytes the stream produced in total. */
  totalBytes: number;
  /** Newlines seen (a last line without one counts too). */
  totalLines: number;
  truncated: boolean;
  /** Bytes between head and tail that were not kept. */
  omittedBytes: number;
}

export class Capture {
  // Head chunks are kept by reference; the ring is only allocated once the head is full.
  private readonly head: Buffer[] = [];
  private headLen = 0;
  private ring: Buffer = Buffer.alloc(0);
  private ringLen = 0;
  private ringPos = 0;
  total = 0;
  private newlines = 0;
  private lastByte = -1;

  constructor(
    readonly headBytes: number,
    readonly tailBytes: number,
  ) {}

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.total += chunk.length;
    this.lastByte = chunk[chunk.length - 1]!;
    this.newlines += countNewlines(chunk);
    let rest = chunk;
    if (this.headLen < this.headBytes) {
      const n = Math.min(this.headBytes - this.headLen, rest.length);
      this.head.push(rest.subarray(0, n));
      this.headLen += n;
      rest = rest.subarray(n);
    }
    if (rest.length === 0 || this.tailBytes === 0) return;
    if (this.ring.length === 0) this.ring = Buffer.allocUnsafe(this.tailBytes);
    if (rest.length >= this.tailBytes) {
      rest.copy(this.ring, 0, rest.length - this.tailBytes);
      this.ringPos = 0;
      this.ringLen = this.tailBytes;
      return;
    }
    const first = Math.min(rest.length, this.tailBytes - this.ringPos);
    rest.copy(this.ring, this.ringPos, 0, first);
    rest.copy(this.ring, 0, first);
    this.ringPos = (this.ringPos + rest.length) % this.tailBytes;
    this.ringLen = Math.min(this.tailBytes, this.ringLen + rest.length);
  }

  /** Bytes past the head, in order (at most tailBytes). */
  private tailBuffer(): Buffer {
    if (this.ringLen < this.tailBytes) return Buffer.from(this.ring.subarray(0, this.ringLen));
    return Buffer.concat([this.ring.subarray(this.ringPos), this.ring.subarray(0, this.ringPos)]);
  }

  get truncated(): boolean {
    return this.total > this.headLen + this.ringLen;
  }

  result(): CapturedText {
    const totalLines = this.newlines + (this.total > 0 && this.lastByte !== 10 ? 1 : 0);
    const headBuf = Buffer.concat(this.head, this.headLen);
    const tailBuf = this.tailBuffer();
    if (!this.truncated) {
      const text = Buffer.concat([headBuf, tailBuf]).toString('utf8');
      return { text, head: text, tail: '', totalBytes: this.total, totalLines, truncated: false, omittedBytes: 0 };
    }
    const headCut = utf8Prefix(headBuf);
    const tailCut = utf8Suffix(tailBuf);
    const head = headCut.toString('utf8');
    const tail = tailCut.toString('utf8');
    return {
      text: head + tail,
      head,
      tail,
      totalBytes: this.total,
      totalLines,
      truncated: true,
      omittedBytes: this.total - headCut.length - tailCut.length,
    };
  }
}

/** Newlines in `b` (a plain loop: far faster than indexOf when lines are short, as with `yes`). */
export function countNewlines(b: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < b.length; i++) if (b[i] === 10) n++;
  return n;
}

/** The longest prefix of `b` that does not end inside a UTF-8 sequence. */
export function utf8Prefix(b: Buffer): Buffer {
  let end = b.length;
  let k = end - 1;
  let back = 0;
  while (k >= 0 && back < 4 && (b[k]! & 0xc0) === 0x80) {
    k--;
    back++;
  }
  if (k >= 0) {
    const lead = b[k]!;
    const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
    if (end - k < need) end = k;
  }
  return b.subarray(0, end);
}

/** The longest suffix of `b` that does not start inside a UTF-8 sequence. */
export function utf8Suffix(b: Buffer): Buffer {
  let start = 0;
  while (start < b.length && start < 4 && (b[start]! & 0xc0) === 0x80) start++;
  return b.subarray(start);
}

/** Drops ANSI escape sequences (colours, cursor moves, OSC titles) from terminal output. */
export function stripAnsi(text: string): string {
  return text.replace(/\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g, '');
}

/**
 * Cuts `text` to at most `limit` units (UTF-8 bytes or characters), keeping `headShare` of
 * the budget at the start and the rest at the end. Shapes add their own marker between.
 */
export function headTail(
  text: string,
  limit: number,
  headShare = 0.5,
  unit: 'bytes' | 'chars' = 'chars',
): { head: string; tail: string; truncated: boolean; omitted: number } {
  if (unit === 'chars') {
    const chars = Array.from(text);
    if (chars.length <= limit) return { head: text, tail: '', truncated: false, omitted: 0 };
    const h = Math.floor(limit * headShare);
    const t = limit - h;
    return {
      head: chars.slice(0, h).join(''),
      tail: t > 0 ? chars.slice(chars.length - t).join('') : '',
      truncated: true,
      omitted: chars.length - limit,
    };
  }
  const buf = Buffer.from(text, 'utf8');
  if (buf.length <= limit) return { head: text, tail: '', truncated: false, omitted: 0 };
  const h = Math.floor(limit * headShare);
  const head = utf8Prefix(buf.subarray(0, h));
  const tail = utf8Suffix(buf.subarray(buf.length - (limit - h)));
  return {
    head: head.toString('utf8'),
    tail: tail.toString('utf8'),
    truncated: true,
    omitted: buf.length - head.length - tail.length,
  };
}
