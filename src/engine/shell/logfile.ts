// A bounded output file: spilled command output and background job logs. Writes stream
// with backpressure; past `maxBytes` further output is counted but not stored.
import { createWriteStream, mkdirSync, promises as fsp, type WriteStream } from 'node:fs';
import path from 'node:path';
import { countNewlines } from './capture.js';

/**
 * The log notes how many line breaks came before every MARK-th byte as the bytes pass, so
 * the lines of any range are counted from at most two MARK-sized reads, not the whole range.
 */
const MARK = 64 * 1024;

export class BoundedLog {
  /** Bytes accepted into the file. */
  written = 0;
  /** Bytes known to be on disk (readable). */
  flushed = 0;
  /** Bytes refused because the file reached its bound. */
  dropped = 0;
  private readonly out: WriteStream;
  /** marks[k]: line breaks in bytes [0, k * MARK) of the file. */
  private readonly marks: number[] = [0];
  private breaks = 0;
  private closing: Promise<void> | undefined;

  constructor(
    readonly file: string,
    readonly maxBytes: number,
    /** Called whenever more bytes reached the disk. */
    private readonly onFlush?: () => void,
  ) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    this.out = createWriteStream(file, { flags: 'w', mode: 0o600 });
    this.out.on('error', () => undefined);
  }

  /** False when the caller should pause its source until onDrain fires. */
  write(chunk: Buffer): boolean {
    const room = this.maxBytes - this.written;
    if (room <= 0 || this.closing) {
      this.dropped += chunk.length;
      return true;
    }
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.dropped += chunk.length - part.length;
    this.noteBreaks(part);
    this.written += part.length;
    return this.out.write(part, () => {
      this.flushed += part.length;
      this.onFlush?.();
    });
  }

  onDrain(fn: () => void): void {
    this.out.once('drain', fn);
  }

  get full(): boolean {
    return this.written >= this.maxBytes;
  }

  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      this.out.end(() => resolve());
      this.out.once('error', () => resolve());
    });
    return this.closing;
  }

  /** Up to `maxBytes` stored bytes from `offset` (only what is already on disk). */
  async read(offset: number, maxBytes: number): Promise<Buffer> {
    const end = Math.min(this.flushed, offset + maxBytes);
    if (end <= offset) return Buffer.alloc(0);
    const fh = await fsp.open(this.file, 'r');
    try {
      const buf = Buffer.alloc(end - offset);
      const { bytesRead } = await fh.read(buf, 0, buf.length, offset);
      return buf.subarray(0, bytesRead);
    } finally {
      await fh.close();
    }
  }

  /** Lines in stored bytes [start, end) (end at most `flushed`): a last line without a break counts. */
  async countLines(start: number, end: number): Promise<number> {
    if (end <= start) return 0;
    const fh = await fsp.open(this.file, 'r');
    try {
      const last = Buffer.alloc(1);
      await fh.read(last, 0, 1, end - 1);
      return (await this.breaksBefore(fh, end)) - (await this.breaksBefore(fh, start)) + (last[0] !== 10 ? 1 : 0);
    } finally {
      await fh.close();
    }
  }

  private async breaksBefore(fh: fsp.FileHandle, at: number): Promise<number> {
    const k = Math.floor(at / MARK);
    const from = k * MARK;
    if (at === from) return this.marks[k]!;
    const buf = Buffer.alloc(at - from);
    const { bytesRead } = await fh.read(buf, 0, buf.length, from);
    return this.marks[k]! + countNewlines(buf.subarray(0, bytesRead));
  }

  private noteBreaks(part: Buffer): void {
    for (let off = 0; off < part.length;) {
      const pos = this.written + off;
      const next = (Math.floor(pos / MARK) + 1) * MARK;
      const take = Math.min(part.length - off, next - pos);
      this.breaks += countNewlines(part.subarray(off, off + take));
      off += take;
      if (pos + take === next) this.marks.push(this.breaks);
    }
  }

  async remove(): Promise<void> {
    await this.close();
    await fsp.rm(this.file, { force: true });
  }
}
