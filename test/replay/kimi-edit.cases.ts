// Kimi CLI's StrReplaceFile and WriteFile tests (tests/tools/test_str_replace_file.py and
// tests/tools/test_write_file.py), replayed through the kimi shape. The work directory is the
// server's root (each case works in a directory of its own there, and its relative paths start
// at the root); Kimi's "outside" files live in a temp directory beside it.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { removeOnClose, replayDir, replayServer } from './env.js';
import { kimiResult, type KimiResult } from './kimi-harness.js';

const server = replayServer('kimi@1.49');
const OUTSIDE_WRITE = 'PERMISSION_DENIED: the path resolves outside the workspace.';
const OUTSIDE_EDIT = 'PERMISSION_DENIED: outside the workspace.';

let n = 0;
async function work() {
  const e = await server.get();
  const d = path.join(e.root, `edit-${++n}`);
  mkdirSync(d);
  const session = `edit-${n}`;
  return {
    d,
    p: (rel: string) => path.join(d, rel),
    replace: async (args: Record<string, unknown>): Promise<KimiResult> =>
      kimiResult(await e.call('StrReplaceFile', args, { session })),
    write: async (args: Record<string, unknown>): Promise<KimiResult> =>
      kimiResult(await e.call('WriteFile', args, { session })),
    /** `rel` inside this case's directory, as a path relative to the work directory (the root). */
    rel: (rel: string) => path.relative(e.root, path.join(d, rel)),
  };
}

const ok = (r: KimiResult) => assert.equal(r.isError, false, r.message);
const read = (f: string) => readFileSync(f, 'utf8');

function editCase(
  name: string,
  content: string,
  edit: unknown,
  after: string,
  message = 'successfully edited',
): ReplayCase {
  return {
    name,
    verdict: 'matched',
    async run() {
      const { p, replace } = await work();
      writeFileSync(p('test.txt'), content);
      const r = await replace({ path: p('test.txt'), edit });
      ok(r);
      assert.ok(r.message.includes(message), r.message);
      assert.equal(read(p('test.txt')), after);
    },
  };
}

const outsideEdit = (name: string, where: () => string): ReplayCase => ({
  name,
  verdict: 'different',
  reason:
    'Kimi edits any absolute path; Facet never goes outside its roots and refuses (PERMISSION_DENIED), leaving the file as it was',
  errorModes: OUTSIDE_EDIT,
  async run() {
    const { replace } = await work();
    const file = where();
    writeFileSync(file, 'old content');
    const r = await replace({ path: file, edit: { old: 'old', new: 'new' } });
    assert.deepEqual([r.isError, r.code], [true, 'PERMISSION_DENIED']);
    assert.equal(read(file), 'old content');
  },
});

const outsideWrite = (name: string, where: () => string): ReplayCase => ({
  name,
  verdict: 'different',
  reason:
    'Kimi writes any absolute path; Facet never goes outside its roots and refuses (PERMISSION_DENIED), writing nothing',
  errorModes: OUTSIDE_WRITE,
  async run() {
    const { write } = await work();
    const file = where();
    const r = await write({ path: file, content: 'content' });
    assert.deepEqual([r.isError, r.code], [true, 'PERMISSION_DENIED']);
    assert.equal(existsSync(file), false);
  },
});

/** A directory beside the root whose name starts with the root's name (Kimi's "-sneaky" prefix case). */
async function sneaky(): Promise<string> {
  const e = await server.get();
  const dir = `${e.root}-sneaky`;
  mkdirSync(dir, { recursive: true });
  removeOnClose(dir);
  return dir;
}

let outside = '';
const outsideFile = () => {
  outside ||= replayDir('facet-replay-kimi-outside-');
  return path.join(outside, `outside-${++n}.txt`);
};

