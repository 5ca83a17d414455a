// The host block of a text window both vendors' read_file tools give (Gemini CLI's and Qwen
// Code's): the file, "Read <file>" or, when not all of it is shown, the lines shown and of
// how many, the window's counts and whether it was cut.
import type { RawWindow, TextRead } from '../../engine/index.js';

/** The host block of window `w` of read `r`; `of` is the total as the summary words it, `more` what follows it. */
export const windowHost = (r: TextRead, w: RawWindow, of: string | number | undefined, more = '') => ({
  paths: [r.path],
  summary: w.cut ? `Read lines ${r.startLine}-${r.endLine} of ${of} from ${r.relative}${more}` : `Read ${r.relative}`,
  counts: w.counts,
  truncated: w.cut,
});
