// Killing a command means killing everything it started, including processes that left
// its process group or session (setsid, daemons) and were re-parented away from it. Each
// command is enclosed when it starts:
// - 'cgroup': a cgroup v2 of its own (see cgroup.ts). Members are read from one small file,
//   so a kill costs O(the command's processes); cgroup.kill ends them all at once.
// - 'marker': where no cgroup can be made, the command's process group and descendants
//   (walked through /proc/<pid>/task/*/children, O(its tree)), plus a scan of every
//   process for the command's session (its leader leads one: commands start detached, a
//   terminal's with setsid) and for the command's marker variable in its environment, which
//   find the ones that escaped the tree: a job-control shell's background job has a group of
//   its own but stays in the session, and one started with `env -i` has no marker but stays
//   in the session; one that called setsid keeps the marker. Only a process that does both
//   (setsid and a cleared environment) escapes; the cgroup encloses that one too. The scan
//   reads all of /proc, so it runs only when a kill begins, before the final KILL and once
//   more at the end, never in the polling loop.
// TERM first, KILL after a grace period, then wait until nothing of it is left.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { atExit } from '../at-exit.js';
import { CommandCgroup, JOIN_ARGV_PREFIX, removeBase } from './cgroup.js';

/**
 * The variable every command's environment carries (a name outside FACET_*, which is
 * stripped from command environments). Its value is unique to one command.
 */
export const MARKER_VAR = '_FACET_COMMAND';

export type ContainmentMode = 'auto' | 'marker';

/** Polls start fast (most commands die at once on TERM) and back off to this. */
const POLL_MS = 20;
const pollDelay = (k: number): number => Math.min(POLL_MS, 1 << k);

function readState(pid: number): string | undefined {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // comm may hold spaces and parens: the fields after it start at the last ')'.
    return raw.slice(raw.lastIndexOf(')') + 2, raw.lastIndexOf(')') + 3);
  } catch {
    return undefined;
  }
}

/**
 * The leader is still the shell that joins the cgroup (it execs or runs the command next): its command line begins with
 * `prefix`.
 */
function isJoining(pid: number, prefix: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'latin1').startsWith(prefix);
  } catch {
    return false;
  }
}

/**
 * True for the init of a PID namespace (bwrap's, pid 1 inside) whose processes are all gone:
 * bwrap's outer process exits with the command's status as soon as the command exits, and its
 * init needs a few more milliseconds to tear the namespaces down. It forks nothing more, so it
 * is not something the command left running.
 */
function finishingInit(pid: number): boolean {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'latin1');
  } catch {
    return true; // gone
  }
  const nspid = /^NSpid:\s*(.*)$/m.exec(status)?.[1]?.trim().split(/\s+/);
  if (!nspid || nspid.length < 2 || nspid[nspid.length - 1] !== '1') return false;
  return childrenOf(pid).every((c) => !alive(c));
}

/** The process group of `pid` (undefined once it is gone). */
function groupOf(pid: number): number | undefined {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // After comm: state, ppid, pgrp.
    return Number(raw.slice(raw.lastIndexOf(')') + 2).split(' ')[2]);
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  const s = readState(pid);
  return s !== undefined && s !== 'Z';
}

function signal(pid: number, sig: NodeJS.Signals): void {
  // 0 would mean our own process group (a command that never started has no leader).
  if (pid === 0) return;
  try {
    process.kill(pid, sig);
  } catch {
    // gone
  }
}

/**
 * Sends `sig` to the group `pgid` leads. With `spareLeader`, to every member but the leader:
 * a sandboxed command's leader is bwrap, which would die of the signal at once, ending the
 * job before the command inside could handle it; spared, it exits with the command's status.
 */
export function signalGroup(pgid: number, sig: NodeJS.Signals, spareLeader: boolean): void {
  const send = (target: number) => {
    try {
      process.kill(target, sig);
    } catch {
      // ESRCH: already gone
    }
  };
  if (!spareLeader) return send(-pgid);
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return send(-pgid);
  }
  for (const n of names) {
    if (!/^\d+$/.test(n) || Number(n) === pgid) continue;
    if (groupOf(Number(n)) === pgid) send(Number(n));
  }
}

