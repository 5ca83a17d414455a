// Temporary files of atomic writes sit beside their target (a rename is atomic only within
// one file system) and are named .NAME.facet-<pid>-<hex>.tmp. A writer killed mid-write
// (SIGKILL, power loss) leaves one behind, up to the file's size. The first write into a
// directory in each server process removes the leftovers found there: those of processes
// that no longer run, this process's own that no write of it holds any more, and any left
// untouched for ten minutes.
import { randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import path from 'node:path';

const PATTERN = /^\..{1,100}\.facet-(?:(\d{1,10})-)?[0-9a-f]{12}\.tmp$/s;
/**
 * A temporary file untouched this long is abandoned whoever named it: a writer streams into it
 * and renames it within seconds. Names without a pid (earlier versions) go by this age alone,
 * and so do names whose pid now belongs to another process (pids are reused, after a restart of
 * a container above all), which would otherwise be kept for ever.
 */
const ABANDONED_AGE_MS = 10 * 60 * 1000;
/** Directories already swept by this process; forgotten wholesale when it grows past this. */
const MAX_SWEPT = 4096;

const writing = new Set<string>();
const swept = new Set<string>();

/** A fresh temporary path beside `target`, marked as being written until released. */
export function claimTempPath(dir: string, base: string): string {
  const p = path.join(dir, `.${base.slice(0, 100)}.facet-${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
  writing.add(p);
  return p;
}

export function releaseTempPath(p: string): void {
  writing.delete(p);
}

/** True for a name an atomic write of Facet's gives its temporary files. */
export function isTempName(name: string): boolean {
  return PATTERN.test(name);
}

/** Removes stale temporary files from `dir` the first time this process writes there; returns what it removed. */
export async function sweepStaleTemps(dir: string): Promise<string[]> {
  if (swept.has(dir)) return [];
  if (swept.size >= MAX_SWEPT) swept.clear();
  swept.add(dir);
  return removeStaleTemps(dir);
}

/** Removes every stale temporary file of Facet's from `dir` (a missing or unreadable directory holds none). */
export async function removeStaleTemps(dir: string): Promise<string[]> {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const m = PATTERN.exec(name);
    if (!m) continue;
    const p = path.join(dir, name);
    const st = await fsp.lstat(p).catch(() => undefined);
    if (!st?.isFile() || (process.getuid && st.uid !== process.getuid())) continue;
    const pid = m[1] === undefined ? undefined : Number(m[1]);
    const abandoned = Date.now() - st.mtimeMs > ABANDONED_AGE_MS;
    const stale = pid === undefined ? abandoned : pid === process.pid ? !writing.has(p) : abandoned || !alive(pid);
    if (
      stale &&
      (await fsp.unlink(p).then(
        () => true,
        () => false,
      ))
    )
      removed.push(p);
  }
  return removed;
}

/** Whether a process with this id runs (one of another user's counts as running). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
