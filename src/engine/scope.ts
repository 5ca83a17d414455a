// The scope of a call: the real paths of the roots it may touch. Every path is
// resolved to its real path (symlinks followed) before it is checked, so `..`,
// links out of scope and prefix look-alikes cannot escape.
import {
  closeSync,
  constants as fsc,
  fstatSync,
  openSync,
  readlinkSync,
  realpathSync,
  statSync,
  promises as fsp,
  type Stats,
} from 'node:fs';
import { FdFile } from './fd-file.js';
import path from 'node:path';
import { EngineError, engineFailure, fromSystemError } from './errors.js';

/** Longest path accepted (Linux PATH_MAX); longer input is refused before any syscall. */
const PATH_MAX = 4096;

export class Scope {
  /** Real, absolute, de-duplicated root paths. */
  readonly roots: readonly string[];

  private constructor(roots: string[]) {
    this.roots = roots;
  }

  /** Builds the server's scope; each root must exist and be a directory. Synchronous: start-up only. */
  static fromRoots(roots: string[]): Scope {
    if (roots.length === 0) throw new Error('at least one root is required');
    const real = roots.map((r) => {
      const abs = path.resolve(r);
      let resolved: string;
      try {
        resolved = realpathSync(abs);
      } catch {
        throw new Error(`root ${abs} does not exist`);
      }
      // A file as a root would leave shell calls without a working directory to start in.
      if (!statSync(resolved).isDirectory()) throw new Error(`root ${abs} is not a directory`);
      return resolved;
    });
    return new Scope([...new Set(real)]);
  }

  /** The first root: where relative paths start when a session has no working directory of its own. */
  get primary(): string {
    return this.roots[0]!;
  }

  /** True when the real path `p` is one of the roots or lies beneath one. */
  contains(p: string): boolean {
    return this.roots.some((root) => isWithin(root, p));
  }

  /** The root holding the real path `p` (the first, when roots nest), or undefined outside the scope. */
  rootOf(p: string): string | undefined {
    return this.roots.find((root) => isWithin(root, p));
  }

  /**
   * Narrows this scope to `requested` roots (CallToolRequest.roots). Each must lie inside
   * this scope; an empty list keeps the scope as it is. Never widens.
   */
  async narrow(requested: readonly string[]): Promise<Scope> {
    const wanted = requested.filter((r) => r !== '');
    if (wanted.length === 0) return this;
    const out: string[] = [];
    for (const r of wanted) {
      if (r.includes('\0')) throw this.nulByte(r, 'roots');
      if (!path.isAbsolute(r)) {
        throw engineFailure('root_not_absolute', `root ${r} must be an absolute path`, { root: r }, { field: 'roots' });
      }
      const found = await realpathOrNearest(r);
      const real = found.path;
      if (found.exists && !(await fsp.stat(real)).isDirectory()) {
        // Commands start in the first root: a file there would leave them nowhere to run.
        throw engineFailure(
          'root_not_directory',
          `root ${r} is not a directory`,
          { root: r, resolved: real },
          { field: 'roots' },
        );
      }
      if (!this.contains(real)) {
        throw engineFailure(
          'root_outside_scope',
          `root ${r} is outside the toolbox scope`,
          { path: r, resolved: real, roots: [...this.roots] },
          { field: 'roots' },
        );
      }
      out.push(real);
    }
    return new Scope([...new Set(out)]);
  }

  /**
   * Resolves a user-supplied path (absolute, or relative to `cwd`) to its real path and
   * checks it against the roots. Paths that do not exist yet are checked through their
   * nearest existing parent, so a link anywhere on the way is followed first.
   */
  async resolve(input: string, cwd: string = this.primary, field = 'path'): Promise<ResolvedPath> {
    const absolute = this.absoluteOf(input, cwd, field);
    const real = await realpathOrNearest(absolute);
    if (!this.contains(real.path)) throw this.outside(input, real.path, field);
    return { input, absolute, real: real.path, exists: real.exists };
  }

