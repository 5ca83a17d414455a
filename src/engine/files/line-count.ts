// Counting line breaks at memory speed, and remembering the count of big files.
// A tail read numbers its lines from the top, so it needs the number of line breaks before
// the tail. Counting them with Buffer.indexOf costs ~350 ms per GB of short lines (one call
// per line); the WebAssembly SIMD loop below compares 16 bytes at a time and, with the file
// read straight into its memory, counts a cached GB in ~80 ms. A count is kept per file,
// keyed by what changes whenever the content does (device, inode, size, mtime, ctime), so a
// repeated tail of an unchanged file costs no count at all.
import { fstatSync } from 'node:fs';
import { throwIfAborted } from '../errors.js';
import type { ByteReader } from '../fd-file.js';

/*
 * The module, assembled from this text format (wabt's wat2wasm with SIMD):
 *
 * (module
 *   (import "env" "mem" (memory 1))
 *   ;; bytes equal to 10 in [0, len): per 16-byte vector, eq gives -1 in matching lanes and
 *   ;; subtracting it adds 1; lanes are summed every 255 vectors, before a u8 lane can wrap.
 *   (func (export "count8") (param $len i32) (result i32) ...)
 *   ;; 16-bit units equal to $unit in [0, len), read little-endian (UTF-16LE LF is 0x000A,
 *   ;; UTF-16BE LF read little-endian is 0x0A00); lanes summed every 65535 vectors.
 *   (func (export "count16") (param $len i32) (param $unit i32) (result i32) ...))
 *
 * Both end with a scalar loop over the bytes after the last whole vector.
 */
const WASM =
  'AGFzbQEAAAABDAJgAX8Bf2ACf38BfwIMAQNlbnYDbWVtAgABAwMCAAEHFAIGY291bnQ4AAAHY291bnQxNgABCogDAsUBAgR/AnsgAEFwcSEEAkADQCABIARPDQH9DAAAAAAAAAAAAAAAAAAAAAAhBUH/ASEDAkADQCABIARPDQEgA0UNASAFIAH9AAQA/QwKCgoKCgoKCgoKCgoKCgoK/SP9cSEFIAFBEGohASADQQFrIQMMAAsLIAX9ff1/IQYgAiAG/RsAIAb9GwFqIAb9GwIgBv0bA2pqaiECDAALCwJAA0AgASAATw0BIAEtAABBCkYEQCACQQFqIQILIAFBAWohAQwACwsgAgu+AQIEfwN7IAH9ECEIIABBcHEhBQJAA0AgAiAFTw0B/QwAAAAAAAAAAAAAAAAAAAAAIQZB//8DIQQCQANAIAIgBU8NASAERQ0BIAYgAv0ABAAgCP0t/ZEBIQYgAkEQaiECIARBAWshBAwACwsgBv1/IQcgAyAH/RsAIAf9GwFqIAf9GwIgB/0bA2pqaiEDDAALCwJAA0AgAkEBaiAATw0BIAIvAQAgAUYEQCADQQFqIQMLIAJBAmohAgwACwsgAws=';

/** Bytes read per step of a count (an even number: UTF-16 units never straddle two steps). */
const STEP = 1024 * 1024;
/** Ranges this small are counted with indexOf: no WebAssembly instance for a few KiB. */
const SMALL = 64 * 1024;

interface Counter {
  count8(len: number): number;
  count16(len: number, unit: number): number;
}

// The WebAssembly global, typed here: the project's TypeScript libs (ES, no DOM) do not declare it.
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
  Memory: new (desc: { initial: number }) => { buffer: ArrayBuffer };
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

