// Tool results too large to hand back whole are saved as files under the server's state
// directory, one folder per session (removed with the session), so a shape can point the
// model at the full text and show a preview. The files are the server's, not the project's.
import { createHash, randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { engineFailure } from './errors.js';
import { grantRead } from './read-grants.js';
import type { Session } from './session.js';
import { removeSessionDir } from './state-dir.js';

const BAG = 'engine.results';

/** Most bytes one saved result may hold. */
export const MAX_SAVED_RESULT_BYTES = 64 * 1024 * 1024;

function sessionDir(stateDir: string, session: Session): string {
  if (session.disposed) {
    throw engineFailure('session_ended', 'the session has ended; call again to get a fresh one', {
      session: session.id,
    });
  }
  return session.bag(BAG, () => {
    const hash = createHash('sha256').update(session.id).digest('hex').slice(0, 16);
    const dir = path.join(stateDir, 'tool-results', `${hash}-${randomBytes(3).toString('hex')}`);
    session.onDispose(() => removeSessionDir(dir, stateDir));
    return dir;
  });
}

export interface SavedResult {
  /** Absolute path of the file. */
  path: string;
  bytes: number;
}

/** Writes `text` (UTF-8) to a new private file of the session's result folder. */
export async function saveResultText(
  stateDir: string,
  session: Session,
  text: string,
  ext = 'txt',
): Promise<SavedResult> {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > MAX_SAVED_RESULT_BYTES) {
    throw engineFailure(
      'result_too_large',
      `the result is ${bytes.length} bytes, over the ${MAX_SAVED_RESULT_BYTES}-byte limit for saved results`,
      {
        bytes: bytes.length,
        maxBytes: MAX_SAVED_RESULT_BYTES,
      },
    );
  }
  const dir = sessionDir(stateDir, session);
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `${randomBytes(8).toString('hex')}.${ext.replace(/[^A-Za-z0-9]/g, '') || 'txt'}`);
  await fsp.writeFile(file, bytes, { mode: 0o600, flag: 'wx' });
  return { path: file, bytes: bytes.length };
}

/**
 * When `text` is over `limit` characters: the file that holds it (`existing`, or a new saved
 * result), which the session may then Read although it lies outside the roots. Undefined
 * when the text is small enough to hand back whole.
 */
export async function spillIfOver(
  stateDir: string,
  session: Session,
  text: string,
  limit: number,
  existing?: SavedResult,
): Promise<SavedResult | undefined> {
  if (text.length <= limit) return undefined;
  const saved = existing ?? (await saveResultText(stateDir, session, text));
  grantRead(session, saved.path);
  return saved;
}

/** The first `chars` characters of a text, cut at a line end when one falls in their second half. */
export function headPreview(text: string, chars: number): string {
  if (text.length <= chars) return text;
  const head = text.slice(0, chars);
  const nl = head.lastIndexOf('\n');
  return nl > chars / 2 ? head.slice(0, nl) : head;
}
