// The bench every Gemini replay runs on: one real Facet server (shape gemini) per upstream
// file, over two workspace roots in a temporary directory, and a fresh directory per case so
// cases do not see each other's files.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { callTool } from '../helpers/server.js';
import { caller, outcome, type Outcome } from '../shapes/gemini/harness.js';

let server: TestServer | undefined;
let base = '';
let cleanup: (() => void) | undefined;
let n = 0;

/** The first workspace root and a second one (Gemini CLI can have several). */
export const roots = {
  get main(): string {
    return path.join(base, 'ws');
  },
  get second(): string {
    return path.join(base, 'ws2');
  },
};

export async function startBench(extra: string[] = []): Promise<void> {
  ({ dir: base, cleanup } = tempDir('facet-replay-gemini-'));
  mkdirSync(roots.main);
  mkdirSync(roots.second);
  server = await startTestServer(['--shape', 'gemini', '--root', roots.main, '--root', roots.second, ...extra]);
}

export async function stopBench(): Promise<void> {
  await server?.close();
  server = undefined;
  cleanup?.();
}

/** A fresh empty directory inside the first root, for one case. */
export function fresh(): string {
  const d = path.join(roots.main, `case-${++n}`);
  mkdirSync(d);
  return d;
}

/** A path outside every root (the temporary directory's parent level). */
export const outside = (name: string): string => path.join(base, name);

const call0 = caller(() => server!, 'gemini', 'replay');

/** Calls a Gemini tool; each call in its own session unless one is named. */
export function call(name: string, args: Record<string, unknown>, session?: string): Promise<Outcome> {
  return call0(name, args, { session: session ?? `s${++n}` });
}

/**
 * Calls a Gemini tool with the call's workspace narrowed to `workspace` (the first is where
 * relative paths start), as Gemini CLI runs with its target directory and workspace dirs.
 */
export async function callIn(workspace: string[], name: string, args: Record<string, unknown>): Promise<Outcome> {
  return outcome(
    await callTool(server!.client, name, args, {
      shape: 'gemini',
      session: `w${++n}`,
      roots: workspace,
      deadlineMs: 60_000,
    }),
  );
}

/** A fresh directory holding `tree` (name → content). */
export function tree(t: Record<string, string | Buffer>): string {
  const d = fresh();
  files(d, t);
  return d;
}

/** Writes files under `dir` (creating parents): name → content. */
export function files(dir: string, tree: Record<string, string | Buffer>): void {
  for (const [name, content] of Object.entries(tree)) {
    const p = path.join(dir, name);
    mkdirSync(path.dirname(p), { recursive: true });
    writeFileSync(p, content);
  }
}

export const read = (p: string): string => readFileSync(p, 'utf8');
