// The host's display block (the structured item after the model's text) of Gemini and Qwen
// results, compared whole: tool, summary, paths, counts, diff and details as a person sees them.
import assert from 'node:assert/strict';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { serverFixture } from '../../helpers/server.js';
import { caller } from './harness.js';

const { t, dir } = serverFixture({ shape: 'all', prefix: 'facet-display-' });
before(async () => {
  const w = (f: string, s: string, ageS: number) => {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    writeFileSync(path.join(dir, f), s);
    const at = Date.now() / 1000 - ageS;
    utimesSync(path.join(dir, f), at, at);
  };
  w('src/a.ts', 'export const a = 1;\n', 3000);
  w('src/b.ts', 'export const b = 2;\n', 10);
});

test('gemini glob and qwen glob name the files found, newest first', async () => {
  const g = await caller(() => t, 'gemini')('glob', { pattern: 'src/*.ts' });
  assert.deepEqual(g.display, {
    tool: 'glob',
    summary: 'Found 2 file(s)',
    paths: [path.join(dir, 'src/b.ts'), path.join(dir, 'src/a.ts')],
    counts: { files: 2, ignored: 0 },
  });
  const q = await caller(() => t, 'qwen')('glob', { pattern: 'src/*.ts' });
  assert.deepEqual(q.display, {
    tool: 'glob',
    summary: 'Found 2 file(s)',
    paths: [path.join(dir, 'src/b.ts'), path.join(dir, 'src/a.ts')],
    counts: { files: 2, shown: 2 },
    truncated: false,
  });
});

test('qwen write_file counts the lines added and removed, with the diff', async () => {
  const call = caller(() => t, 'qwen', 'display-write');
  const file = path.join(dir, 'notes.txt');
  const made = await call('write_file', { file_path: file, content: 'one\ntwo\n' });
  assert.deepEqual(made.display, {
    tool: 'write_file',
    summary: `Successfully created and wrote to new file: ${file}.`,
    paths: [file],
    diff: '--- a/notes.txt\n+++ b/notes.txt\n@@ -1,0 +1,2 @@\n+one\n+two\n',
    counts: { bytes: 8, added: 2, removed: 0 },
    details: { created: true },
  });
  assert.equal((await call('read_file', { file_path: file })).error, '');
  const over = await call('write_file', { file_path: file, content: 'one\n2\n' });
  assert.deepEqual(over.display, {
    tool: 'write_file',
    summary: `Successfully overwrote file: ${file}.`,
    paths: [file],
    diff: '--- a/notes.txt\n+++ b/notes.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+2\n',
    counts: { bytes: 6, added: 1, removed: 1 },
    details: { created: false },
  });
});