  /**
   * The directory entry a path names, for removing or renaming the entry itself: its parent's
   * real path (checked against the roots, just before use) plus its last component. Unlike
   * `real`, a symbolic link here is the link, not the file it points to, so deleting a link
   * never deletes its target.
   */
  async entry(resolved: ResolvedPath, field = 'path'): Promise<string> {
    const parent = await fsp.realpath(path.dirname(resolved.absolute)).catch(() => path.dirname(resolved.real));
    const entry = path.join(parent, path.basename(resolved.absolute));
    if (!this.contains(parent) || !this.contains(entry)) throw this.outside(resolved.input, entry, field);
    return entry;
  }

  /**
   * Opens an existing file for reading without a separate resolve step where Linux allows:
   * the kernel follows the path into an O_PATH descriptor, which opens nothing (no device
   * or FIFO sees an open), procfs names the real file it reached, and only a file inside the
   * roots is then opened, through that same descriptor, so no swap can come in between. Any
   * failure on the way, and other systems, take resolve() and open(), which word the errors.
   * Given a resolution instead of a path, it opens that path without resolving it again.
   */
  async openExisting(
    target: string | ResolvedPath,
    cwd: string = this.primary,
    field = 'path',
  ): Promise<{ resolved: ResolvedPath; file: FdFile }> {
    const given = typeof target === 'string' ? undefined : target;
    const input = given ? given.input : (target as string);
    const absolute = given ? given.absolute : this.absoluteOf(input, cwd, field);
    if (O_PATH !== undefined) {
      let handle: number | undefined;
      try {
        handle = openSync(absolute, O_PATH);
        const real = readlinkSync(`/proc/self/fd/${handle}`);
        if (!this.contains(real)) throw this.outside(input, real, field);
        const fd = openSync(`/proc/self/fd/${handle}`, fsc.O_RDONLY | fsc.O_NONBLOCK);
        return { resolved: { input, absolute, real, exists: true }, file: new FdFile(fd) };
      } catch (err) {
        if (err instanceof EngineError) throw err;
        // fall through: the long way gives the precise error, or works where this cannot
      } finally {
        if (handle !== undefined) closeSync(handle);
      }
    }
    const resolved = given ?? (await this.resolve(input, cwd, field));
    if (!resolved.exists) {
      throw engineFailure(
        'path_missing',
        `${input} does not exist`,
        { path: input, resolved: resolved.real },
        { field },
      );
    }
    return { resolved, file: await this.open(resolved, fsc.O_RDONLY) };
  }

  /**
   * The absolute path a user-supplied path names. A NUL byte is refused as an escape attempt
   * (the kernel would cut the path there, so what is checked is not what is opened); empty
   * and over-long input are refused as malformed, before any syscall.
   */
  private absoluteOf(input: string, cwd: string, field: string): string {
    if (input.includes('\0')) throw this.nulByte(input, field);
    if (input === '') {
      throw engineFailure('empty_path', 'the path is empty', { path: input }, { field });
    }
    if (input.length > PATH_MAX) {
      throw engineFailure(
        'path_too_long',
        `the path is longer than ${PATH_MAX} characters`,
        { path: input.slice(0, 200), length: input.length },
        { field },
      );
    }
    return path.resolve(cwd, input);
  }

  /** The PERMISSION_DENIED failure for input holding a NUL byte, naming the allowed roots. */
  nulByte(input: string, field: string): EngineError {
    const shown = input.replace(/\0/g, '\\0');
    return engineFailure(
      'nul_in_path',
      `${shown} contains a NUL byte, which no file name can hold; give a plain path inside the allowed roots (${this.roots.join(', ')})`,
      { path: shown, roots: [...this.roots] },
      { field },
    );
  }

  /** The PERMISSION_DENIED failure for `input`, naming the allowed roots. */
  outside(input: string, resolved: string, field = 'path'): EngineError {
    return engineFailure(
      'outside_roots',
      `${input} is outside the allowed roots (${this.roots.join(', ')})`,
      { path: input, resolved, roots: [...this.roots] },
      { field },
    );
  }

