// Shared setup for the files engine tests: a real root directory with an outside neighbour.
import { lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';
import { readFile, type ReadOptions, type TextRead } from '../../src/engine/files/read.js';
import { Scope } from '../../src/engine/scope.js';
import { Session } from '../../src/engine/session.js';
import { tempDir } from '../helpers/server.js';

export interface Fixture {
  base: string;
  root: string;
  outside: string;
  scope: Scope;
  session: Session;
  file(rel: string, content: string | Buffer): string;
  cleanup(): void;
}

/** base/root (the scope), base/outside (must stay untouched), base/root-evil (a prefix look-alike). */
export function fixture(): Fixture {
  const { dir, cleanup } = tempDir('facet-files-');
  const root = path.join(dir, 'root');
  const outside = path.join(dir, 'outside');
  mkdirSync(root);
  mkdirSync(outside);
  mkdirSync(path.join(dir, 'root-evil'));
  writeFileSync(path.join(outside, 'secret.txt'), 'secret\n');
  writeFileSync(path.join(dir, 'root-evil', 'x.txt'), 'evil\n');
  const scope = Scope.fromRoots([root]);
  return {
    base: dir,
    root,
    outside,
    scope,
    session: new Session('test'),
    file(rel, content) {
      const p = path.join(root, rel);
      mkdirSync(path.dirname(p), { recursive: true });
      writeFileSync(p, content);
      return p;
    },
    cleanup,
  };
}

/** Runs `fn` and returns the EngineError kind it threw (or 'ok'). */
export async function kindOf(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
    return 'ok';
  } catch (err) {
    return (err as { kind?: string }).kind ?? `not an EngineError: ${String(err)}`;
  }
}

/** Every entry under `dir`, links not followed: file contents, link targets, directories marked. */
export function tree(dir: string, out: Record<string, string> = {}, prefix = ''): Record<string, string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    const st = lstatSync(full);
    if (st.isSymbolicLink()) out[prefix + name] = `-> ${readlinkSync(full)}`;
    else if (st.isDirectory()) tree(full, ((out[`${prefix}${name}/`] = 'dir'), out), `${prefix}${name}/`);
    else out[prefix + name] = readFileSync(full, 'utf8');
  }
  return out;
}

/** A read that must come back as text. */
export async function text(f: Fixture, p: string, opts: ReadOptions): Promise<TextRead> {
  const r = await readFile(f.scope, p, opts);
  assert.equal(r.kind, 'text');
  return r as TextRead;
}

/** What callers see of a text read. */
export const view = (r: TextRead) => ({
  lines: r.lines,
  eols: r.eols,
  startLine: r.startLine,
  endLine: r.endLine,
  totalLines: r.totalLines,
  hasMore: r.hasMore,
  stoppedBy: r.stoppedBy,
  truncatedLines: r.truncatedLines,
  finalNewline: r.finalNewline,
  pastEnd: r.pastEnd,
  complete: r.complete,
  encoding: r.encoding,
});
