// Process-table probes for the shell tests: what is still alive, zombies, descriptors.
import { readdirSync, readFileSync } from 'node:fs';

function pids(): number[] {
  return readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .map(Number);
}

function stat(pid: number): { state: string; ppid: number } | undefined {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const rest = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    return { state: rest[0]!, ppid: Number(rest[1]) };
  } catch {
    return undefined;
  }
}

/** Live (non-zombie) processes whose command line contains `marker`, other than this one. */
export function procsWith(marker: string): number[] {
  return pids().filter((pid) => {
    if (pid === process.pid) return false;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'latin1').replace(/\0/g, ' ');
      return cmd.includes(marker) && stat(pid)?.state !== 'Z';
    } catch {
      return false;
    }
  });
}

/** Zombie children of this process. */
export function zombieChildren(): number[] {
  return pids().filter((pid) => {
    const s = stat(pid);
    return s?.ppid === process.pid && s.state === 'Z';
  });
}

/** Children of this process, alive or not. */
export function children(): number[] {
  return pids().filter((pid) => stat(pid)?.ppid === process.pid);
}

export function fdCount(): number {
  return readdirSync('/proc/self/fd').length;
}

/** Polls `probe` until it returns true or `ms` pass; returns the last value. */
export async function eventually(probe: () => boolean, ms = 5000): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (probe()) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A marker unlikely to appear anywhere else. */
export function marker(): string {
  return String(900000 + Math.floor(Math.random() * 99999));
}

/** Live processes whose environment holds `entry` (NAME=value), other than this one. */
export function procsCarrying(entry: string): number[] {
  const needle = Buffer.from(`\0${entry}\0`);
  const first = Buffer.from(`${entry}\0`);
  return pids().filter((pid) => {
    if (pid === process.pid) return false;
    try {
      const env = readFileSync(`/proc/${pid}/environ`);
      return (env.includes(needle) || env.subarray(0, first.length).equals(first)) && stat(pid)?.state !== 'Z';
    } catch {
      return false;
    }
  });
}

/** Live processes whose command line is exactly `argv` joined by spaces. */
export function procsRunning(argv: string): number[] {
  return pids().filter((pid) => {
    if (pid === process.pid) return false;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'latin1').replace(/\0$/, '').replace(/\0/g, ' ');
      return cmd === argv && stat(pid)?.state !== 'Z';
    } catch {
      return false;
    }
  });
}
