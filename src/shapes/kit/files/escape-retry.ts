// An edit tried with the search text as given, then (not found verbatim) once more with its
// \uXXXX escapes respelt and the replacement respelt alike, as Claude Code's Edit does.
import { isCondition } from '../../../engine/index.js';
import { swapEscapes } from './escapes.js';

/**
 * `attempt(old, new)`; on no_match, `attempt` with the other spelling; the first no_match stands when that fails alike.
 */
export async function withEscapeRetry<R>(
  oldString: string,
  newString: string,
  attempt: (oldString: string, newString: string) => Promise<R>,
): Promise<R> {
  return attempt(oldString, newString).catch(async (err: unknown) => {
    const swapped = swapEscapes(oldString);
    if (!isCondition(err, 'no_match') || !swapped) throw err;
    return attempt(swapped.text, swapped.apply(newString)).catch((again: unknown) => {
      throw isCondition(again, 'no_match') ? err : again;
    });
  });
}
