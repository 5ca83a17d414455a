// Vendor details that only show on bigger inputs: the edited-file windows of Gemini's replace
// (5 lines each side) and Qwen's edit (4, "Showing lines a-b of n"), Gemini grep_search's
// built-in excludes, and Claude's Edit keeping a UTF-16LE file's encoding and BOM.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { callTool, serverFixture, texts } from '../helpers/server.js';

const { t, dir } = serverFixture({ shape: 'all', prefix: 'facet-snippets-' });
const THIRTY = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
const range = (from: number, to: number, changed: number) =>
  Array.from({ length: to - from + 1 }, (_, k) => (from + k === changed ? `LINE ${changed}` : `line ${from + k}`)).join(
    '\n',
  );

before(async () => {
  writeFileSync(path.join(dir, 'g.txt'), THIRTY);
  writeFileSync(path.join(dir, 'q.txt'), THIRTY);
  for (const d of ['dist', 'build', 'src']) {
    mkdirSync(path.join(dir, d));
    writeFileSync(path.join(dir, d, 'x.js'), 'findme\n');
  }
  writeFileSync(path.join(dir, 'a.log'), 'findme\n');
  writeFileSync(path.join(dir, 'a.tmp'), 'findme\n');
  writeFileSync(
    path.join(dir, 'u16.txt'),
    Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hello world\n', 'utf16le')]),
  );
});

const call = async (shape: string, name: string, args: Record<string, unknown>) => {
  const r = await callTool(t.client, name, args, { shape, session: `snippets-${shape}` });
  assert.equal(r.error, '', `${shape}/${name}`);
  return texts(r)[0];
};

test('gemini replace shows 5 lines either side of the change', async () => {
  const file = path.join(dir, 'g.txt');
  await call('gemini', 'read_file', { file_path: file });
  const text = await call('gemini', 'replace', {
    file_path: file,
    old_string: 'line 15',
    new_string: 'LINE 15',
    instruction: 'Shout line 15',
  });
  assert.equal(
    text,
    `Successfully modified file: ${file} (1 replacements). Here is the updated code:\n...\n${range(10, 20, 15)}\n...`,
  );
});

test('qwen edit shows 4 lines either side, and where they are', async () => {
  const file = path.join(dir, 'q.txt');
  await call('qwen', 'read_file', { file_path: file });
  const text = await call('qwen', 'edit', { file_path: file, old_string: 'line 15', new_string: 'LINE 15' });
  assert.equal(
    text,
    `The file: ${file} has been updated. Showing lines 11-19 of 31 from the edited file:\n\n---\n\n${range(11, 19, 15)}`,
  );
});

test('gemini grep_search leaves out dist/, build/, *.log and *.tmp', async () => {
  assert.equal(
    await call('gemini', 'grep_search', { pattern: 'findme' }),
    'Found 1 match for pattern "findme" in path ".":\n---\nFile: src/x.js\nL1: findme\n---',
  );
});

test('claude Edit of a UTF-16LE file keeps its encoding and BOM', async () => {
  const file = path.join(dir, 'u16.txt');
  assert.equal(await call('claude', 'Read', { file_path: file }), '1\thello world\n2\t');
  await call('claude', 'Edit', { file_path: file, old_string: 'world', new_string: 'there' });
  assert.deepEqual(
    readFileSync(file),
    Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hello there\n', 'utf16le')]),
  );
});
