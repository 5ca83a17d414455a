// A cgroup v2 of its own for each command, when this machine lets us make one: no process
// can leave a cgroup by itself (setsid, double fork, a new process group do not), so its
// member list is exactly "everything the command started", read in O(its own processes),
// and cgroup.kill ends them all at once, forks in flight included. Used when the server's
// own cgroup is writable (root in a container, a delegated systemd scope); else null and
// the caller falls back to process groups plus an environment marker.
import { accessSync, constants, mkdirSync, readdirSync, readFileSync, rmdirSync, watch, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The shell that joins the cgroup and then becomes the command: a process cannot be put in
 * a cgroup before it starts, and moving it from here after spawn() races with its first
 * forks (a shell line can fork and exit a subshell within that time).
 */
const JOIN_SHELL = '/bin/sh';
const JOIN_SCRIPT = '{ echo $$ >"$0"; } 2>/dev/null; exec "$@"';
/** How the joining shell's /proc/<pid>/cmdline begins. */
export const JOIN_ARGV_PREFIX = `${JOIN_SHELL}\0-c\0${JOIN_SCRIPT}\0`;

/** The directory holding this server's command cgroups, or null when cgroups are not usable. */
let base: string | null | undefined;
let seq = 0;

function ownCgroupDir(): string | null {
  let rel: string | undefined;
  try {
    // The unified hierarchy's line is "0::/path".
    rel = readFileSync('/proc/self/cgroup', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('0::'))
      ?.slice(3);
  } catch {
    return null;
  }
  if (rel === undefined) return null;
  let mounts: string;
  try {
    mounts = readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return null;
  }
  for (const line of mounts.split('\n')) {
    const [left, right] = line.split(' - ');
    if (!right?.startsWith('cgroup2 ')) continue;
    const f = left!.split(' ');
    const root = unescape(f[3]!);
    const point = unescape(f[4]!);
    if (root === '/' || rel === root || rel.startsWith(`${root}/`))
      return path.join(point, root === '/' ? rel : rel.slice(root.length));
  }
  return null;
}

/** Mount paths escape space, tab, newline and backslash as octal. */
const unescape = (s: string): string =>
  s.replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(parseInt(o, 8)));

function findBase(): string | null {
  const own = ownCgroupDir();
  if (!own) return null;
  try {
    // Moving a process between two cgroups needs write access to their common ancestor's cgroup.procs.
    accessSync(path.join(own, 'cgroup.procs'), constants.W_OK);
    accessSync(JOIN_SHELL, constants.X_OK);
    removeStale(own);
    const dir = path.join(own, `facet-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    return dir;
  } catch {
    return null;
  }
}

/** Directories left by servers that are gone (crashed before their exit hook ran), when empty. */
function removeStale(own: string): void {
  for (const name of readdirSync(own)) {
    const m = /^facet-(\d+)$/.exec(name);
    if (!m || pidAlive(Number(m[1]))) continue;
    const dir = path.join(own, name);
    try {
      for (const sub of readdirSync(dir, { withFileTypes: true }))
        if (sub.isDirectory()) tryRmdir(path.join(dir, sub.name));
      rmdirSync(dir);
    } catch {
      // still populated or not ours to remove: leave it
    }
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function tryRmdir(dir: string): boolean {
  try {
    rmdirSync(dir);
    return true;
  } catch {
    return false;
  }
}

/** One command's cgroup. */
export class CommandCgroup {
  private constructor(readonly dir: string) {}

  /** The file a process writes its pid to to join. */
  get procsFile(): string {
    return path.join(this.dir, 'cgroup.procs');
  }

  /** The argv that starts `file args` already inside this cgroup (the pid stays the same). */
  wrap(file: string, args: readonly string[]): { file: string; args: string[] } {
    return { file: JOIN_SHELL, args: ['-c', JOIN_SCRIPT, this.procsFile, file, ...args] };
  }

  /** A fresh cgroup, or null when this machine offers none we may use. */
  static create(): CommandCgroup | null {
    if (base === undefined) base = findBase();
    if (base === null) return null;
    const dir = path.join(base, `c${++seq}`);
    try {
      mkdirSync(dir);
      return new CommandCgroup(dir);
    } catch {
      return null;
    }
  }

  /** Live members (zombies are not listed). */
  members(): number[] {
    try {
      return readFileSync(path.join(this.dir, 'cgroup.procs'), 'latin1')
        .split('\n')
        .filter((s) => s !== '')
        .map(Number);
    } catch {
      return [];
    }
  }

  populated(): boolean {
    try {
      return /^populated 1$/m.test(readFileSync(path.join(this.dir, 'cgroup.events'), 'latin1'));
    } catch {
      return false;
    }
  }

  /** True once a process has run in it (its CPU time is counted even without the cpu controller). */
  used(): boolean {
    try {
      return !readFileSync(path.join(this.dir, 'cpu.stat'), 'latin1').startsWith('usage_usec 0\n');
    } catch {
      return false;
    }
  }

  /** Calls `fn` when cgroup.events changes (the cgroup empties); returns the way to stop. */
  watch(fn: () => void): () => void {
    try {
      const w = watch(path.join(this.dir, 'cgroup.events'), () => fn());
      w.on('error', () => undefined);
      w.unref();
      return () => w.close();
    } catch {
      return () => undefined; // no inotify here: the caller's polling still ends the wait
    }
  }

  /** SIGKILL to every member at once (Linux 5.14+); false when the kernel has no cgroup.kill. */
  killAll(): boolean {
    try {
      writeFileSync(path.join(this.dir, 'cgroup.kill'), '1');
      return true;
    } catch {
      return false;
    }
  }

  /** Removes the cgroup; only possible once it is empty. */
  remove(): boolean {
    return tryRmdir(this.dir);
  }
}

/** The directory under which this server's commands get their cgroups, or null when none can be made here. */
export function cgroupBase(): string | null {
  if (base === undefined) base = findBase();
  return base;
}

/** Removes this server's (empty) cgroup directory: called on the way out. */
export function removeBase(): void {
  if (base) tryRmdir(base);
}
