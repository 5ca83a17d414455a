// Files outside the roots that a session may read because the server itself pointed it at
// them (spilled command output, job logs in the state directory). Widening a scope is a
// security decision, so it is made here, in the engine, and shapes only ask for the scope.
import path from 'node:path';
import { Scope } from './scope.js';
import type { Session } from './session.js';

const GRANTS = 'engine.readGrants';
const grants = (s: Session) => s.bag(GRANTS, () => new Set<string>());

/** Lets this session read `file` (an absolute path the server wrote) even outside the roots. */
export function grantRead(session: Session, file: string): void {
  grants(session).add(path.resolve(file));
}

/**
 * The scope `input` (relative to `cwd`) is read under: the call's own, or, for a file this
 * session was granted, that file's folder, while the folder still exists.
 */
export function readScopeFor(scope: Scope, session: Session, input: string, cwd: string): Scope {
  const abs = path.resolve(cwd, input);
  if (!grants(session).has(abs)) return scope;
  try {
    return Scope.fromRoots([path.dirname(abs)]);
  } catch {
    return scope; // the folder went with its session
  }
}
