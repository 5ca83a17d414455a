// The pure TypeScript grep backend: the same options and results as the rg backend.
// Files are read in bounded chunks of whole lines, decoded (BOM-sniffed UTF-16/UTF-8,
// invalid bytes become U+FFFD), skipped as binary when a NUL appears, and scanned with
// the regex translated from rg's dialect.
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { TextDecoder } from 'node:util';
import { abortError } from '../errors.js';
import { GlobOverrides, TypeFilter } from './filters.js';
import { IgnoreRules } from './ignore.js';
import { translateRegex } from './regex.js';
import { Scanner, type ScanOptions } from './scan.js';
import type { BackendRequest, FileHits, FileSink } from './types.js';
import { walk } from './walk.js';

const CHUNK = 4 * 1024 * 1024;
/** Multiline search needs a file whole; larger files are left out (rg would read them whole). */
const MULTILINE_MAX = 256 * 1024 * 1024;
const CONCURRENCY = 8;

function decoderFor(head: Buffer): { decoder: TextDecoder; skip: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { decoder: new TextDecoder('utf-8'), skip: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { decoder: new TextDecoder('utf-16le'), skip: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { decoder: new TextDecoder('utf-16be'), skip: 2 };
  return { decoder: new TextDecoder('utf-8'), skip: 0 };
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

/** Searches one file; undefined when it has no match or is binary. */
export async function searchFile(file: string, scan: ScanOptions, signal: AbortSignal): Promise<FileHits | undefined> {
  let handle;
  try {
    handle = await fsp.open(file, 'r');
  } catch {
    return undefined; // vanished or unreadable: rg skips it too
  }
  try {
    const size = (await handle.stat()).size;
    const scanner = new Scanner(scan);
    if (scan.multiline) {
      if (size > MULTILINE_MAX) return undefined;
      const all = await handle.readFile();
      const d = decoderFor(all);
      const text = d.decoder.decode(all.subarray(d.skip));
      if (text.includes('\0')) return undefined;
      scanner.scan(text, 1, 0);
      return scanner.matchLines === 0 ? undefined : { path: file, matchLines: scanner.matchLines, matches: scanner.matches, lines: scanner.lines };
    }
    const buf = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(size, 1)) + 4);
    let decoder: TextDecoder | undefined;
    let pending = '';
    let carry: string[] = [];
    let nextLine = 1;
    let position = 0;
    for (;;) {
      if (signal.aborted) throw abortError(signal, 'search');
      const { bytesRead } = await handle.read(buf, 0, buf.length - 4, position);
      position += bytesRead;
      let bytes = buf.subarray(0, bytesRead);
      if (!decoder) {
        const d = decoderFor(bytes);
        decoder = d.decoder;
        bytes = bytes.subarray(d.skip);
      }
      const eof = bytesRead === 0;
      const text = pending + (eof ? decoder.decode() : decoder.decode(bytes, { stream: true }));
      if (text.includes('\0')) return undefined;
      const cutAt = eof ? text.length : text.lastIndexOf('\n') + 1;
      const whole = text.slice(0, cutAt);
      pending = text.slice(cutAt);
      if (whole.length > 0 || eof) {
        const prefix = carry.length ? carry.join('\n') + '\n' : '';
        scanner.scan(prefix + whole, nextLine - carry.length, prefix.length);
        if (scanner.done) break;
        let lines = 0;
        for (let i = whole.indexOf('\n'); i !== -1; i = whole.indexOf('\n', i + 1)) lines++;
        if (scan.before > 0) carry = lastLines(prefix + whole, scan.before);
        nextLine += lines;
      }
      if (eof) break;
      if (pending.length > CHUNK * 4) {
        // One enormous line: scan it alone now rather than grow without bound.
        scanner.scan(pending, nextLine, 0);
        pending = '';
        carry = [];
        if (scanner.done) break;
      }
    }
    if (scanner.matchLines === 0) return undefined;
    return { path: file, matchLines: scanner.matchLines, matches: scanner.matches, lines: scanner.lines };
  } finally {
    await handle.close();
  }
}

/** Runs the search; calls `sink` per file with hits until it returns false or all is searched. */
export async function runFallback(req: BackendRequest, sink: FileSink, maxTotal: number): Promise<void> {
  const translated = translateRegex(req.pattern, {
    fixedStrings: req.fixedStrings,
    caseMode: req.caseMode,
    wordMatch: req.wordMatch,
    multiline: req.multiline,
  });
  const types = new TypeFilter(req.types, req.typesNot);
  const scanBase = {
    before: req.before,
    after: req.after,
    maxPerFile: req.maxPerFile,
    keepLines: req.keepLines,
    maxLineLength: req.maxLineLength,
    multiline: req.multiline && translated.canMatchNewline,
  };
  // Each concurrent file search needs its own RegExp (lastIndex is state).
  let remaining = maxTotal;
  const newScan = (): ScanOptions => ({ ...scanBase, stopAt: remaining, regex: new RegExp(translated.regex.source, translated.regex.flags) });
  let stopped = false;
  const deliver = (hits: FileHits | undefined): void => {
    if (!hits || stopped) return;
    remaining -= hits.matchLines;
    if (!sink(hits)) stopped = true;
  };

  for (const target of req.targets) {
    if (stopped) break;
    const st = await fsp.stat(target);
    if (!st.isDirectory()) {
      deliver(await searchFile(target, newScan(), req.signal));
      continue;
    }
    const rules = new IgnoreRules(req.ignore);
    const overrides = new GlobOverrides(req.globs, req.globCaseInsensitive);
    const files = walk(target, { rules, overrides, types });
    const running = new Set<Promise<void>>();
    try {
      for await (const { path: file } of files) {
        if (req.signal.aborted) throw abortError(req.signal, 'search');
        if (stopped) break;
        const p: Promise<void> = searchFile(file, newScan(), req.signal).then(deliver);
        running.add(p);
        void p.finally(() => running.delete(p)).catch(() => undefined);
        if (running.size >= CONCURRENCY) await Promise.race(running);
      }
      await Promise.all(running);
    } finally {
      files.destroy();
      await Promise.allSettled(running);
    }
  }
  if (req.signal.aborted) throw abortError(req.signal, 'search');
}
