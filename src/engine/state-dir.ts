// The server's state directory (spilled results, job logs) holds a folder per session, removed
// when the session ends. The folders that held them are removed too once empty, and so is the
// state directory itself when it is the default scratch one or this process made it: a server
// that stored nothing lasting leaves the machine's temporary directory as it found it, whichever
// of several servers sharing the default ends last. A directory the operator made is kept.
import { existsSync, promises as fsp } from 'node:fs';
import path from 'node:path';

const removable = new Set<string>();

/** Called at start-up: notes whether the state directory is this process's to remove when empty. */
export function noteStateDir(stateDir: string, scratch: boolean): void {
  if (scratch || !existsSync(stateDir)) removable.add(path.resolve(stateDir));
}

/**
 * Removes a session's folder (<stateDir>/<area>/<session>), then its area folder and the
 * state directory when they are left empty. A folder another session fills meanwhile stays
 * (rmdir refuses a non-empty one), and one removed under a new session's feet is made again
 * by that session's recursive mkdir.
 */
export async function removeSessionDir(dir: string, stateDir: string): Promise<void> {
  await fsp.rm(dir, { recursive: true, force: true });
  const root = path.resolve(stateDir);
  const area = path.dirname(path.resolve(dir));
  if (path.dirname(area) !== root) return;
  try {
    await fsp.rmdir(area);
    if (removable.has(root)) await fsp.rmdir(root);
  } catch {
    // Not empty (another session, the memory folder), or not ours to remove: kept.
  }
}
