// A child's stdout read into one buffer that is used again for every read. A stream over a
// pipe hands over a new Buffer, with its own backing store, for each read: a large search
// prints tens of MB in thousands of reads, and in a server process that holds a few tens of
// MB those allocations and the collections they bring cost about as much CPU as the
// printing itself (bench/NOTES-search-mcp.md §6). Node reads into a caller's buffer only for
// a socket it connects itself (net.Socket's `onread`), so the child's stdout is one end of a
// Unix socket connected through a listener that lives for that one connection, in a private
// directory.
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { atExit } from './at-exit.js';

/** How much one read takes at most. */
const READ_BYTES = 256 * 1024;

export interface SocketStdout {
  /** The child's end: pass it as stdio[1], then call `spawned()`. */
  childEnd: net.Socket;
  /**
   * Closes the parent's copy of the child's end, so the reader sees EOF once the child (and whatever it started) closed
   * its copy.
   */
  spawned(): void;
  /** Resolves once everything was read (EOF) or the reader was destroyed. */
  ended: Promise<void>;
  /** Stops reading and closes both ends. */
  destroy(): void;
}

let dir: string | undefined;
let made = 0;
let unusable = false;

function privateDir(): string {
  if (!dir) {
    // mkdtemp makes it 0700: nobody but this user can connect to a listener inside it.
    const created = mkdtempSync(path.join(os.tmpdir(), 'facet-out-'));
    atExit(() => rmSync(created, { recursive: true, force: true }));
    dir = created;
  }
  return dir;
}

/**
 * A connected socket pair whose reading end calls `onData` with each read (a view of the
 * shared buffer: valid only during the call). Undefined where it cannot be made (no writable
 * temporary directory, a path too long for a socket: both remembered), and the caller then
 * reads a pipe.
 */
export async function socketStdout(onData: (chunk: Buffer) => void): Promise<SocketStdout | undefined> {
  // Making a pair costs ~0.3–0.6 ms (its syscalls and a turn of the event loop): one is kept
  // ready, so a search takes it at once, and the next is made once this call has gone on.
  const ready = spare;
  spare = undefined;
  let pair = ready && (await ready);
  // A kept pair that closed meanwhile (nothing should close it) is dropped, not handed to rg.
  if (pair?.reader.destroyed) {
    pair.childEnd.destroy();
    pair = undefined;
  }
  pair ||= await makePair();
  if (!pair) return undefined;
  spare ??= new Promise((resolve) => setImmediate(() => resolve(makePair())));
  pair.sink = onData;
  pair.reader.ref();
  return {
    childEnd: pair.childEnd,
    spawned: () => pair.childEnd.destroy(),
    ended: pair.ended,
    destroy: () => {
      pair.childEnd.destroy();
      pair.reader.destroy();
    },
  };
}

/** Resolves once the pair kept ready is made (or could not be). */
export async function spareMade(): Promise<void> {
  await spare;
}

interface Pair {
  childEnd: net.Socket;
  reader: net.Socket;
  ended: Promise<void>;
  sink: (chunk: Buffer) => void;
}

let spare: Promise<Pair | undefined> | undefined;

async function makePair(): Promise<Pair | undefined> {
  if (unusable) return undefined;
  let where: string;
  try {
    where = path.join(privateDir(), String(++made));
  } catch {
    unusable = true;
    return undefined;
  }
  // A Unix socket binds and listens at once: the connect needs no wait for 'listening'.
  const server = net.createServer({ pauseOnConnect: true });
  const buffer = Buffer.allocUnsafe(READ_BYTES);
  const accepted = new Promise<net.Socket>((resolve) => server.once('connection', resolve));
  let fail!: (err: NodeJS.ErrnoException) => void;
  const failed = new Promise<NodeJS.ErrnoException>((resolve) => (fail = resolve));
  server.once('error', fail);
  server.listen(where);
  const pair: Partial<Pair> & { sink: Pair['sink'] } = { sink: () => undefined };
  const reader = net.connect({
    path: where,
    onread: { buffer, callback: (n: number) => (pair.sink(buffer.subarray(0, n)), true) },
  });
  // Before the connection, either end's failure ends the attempt; after it, the reader's
  // 'close' (which follows any error) is what the caller waits for.
  reader.on('error', fail);
  // A pair kept ready holds nothing open: the process may end with it unused.
  server.unref();
  reader.unref();
  // One connection, ours: nothing else is accepted, and closing the listener removes its name.
  const childEnd = await Promise.race([accepted, failed]).finally(() => server.close());
  if (!(childEnd instanceof net.Socket)) {
    reader.destroy();
    // A name too long for a socket stays too long; anything else may pass next time.
    if (childEnd.code === 'ENAMETOOLONG') unusable = true;
    return undefined;
  }
  // Neither end is ever written by this process. The child's end stays paused (it was
  // accepted so), and is not ended: a shutdown would reach the child's copy too.
  childEnd.unref();
  return Object.assign(pair, {
    childEnd,
    reader,
    ended: new Promise<void>((resolve) => reader.once('close', () => resolve())),
  });
}
