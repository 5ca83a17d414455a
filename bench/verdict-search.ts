// CPU accounting for the search bench, from /proc: a process's own CPU and that of its
// children it has waited for (rg, once it has exited). On a shared machine wall time swings
// with the other load, while CPU time does not.
import { readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime, stime, cutime, cstime of a process, in ms. */
function times(pid: number | 'self'): { own: number; children: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { own: (Number(f[11]) + Number(f[12])) * TICK_MS, children: (Number(f[13]) + Number(f[14])) * TICK_MS };
}

/** CPU ms of a process and its reaped children together. */
export function treeCpuMs(pid: number | 'self'): number {
  const t = times(pid);
  return t.own + t.children;
}

/** CPU ms of this process's reaped children only (a directly spawned rg). */
export function childrenCpuMs(): number {
  return times('self').children;
}

/** "ratio (≤target)" verdict for a lower-is-better ratio. */
export function judge(ratio: number, target: number): 'PASS' | 'MISS' {
  return ratio <= target ? 'PASS' : 'MISS';
}