/** True when any process is left in the group led by `pgid`. */
export function groupAlive(pgid: number): boolean {
  if (pgid <= 0) return false;
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A command to look for: its marker value, and the session its leader leads (0: none known). */
interface Sought {
  value: string;
  session: number;
}

/** The session id of a /proc entry's process (undefined once it is gone). */
function sessionOf(n: string): number | undefined {
  try {
    const raw = readFileSync(`/proc/${n}/stat`, 'latin1');
    // After comm: state, ppid, pgrp, session.
    return Number(raw.slice(raw.lastIndexOf(')') + 2).split(' ')[3]);
  } catch {
    return undefined;
  }
}

/**
 * Processes of each command sought, by its marker value: those in its session and those
 * carrying its marker. One pass over all of /proc, reading each process's session and
 * environment once, whatever the number of commands.
 */
function scanMarkers(sought: Iterable<Sought>): Map<string, number[]> {
  const found = new Map<string, number[]>();
  const bySession = new Map<number, number[]>();
  for (const s of sought) {
    const pids = found.get(s.value) ?? [];
    found.set(s.value, pids);
    if (s.session > 0) bySession.set(s.session, pids);
  }
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return found;
  }
  const key = Buffer.from(`${MARKER_VAR}=`);
  for (const n of names) {
    const c = n.charCodeAt(0);
    if (c < 48 || c > 57) continue;
    const inSession = bySession.size > 0 ? bySession.get(sessionOf(n) ?? 0) : undefined;
    if (inSession) {
      inSession.push(Number(n));
      continue;
    }
    let env: Buffer;
    try {
      env = readFileSync(`/proc/${n}/environ`);
    } catch {
      continue; // gone, or another user's process (never one of ours)
    }
    for (let at = env.indexOf(key); at !== -1; at = env.indexOf(key, at + 1)) {
      if (at > 0 && env[at - 1] !== 0) continue; // the name inside another entry's value
      const end = env.indexOf(0, at);
      const value = env.toString('latin1', at + key.length, end === -1 ? env.length : end);
      found.get(value)?.push(Number(n));
      break;
    }
  }
  return found;
}

// Kills in flight share their scans: requests made while one is queued are answered by the
// same pass, so 32 kills at once cost about one scan, not 32.
let queued: Map<string, { session: number; waiters: Array<(pids: number[]) => void> }> | undefined;

function scanShared(value: string, session: number): Promise<number[]> {
  return new Promise((resolve) => {
    if (!queued) {
      queued = new Map();
      setImmediate(() => {
        const batch = queued!;
        queued = undefined;
        const found = scanMarkers([...batch].map(([v, b]) => ({ value: v, session: b.session })));
        for (const [v, b] of batch) for (const w of b.waiters) w(found.get(v) ?? []);
      });
    }
    const entry = queued.get(value) ?? { session, waiters: [] };
    entry.waiters.push(resolve);
    queued.set(value, entry);
  });
}

/**
 * Every process in the session `session` leads or whose environment holds `entry` (NAME=value of the marker variable):
 * reads all of /proc.
 */
export function processesWithEnv(entry: string, session = 0): number[] {
  const value = entry.slice(entry.indexOf('=') + 1);
  return scanMarkers([{ value, session }]).get(value) ?? [];
}

/**
 * What a session's end looks for of a command that ran under the marker mechanism: its
 * marker entry, and after an '@' the session its leader led. A session id is a pid the
 * kernel keeps from reuse while any process is in that session.
 */
export const sweepEntry = (marker: string, session: number): string => `${marker}@${session}`;

function parseSweepEntry(entry: string): Sought {
  const at = entry.lastIndexOf('@');
  const marker = at === -1 ? entry : entry.slice(0, at);
  return { value: marker.slice(marker.indexOf('=') + 1), session: at === -1 ? 0 : Number(entry.slice(at + 1)) || 0 };
}

/** Live (not zombie) processes of the process group `pgid`: one pass over all of /proc. */
function groupMembers(pgid: number): number[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const out: number[] = [];
  for (const n of names) {
    const c = n.charCodeAt(0);
    if (c < 48 || c > 57) continue;
    let raw: string;
    try {
      raw = readFileSync(`/proc/${n}/stat`, 'latin1');
    } catch {
      continue;
    }
    const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    if (f[0] !== 'Z' && Number(f[2]) === pgid) out.push(Number(n));
  }
  return out;
}

