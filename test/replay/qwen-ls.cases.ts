// Qwen Code's list_directory tests (packages/core/src/tools/ls.test.ts), replayed through the
// qwen shape's list_directory on a server with two roots (Qwen's primary and secondary
// workspace directories). Cases that lower Qwen's line limit are replayed with as many
// entries over Facet's (Qwen's default) 100-entry cap. Two upstream names occur in two describe
// blocks each; those carry the block's name ("<describe> > <it>").
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { replayDir, replayServer } from './env.js';
import { outcome, type Outcome } from '../shapes/gemini/harness.js';

let second = '';
const server = replayServer('qwen@0.15.10', () => {
  second = replayDir('facet-replay-qwen-ls-second-');
  return ['--root', second];
});
const OUTSIDE = 'path_not_in_workspace: outside the workspace';

async function fresh() {
  const e = await server.get();
  e.reset();
  for (const name of readdirSync(second)) rmSync(path.join(second, name), { recursive: true, force: true });
  const ls = async (args: Record<string, unknown>): Promise<Outcome> =>
    outcome(await e.call('list_directory', args, { roots: [e.root, second] }));
  return { e, root: e.root, ls, p: (...parts: string[]) => path.join(e.root, ...parts) };
}

const entries = (o: Outcome): string[] =>
  o.text
    .split('\n')
    .slice(1)
    .filter((l) => l.trim() && l.trim() !== '---' && !l.startsWith('('));

const na = (name: string, reason: string): ReplayCase => ({ name, verdict: 'not-applicable', reason });
const PERMISSION =
  "Qwen's per-call permission answer (allow / ask) for its approval prompt; this server has no prompt: inside the roots it lists, outside it refuses";
const DESCRIPTION = "the invocation's one-line description for Qwen's UI";

const outside = (name: string, dir: string): ReplayCase => ({
  name,
  verdict: 'different',
  reason:
    'Qwen lists directories outside the workspace after asking the user; Facet never goes outside its roots and refuses (path_not_in_workspace)',
  errorModes: OUTSIDE,
  async run() {
    const { ls } = await fresh();
    const o = await ls({ path: dir });
    assert.deepEqual([o.code, o.errorType], ['PERMISSION_DENIED', 'path_not_in_workspace'], o.error);
  },
});

const accepts = (name: string, where: 'root' | 'second'): ReplayCase => ({
  name,
  verdict: 'matched',
  async run() {
    const { ls, root } = await fresh();
    const dir = path.join(where === 'root' ? root : second, where === 'root' ? 'src' : 'lib');
    mkdirSync(dir);
    assert.equal((await ls({ path: dir })).text, `Directory ${dir} is empty.`);
  },
});

const secondary = (name: string): ReplayCase => ({
  name,
  verdict: 'matched',
  async run() {
    const { ls, e } = await fresh();
    e.write({ 'file1.txt': 'content1' });
    writeFileSync(path.join(second, 'secondary-file.txt'), 'secondary');
    assert.equal((await ls({ path: second })).text, `Listed 1 item(s) in ${second}:\n---\nsecondary-file.txt`);
  },
});

