// Searching one file for the fallback grep: read in bounded chunks of whole lines, decoded
// (BOM-sniffed UTF-16/UTF-8, invalid bytes become U+FFFD), skipped as binary when a NUL
// appears, and scanned with the regex translated from rg's dialect.
import fs from 'node:fs';
import { TextDecoder } from 'node:util';
import { Scanner, type ScanOptions } from './scan.js';
import type { FileHits } from './types.js';

const CHUNK = 1024 * 1024;
/** Multiline search needs a file whole; larger files are left out (rg would read them whole). */
const MULTILINE_MAX = 256 * 1024 * 1024;

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/** rg's BOM sniffing: UTF-16 files are transcoded, a UTF-8 BOM is dropped. */
function sniff(head: Buffer): { encoding: Encoding; skip: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', skip: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', skip: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', skip: 2 };
  return { encoding: 'utf-8', skip: 0 };
}

/** The last `n` complete lines of `text` (which ends with a newline unless empty). */
function lastLines(text: string, n: number): string[] {
  const out: string[] = [];
  if (text.length === 0) return out;
  let end = text.endsWith('\n') ? text.length - 1 : text.length;
  while (out.length < n) {
    const start = end === 0 ? 0 : text.lastIndexOf('\n', end - 1) + 1;
    out.unshift(text.slice(start, end));
    if (start === 0) break;
    end = start - 1;
  }
  return out;
}

function countNewlines(bytes: Buffer): number {
  let n = 0;
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) n++;
  return n;
}

const hits = (file: string, s: Scanner): FileHits | undefined =>
  s.matchLines === 0 ? undefined : { path: file, matchLines: s.matchLines, matches: s.matches, lines: s.lines };

export interface FileSearch extends ScanOptions {
  /** Bytes every matching line must contain (a case-sensitive literal pattern): chunks without them are not decoded. */
  literal?: Buffer;
}

// Opening, the first read and closing are synchronous: most files of a tree fit in the first
// read, and three thread-pool round trips per file cost several times the syscalls themselves
// (bench/search). This runs in the search workers (fallback-worker.ts), so it never holds the
// server's event loop; reads past the first stay asynchronous all the same.
const readFd = (fd: number, buf: Buffer, off: number, len: number, pos: number): Promise<number> =>
  new Promise((res, rej) => fs.read(fd, buf, off, len, pos, (e, n) => (e ? rej(e) : res(n))));
const FIRST_READ = 64 * 1024;
/** The first-read buffer, shared: files are searched one at a time and nothing keeps a view of it. */
const firstBuffer = Buffer.allocUnsafe(FIRST_READ);

/** Reads the rest of a file after its first `have` bytes (for whole-file decoding), bounded. */
async function readRest(fd: number, first: Buffer, have: number): Promise<Buffer | undefined> {
  const parts = [first.subarray(0, have)];
  let total = have;
  for (let pos = have; ;) {
    const chunk = Buffer.allocUnsafe(CHUNK);
    const n = await readFd(fd, chunk, 0, CHUNK, pos);
    if (n === 0) break;
    parts.push(chunk.subarray(0, n));
    pos += n;
    total += n;
    if (total > MULTILINE_MAX) return undefined;
  }
  return Buffer.concat(parts, total);
}

function fileSizeOf(fd: number): number {
  try {
    return fs.fstatSync(fd).size;
  } catch {
    return CHUNK;
  }
}

/** Thrown by searchFile when `cancelled()` turns true: the caller reports the cancellation. */
export class SearchCancelled extends Error {}

/** Searches one file; undefined when it has no match or is binary. */
export async function searchFile(
  file: string,
  scan: FileSearch,
  cancelled: () => boolean,
): Promise<FileHits | undefined> {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch {
    return undefined; // vanished or unreadable: rg skips it too
  }
  try {
    const scanner = new Scanner(scan);
    let buf = firstBuffer;
    let bytesRead = fs.readSync(fd, buf, 0, buf.length, 0);
    let eof = bytesRead < buf.length;
    const { encoding, skip } = sniff(buf.subarray(0, bytesRead));
    if (scan.multiline || encoding !== 'utf-8') {
      // Whole-file decoding: multiline matches need it, and UTF-16 cannot be split at 0x0A bytes.
      const whole = eof
        ? buf.subarray(0, bytesRead)
        : await readRest(fd, Buffer.from(buf.subarray(0, bytesRead)), bytesRead);
      if (!whole) return undefined;
      const text = new TextDecoder(encoding).decode(whole.subarray(skip));
      if (text.includes('\0')) return undefined;
      scanner.scan(text, 1, 0);
      return hits(file, scanner);
    }
    // UTF-8 (or anything else, read as UTF-8): work on bytes, split at newlines (always a
    // character boundary), look for NUL and the literal before paying for decoding.
    let start = skip;
    let filled = bytesRead;
    let position = bytesRead;
    let fileSize: number | undefined;
    let carry: string[] = [];
    let nextLine = 1;
    for (;;) {
      if (cancelled()) throw new SearchCancelled('search cancelled');
      const bytes = buf.subarray(start, filled);
      if (bytes.length === 0 && eof) break;
      if (bytes.indexOf(0) !== -1) return undefined;
      const cut = eof ? bytes.length : bytes.lastIndexOf(10) + 1;
      if (cut > 0) {
        const chunk = bytes.subarray(0, cut);
        // Line numbers of later chunks need this chunk's count; a last chunk needs none.
        const lines = eof ? 0 : countNewlines(chunk);
        if (scan.literal && !scanner.pending && chunk.indexOf(scan.literal) === -1) {
          // Nothing can match here: keep only what before-context may need.
          if (scan.before > 0) {
            let from = cut;
            for (let k = 0; k <= scan.before && from > 0; k++) from = chunk.lastIndexOf(10, from - 2) + 1;
            carry = [...carry, ...lastLines(chunk.toString('utf8', from), scan.before)].slice(-scan.before);
          }
        } else {
          const whole = chunk.toString('utf8');
          const prefix = carry.length ? carry.join('\n') + '\n' : '';
          scanner.scan(prefix + whole, nextLine - carry.length, prefix.length);
          if (scanner.done) break;
          if (scan.before > 0) carry = lastLines(prefix + whole, scan.before);
        }
        nextLine += lines;
        start += cut;
      }
      if (eof) break;
      // Keep the unfinished line, then read more behind it.
      const rest = filled - start;
      if (rest >= CHUNK * 4) {
        // One enormous line: scan it in pieces rather than grow without bound.
        scanner.scan(buf.toString('utf8', start, filled), nextLine, 0);
        if (scanner.done) break;
        start = filled;
        carry = [];
        continue;
      }
      // Grow to the file's size (bounded by CHUNK) or to fit an over-long line.
      // (No await before the copy below: the shared first buffer must be left before yielding.)
      if (fileSize === undefined) fileSize = fileSizeOf(fd);
      const size = Math.max(Math.min(CHUNK, fileSize - position + rest + 1), rest * 2);
      if (buf.length < size || buf === firstBuffer) {
        const bigger = Buffer.allocUnsafe(size);
        buf.copy(bigger, 0, start, filled);
        buf = bigger;
      } else if (rest > 0) buf.copy(buf, 0, start, filled);
      start = 0;
      filled = rest;
      bytesRead = await readFd(fd, buf, filled, buf.length - filled, position);
      position += bytesRead;
      filled += bytesRead;
      eof = bytesRead === 0;
    }
    return hits(file, scanner);
  } finally {
    fs.closeSync(fd);
  }
}