  /**
   * Opens a resolved path (non-blocking, so a FIFO cannot hang the call), then checks that the
   * file actually opened is inside the roots: a path swapped for a link after `resolve` is caught.
   */
  async open(resolved: ResolvedPath, flags: number = fsc.O_RDONLY, mode?: number): Promise<FdFile> {
    let fd: number;
    try {
      fd = openSync(resolved.real, flags | fsc.O_NONBLOCK, mode);
    } catch (err) {
      throw fromSystemError(err, resolved.input, 'open');
    }
    try {
      this.verifyOpened(fd, resolved);
      return new FdFile(fd);
    } catch (err) {
      closeSync(fd);
      throw err;
    }
  }

  /** The opened descriptor's real path (procfs), or, without /proc, its identity, must be in scope. */
  verifyOpened(fd: number, resolved: ResolvedPath): void {
    let actual: string | undefined;
    try {
      // One syscall on procfs, which never blocks on disk: done inline.
      actual = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      actual = undefined; // no /proc: compare identities instead
    }
    if (actual !== undefined) {
      if (!this.contains(actual)) throw this.outside(resolved.input, actual);
      return;
    }
    const a = fstatSync(fd);
    let b: Stats | undefined;
    try {
      b = statSync(resolved.real);
    } catch {
      b = undefined;
    }
    if (!b || a.dev !== b.dev || a.ino !== b.ino) throw this.outside(resolved.input, resolved.real);
    let real = resolved.real;
    try {
      real = realpathSync.native(resolved.real);
    } catch {
      // keep the resolved path
    }
    if (!this.contains(real)) throw this.outside(resolved.input, real);
  }

  /** Path of `real` relative to the root that holds it (for display); the root itself is ".". */
  relative(real: string): string {
    const root = this.rootOf(real);
    if (!root) return real;
    // A canonical path below its root is the root, a separator and the rest: cut, not
    // path.relative, which normalises both paths again (a few µs on every read).
    if (real !== root && !NOT_CANONICAL.test(real) && !NOT_CANONICAL.test(root))
      return real.slice(root.endsWith(path.sep) ? root.length : root.length + 1);
    const rel = path.relative(root, real);
    return rel === '' ? '.' : rel;
  }
}

export interface ResolvedPath {
  /** As the caller wrote it. */
  input: string;
  /** Absolute, lexically normalised, links not followed. */
  absolute: string;
  /** Real path: links followed; for a missing file, its nearest existing parent's real path plus the rest. */
  real: string;
  exists: boolean;
}

export function isWithin(root: string, p: string): boolean {
  if (p === root) return true;
  const withSep = root.endsWith(path.sep) ? root : root + path.sep;
  return p.startsWith(withSep);
}

/** A path with an empty, "." or ".." segment, or a trailing separator: not what realpath returns. */
const NOT_CANONICAL = /\/\/|(^|\/)\.\.?(\/|$)|.\/$/;

/** O_PATH (Linux): a descriptor that only locates a file; Node does not export the constant. */
const O_PATH = process.platform === 'linux' ? 0o10000000 : undefined;

/** realpath of `abs`, or of its nearest existing ancestor joined with the missing rest. */
async function realpathOrNearest(abs: string): Promise<{ path: string; exists: boolean }> {
  try {
    // libc realpath inline: a few lstat syscalls on a local tree cost less than a threadpool round trip.
    return { path: realpathSync.native(abs), exists: true };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') {
      if (code === 'ELOOP') {
        throw engineFailure('symlink_loop', `${abs} has a symbolic link loop`, { path: abs });
      }
      throw engineFailure('io_error', `cannot resolve ${abs}: ${(err as Error).message}`, { path: abs, code });
    }
  }
  // A dangling symlink must not be treated as "missing": its target decides where a write lands.
  try {
    const st = await fsp.lstat(abs);
    if (st.isSymbolicLink()) {
      const target = path.resolve(path.dirname(abs), await fsp.readlink(abs));
      const viaTarget = await realpathOrNearest(target);
      return { path: viaTarget.path, exists: false };
    }
  } catch {
    // not there at all: fall through to the parent
  }
  const parent = path.dirname(abs);
  if (parent === abs) return { path: abs, exists: false };
  const up = await realpathOrNearest(parent);
  return { path: path.join(up.path, path.basename(abs)), exists: false };
}
