// Rendering shared by several vendors' shapes: sizes, durations, paths as a model is shown them.
import path from 'node:path';

// ---- claude

/** 575.1KB, 256KB, 1.5MB: one decimal, none when it is zero ("N bytes" under 1KB). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1).replace(/\.0$/, '')}${units[i]}`;
}

/** "1s", "90s" → "1m 30s": how long a timeout was. */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 100) / 10;
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  const rest = Math.round(s - m * 60);
  return rest === 0 ? `${m}m` : `${m}m ${rest}s`;
}

/** A path relative to `cwd` when under it, else absolute. */
export function displayPath(abs: string, cwd: string): string {
  const rel = path.relative(cwd, abs);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : abs;
}

const SIGNALS: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGABRT: 6, SIGKILL: 9, SIGSEGV: 11, SIGPIPE: 13, SIGALRM: 14, SIGTERM: 15 };
/** The exit code a shell reports: the code, else 128 + the number of a common signal, else `fallback`. */
export const exitCodeOf = (code: number | null, signal: string | null, fallback: number) =>
  code ?? (signal && SIGNALS[signal] !== undefined ? 128 + SIGNALS[signal]! : fallback);
