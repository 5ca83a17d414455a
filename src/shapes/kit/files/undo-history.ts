// Earlier texts of files kept per session, most recent last, for an editor's undo (Anthropic's
// legacy str_replace_editor): a bounded stack per real path, gone when the session ends.
import type { Session } from '../../../engine/index.js';

const BAG = 'files.undo';
const stacks = (session: Session) => session.bag(BAG, () => new Map<string, string[]>());

/** Keeps `text` as the newest earlier text of `real`, dropping the oldest beyond `depth`. */
export function rememberText(session: Session, real: string, text: string, depth: number): void {
  const list = stacks(session).get(real) ?? [];
  list.push(text);
  if (list.length > depth) list.shift();
  stacks(session).set(real, list);
}

/** The newest earlier text of `real`, taken off its stack; undefined when there is none. */
export const takeRemembered = (session: Session, real: string): string | undefined => stacks(session).get(real)?.pop();
