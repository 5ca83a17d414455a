// A memory directory (the memory tool's /memories): files a model keeps across conversations,
// named by virtual paths under /memories and stored in one directory of the server's. Every
// path is checked before use, as the tool's documentation asks: it must start with /memories, may not
// climb out with `..` (also written \ or percent-encoded), and its real path (symlinks
// followed) must stay inside the directory. Files are created 0600 and directories 0700;
// writes go through a temporary file and a rename.
import { createHash, randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { recordedRemoval, recordedWrite } from './audit.js';
import { EngineError, fromSystemError } from './errors.js';
import { readRegularText } from './regular-file.js';
import { isWithin } from './scope.js';

export const MEMORY_ROOT = '/memories';

/** Whose memory a call reaches: one directory for all, one per caller, or one per session. */
export type MemoryScope = 'shared' | 'caller' | 'session';

export interface MemoryEntry {
  /** Path below the listed directory, "/" separated. */
  relative: string;
  /** 1 for the directory's own entries, 2 for their children. */
  depth: number;
  directory: boolean;
  size: number;
}

export interface MemoryStat {
  kind: 'file' | 'directory' | 'missing' | 'other';
  size: number;
}

/** A path refused before any file is touched (the SDK helpers' words). */
const refused = (message: string, input: string) =>
  new EngineError('permission_denied', message, { field: 'path', facts: { path: input } });

/** A memory file past this size is refused, not read. */
const MAX_MEMORY_FILE_BYTES = 64 * 1024 * 1024;

const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 16);

/** The directory of one memory: `base` itself, or a sub-directory per caller or per session. */
export function memoryDirOf(base: string, scope: MemoryScope, who: { caller: string; session: string }): string {
  if (scope === 'session') return path.join(base, 'sessions', hash(`${who.caller}\0${who.session}`));
  if (scope === 'caller' && who.caller !== '') return path.join(base, 'callers', hash(who.caller));
  return base;
}

export class MemoryDir {
  constructor(readonly dir: string) {}

  /** The real path a virtual /memories path names, after every check. */
  async locate(input: string): Promise<string> {
    if (input !== MEMORY_ROOT && !input.startsWith(`${MEMORY_ROOT}/`))
      throw refused(`Path must start with ${MEMORY_ROOT}, got: ${input}`, input);
    let decoded = input;
    try {
      decoded = decodeURIComponent(input);
    } catch {
      // not percent-encoded text: checked as written
    }
    const parts = [input, decoded].flatMap((p) => p.split(/[\\/]+/));
    if (parts.includes('..') || input.includes('\0'))
      throw refused(`Path ${input} would escape ${MEMORY_ROOT} directory`, input);
    const rest = input.slice(MEMORY_ROOT.length).replace(/^\/+/, '');
    const root = await this.root();
    const target = path.resolve(root, rest);
    if (!isWithin(root, target)) throw refused(`Path ${input} would escape ${MEMORY_ROOT} directory`, input);
    // Follow links on the way: the nearest existing ancestor must really be inside.
    let probe = target;
    for (;;) {
      const real = await fsp.realpath(probe).catch(() => undefined);
      if (real !== undefined) {
        if (!isWithin(root, real)) throw refused(`Path would escape ${MEMORY_ROOT} directory via symlink`, input);
        return real === probe ? target : path.join(real, path.relative(probe, target));
      }
      const up = path.dirname(probe);
      if (up === probe) return target;
      probe = up;
    }
  }

  async stat(real: string): Promise<MemoryStat> {
    const st = await fsp.stat(real).catch(() => undefined);
    if (!st) return { kind: 'missing', size: 0 };
    return { kind: st.isFile() ? 'file' : st.isDirectory() ? 'directory' : 'other', size: st.size };
  }

