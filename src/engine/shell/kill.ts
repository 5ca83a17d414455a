// Killing a command means killing everything it started: its process group, plus any
// descendant that moved to a group of its own (found through /proc before signalling).
// TERM first, KILL after a grace period, then wait until nothing of it is left.
import { readdirSync, readFileSync } from 'node:fs';
import { atExit } from '../at-exit.js';

interface ProcInfo {
  pid: number;
  ppid: number;
  pgid: number;
  state: string;
}

function readStat(pid: number): ProcInfo | undefined {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // comm may hold spaces and parens: the fields after it start at the last ')'.
    const rest = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    return { pid, state: rest[0]!, ppid: Number(rest[1]), pgid: Number(rest[2]) };
  } catch {
    return undefined;
  }
}

function allProcs(): ProcInfo[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const out: ProcInfo[] = [];
  for (const n of names) {
    if (n.charCodeAt(0) < 48 || n.charCodeAt(0) > 57) continue;
    const info = readStat(Number(n));
    if (info) out.push(info);
  }
  return out;
}

/** Live (non-zombie) members of group `pgid` and descendants of `rootPid`. */
export function treeOf(rootPid: number, pgid: number): number[] {
  const procs = allProcs();
  const children = new Map<number, number[]>();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p.pid]);
  const state = new Map(procs.map((p) => [p.pid, p]));
  const found = new Set<number>();
  for (const p of procs) if (p.pgid === pgid) found.add(p.pid);
  const stack = [rootPid];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    for (const c of children.get(pid) ?? []) {
      if (!found.has(c)) {
        found.add(c);
        stack.push(c);
      }
    }
    if (state.has(pid)) found.add(pid);
  }
  return [...found].filter((pid) => state.get(pid)?.state !== 'Z');
}

function signalAll(pgid: number, pids: number[], sig: NodeJS.Signals): void {
  try {
    process.kill(-pgid, sig);
  } catch {
    // group already empty
  }
  for (const pid of pids) {
    try {
      process.kill(pid, sig);
    } catch {
      // gone
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Kills the tree of a command whose leader is `pid` and whose group is `pgid` (the same
 * for commands we start). Resolves once no process of it is alive, or after KILL.
 */
export async function killTree(pid: number, pgid = pid, graceMs = 2000): Promise<void> {
  let pids = treeOf(pid, pgid);
  signalAll(pgid, pids, 'SIGTERM');
  // A stopped process cannot act on TERM until it continues.
  signalAll(pgid, pids, 'SIGCONT');
  const until = Date.now() + graceMs;
  while (Date.now() < until) {
    await sleep(20);
    // Keep collecting: a dying parent can still fork, and children move to init.
    pids = [...new Set([...pids, ...treeOf(pid, pgid)])].filter(alive);
    if (pids.length === 0) return;
  }
  signalAll(pgid, pids, 'SIGKILL');
  for (let k = 0; k < 50; k++) {
    pids = pids.filter(alive);
    if (pids.length === 0) return;
    await sleep(20);
  }
}

function alive(pid: number): boolean {
  const s = readStat(pid);
  return s !== undefined && s.state !== 'Z';
}

/** True when any process is left in the group led by `pgid`. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Groups started and not yet known to be gone. If the server exits without its orderly
// shutdown (a crash, process.exit), they are killed on the way out rather than orphaned.
const liveGroups = new Set<number>();
let hooked = false;

export function trackGroup(pgid: number): void {
  liveGroups.add(pgid);
  if (hooked) return;
  hooked = true;
  atExit(() => {
    for (const g of liveGroups) {
      try {
        process.kill(-g, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
}

export function forgetGroup(pgid: number): void {
  liveGroups.delete(pgid);
}
