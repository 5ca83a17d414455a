// Sizes as people read them: the byte count scaled to the largest 1024-based unit it reaches.

/** `bytes` (at least 1024) in KiB, MiB, GiB or TiB: the value and the unit's index (0 = K, up to 3 = T). */
export function scaledSize(bytes: number): { value: number; unit: number } {
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < 3) {
    value /= 1024;
    unit++;
  }
  return { value, unit };
}

/**
 * As `du -h` prints it (Anthropic's memory tool lists files so): "17B", one decimal under 10 ("4.0K", "1.5M"), whole
 * above ("12K").
 */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  const { value, unit } = scaledSize(bytes);
  const u = 'KMGT'[unit]!;
  return value < 10 ? `${value.toFixed(1)}${u}` : `${Math.round(value)}${u}`;
}