export const qwenListDirectory: ReplaySuite = {
  vendor: 'qwen',
  shape: 'qwen@0.15.10',
  tool: 'list_directory',
  source: 'QwenLM/qwen-code packages/core/src/tools/ls.test.ts @0ea6e0d9',
  cases: [
    accepts('should accept valid absolute paths within workspace', 'root'),
    {
      name: 'should reject relative paths',
      verdict: 'matched',
      async run() {
        const { ls } = await fresh();
        const o = await ls({ path: './src' });
        assert.deepEqual([o.code, o.errorType], ['INVALID_ARGUMENT', 'invalid_tool_params'], o.error);
      },
    },
    outside('should allow paths outside workspace (external path support)', '/etc'),
    accepts('parameter validation > should accept paths in secondary workspace directory', 'second'),
    na('should return allow for paths within workspace', PERMISSION),
    na('should return ask for paths outside workspace', PERMISSION),
    {
      name: 'should list files in a directory',
      verdict: 'matched',
      async run() {
        const { ls, e, root } = await fresh();
        e.write({ 'file1.txt': 'content1' });
        mkdirSync(e.abs('subdir'));
        writeFileSync(path.join(second, 'secondary-file.txt'), 'secondary');
        assert.equal((await ls({ path: root })).text, `Listed 2 item(s) in ${root}:\n---\n[DIR] subdir\nfile1.txt`);
      },
    },
    secondary('execute > should list files from secondary workspace directory'),
    {
      name: 'should handle empty directories',
      verdict: 'matched',
      async run() {
        const { ls, p } = await fresh();
        mkdirSync(p('empty'));
        assert.equal((await ls({ path: p('empty') })).text, `Directory ${p('empty')} is empty.`);
      },
    },
    {
      name: 'should respect ignore patterns',
      verdict: 'matched',
      async run() {
        const { ls, e, root } = await fresh();
        e.write({ 'file1.txt': 'content1', 'file2.log': 'content1' });
        assert.equal(
          (await ls({ path: root, ignore: ['*.log'] })).text,
          `Listed 1 item(s) in ${root}:\n---\nfile1.txt`,
        );
      },
    },
    {
      name: 'should respect gitignore patterns',
      verdict: 'matched',
      async run() {
        const { ls, e, root } = await fresh();
        e.write({ 'file1.txt': 'content1', 'file2.log': 'content1', '.git': '', '.gitignore': '*.log' });
        const o = await ls({ path: root });
        assert.ok(o.text.includes('file1.txt'));
        assert.ok(!o.text.includes('file2.log'));
        assert.match(o.text, /^Listed 2 item\(s\) in /);
        assert.ok(o.text.endsWith('\n\n(2 git-ignored, 0 qwen-ignored)'), o.text);
      },
    },
    {
      name: 'should respect qwenignore patterns',
      verdict: 'matched',
      async run() {
        const { ls, e, root } = await fresh();
        e.write({ 'file1.txt': 'content1', 'file2.log': 'content1', '.qwenignore': '*.log' });
        const o = await ls({ path: root });
        assert.ok(o.text.includes('file1.txt'));
        assert.ok(!o.text.includes('file2.log'));
        assert.match(o.text, /^Listed 2 item\(s\) in /);
        assert.ok(o.text.endsWith('\n\n(0 git-ignored, 1 qwen-ignored)'), o.text);
      },
    },
    {
      name: 'should handle non-directory paths',
      verdict: 'matched',
      async run() {
        const { ls, e, p } = await fresh();
        e.write({ 'file1.txt': 'content1' });
        const o = await ls({ path: p('file1.txt') });
        assert.equal(o.errorType, 'path_is_not_a_directory', o.error);
      },
    },
    {
      name: 'should handle non-existent paths',
      verdict: 'matched',
      async run() {
        const { ls, p } = await fresh();
        const o = await ls({ path: p('does-not-exist') });
        assert.deepEqual([o.code, o.errorType], ['NOT_FOUND', 'ls_execution_error'], o.error);
        assert.ok(o.error.includes('Error listing directory'), o.error);
      },
    },
    {
      name: 'should sort directories first, then files alphabetically',
      verdict: 'matched',
      async run() {
        const { ls, e, root } = await fresh();
        e.write({ 'a-file.txt': 'content1', 'b-file.txt': 'content1' });
        mkdirSync(e.abs('x-dir'));
        mkdirSync(e.abs('y-dir'));
        assert.deepEqual(entries(await ls({ path: root })), ['[DIR] x-dir', '[DIR] y-dir', 'a-file.txt', 'b-file.txt']);
      },
    },
    na('should handle permission errors gracefully', "makes Node's fs.readdir fail through a mock"),
    {
      name: 'should throw for invalid params at build time',
      verdict: 'matched',
      async run() {
        const { ls } = await fresh();
        const o = await ls({ path: '../outside' });
        assert.deepEqual([o.code, o.errorType], ['INVALID_ARGUMENT', 'invalid_tool_params'], o.error);
      },
    },
    na(
      'should handle errors accessing individual files during listing',
      "makes Node's fs.stat fail for one file through a mock",
    ),
    {
      name: 'should truncate when entries exceed config line limit',
      verdict: 'matched',
      async run() {
        const { ls, e, root } = await fresh();
        for (let i = 0; i < 105; i++) writeFileSync(e.abs(`file${String(i).padStart(3, '0')}.txt`), `content${i}`);
        const o = await ls({ path: root });
        assert.ok(o.text.includes('\n---\n[5 items truncated] ...'), o.text.slice(-80));
        assert.equal(entries(o).length, 101);
      },
    },
    {
      name: 'should not truncate when entries are within limit',
      verdict: 'matched',
      async run() {
        const { ls, e, root } = await fresh();
        for (let i = 0; i < 3; i++) writeFileSync(e.abs(`file${i}.txt`), `content${i}`);
        const o = await ls({ path: root });
        assert.equal(o.text, `Listed 3 item(s) in ${root}:\n---\nfile0.txt\nfile1.txt\nfile2.txt`);
      },
    },
    {
      name: 'should use singular "entry" when exactly one entry is truncated',
      verdict: 'matched',
      async run() {
        const { ls, e, root } = await fresh();
        for (let i = 0; i < 101; i++) writeFileSync(e.abs(`file${String(i).padStart(3, '0')}.txt`), `content${i}`);
        assert.ok((await ls({ path: root })).text.includes('[1 item truncated]'));
      },
    },
    na('should return shortened relative path', DESCRIPTION),
    na('should handle paths in secondary workspace', DESCRIPTION),
    accepts('should accept paths in primary workspace directory', 'root'),
    {
      name: 'workspace boundary validation > should accept paths in secondary workspace directory',
      verdict: 'matched',
      async run() {
        const { ls } = await fresh();
        mkdirSync(path.join(second, 'lib'));
        assert.equal((await ls({ path: path.join(second, 'lib') })).code, '');
      },
    },
    outside('should allow paths outside all workspace directories (external path support)', '/etc'),
    secondary('workspace boundary validation > should list files from secondary workspace directory'),
    {
      name: 'should unescape shell-escaped path',
      verdict: 'matched',
      async run() {
        const { ls, p } = await fresh();
        mkdirSync(p('sub dir'));
        assert.equal((await ls({ path: p('sub\\ dir') })).text, `Directory ${p('sub dir')} is empty.`);
      },
    },
  ],
};
