// Kimi Code blocks files that usually hold secrets for its writing tools too, not only for Read.
import { engineFailure } from '../../engine/index.js';
import { isSensitive } from '../kit/files/sensitive.js';

/** `p`, unless it names a file that usually holds secrets (.env, SSH keys, credentials). */
export function notSensitive(p: string): string {
  if (isSensitive(p)) throw engineFailure('sensitive_file', `${p} may hold secrets`, { path: p }, { field: 'path' });
  return p;
}
