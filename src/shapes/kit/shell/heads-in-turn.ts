// Streams kept by their heads within one budget of characters, taken in turn (stdout, then
// stderr; command after command): what OpenAI's shell and local_shell tools keep of output.
import { headChars } from '../text/head-chars.js';
import type { CapturedText } from '../../../engine/index.js';

/** A budget of characters that the heads of streams draw from in turn; `truncated` once anything was dropped. */
export class HeadBudget {
  truncated = false;
  constructor(private left: number) {}

  /** The head of `s` (a captured stream, which may itself be cut, or a plain text) that fits what is left. */
  keep(s: CapturedText | string): string {
    const [text, cut] = typeof s === 'string' ? [s, false] : [s.truncated ? s.head : s.text, s.truncated];
    const h = headChars(text, this.left);
    this.left -= h.used;
    if (cut || h.text.length < text.length) this.truncated = true;
    return h.text;
  }
}
