// What the host granted a session beyond its call's scope for its commands: more paths to write
// or read (always within the server's roots) and the network (only when the server's sandbox
// shares it). The shell engine adds them when it builds a command's sandbox. A grant lasts the
// session ('session') or its current turn ('turn'): the session's calls up to its next call of a
// tool that runs no command (the registry ends the turn there, endTurn).
import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Session } from '../session.js';
import { within } from './sandbox.js';

export type GrantScope = 'turn' | 'session';

export interface Permissions {
  /** Absolute, real paths that exist. */
  write: string[];
  read: string[];
  network: boolean;
}

interface Holder {
  session: Permissions;
  turn: Permissions;
}

const KEY = 'engine.shell.grants';
const none = (): Permissions => ({ write: [], read: [], network: false });

/** What a request names, checked against what the server was started with. */
export interface GrantCheck {
  /** Grantable: real directories or files inside the server's roots; the network when the sandbox shares it. */
  grantable: Permissions;
  /** Each path or permission not grantable, with why. */
  refused: string[];
}

/**
 * Splits what is asked into what may be granted and what may not: paths (relative to `cwd`) must
 * exist and lie within `serverRoots`; the network only when `networkShared` (the server's setting).
 */
export function checkGrant(
  want: { write?: readonly string[]; read?: readonly string[]; network?: boolean },
  serverRoots: readonly string[],
  networkShared: boolean,
  cwd: string,
): GrantCheck {
  const roots = serverRoots.map(real).filter((r): r is string => r !== undefined);
  const refused: string[] = [];
  const paths = (list: readonly string[] | undefined, what: string): string[] => {
    const out: string[] = [];
    for (const p of list ?? []) {
      const abs = real(path.resolve(cwd, p));
      if (abs === undefined) refused.push(`${what} ${p}: it does not exist`);
      else if (!roots.some((r) => within(r, abs))) refused.push(`${what} ${p}: outside the server's roots`);
      else if (!out.includes(abs)) out.push(abs);
    }
    return out;
  };
  const write = paths(want.write, 'write');
  const read = paths(want.read, 'read');
  const network = want.network === true && networkShared;
  if (want.network === true && !networkShared) refused.push('network: the server was started without it');
  return { grantable: { write, read, network }, refused };
}

/** Adds `p` to the session's grants for `scope`. */
export function grant(session: Session, p: Permissions, scope: GrantScope): void {
  const h = holder(session)[scope];
  for (const w of p.write) if (!h.write.includes(w)) h.write.push(w);
  for (const r of p.read) if (!h.read.includes(r)) h.read.push(r);
  h.network ||= p.network;
}

/** Ends the session's turn: its turn-scoped grants lapse. */
export function endTurn(session: Session): void {
  const h = session.peek<Holder>(KEY);
  if (h) h.turn = none();
}

/** What the session's commands may use now beyond the call's scope (paths that still exist). */
export function grantsOf(session: Session): Permissions | undefined {
  const h = session.peek<Holder>(KEY);
  if (!h) return undefined;
  const exists = (p: string) => real(p) === p;
  const merged = {
    write: [...new Set([...h.session.write, ...h.turn.write])].filter(exists),
    read: [...new Set([...h.session.read, ...h.turn.read])].filter(exists),
    network: h.session.network || h.turn.network,
  };
  return merged.write.length + merged.read.length > 0 || merged.network ? merged : undefined;
}

const holder = (s: Session) => s.bag<Holder>(KEY, () => ({ session: none(), turn: none() }));

function real(p: string): string | undefined {
  try {
    const r = realpathSync(p);
    statSync(r);
    return r;
  } catch {
    return undefined;
  }
}
