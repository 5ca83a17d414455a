// An open file read through its descriptor. Small files are read with plain synchronous
// syscalls: each costs microseconds on a local disk, while the promise FileHandle API costs a
// threadpool round trip and an object per operation, which dominated a small read. Large files
// are read through the callback API, so a long scan never holds the event loop; their first
// reads, up to `syncBudget` bytes, are synchronous too, so the head or tail of a big file costs
// what a small file costs (the loop is held no longer than for a small file read whole).
import { closeSync, fstatSync, read as fsRead, readSync, type Stats } from 'node:fs';

/** Files up to this size are read synchronously (one or two read syscalls). */
export const SYNC_READ_MAX = 1024 * 1024;

export interface ByteReader {
  read(buf: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
}

export class FdFile implements ByteReader {
  /** Read with synchronous syscalls; set once the size is known to be small. */
  sync = false;
  /** Bytes that may still be read synchronously although `sync` is off. */
  syncBudget = 0;
  private closed = false;

  constructor(readonly fd: number) {}

  stat(): Stats {
    return fstatSync(this.fd);
  }

  read(buf: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesRead: number }> {
    if (this.sync || length <= this.syncBudget) {
      if (!this.sync) this.syncBudget -= length;
      try {
        return Promise.resolve({ bytesRead: readSync(this.fd, buf, offset, length, position) });
      } catch (err) {
        return Promise.reject(err instanceof Error ? err : new Error(String(err)));
      }
    }
    return new Promise((resolve, reject) => {
      fsRead(this.fd, buf, offset, length, position, (err, bytesRead) => (err ? reject(err) : resolve({ bytesRead })));
    });
  }

  /** Idempotent. Callers close only once no read is in flight (reads are awaited in turn). */
  close(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      try {
        closeSync(this.fd);
      } catch {
        // already gone: nothing to release
      }
    }
    return Promise.resolve();
  }
}
