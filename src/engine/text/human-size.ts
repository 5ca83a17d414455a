// Sizes as `du -h` prints them (Anthropic's memory tool lists files so).

/** Bytes below 1 KiB as "17B", else one decimal under 10 ("4.0K", "1.5M") and whole above ("12K"). */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  const units = ['K', 'M', 'G', 'T'];
  let v = bytes / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return v < 10 ? `${v.toFixed(1)}${units[u]}` : `${Math.round(v)}${units[u]}`;
}
