// What the Gemini CLI and Qwen Code grep_search replays share: the files both vendors'
// grep tests create in their beforeEach, Gemini's search helpers over the Gemini bench, and
// Qwen's server with a second root (both of Qwen's grep test files run on one like it).
import assert from 'node:assert/strict';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { replayDir, replayServer } from './env.js';
import { callIn, tree } from './gemini-bench.js';
import { outcome, type Outcome } from '../shapes/gemini/harness.js';

/** The files upstream's beforeEach creates (the same in Gemini CLI's and Qwen Code's grep tests). */
export const GREP_BASE: Record<string, string> = {
  'fileA.txt': 'hello world\nsecond line with world',
  'fileB.js': 'const foo = "bar";\nfunction baz() { return "hello"; }',
  'sub/fileC.txt': 'another world in sub dir',
  'sub/fileD.md': '# Markdown file\nThis is a test.',
};

/** Gemini: a successful grep_search over a fresh workspace holding `files` (plus any extra roots). */
export async function geminiGrep(
  files: Record<string, string>,
  args: Record<string, unknown>,
  extraRoots: string[] = [],
): Promise<Outcome> {
  const o = await callIn([tree(files), ...extraRoots], 'grep_search', args);
  assert.equal(o.error, '', o.error);
  return o;
}

/** Gemini: a search whose whole model text is `text`. */
export async function geminiGrepFinds(
  files: Record<string, string>,
  args: Record<string, unknown>,
  text: string,
): Promise<void> {
  assert.equal((await geminiGrep(files, args)).text, text);
}

/** Gemini: a refused search over GREP_BASE, with its failure code and Gemini error type. */
export async function geminiGrepRefused(
  args: Record<string, unknown>,
  code: string,
  errorType?: string,
): Promise<Outcome> {
  const o = await callIn([tree(GREP_BASE)], 'grep_search', args);
  assert.notEqual(o.error, '');
  assert.equal(o.code, code, o.error);
  if (errorType) assert.equal(o.errorType, errorType, o.error);
  return o;
}

/**
 * Qwen (0.15.10, whose tests these are): a server with a second root (named `label`), and `fresh(files)`: the
 * first root emptied and filled with `files`, the second emptied, and a grep over the first in a session of its own.
 */
export function qwenGrepBench(label: string) {
  let second = '';
  const server = replayServer('qwen@0.15.10', () => {
    second = replayDir(`facet-replay-qwen-${label}-second-`);
    return ['--root', second];
  });
  let n = 0;
  async function fresh(files: Record<string, string> = GREP_BASE) {
    const e = await server.get();
    e.reset();
    for (const name of readdirSync(second)) rmSync(path.join(second, name), { recursive: true, force: true });
    e.write(files);
    const session = `${label}-${++n}`;
    const grep = async (args: Record<string, unknown>, roots: string[] = [e.root]): Promise<Outcome> =>
      outcome(await e.call('grep_search', args, { roots, session }));
    return { e, root: e.root, grep, session, p: (...parts: string[]) => path.join(e.root, ...parts) };
  }
  return { server, fresh, second: () => second };
}
