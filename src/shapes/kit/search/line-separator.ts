// grep's and ripgrep's mark between a line's number and its text: ":" on a matching line, "-"
// on a context line.
import type { GrepLine } from '../../../engine/index.js';

/** The separator grep prints after a line of this kind's name and number. */
export const lineSeparator = (kind: GrepLine['kind']): ':' | '-' => (kind === 'match' ? ':' : '-');
