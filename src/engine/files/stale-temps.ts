// Temporary files of atomic writes sit beside their target (a rename is atomic only within
// one file system) and are named .NAME.facet-<pid>-<boot>-<start>-<hex>.tmp: the writer's pid,
// the first 8 hex digits of the boot id, and the writer's start time in clock ticks since boot
// (/proc/<pid>/stat field 22). A pid alone does not name a process: pids are reused, after a
// restart (of a container above all) within seconds. A pid, a start time and a boot do.
// A writer killed mid-write (SIGKILL, power loss) leaves one behind, up to the file's size.
// The first write into a directory in each server process removes the leftovers found there:
// those of writers that no longer run, this process's own that no write of it holds any more,
// and any left untouched for ten minutes.
import { randomBytes } from 'node:crypto';
import { readFileSync, promises as fsp } from 'node:fs';
import path from 'node:path';

const PATTERN = /^\..{1,100}\.facet-(?:(\d{1,10})-(?:([0-9a-f]{8})-(\d{1,20})-)?)?[0-9a-f]{12}\.tmp$/s;
/**
 * A temporary file untouched this long is abandoned whoever named it: a writer streams into it
 * and renames it within seconds. Names without a pid (earlier versions) go by this age alone.
 */
const ABANDONED_AGE_MS = 10 * 60 * 1000;
/** Directories already swept by this process; forgotten wholesale when it grows past this. */
const MAX_SWEPT = 4096;
/** USER_HZ, the unit of /proc start times: 100 on every architecture Linux runs Node on. */
const TICKS_PER_SECOND = 100;
/**
 * Names with a pid but no start time (earlier versions): the process at that pid is not the
 * writer if it started later than this after the file was last written (/proc/uptime and start
 * times have 10 ms steps; this leaves room for both and for a clock slewed meanwhile).
 */
const LEGACY_SLACK_MS = 1000;

let boot: string | undefined | null = null;
/** The first 8 hex digits of this boot's random id; undefined where /proc does not give one. */
function bootId(): string | undefined {
  if (boot === null) {
    try {
      const id = readFileSync('/proc/sys/kernel/random/boot_id', 'latin1').replace(/-/g, '').slice(0, 8);
      boot = /^[0-9a-f]{8}$/.test(id) ? id : undefined;
    } catch {
      boot = undefined;
    }
  }
  return boot;
}

const writing = new Set<string>();
const swept = new Set<string>();

/** This process as temporary names carry it: `<pid>-<boot>-<start>`, or `<pid>` where /proc cannot tell. */
const self: string = (() => {
  const boot = bootId();
  const start = startTicks(process.pid);
  return boot !== undefined && start !== undefined ? `${process.pid}-${boot}-${start}` : `${process.pid}`;
})();

/**
 * The names' last part: a counter from a random start, drawn again when a name is taken. Drawing
 * six random bytes per write cost ~13 µs of a ~400 µs edit (issue 38); the name only has to be
 * new, and the create (O_EXCL) refuses one that is not.
 */
let serial = 0;
const SERIALS = 2 ** 48;
export function redrawTempSerial(): void {
  serial = randomBytes(6).readUIntBE(0, 6);
}
redrawTempSerial();

/** A fresh temporary path beside `target`, marked as being written until released. */
export function claimTempPath(dir: string, base: string): string {
  serial = (serial + 1) % SERIALS;
  const p = path.join(dir, `.${base.slice(0, 100)}.facet-${self}-${serial.toString(16).padStart(12, '0')}.tmp`);
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
    const abandoned = Date.now() - st.mtimeMs > ABANDONED_AGE_MS;
    const writer = m[1] === undefined ? undefined : { pid: Number(m[1]), boot: m[2], start: m[3] };
    if (
      (abandoned || (writer !== undefined && !writerRuns(writer, p, st.mtimeMs))) &&
      (await fsp.unlink(p).then(
        () => true,
        () => false,
      ))
    )
      removed.push(p);
  }
  return removed;
}

/** Whether the writer a temporary name records still runs (and, if it is this process, still writes `p`). */
function writerRuns(w: { pid: number; boot?: string; start?: string }, p: string, mtimeMs: number): boolean {
  if (w.boot !== undefined && w.start !== undefined) {
    if (`${w.pid}-${w.boot}-${w.start}` === self) return writing.has(p);
    // Another boot's writer is gone; in this boot a pid and its start time name one process.
    const boot = bootId();
    if (boot === undefined) return alive(w.pid); // no /proc here: as good as a pid can tell
    return w.boot === boot && String(startTicks(w.pid)) === w.start;
  }
  if (w.pid === process.pid) return writing.has(p);
  if (!alive(w.pid)) return false;
  // A pid-only name: the process now at that pid is the writer only if it started before the file was written.
  const started = startedAtMs(w.pid);
  return started === undefined || started <= mtimeMs + LEGACY_SLACK_MS;
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

/**
 * A process's start time in clock ticks since boot (/proc/<pid>/stat field 22); undefined if it does not run or /proc
 * cannot tell.
 */
export function startTicks(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // Field 2, the command name, may hold spaces and parentheses: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = Number(fields[22 - 3]);
    return Number.isSafeInteger(start) ? start : undefined;
  } catch {
    return undefined;
  }
}

/** When a process started, in ms since the epoch by this machine's clock (10 ms steps). */
function startedAtMs(pid: number): number | undefined {
  const start = startTicks(pid);
  if (start === undefined) return undefined;
  try {
    const uptimeS = Number(readFileSync('/proc/uptime', 'latin1').split(' ')[0]);
    return Date.now() - uptimeS * 1000 + (start * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
