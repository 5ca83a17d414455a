// Gemini CLI's list_directory tests (packages/core/src/tools/ls.test.ts), replayed over gRPC in a
// workspace of two directories (upstream's root and secondary workspace directory). Two names
// occur twice upstream (in "parameter validation" and "workspace boundary validation"); their
// second occurrence carries its describe block in front.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { callIn, fresh, files } from './gemini-bench.js';
import type { Outcome } from '../shapes/gemini/harness.js';

/** Upstream's root and secondary directories, filled with `root` and `second`. */
function workspace(
  root: Record<string, string> = {},
  second: Record<string, string> = {},
): { root: string; second: string } {
  const r = fresh();
  const s = fresh();
  files(r, root);
  files(s, second);
  return { root: r, second: s };
}

async function ls(
  w: { root: string; second: string },
  dir: string,
  more: Record<string, unknown> = {},
): Promise<Outcome> {
  return callIn([w.root, w.second], 'list_directory', { dir_path: dir, ...more });
}

async function lists(
  w: { root: string; second: string },
  dir: string,
  text: string,
  more: Record<string, unknown> = {},
): Promise<void> {
  const o = await ls(w, dir, more);
  assert.equal(o.error, '', o.error);
  assert.equal(o.text, text);
}

const acceptsDir = (where: 'root' | 'second', rel: boolean) => async () => {
  const w = workspace();
  const d = path.join(w[where], where === 'root' ? 'src' : 'lib');
  mkdirSync(d);
  await lists(w, rel ? path.relative(w.root, d) : d, `Directory ${d} is empty.`);
};

const rejectsOutside = async () => {
  const o = await ls(workspace(), '/etc/passwd');
  assert.equal(o.errorType, 'path_not_in_workspace');
  assert.equal(o.code, 'PERMISSION_DENIED');
};

const listsSecondary = async () => {
  const w = workspace({ 'file1.txt': 'content1' }, { 'secondary-file.txt': 'secondary' });
  await lists(w, w.second, `Directory listing for ${w.second}:\nsecondary-file.txt (9 bytes)`);
};

const DESCRIPTION = "the invocation's description is the CLI's UI, not model-facing";
const SPY =
  'fakes a file-system failure by spying on fs; the replay machine runs as root, so no real directory refuses to be read';

