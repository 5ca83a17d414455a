// The pure TypeScript grep backend: the same options and results as the rg backend. The
// walk (ignore rules, globs, types) runs here; files go in batches to the worker pool,
// which reads and scans them (file-search.ts), and results come back in walk order.
import { promises as fsp } from 'node:fs';
import { abortError } from '../errors.js';
import { GlobOverrides, TypeFilter } from './filters.js';
import { IgnoreRules } from './ignore.js';
import { translateRegex } from './regex.js';
import { POOL_SIZE, searchPool, type WireScan } from './search-pool.js';
import type { BackendRequest, FileHits, FileSink } from './types.js';
import { walk } from './walk.js';

/** Files per message to a worker: large enough to make messaging cheap, small enough to share work. */
const BATCH = 64;
/** Batches out at once; results wait in order, so a few spare batches keep every worker busy. */
const IN_FLIGHT = POOL_SIZE * 4;

/** A literal every match must contain, when the pattern is one and case matters. */
function requiredLiteral(req: BackendRequest, caseInsensitive: boolean): Buffer | undefined {
  if (caseInsensitive || req.pattern === '') return undefined;
  if (req.fixedStrings || !/[\\.+*?()|[\]{}^$#&~-]/.test(req.pattern)) return Buffer.from(req.pattern, 'utf8');
  return undefined;
}

/** Runs the search; calls `sink` per file with hits, in walk order, until it returns false or all is searched. */
export async function runFallback(req: BackendRequest, sink: FileSink, maxTotal: number): Promise<void> {
  const translated = translateRegex(req.pattern, {
    fixedStrings: req.fixedStrings,
    caseMode: req.caseMode,
    wordMatch: req.wordMatch,
    multiline: req.multiline,
  });
  const types = new TypeFilter(req.types, req.typesNot);
  const scan: WireScan = {
    source: translated.regex.source,
    flags: translated.regex.flags,
    before: req.before,
    after: req.after,
    maxPerFile: req.maxPerFile,
    keepLines: req.keepLines,
    maxLineLength: req.maxLineLength,
    multiline: req.multiline && translated.canMatchNewline,
    literal: requiredLiteral(req, translated.caseInsensitive),
    exclude: req.excludeLines, // a RegExp survives the structured clone to the worker
  };
  // Raised on cancellation or once the sink has enough: workers check it between files and chunks.
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const raise = (): void => void Atomics.store(stop, 0, 1);
  req.signal.addEventListener('abort', raise, { once: true });
  let remaining = maxTotal;
  let stopped = false;
  const inFlight: Array<Promise<Array<FileHits | null> | 'cancelled'>> = [];
  // Cancellation does not wait for workers: one stuck in a regex would hold the call forever.
  const aborted = new Promise<'aborted'>((resolve) => {
    if (req.signal.aborted) resolve('aborted');
    else req.signal.addEventListener('abort', () => resolve('aborted'), { once: true });
  });
  const deliverOldest = async (): Promise<void> => {
    const hits = await Promise.race([inFlight.shift()!, aborted]);
    if (hits === 'aborted' || hits === 'cancelled' || stopped) return;
    for (const h of hits) {
      if (!h) continue;
      remaining -= h.matchLines;
      if (!sink(h)) {
        stopped = true;
        raise();
        return;
      }
    }
  };
  /** Sends a batch, then waits while too many are out. */
  const send = async (files: string[]): Promise<void> => {
    // Each batch may use what is left of the budget when it leaves; the sink trims overshoot.
    const p = searchPool.run({ files, scan: { ...scan, stopAt: remaining }, stop });
    p.catch(() => undefined); // awaited in order below; a search that ends early leaves some behind
    inFlight.push(p);
    while (inFlight.length >= IN_FLIGHT && !stopped) await deliverOldest();
  };

  try {
    for (const target of req.targets) {
      if (stopped) break;
      if (!(await fsp.stat(target)).isDirectory()) {
        await send([target]);
        continue;
      }
      const rules = new IgnoreRules(req.ignore);
      const overrides = new GlobOverrides(req.globs, req.globCaseInsensitive);
      const files = walk(target, { rules, overrides, types });
      try {
        let batch: string[] = [];
        for await (const { path: file } of files) {
          if (req.signal.aborted || stopped) break;
          batch.push(file);
          if (batch.length < BATCH) continue;
          await send(batch);
          batch = [];
        }
        if (batch.length && !stopped && !req.signal.aborted) await send(batch);
      } finally {
        files.destroy();
      }
    }
    while (inFlight.length && !stopped && !req.signal.aborted) await deliverOldest();
  } finally {
    raise(); // stragglers stop at their next file
    req.signal.removeEventListener('abort', raise);
    searchPool.release(stop);
  }
  if (req.signal.aborted) throw abortError(req.signal, 'search');
}
