// Listing one directory: entries with type, size and mtime, sorted, capped with an exact
// count of what was left out. (Foundation version: the search engine adds depth, ignore rules.)
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { EngineError, fromSystemError } from '../errors.js';
import type { Scope } from '../scope.js';

export type EntryType = 'file' | 'directory' | 'symlink' | 'other';

export interface ListEntry {
  name: string;
  type: EntryType;
  size: number;
  mtimeMs: number;
}

export interface ListOptions {
  cwd?: string;
  limit?: number;
  includeHidden?: boolean;
}

export interface ListResult {
  path: string;
  entries: ListEntry[];
  total: number;
  omitted: number;
}

export async function listDirectory(scope: Scope, input: string, opts: ListOptions = {}): Promise<ListResult> {
  const resolved = await scope.resolve(input, opts.cwd);
  let dirents;
  try {
    dirents = await fsp.readdir(resolved.real, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOTDIR') {
      throw new EngineError('invalid_argument', `${input} is not a directory`, { field: 'path', facts: { path: input, notDirectory: true } });
    }
    throw fromSystemError(err, input, 'list');
  }
  const visible = dirents.filter((d) => opts.includeHidden !== false || !d.name.startsWith('.'));
  const entries = await Promise.all(
    visible.map(async (d): Promise<ListEntry> => {
      const st = await fsp.lstat(path.join(resolved.real, d.name)).catch(() => undefined);
      const type: EntryType = d.isDirectory() ? 'directory' : d.isFile() ? 'file' : d.isSymbolicLink() ? 'symlink' : 'other';
      return { name: d.name, type, size: st?.size ?? 0, mtimeMs: st?.mtimeMs ?? 0 };
    }),
  );
  entries.sort((a, b) => (a.type === 'directory') !== (b.type === 'directory') ? (a.type === 'directory' ? -1 : 1) : a.name.localeCompare(b.name));
  const limit = opts.limit ?? Number.POSITIVE_INFINITY;
  const shown = entries.slice(0, limit);
  return { path: resolved.real, entries: shown, total: entries.length, omitted: entries.length - shown.length };
}