/** Children of `pid` (all its threads), from /proc; [] when gone or unsupported. */
function childrenOf(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const out: number[] = [];
  for (const t of tasks) {
    try {
      for (const s of readFileSync(`/proc/${pid}/task/${t}/children`, 'latin1').split(' '))
        if (s !== '' && s !== '\n') out.push(Number(s));
    } catch {
      // thread gone, or the kernel lacks CONFIG_PROC_CHILDREN
    }
  }
  return out;
}

/** Live descendants of `roots` (roots included when alive), through /proc children lists. */
function treeOf(roots: Iterable<number>): Set<number> {
  const found = new Set<number>();
  const stack = [...roots].filter((p) => p > 0);
  while (stack.length > 0) {
    const pid = stack.pop()!;
    if (found.has(pid)) continue;
    if (alive(pid)) found.add(pid);
    for (const c of childrenOf(pid)) if (!found.has(c)) stack.push(c);
  }
  return found;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every process one command started, and the means to end them. */
export class Containment {
  /** The command runs under bwrap (its group may hold bwrap's finishing namespace init). */
  sandboxed = false;
  /** NAME=value to put in the command's environment. */
  readonly marker = `${MARKER_VAR}=${randomBytes(8).toString('hex')}`;
  private cgroup: CommandCgroup | null;
  private leader = 0;
  /** Processes seen in the marker mechanism (signalled again until they are gone). */
  private known = new Set<number>();
  private killing: Promise<void> | undefined;
  private released = false;
  /** The command was started through the joining shell (it enters the cgroup by itself). */
  private wrapped = false;

  constructor(mode: ContainmentMode = 'auto') {
    this.cgroup = mode === 'auto' ? CommandCgroup.create() : null;
    live.add(this);
    hookExit();
  }

  /** True when wrap() puts a small shell in front of the program (which then execs it). */
  get wraps(): boolean {
    return this.cgroup !== null;
  }

  /**
   * The argv that starts `file args` enclosed from its first instruction on: through the
   * joining shell, or as `joiner` builds it for a shell that joins by itself (it is given the
   * cgroup.procs path, which must follow the arguments that come before it unchanged).
   */
  wrap(
    file: string,
    args: readonly string[],
    joiner?: (procs: string) => { file: string; args: string[] },
  ): { file: string; args: string[] } {
    if (!this.cgroup) return { file, args: [...args] };
    this.wrapped = true;
    if (!joiner) return this.cgroup.wrap(file, args);
    const run = joiner(this.cgroup.procsFile);
    const at = run.args.indexOf(this.cgroup.procsFile);
    this.joinPrefix = [run.file, ...run.args.slice(0, at + 1)].join('\0') + '\0';
    return run;
  }

  /** How the leader's command line begins while it has yet to join (or, after a failed join, no longer does). */
  private joinPrefix = JOIN_ARGV_PREFIX;

  /**
   * Call at once after the leader (which leads a new process group) started. A cgroup is
   * only used by commands started through wrap(): one moved in from here after spawn could
   * already have forked (and lost) children.
   */
  adopt(pid: number): void {
    this.leader = pid;
    if (this.cgroup && !this.wrapped) {
      this.cgroup.remove();
      this.cgroup = null;
    }
  }

  /**
   * Cheap check: is anything of the command still running? With a cgroup this is exact (a
   * namespace init that is only tearing down does not count); with the marker it sees the
   * process group only (an escaped process shows when it keeps the output open, and a kill
   * finds it).
   */
  alive(): boolean {
    if (!this.cgroup) {
      if (!groupAlive(this.leader)) return false;
      // A sandboxed command's group holds bwrap's namespace init while it tears down (and
      // then as a zombie until it is reaped): only a pass over /proc tells it from a leftover.
      return !this.sandboxed || alive(this.leader) || !groupMembers(this.leader).every(finishingInit);
    }
    // Only bwrap's own init is expected to linger; without the sandbox, a namespace init
    // the command left (unshare --pid --fork, orphaned) is a leftover like any other.
    if (this.cgroup.populated())
      return !this.sandboxed || !this.cgroup.members().every(finishingInit) || alive(this.leader);
    if (!groupAlive(this.leader)) return false;
    // The group may hold bwrap's namespace init as a zombie nobody has reaped yet. Once the
    // command joined its cgroup (it ran there), the empty cgroup is the exact answer; before
    // that, or when the join failed, the process group is.
    return !this.cgroup.used();
  }

  /** TERM (and CONT, so stopped ones can act on it), KILL after `graceMs`; resolves when none is left. */
  kill(graceMs: number): Promise<void> {
    this.killing ??=
      this.cgroup && !this.joinFailed() ? this.killCgroup(this.cgroup, graceMs) : this.killMarked(graceMs);
    return this.killing;
  }

  /**
   * A leader that runs outside its empty cgroup and is no longer the joining shell could not
   * join (the marker then finds what it started). One still in the joining shell has not
   * forked anything yet: killing it is enough, and the cgroup kill does that.
   */
  private joinFailed(): boolean {
    if (!this.wrapped || this.cgroup!.populated() || !alive(this.leader)) return false;
    return !isJoining(this.leader, this.joinPrefix);
  }

  private async killCgroup(cg: CommandCgroup, graceMs: number): Promise<void> {
    // Each process gets TERM once: a second one while a TERM trap runs would run the trap again.
    // The group's signal reaches its members at once; later rounds reach only what was forked since.
    const termed = new Set<number>();
    const term = () => {
      if (termed.size === 0) {
        signal(-this.leader, 'SIGTERM');
        for (const pid of cg.members()) if (groupOf(pid) === this.leader) termed.add(pid);
      }
      for (const pid of cg.members()) {
        if (!termed.has(pid)) {
          termed.add(pid);
          signal(pid, 'SIGTERM');
        }
        signal(pid, 'SIGCONT');
      }
    };
    // Woken as soon as the cgroup empties; the polls are the fallback and see the leader.
    let wake: () => void = () => undefined;
    const unwatch = cg.watch(() => wake());
    const nap = (ms: number) =>
      new Promise<void>((r) => {
        const t = setTimeout(r, ms);
        wake = () => {
          clearTimeout(t);
          r();
        };
      });
    try {
      term();
      const until = Date.now() + graceMs;
      // The leader counts too: it may be killed before it joined.
      const left = () => cg.populated() || alive(this.leader);
      for (let k = 0; left() && Date.now() < until; k++) {
        await nap(pollDelay(k));
        // A dying parent can still fork: what it forked gets TERM too.
        if (k % 4 === 3) term();
      }
      for (let k = 0; k < 60 && left(); k++) {
        signal(-this.leader, 'SIGKILL');
        if (!cg.killAll()) for (const pid of cg.members()) signal(pid, 'SIGKILL');
        await nap(pollDelay(k));
      }
    } finally {
      unwatch();
    }
    this.release();
  }

  private async killMarked(graceMs: number): Promise<void> {
    const value = this.marker.slice(this.marker.indexOf('=') + 1);
    const collect = async (full: boolean): Promise<number[]> => {
      const roots = [this.leader, ...this.known, ...(full ? await scanShared(value, this.leader) : [])];
      const pids = [...treeOf(roots)];
      this.known = new Set(pids);
      return pids;
    };
    // TERM once per process, as in the cgroup kill; KILL and CONT as often as it takes.
    const termed = new Set<number>();
    const send = (pids: number[], sig: NodeJS.Signals) => {
      if (sig !== 'SIGTERM') {
        signal(-this.leader, sig);
        for (const pid of pids) signal(pid, sig);
        return;
      }
      if (termed.size === 0) {
        signal(-this.leader, sig);
        termed.add(this.leader);
        for (const pid of pids) if (groupOf(pid) === this.leader) termed.add(pid);
      }
      for (const pid of pids) {
        if (termed.has(pid)) continue;
        termed.add(pid);
        signal(pid, sig);
      }
    };
    const empty = () => this.known.size === 0 && !groupAlive(this.leader);
    let pids = await collect(true);
    send(pids, 'SIGTERM');
    send(pids, 'SIGCONT');
    const until = Date.now() + graceMs;
    for (;;) {
      for (let k = 0; Date.now() < until; k++) {
        await sleep(pollDelay(k));
        pids = await collect(false);
        if (empty()) break;
        send(pids, 'SIGTERM');
      }
      // Before KILL (or before declaring victory) look once more for escapees.
      pids = await collect(true);
      if (empty()) break;
      if (Date.now() < until) {
        send(pids, 'SIGTERM');
        continue;
      }
      for (let k = 0; k < 60 && !empty(); k++) {
        send(pids, 'SIGKILL');
        await sleep(pollDelay(k));
        pids = await collect(k % 10 === 9);
      }
      break;
    }
    this.release();
  }

  /** The leader's pid, which is also the id of the session it leads (0 before it started). */
  get leaderPid(): number {
    return this.leader;
  }

  /** True when a process of it could outlive release() unseen (the marker mechanism). */
  get untracked(): boolean {
    return this.cgroup === null;
  }

  /**
   * Forgets the command once nothing of it is left (its cgroup is removed). A cgroup that a
   * finishing namespace init still holds (see finishingInit) is removed once it empties.
   */
  release(): void {
    if (this.released) return;
    if (this.cgroup && !this.cgroup.remove()) {
      this.removeWhenEmpty(this.cgroup);
      return;
    }
    this.released = true;
    live.delete(this);
  }

  private emptying = false;

  /** Retries release() when the cgroup's events change, and on a backing-off timer; neither keeps the server up. */
  private removeWhenEmpty(cg: CommandCgroup): void {
    if (this.emptying) return;
    this.emptying = true;
    let timer: NodeJS.Timeout | undefined;
    let k = 0;
    const retry = () => {
      clearTimeout(timer);
      if (cg.remove()) {
        unwatch();
        this.released = true;
        live.delete(this);
      } else if (k < 20) timer = setTimeout(retry, Math.min(1000, 5 << k++)).unref();
      else unwatch(); // still held after about 15 s: the exit hook KILLs whatever holds it
    };
    const unwatch = cg.watch(retry);
    timer = setTimeout(retry, 5).unref();
  }

  /** Synchronous last resort on the way out: KILL everything of it. */
  killNow(): void {
    signal(-this.leader, 'SIGKILL');
    if (this.cgroup && this.cgroup.killAll()) return;
    const pids = this.cgroup
      ? this.cgroup.members()
      : [...treeOf([this.leader, ...this.known, ...processesWithEnv(this.marker, this.leader)])];
    for (const pid of pids) signal(pid, 'SIGKILL');
  }
}

/**
 * Ends what is left of commands that finished long ago under the marker mechanism (a daemon
 * that let go of the output is not seen when its line ends), given their sweepEntry: one shared pass over /proc
 * finds them all, then TERM, and KILL after `graceMs`. For a session's end.
 */
export async function sweepMarkers(entries: Iterable<string>, graceMs: number): Promise<void> {
  const sought = [...entries].map(parseSweepEntry);
  if (sought.length === 0) return;
  const found = (await Promise.all(sought.map((s) => scanShared(s.value, s.session)))).flat();
  let pids = [...treeOf(found)];
  if (pids.length === 0) return;
  for (const pid of pids) signal(pid, 'SIGTERM');
  for (const pid of pids) signal(pid, 'SIGCONT');
  const until = Date.now() + graceMs;
  for (let k = 0; pids.length > 0 && Date.now() < until; k++) {
    await sleep(pollDelay(k));
    pids = [...treeOf(pids)];
  }
  for (let k = 0; k < 60 && pids.length > 0; k++) {
    for (const pid of pids) signal(pid, 'SIGKILL');
    await sleep(pollDelay(k));
    pids = pids.filter(alive);
  }
}

// Commands started and not yet known to be gone. If the server exits without its orderly
// shutdown (a crash, process.exit, the shutdown deadline), they are killed on the way out
// rather than orphaned.
const live = new Set<Containment>();
let hooked = false;

function hookExit(): void {
  if (hooked) return;
  hooked = true;
  atExit(() => {
    for (const c of live) c.killNow();
    removeBase();
  });
}
