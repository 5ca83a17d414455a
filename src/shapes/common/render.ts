// Rendering shared by several vendors' shapes: sizes and durations as a model is shown them.
import { scaledSize } from '../kit/text/human-size.js';
import { secondsOf } from '../kit/text/seconds.js';

// ---- claude

/** 575.1KB, 256KB, 1.5MB: one decimal, none when it is zero ("N bytes" under 1KB). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const { value, unit } = scaledSize(bytes);
  return `${value.toFixed(1).replace(/\.0$/, '')}${['KB', 'MB', 'GB', 'TB'][unit]}`;
}

/** "1s", "90s" → "1m 30s": how long a timeout was. */
export function formatDuration(ms: number): string {
  const s = secondsOf(ms);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  const rest = Math.round(s - m * 60);
  return rest === 0 ? `${m}m` : `${m}m ${rest}s`;
}
