// Telling a sandbox refusal from a bug. A command the sandbox stops fails with its own error
// (cat's "No such file or directory", touch's "Read-only file system", curl's "Could not
// resolve host"); this reads its output once it ended and, when an error names what the
// sandbox hides or refuses, adds one line saying so. Only what is checked on this machine
// counts, so a missing file is not blamed on the sandbox:
// - a path in an error line that exists on the host (or whose hidden parent does) but does
//   not show inside: outside the roots and the system directories, or a symlink in a root
//   pointing there;
// - "read-only file system" for a path outside the roots (everything there is read-only);
// - with the network off: unreachable networks and failed name resolution, and refused
//   connections (the command's loopback is its own, not the machine's);
// - bwrap's own errors ("bwrap: ..."), such as a program that lives in a hidden directory;
// - processes the command left in the background (they end with its PID namespace).
import { lstatSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { within, type Sandbox } from './sandbox.js';

export type SandboxRefusal =
  | { kind: 'hidden'; path: string; target?: string }
  | { kind: 'read_only'; path: string }
  | { kind: 'network' }
  | { kind: 'loopback' }
  | { kind: 'bwrap'; message: string }
  | { kind: 'background'; count: number };

export interface NoteContext {
  box: Sandbox;
  roots: readonly string[];
  cwd: string;
  home?: string;
}

const FILE_ERROR =
  /no such file or directory|ENOENT|permission denied|EACCES|operation not permitted|EPERM|not a directory/i;
const READ_ONLY = /read-only file system|EROFS/i;
const NO_NETWORK =
  /network is unreachable|ENETUNREACH|temporary failure in name resolution|could not resolve host|name or service not known|getaddrinfo (?:ENOTFOUND|EAI_AGAIN)|no address associated with hostname|failed to resolve|nodename nor servname/i;
const REFUSED = /connection refused|ECONNREFUSED|couldn't connect to server/i;
const MAX_LINES = 2000;
const MAX_PATHS = 5;
/** Paths looked up on the host at most, whatever the output (a `find /` prints thousands of errors). */
const MAX_CHECKS = 200;

/** Path-like words of an error line: quoted strings, the fields between ": ", absolute paths. */
function candidates(line: string): string[] {
  const out = new Set<string>();
  for (const m of line.matchAll(/['"‘`]([^'"’`\n]{1,4096})['"’`]/g)) out.add(m[1]!);
  for (const f of line.split(/: /)) out.add(f.trim());
  for (const m of line.matchAll(/(?:^|[\s=(,])(\/[^\s'"`:,;)]+)/g)) out.add(m[1]!);
  return [...out].filter((s) => s !== '' && s.length <= 4096 && !s.includes('\0'));
}

function lexists(p: string): boolean {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/** What the sandbox refused, read from a command's output; [] when nothing points to it. */
export function findRefusals(text: string, ctx: NoteContext, network: boolean, backgroundLeft = 0): SandboxRefusal[] {
  const out: SandboxRefusal[] = [];
  const seen = new Set<string>();
  const inRoots = (p: string) => ctx.roots.some((r) => within(r, p));
  const shown = (p: string) => inRoots(p) || ctx.box.systemVisible(p) || within('/proc', p) || within('/dev', p);
  const privateDirs = new Set(['/', '/tmp', '/var/tmp', ...(ctx.home ? [ctx.home] : [])]);
  const add = (r: SandboxRefusal, key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    out.push(r);
  };
  let checks = 0;
  const lines = text.split('\n');
  for (const line of lines.length > MAX_LINES
    ? [...lines.slice(0, MAX_LINES / 2), ...lines.slice(-MAX_LINES / 2)]
    : lines) {
    if (line.startsWith('bwrap: ')) add({ kind: 'bwrap', message: line.slice(7).trim() }, `bwrap:${line}`);
    if (!network) {
      if (NO_NETWORK.test(line)) add({ kind: 'network' }, 'network');
      else if (REFUSED.test(line)) add({ kind: 'loopback' }, 'loopback');
    }
    const readOnly = READ_ONLY.test(line);
    if (!readOnly && !FILE_ERROR.test(line)) continue;
    for (const c of candidates(line)) {
      if (++checks > MAX_CHECKS || out.filter((r) => r.kind === 'hidden' || r.kind === 'read_only').length >= MAX_PATHS)
        break;
      const p = path.resolve(ctx.cwd, c);
      if (readOnly) {
        if (path.isAbsolute(c) && !inRoots(p) && !within('/tmp', p)) add({ kind: 'read_only', path: p }, `ro:${p}`);
        continue;
      }
      if (shown(p)) {
        // A link inside a root that leads out of the sandbox's view.
        let target: string;
        try {
          if (!inRoots(p) || !lstatSync(p).isSymbolicLink()) continue;
          target = realpathSync(p);
        } catch {
          continue;
        }
        if (!shown(target)) add({ kind: 'hidden', path: p, target }, `hidden:${p}`);
        continue;
      }
      const parent = path.dirname(p);
      if (lexists(p) || (!privateDirs.has(parent) && !shown(parent) && lexists(parent)))
        add({ kind: 'hidden', path: p }, `hidden:${p}`);
    }
  }
  if (backgroundLeft > 0) out.push({ kind: 'background', count: backgroundLeft });
  return out;
}

/** One line for the model, after the command's own output. */
export function refusalNote(refusals: readonly SandboxRefusal[], roots: readonly string[]): string {
  const parts = refusals.map((r) => {
    switch (r.kind) {
      case 'hidden':
        return r.target
          ? `${r.path} leads to ${r.target}, which is outside the roots and hidden`
          : `${r.path} is outside the roots and hidden`;
      case 'read_only':
        return `${r.path} is outside the roots, where everything is read-only`;
      case 'network':
        return 'the network is off';
      case 'loopback':
        return "loopback connections reach only the command's own loopback, not servers of this machine or of other commands";
      case 'bwrap':
        return `the sandbox could not run it (${r.message})`;
      case 'background':
        return `${r.count === 1 ? 'the process' : `the ${r.count} processes`} it left in the background ended with it (start long-running processes as background jobs)`;
    }
  });
  return (
    `[sandbox] Facet's shell sandbox stopped this: ${parts.join('; ')}. ` +
    `Commands run in a bubblewrap sandbox: only the roots (${roots.join(', ')}) are writable; the system directories are read-only; ` +
    'home directories, /tmp and the rest of the machine are hidden (each command gets an empty private /tmp and $HOME); the network is off unless the server allows it.'
  );
}