export const kimiStrReplaceFile: ReplaySuite = {
  vendor: 'kimi',
  shape: 'kimi@1.49',
  tool: 'StrReplaceFile',
  source: 'MoonshotAI/kimi-cli tests/tools/test_str_replace_file.py @4a550eff',
  cases: [
    editCase(
      'test_replace_single_occurrence',
      'Hello world! This is a test.',
      { old: 'world', new: 'universe' },
      'Hello universe! This is a test.',
    ),
    editCase(
      'test_replace_all_occurrences',
      'apple banana apple cherry apple',
      { old: 'apple', new: 'fruit', replace_all: true },
      'fruit banana fruit cherry fruit',
    ),
    editCase(
      'test_replace_multiple_edits',
      'Hello world! Goodbye world!',
      [
        { old: 'Hello', new: 'Hi' },
        { old: 'Goodbye', new: 'See you' },
      ],
      'Hi world! See you world!',
    ),
    editCase(
      'test_replace_multiline_content',
      'Line 1\nLine 2\nLine 3\n',
      { old: 'Line 2\nLine 3', new: 'Modified line 2\nModified line 3' },
      'Line 1\nModified line 2\nModified line 3\n',
    ),
    editCase('test_replace_unicode_content', 'Hello 世界! café', { old: '世界', new: '地球' }, 'Hello 地球! café'),
    {
      name: 'test_replace_no_match',
      verdict: 'matched',
      async run() {
        const { p, replace } = await work();
        writeFileSync(p('test.txt'), 'Hello world!');
        const r = await replace({ path: p('test.txt'), edit: { old: 'notfound', new: 'replacement' } });
        assert.equal(r.isError, true);
        assert.equal(read(p('test.txt')), 'Hello world!');
      },
    },
    {
      name: 'test_replace_with_relative_path',
      verdict: 'matched',
      async run() {
        const { p, rel, replace } = await work();
        mkdirSync(p('relative/path'), { recursive: true });
        writeFileSync(p('relative/path/file.txt'), 'old content');
        ok(await replace({ path: rel('relative/path/file.txt'), edit: { old: 'old', new: 'new' } }));
        assert.equal(read(p('relative/path/file.txt')), 'new content');
      },
    },
    outsideEdit('test_replace_outside_work_directory', outsideFile),
    {
      name: 'test_replace_outside_work_directory_with_prefix',
      verdict: 'different',
      reason:
        'a directory named like the root plus a suffix is outside the roots; Kimi edits it, Facet refuses (PERMISSION_DENIED)',
      errorModes: OUTSIDE_EDIT,
      async run() {
        const { replace } = await work();
        const file = path.join(await sneaky(), 'test.txt');
        writeFileSync(file, 'content');
        const r = await replace({ path: file, edit: { old: 'content', new: 'new' } });
        assert.deepEqual([r.isError, r.code], [true, 'PERMISSION_DENIED']);
        assert.equal(read(file), 'content');
      },
    },
    {
      name: 'test_replace_nonexistent_file',
      verdict: 'matched',
      async run() {
        const { p, replace } = await work();
        const r = await replace({ path: p('nonexistent.txt'), edit: { old: 'old', new: 'new' } });
        assert.deepEqual([r.isError, r.code], [true, 'NOT_FOUND']);
      },
    },
    {
      name: 'test_replace_directory_instead_of_file',
      verdict: 'matched',
      async run() {
        const { p, replace } = await work();
        mkdirSync(p('directory'));
        const r = await replace({ path: p('directory'), edit: { old: 'old', new: 'new' } });
        assert.deepEqual([r.isError, r.code], [true, 'INVALID_ARGUMENT']);
      },
    },
    {
      name: 'test_replace_mixed_multiple_edits',
      verdict: 'different',
      reason:
        "'apple' occurs three times and replace_all is false: Kimi replaces the first silently, Facet refuses the ambiguous edit (CONFLICT) and writes nothing",
      errorModes: 'Kimi CLI silently replaces the first occurrence',
      async run() {
        const { p, replace } = await work();
        writeFileSync(p('test.txt'), 'apple apple banana apple cherry');
        const r = await replace({
          path: p('test.txt'),
          edit: [
            { old: 'apple', new: 'fruit', replace_all: false },
            { old: 'banana', new: 'tasty', replace_all: true },
          ],
        });
        assert.deepEqual([r.isError, r.code], [true, 'CONFLICT']);
        assert.equal(read(p('test.txt')), 'apple apple banana apple cherry');
      },
    },
    editCase('test_replace_empty_strings', 'Hello world!', { old: 'world', new: '' }, 'Hello !'),
  ],
};

