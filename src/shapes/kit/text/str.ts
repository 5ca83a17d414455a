// Facts and arguments arrive as `unknown`; the ones shown in model-facing text are strings or
// numbers, or absent (shown as nothing).

/** `v` as text when it is a string, number or boolean; '' for anything else (absent). */
export const str = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
