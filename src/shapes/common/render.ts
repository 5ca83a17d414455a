// Rendering shared by several vendors' shapes: sizes and durations as a model is shown them.

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
