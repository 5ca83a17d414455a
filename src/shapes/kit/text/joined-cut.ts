// A text cut to its head and tail, shown with what stands in the gap: each tool words the gap
// its own way ("...", "[... N bytes omitted ...]", "…N tokens truncated…", or nothing).

/** A text as a capture keeps it: whole, or its head and tail when it was cut. */
export interface CutParts {
  text: string;
  head: string;
  tail: string;
  truncated: boolean;
}

/**
 * The whole text, or head + `gap` (worded from the parts) + tail when it was cut; `cut` overrides whether it counts as
 * cut.
 */
export function joinedCut<T extends CutParts>(o: T, gap: string | ((o: T) => string), cut = o.truncated): string {
  if (!cut) return o.text;
  return o.head + (typeof gap === 'string' ? gap : gap(o)) + o.tail;
}
