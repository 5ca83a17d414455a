// A cut capture as Gemini CLI shows it: the whole text as plainOutput, and a cut one's head and
// tail with terminal escapes stripped but their ends kept (they sit around the gap's note).
import { stripAnsi, type CapturedText } from '../../../engine/index.js';
import { plainOutput } from './plain-output.js';

/** `o` with its text as plainOutput and its head and tail without terminal escapes. */
export const plainParts = (o: CapturedText): CapturedText => ({
  ...o,
  text: plainOutput(o.text),
  head: stripAnsi(o.head),
  tail: stripAnsi(o.tail),
});