const cases: ReplayCase[] = [
  { name: 'should accept valid absolute paths within workspace', verdict: 'matched', run: acceptsDir('root', false) },
  { name: 'should accept relative paths', verdict: 'matched', run: acceptsDir('root', true) },
  { name: 'should reject paths outside workspace with clear error message', verdict: 'matched', run: rejectsOutside },
  {
    name: 'should accept paths in secondary workspace directory',
    verdict: 'matched',
    run: acceptsDir('second', false),
  },
  {
    name: 'should list files in a directory',
    verdict: 'matched',
    run: async () => {
      const w = workspace({ 'file1.txt': 'content1', 'subdir/.keep': '' }, { 'secondary-file.txt': 'secondary' });
      await lists(w, w.root, `Directory listing for ${w.root}:\n[DIR] subdir\nfile1.txt (8 bytes)`);
    },
  },
  { name: 'should list files from secondary workspace directory', verdict: 'matched', run: listsSecondary },
  {
    name: 'should handle empty directories',
    verdict: 'matched',
    run: async () => {
      const w = workspace();
      const d = path.join(w.root, 'empty');
      mkdirSync(d);
      await lists(w, d, `Directory ${d} is empty.`);
    },
  },
  {
    name: 'should respect ignore patterns',
    verdict: 'matched',
    run: async () => {
      const w = workspace({ 'file1.txt': 'content1', 'file2.log': 'content1' });
      await lists(w, w.root, `Directory listing for ${w.root}:\nfile1.txt (8 bytes)`, { ignore: ['*.log'] });
    },
  },
  {
    name: 'should respect gitignore patterns',
    verdict: 'matched',
    run: async () => {
      const w = workspace({ 'file1.txt': 'content1', 'file2.log': 'content1', '.git': '', '.gitignore': '*.log' });
      await lists(
        w,
        w.root,
        `Directory listing for ${w.root}:\n.gitignore (5 bytes)\nfile1.txt (8 bytes)\n\n(2 ignored)`,
      );
    },
  },
  {
    name: 'should respect geminiignore patterns',
    verdict: 'matched',
    run: async () => {
      const w = workspace({ 'file1.txt': 'content1', 'file2.log': 'content1', '.geminiignore': '*.log' });
      await lists(
        w,
        w.root,
        `Directory listing for ${w.root}:\n.geminiignore (5 bytes)\nfile1.txt (8 bytes)\n\n(1 ignored)`,
      );
    },
  },
  {
    name: 'should handle non-directory paths',
    verdict: 'matched',
    run: async () => {
      const w = workspace({ 'file1.txt': 'content1' });
      const o = await ls(w, path.join(w.root, 'file1.txt'));
      assert.equal(o.errorType, 'path_is_not_a_directory');
      assert.match(o.error, /Path is not a directory/);
    },
  },
  {
    name: 'should handle non-existent paths',
    verdict: 'matched',
    run: async () => {
      const w = workspace();
      const o = await ls(w, path.join(w.root, 'does-not-exist'));
      assert.equal(o.errorType, 'ls_execution_error');
      assert.equal(o.code, 'NOT_FOUND');
    },
  },
  {
    name: 'should sort directories first, then files alphabetically',
    verdict: 'matched',
    run: async () => {
      const w = workspace({ 'a-file.txt': 'content1', 'b-file.txt': 'content1', 'x-dir/.keep': '', 'y-dir/.keep': '' });
      await lists(
        w,
        w.root,
        `Directory listing for ${w.root}:\n[DIR] x-dir\n[DIR] y-dir\na-file.txt (8 bytes)\nb-file.txt (8 bytes)`,
      );
    },
  },
  { name: 'should handle permission errors gracefully', verdict: 'not-applicable', reason: SPY },
  { name: 'should handle errors accessing individual files during listing', verdict: 'not-applicable', reason: SPY },
  { name: 'should return shortened relative path', verdict: 'not-applicable', reason: DESCRIPTION },
  { name: 'should handle paths in secondary workspace', verdict: 'not-applicable', reason: DESCRIPTION },
  { name: 'should accept paths in primary workspace directory', verdict: 'matched', run: acceptsDir('root', false) },
  {
    name: 'workspace boundary validation > should accept paths in secondary workspace directory',
    verdict: 'matched',
    run: acceptsDir('second', false),
  },
  { name: 'should reject paths outside all workspace directories', verdict: 'matched', run: rejectsOutside },
  {
    name: 'workspace boundary validation > should list files from secondary workspace directory',
    verdict: 'matched',
    run: listsSecondary,
  },
  {
    name: 'should append JIT context to output when enabled and context is found',
    verdict: 'different',
    reason:
      'Gemini CLI appends project context files (GEMINI.md) found for the listed directory; Facet leaves context files to the host and appends nothing',
    errorModes: 'no GEMINI.md context is appended',
    run: async () => {
      const w = workspace({ 'GEMINI.md': 'Use the useAuth hook.', 'jit-file.txt': 'content' });
      await lists(w, w.root, `Directory listing for ${w.root}:\nGEMINI.md (21 bytes)\njit-file.txt (7 bytes)`);
    },
  },
  {
    name: 'should not append JIT context when disabled',
    verdict: 'matched',
    run: async () => {
      const w = workspace({ 'jit-disabled-file.txt': 'content' });
      await lists(w, w.root, `Directory listing for ${w.root}:\njit-disabled-file.txt (7 bytes)`);
    },
  },
];

export const geminiLs: ReplaySuite = {
  vendor: 'gemini',
  shape: 'gemini',
  tool: 'list_directory',
  source:
    'google-gemini/gemini-cli packages/core/src/tools/ls.test.ts @5411f113ca (0.56.0-nightly; 0.61.0 not in the snapshot)',
  cases,
};
