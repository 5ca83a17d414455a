// Where a call's relative paths start when the session's directory may have left the call's
// scope (narrowed by the request's roots): the session's directory while it lies inside the
// scope, else the scope's first root.
import type { Scope } from './scope.js';
import type { Session } from './session.js';

export function workingDir(ctx: { scope: Scope; session: Session }): string {
  const cwd = ctx.session.cwd;
  return cwd !== undefined && ctx.scope.contains(cwd) ? cwd : ctx.scope.primary;
}
