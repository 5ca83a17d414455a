// A duration as tools word it in seconds: rounded to a tenth ("1.5", "120").

/** `ms` in seconds, rounded to one decimal. */
export const secondsOf = (ms: number): number => Math.round(ms / 100) / 10;
