// Commands run as the server's own user: a call that asks for another user is refused rather
// than silently run as this one (OpenAI's local_shell passes a user).
import { EngineError } from '../../../engine/index.js';
import { ownUser } from '../../../engine/index.js';

/** Refuses `user` (on `field`) unless it is absent or the server's own user. */
export function requireOwnUser(user: string | null | undefined, field: string): void {
  const own = ownUser();
  if (user === undefined || user === null || user === own) return;
  throw new EngineError(
    'permission_denied',
    `commands cannot run as ${user}: they run as ${own}, the user of this server`,
    { field, facts: { user, own } },
  );
}
