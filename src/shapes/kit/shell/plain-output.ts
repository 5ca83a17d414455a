// A command's output as Gemini CLI and Qwen Code hand it to the model: terminal escapes
// stripped and blank ends trimmed; stdout and stderr one after the other, not interleaved.
import { stripAnsi } from '../../../engine/index.js';
import type { RunOutcome } from '../../../engine/index.js';

/** `s` without terminal escape sequences and blank ends. */
export const plainOutput = (s: string): string => stripAnsi(s).trim();

/** stdout, then stderr, each as plainOutput, the empty ones left out, joined by a newline. */
export const streamsInTurn = (r: Pick<RunOutcome, 'stdout' | 'stderr'>): string =>
  [r.stdout.text, r.stderr.text]
    .map(plainOutput)
    .filter((s) => s !== '')
    .join('\n');