let compiled: object | null | undefined;
/** The compiled module, or null where WebAssembly SIMD is unavailable (then indexOf counts). */
function wasmModule(): object | null {
  if (compiled === undefined) {
    try {
      compiled = new wasm.Module(Buffer.from(WASM, 'base64'));
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/** How a line break looks in the file's encoding: one byte, or a 16-bit unit in either byte order. */
export type BreakUnit = 'byte' | 'utf16le' | 'utf16be';

export function breakUnit(encoding: string): BreakUnit {
  return encoding === 'utf16le' || encoding === 'utf16be' ? encoding : 'byte';
}

/** Line breaks in `buf` (for UTF-16, `buf` starts on a unit boundary). */
export function countInBuffer(buf: Uint8Array, unit: BreakUnit): number {
  let n = 0;
  if (unit === 'byte') {
    const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
    for (let p = b.indexOf(10); p !== -1; p = b.indexOf(10, p + 1)) n++;
    return n;
  }
  const lo = unit === 'utf16le' ? 10 : 0;
  const hi = unit === 'utf16le' ? 0 : 10;
  for (let i = 0; i + 1 < buf.length; i += 2) if (buf[i] === lo && buf[i + 1] === hi) n++;
  return n;
}

/** Line breaks in bytes [from, to) of a file (for UTF-16, `from` on a unit boundary). */
export async function countBreaks(
  fh: ByteReader,
  unit: BreakUnit,
  from: number,
  to: number,
  signal?: AbortSignal,
): Promise<number> {
  if (to <= from) return 0;
  const mod = to - from > SMALL ? wasmModule() : null;
  if (!mod) {
    const buf = Buffer.allocUnsafe(Math.min(STEP, to - from));
    let n = 0;
    for (let pos = from; pos < to;) {
      throwIfAborted(signal, 'read');
      const { bytesRead } = await fh.read(buf, 0, Math.min(buf.length, to - pos), pos);
      if (bytesRead === 0) break;
      n += countInBuffer(buf.subarray(0, bytesRead), unit);
      pos += bytesRead;
    }
    return n;
  }
  // One instance and memory per count: counts of different files run concurrently, and
  // each reads into its own memory without a copy.
  const mem = new wasm.Memory({ initial: STEP / 65536 });
  const counter = new wasm.Instance(mod, { env: { mem } }).exports as unknown as Counter;
  const view = new Uint8Array(mem.buffer, 0, STEP);
  const unitValue = unit === 'utf16le' ? 0x000a : 0x0a00;
  let n = 0;
  for (let pos = from; pos < to;) {
    throwIfAborted(signal, 'read');
    const { bytesRead } = await fh.read(view, 0, Math.min(STEP, to - pos), pos);
    if (bytesRead === 0) break;
    // A short read of UTF-16 may end mid-unit: count whole units, read the odd byte again.
    const whole = unit === 'byte' ? bytesRead : bytesRead & ~1;
    if (whole === 0) break;
    n += unit === 'byte' ? counter.count8(whole) : counter.count16(whole, unitValue);
    pos += whole;
  }
  return n;
}

/** What identifies one version of a file's content: any write changes ctime, and size or mtime with it. */
export interface FileVersion {
  dev: bigint;
  ino: bigint;
  size: bigint;
  mtimeNs: bigint;
  ctimeNs: bigint;
}

export function fileVersion(fd: number): FileVersion {
  const st = fstatSync(fd, { bigint: true });
  return { dev: st.dev, ino: st.ino, size: st.size, mtimeNs: st.mtimeNs, ctimeNs: st.ctimeNs };
}

const sameVersion = (a: FileVersion, b: FileVersion) =>
  a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;

interface Entry {
  version: FileVersion;
  unit: BreakUnit;
  from: number;
  breaks: number;
}

export interface LineCountCacheOptions {
  /** Files remembered at most (least recently used forgotten first). */
  maxEntries?: number;
  /** Files smaller than this are counted each time (fast enough, and not worth an entry). */
  minBytes?: number;
  /**
   * A count is stored only when the file's last change is at least this old when the count
   * starts. File times tick coarsely (a jiffy on Linux, seconds elsewhere), so a file
   * rewritten to the same size within one tick would keep its times: a count taken in that
   * window could describe content that is already gone (git's "racy clean" problem).
   */
  settleMs?: number;
}

/** Line-break counts of big files, keyed by their version; bounded in entries (each ~200 bytes). */
export class LineCountCache {
  readonly maxEntries: number;
  readonly minBytes: number;
  readonly settleMs: number;
  private readonly entries = new Map<string, Entry>();
  /** Counts served from the cache, and counts made by reading. */
  hits = 0;
  misses = 0;

  constructor(opts: LineCountCacheOptions = {}) {
    this.maxEntries = opts.maxEntries ?? 256;
    this.minBytes = opts.minBytes ?? 1024 * 1024;
    this.settleMs = opts.settleMs ?? 2000;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }

  /**
   * Line breaks in bytes [from, size) of the open file `fd` of `size` bytes (`from` is where
   * the text starts, after any byte-order mark); the count is read from the cache or made and stored.
   */
  async count(
    fd: number,
    fh: ByteReader,
    unit: BreakUnit,
    from: number,
    size: number,
    signal?: AbortSignal,
  ): Promise<number> {
    if (size < this.minBytes) return countBreaks(fh, unit, from, size, signal);
    const before = fileVersion(fd);
    // Changing under us: count what was opened.
    if (Number(before.size) !== size) return countBreaks(fh, unit, from, size, signal);
    const key = `${before.dev}:${before.ino}`;
    const hit = this.entries.get(key);
    if (hit && sameVersion(hit.version, before) && hit.unit === unit && hit.from === from) {
      this.hits++;
      this.entries.delete(key);
      this.entries.set(key, hit); // most recently used last
      return hit.breaks;
    }
    this.misses++;
    const started = Date.now();
    const breaks = await countBreaks(fh, unit, from, size, signal);
    const changed = Number((before.mtimeNs > before.ctimeNs ? before.mtimeNs : before.ctimeNs) / 1_000_000n);
    // Stored only if the file did not change while it was counted, and had settled before.
    if (started - changed >= this.settleMs && sameVersion(fileVersion(fd), before)) {
      this.entries.delete(key);
      this.entries.set(key, { version: before, unit, from, breaks });
      while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    } else if (hit) this.entries.delete(key);
    return breaks;
  }
}

/** The process's cache, used by reads unless they are given another. */
export const lineCounts = new LineCountCache();
