// A fallback-grep worker thread: searches the batches of files the pool sends, one batch
// at a time (the file reader shares one buffer), and answers with each file's hits.
import { parentPort } from 'node:worker_threads';
import { SearchCancelled, searchFile, type FileSearch } from './file-search.js';
import type { Batch, BatchReply } from './search-pool.js';
import type { FileHits } from './types.js';

const port = parentPort!;
/** Compiled patterns of recent searches (a search sends many batches with the same one). */
const regexes = new Map<string, RegExp>();

function regexOf(source: string, flags: string): RegExp {
  const key = `${flags}/${source}`;
  let re = regexes.get(key);
  if (!re) {
    if (regexes.size >= 16) regexes.clear();
    re = new RegExp(source, flags);
    regexes.set(key, re);
  }
  return re;
}

async function search({ files, scan: wire, stop }: Batch): Promise<Array<FileHits | null> | 'cancelled'> {
  const { source, flags, literal, ...rest } = wire;
  const scan: FileSearch = {
    ...rest,
    regex: regexOf(source, flags),
    literal: literal && Buffer.from(literal.buffer, literal.byteOffset, literal.byteLength),
  };
  const cancelled = (): boolean => Atomics.load(stop, 0) !== 0;
  const out: Array<FileHits | null> = [];
  for (const file of files) {
    if (cancelled()) return 'cancelled';
    const hits = await searchFile(file, scan, cancelled);
    out.push(hits ?? null);
    // The budget runs down within a batch as it does between batches.
    if (hits && scan.stopAt !== undefined) {
      scan.stopAt -= hits.matchLines;
      if (scan.stopAt <= 0) break;
    }
  }
  return out;
}

let queue: Promise<void> = Promise.resolve();
port.on('message', (m: Batch & { id: number }) => {
  queue = queue.then(async () => {
    let reply: BatchReply;
    try {
      const hits = await search(m);
      reply = hits === 'cancelled' ? { id: m.id, cancelled: true } : { id: m.id, hits };
    } catch (err) {
      reply =
        err instanceof SearchCancelled
          ? { id: m.id, cancelled: true }
          : { id: m.id, error: err instanceof Error ? err.message : String(err) };
    }
    port.postMessage(reply);
  });
});
