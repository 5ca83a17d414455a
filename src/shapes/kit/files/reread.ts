// The "unchanged since your last read" check of a whole-file read: the session read the whole
// file (the same window from line 1) and its size and mtime are as they were then.
import type { Session } from '../../../engine/index.js';
import { unchangedSinceRead } from '../../../engine/index.js';
import type { FileStat } from '../../../engine/index.js';

export function fullyReadUnchanged(session: Session, st: FileStat, limit: number): boolean {
  const rec = session.reads.get(st.path);
  return st.isFile && rec?.complete === true && unchangedSinceRead(session, st.path, st, { offset: 1, limit });
}