  /** Entries up to `depth` levels below `real`, by name, without hidden names or node_modules. */
  async list(real: string, depth = 2): Promise<MemoryEntry[]> {
    const out: MemoryEntry[] = [];
    const walk = async (dir: string, rel: string, level: number) => {
      const names = (await fsp.readdir(dir).catch(() => [] as string[]))
        .filter((n) => !n.startsWith('.') && n !== 'node_modules')
        .sort();
      for (const name of names) {
        const full = path.join(dir, name);
        const st = await fsp.lstat(full).catch(() => undefined);
        if (!st) continue;
        const relative = rel === '' ? name : `${rel}/${name}`;
        out.push({ relative, depth: level, directory: st.isDirectory(), size: st.size });
        if (st.isDirectory() && level < depth) await walk(full, relative, level + 1);
      }
    };
    await walk(real, '', 1);
    return out;
  }

  async read(real: string, input: string): Promise<string> {
    try {
      return await readRegularText(real, MAX_MEMORY_FILE_BYTES, input);
    } catch (err) {
      throw fromSystemError(err, input, 'read');
    }
  }

  /** Creates a new file (never over an existing one: ALREADY_EXISTS), with its parent directories. */
  async create(real: string, input: string, text: string): Promise<void> {
    await this.parents(real, input);
    try {
      await recordedWrite(real, text, () => fsp.writeFile(real, text, { flag: 'wx', mode: 0o600 }));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST')
        throw new EngineError('already_exists', `${input} already exists`, { field: 'path', facts: { path: input } });
      throw fromSystemError(err, input, 'create');
    }
  }

  /** Replaces a file's text through a temporary file and a rename. */
  async write(real: string, input: string, text: string): Promise<void> {
    const temp = path.join(path.dirname(real), `.tmp-${process.pid}-${randomBytes(6).toString('hex')}`);
    try {
      await fsp.writeFile(temp, text, { flag: 'wx', mode: 0o600 });
      await recordedWrite(real, text, () => fsp.rename(temp, real));
    } catch (err) {
      await fsp.rm(temp, { force: true });
      throw fromSystemError(err, input, 'write');
    }
  }

  /** Deletes a file, or a directory with everything in it; a link is removed, not what it points to. */
  async remove(input: string): Promise<void> {
    const entry = await this.entry(input);
    try {
      await recordedRemoval(entry, () => fsp.rm(entry, { recursive: true, force: false }));
    } catch (err) {
      throw fromSystemError(err, input, 'delete');
    }
  }

  /** Moves a file or directory; the destination must not exist, its parents are created. */
  async rename(from: string, to: string, toInput: string): Promise<void> {
    const source = await this.entry(from);
    const target = await this.locate(toInput);
    await this.parents(target, toInput);
    try {
      // link() would refuse an existing destination atomically, but not for directories: check, then rename.
      if ((await fsp.lstat(target).catch(() => undefined)) !== undefined) {
        throw new EngineError('already_exists', `${toInput} already exists`, {
          field: 'new_path',
          facts: { path: toInput },
        });
      }
      await recordedRemoval(source, () => fsp.rename(source, target), target);
    } catch (err) {
      if (err instanceof EngineError) throw err;
      throw fromSystemError(err, toInput, 'rename');
    }
  }

  /** The directory entry a path names (a final symlink itself, not its target), checked inside. */
  private async entry(input: string): Promise<string> {
    const located = await this.locate(input);
    const root = await this.root();
    const lexical = path.resolve(root, input.slice(MEMORY_ROOT.length).replace(/^\/+/, ''));
    const parent = await this.locate(path.posix.dirname(input) === '/' ? MEMORY_ROOT : path.posix.dirname(input));
    const entry = path.join(parent, path.basename(lexical));
    if (!isWithin(root, entry) || entry === root) return located;
    return entry;
  }

  private async parents(real: string, input: string): Promise<void> {
    try {
      await fsp.mkdir(path.dirname(real), { recursive: true, mode: 0o700 });
    } catch (err) {
      throw fromSystemError(err, input, 'create the directory of');
    }
  }

  /** The directory's real path, made (0700) when missing. */
  private async root(): Promise<string> {
    await fsp.mkdir(this.dir, { recursive: true, mode: 0o700 });
    return fsp.realpath(this.dir);
  }
}
