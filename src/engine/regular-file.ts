// Reading a file the workspace names for itself (ignore rules, a language server's copy of a
// file, a memory file, a file about to be replaced): only a regular file is read. A FIFO there
// would hold the read, and with it a thread-pool thread or the event loop, until something
// writes to it; a link to /dev/zero would never end (ripgrep, reading one as a .gitignore, grew
// to 3 GB in three seconds). The path is stat'ed first, so no device is ever opened, and opened
// non-blocking with its type checked again, so a FIFO swapped in between cannot block either.
import { closeSync, constants as fsc, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { engineFailure } from './errors.js';

const FLAGS = fsc.O_RDONLY | fsc.O_NONBLOCK | fsc.O_NOCTTY;

function checkType(label: string, st: Stats): void {
  if (!st.isFile())
    throw engineFailure('not_regular_file', `${label} is not a regular file`, { path: label, notRegular: true });
}

function check(label: string, st: Stats, maxBytes: number): void {
  checkType(label, st);
  if (st.size > maxBytes) {
    throw engineFailure('file_too_large', `${label} is ${st.size} bytes, over the ${maxBytes}-byte limit`, {
      path: label,
      size: st.size,
      maxBytes,
    });
  }
}

/**
 * `file` opened for reading if it is a regular file (not_regular_file naming `label` otherwise,
 * or the system's error), with its stats; the caller closes the handle.
 */
export async function openRegular(file: string, label = file): Promise<{ handle: FileHandle; stats: Stats }> {
  checkType(label, await stat(file));
  const handle = await open(file, FLAGS);
  try {
    const stats = await handle.stat();
    checkType(label, stats);
    return { handle, stats };
  } catch (err) {
    await handle.close();
    throw err;
  }
}

/**
 * The text (UTF-8) of `file` if it is a regular file of at most `maxBytes`; else not_regular_file,
 * file_too_large (naming `label`) or the system's error.
 */
export async function readRegularText(file: string, maxBytes: number, label = file): Promise<string> {
  const { handle, stats } = await openRegular(file, label);
  try {
    check(label, stats, maxBytes);
    const buf = Buffer.allocUnsafe(stats.size);
    let n = 0;
    while (n < stats.size) {
      const { bytesRead } = await handle.read(buf, n, stats.size - n, n);
      if (bytesRead === 0) break;
      n += bytesRead;
    }
    return buf.toString('utf8', 0, n);
  } finally {
    await handle.close();
  }
}

/** readRegularText on this thread, for callers that must answer synchronously (small files). */
export function readRegularTextSync(file: string, maxBytes: number, label = file): string {
  check(label, statSync(file), maxBytes);
  const fd = openSync(file, FLAGS);
  try {
    const st = fstatSync(fd);
    check(label, st, maxBytes);
    const buf = Buffer.allocUnsafe(st.size);
    let n = 0;
    while (n < st.size) {
      const read = readSync(fd, buf, n, st.size - n, n);
      if (read === 0) break;
      n += read;
    }
    return buf.toString('utf8', 0, n);
  } finally {
    closeSync(fd);
  }
}