export const kimiWriteFile: ReplaySuite = {
  vendor: 'kimi',
  shape: 'kimi@1.49',
  tool: 'WriteFile',
  source: 'MoonshotAI/kimi-cli tests/tools/test_write_file.py @4a550eff',
  cases: [
    {
      name: 'test_write_new_file',
      verdict: 'matched',
      async run() {
        const { p, write } = await work();
        const r = await write({ path: p('new_file.txt'), content: 'Hello, World!' });
        ok(r);
        assert.ok(r.message.includes('successfully overwritten'), r.message);
        assert.equal(read(p('new_file.txt')), 'Hello, World!');
      },
    },
    {
      name: 'test_overwrite_existing_file',
      verdict: 'matched',
      async run() {
        const { p, write } = await work();
        writeFileSync(p('existing.txt'), 'Original content');
        const r = await write({ path: p('existing.txt'), content: 'New content' });
        ok(r);
        assert.ok(r.message.includes('successfully overwritten'), r.message);
        assert.equal(read(p('existing.txt')), 'New content');
      },
    },
    {
      name: 'test_append_to_file',
      verdict: 'matched',
      async run() {
        const { p, write } = await work();
        writeFileSync(p('append_test.txt'), 'First line\n');
        const r = await write({ path: p('append_test.txt'), content: 'Second line\n', mode: 'append' });
        ok(r);
        assert.ok(r.message.includes('successfully appended to'), r.message);
        assert.equal(read(p('append_test.txt')), 'First line\nSecond line\n');
      },
    },
    ...(
      [
        ['test_write_unicode_content', 'unicode.txt', 'Hello 世界 🌍\nUnicode: café, naïve, résumé'],
        ['test_write_empty_content', 'empty.txt', ''],
        ['test_write_multiline_content', 'multiline.txt', 'Line 1\nLine 2\nLine 3\n'],
        ['test_write_large_content', 'large.txt', 'Large content line\n'.repeat(1000)],
      ] as const
    ).map(([name, file, content]): ReplayCase => ({
      name,
      verdict: 'matched',
      async run() {
        const { p, write } = await work();
        ok(await write({ path: p(file), content }));
        assert.equal(read(p(file)), content);
      },
    })),
    {
      name: 'test_write_with_relative_path',
      verdict: 'matched',
      async run() {
        const { p, rel, write } = await work();
        mkdirSync(p('relative/path'), { recursive: true });
        ok(await write({ path: rel('relative/path/file.txt'), content: 'content' }));
        assert.equal(read(p('relative/path/file.txt')), 'content');
      },
    },
    outsideWrite('test_write_outside_work_directory', outsideFile),
    {
      name: 'test_write_outside_work_directory_with_prefix',
      verdict: 'different',
      reason:
        'a directory named like the root plus a suffix is outside the roots; Kimi writes there, Facet refuses (PERMISSION_DENIED)',
      errorModes: OUTSIDE_WRITE,
      async run() {
        const { write } = await work();
        const file = path.join(await sneaky(), 'file.txt');
        const r = await write({ path: file, content: 'content' });
        assert.deepEqual([r.isError, r.code], [true, 'PERMISSION_DENIED']);
        assert.equal(existsSync(file), false);
      },
    },
    {
      name: 'test_write_to_nonexistent_directory',
      verdict: 'matched',
      async run() {
        const { p, write } = await work();
        const r = await write({ path: p('nonexistent/file.txt'), content: 'content' });
        assert.equal(r.isError, true);
        assert.ok(r.message.includes('does not exist'), r.message);
        assert.equal(existsSync(p('nonexistent')), false);
      },
    },
    {
      name: 'test_write_with_invalid_mode',
      verdict: 'matched',
      async run() {
        const { p, write } = await work();
        const r = await write({ path: p('test.txt'), content: 'content', mode: 'invalid' });
        assert.deepEqual([r.isError, r.code], [true, 'INVALID_ARGUMENT']);
        assert.equal(existsSync(p('test.txt')), false);
      },
    },
    {
      name: 'test_append_to_nonexistent_file',
      verdict: 'matched',
      async run() {
        const { p, write } = await work();
        const r = await write({ path: p('new_append.txt'), content: 'New content\n', mode: 'append' });
        ok(r);
        assert.ok(r.message.includes('successfully appended to'), r.message);
        assert.equal(read(p('new_append.txt')), 'New content\n');
      },
    },
  ],
};
