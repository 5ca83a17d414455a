// A timeout as the model gives it: several vendors read 0, a negative value or null as "use
// the default", which the engine's run options spell as no timeout given.

/** The requested timeout for the engine's run options: undefined (the tool's default) when absent, null, 0 or below. */
export const requestedTimeout = (v: number | null | undefined): number | undefined =>
  typeof v === 'number' && v > 0 ? v : undefined;
