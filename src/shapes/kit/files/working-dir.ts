// Where a call's relative paths start when the session's directory may have left the call's
// scope (narrowed by the request's roots): the session's directory while it lies inside the
// scope, else the scope's first root.
import path from 'node:path';
import type { Scope } from '../../../engine/index.js';
import type { Session } from '../../../engine/index.js';

export function workingDir(ctx: { scope: Scope; session: Session }): string {
  const cwd = ctx.session.cwd;
  return cwd !== undefined && ctx.scope.contains(cwd) ? cwd : ctx.scope.primary;
}

/** A path relative to `cwd` when under it, else absolute. */
export function displayPath(abs: string, cwd: string): string {
  const rel = path.relative(cwd, abs);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : abs;
}
