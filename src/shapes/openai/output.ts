// What the shell tools share: how long a command may run, and the output budget of the shell
// tool (max_output_length: characters kept from the head, one budget for every stream in order).
import { requestedTimeout } from '../kit/shell/timeout-arg.js';

/** The docs' sample executors' default when the model gives no timeout_ms. */
export const DEFAULT_TIMEOUT_MS = 60_000;
/** No command runs longer than this, whatever timeout_ms asks (a forgotten call must end). */
export const MAX_TIMEOUT_MS = 3_600_000;
/** What the API sends: an integer or null. Checked as such; served as NULL_AS_ABSENT_INT. */
export const NULLABLE_INT = { type: ['integer', 'null'] };
/** The portable spelling served to models (type arrays are refused by Gemini and OpenAI strict mode). */
export const NULL_AS_ABSENT_INT = { type: 'integer', description: 'Optional; null is taken as absent.' };
/** Characters kept of a shell call's output when max_output_length is absent, and at most when it is larger. */
export const OUTPUT_LIMIT = 100_000;

/**
 * How the shell tools run a command: separate streams whose heads hold `chars` characters, the model's timeout within
 * ours.
 */
export const runOpts = (timeoutMs: number | null | undefined, chars: number, env: Record<string, string>) => ({
  // A timeout of 0, below 0 or null means the default.
  timeoutMs: requestedTimeout(timeoutMs),
  defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
  maxTimeoutMs: MAX_TIMEOUT_MS,
  streams: 'separate' as const,
  // Bytes per stream that surely hold `chars` characters (UTF-8: at most 4 bytes each).
  maxOutputBytes: Math.max(1, Math.min(chars, OUTPUT_LIMIT) * 4),
  headShare: 1,
  env,
});
