// A session's read records are bounded (issue 24, item 9): a session that reads file after
// file keeps only the newest MAX_READS of them, so a long-lived session cannot grow the
// server's memory without end. A forgotten read is asked for again, as a file never read.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { MAX_READS, ReadLog } from '../../src/engine/session.js';
import { callTool, startTestServer, tempDir, texts } from '../helpers/server.js';

test('a ReadLog keeps the most recently set entries, a set moving an entry to the newest place', () => {
  const log = new ReadLog<string, number>(3);
  for (const k of ['a', 'b', 'c']) log.set(k, 1);
  log.set('a', 2); // a is now the newest
  log.set('d', 1);
  assert.deepEqual(
    [...log.entries()],
    [
      ['c', 1],
      ['a', 2],
      ['d', 1],
    ],
  );
  log.delete('c');
  log.set('e', 1);
  assert.deepEqual([...log.keys()], ['a', 'd', 'e']);
});

test('a session that reads more files than MAX_READS forgets the oldest read, and only that one', async () => {
  const { dir, cleanup } = tempDir();
  // Gemini's read_many_files reads up to 500 files a call: batches of 256 making MAX_READS in all.
  const perBatch = 256;
  const batches = MAX_READS / perBatch;
  assert.ok(Number.isInteger(batches));
  for (let b = 0; b < batches; b++) {
    mkdirSync(path.join(dir, `d${b}`));
    for (let i = 0; i < perBatch; i++) writeFileSync(path.join(dir, `d${b}`, `f${i}.txt`), `file ${b}/${i}\n`);
  }
  const first = path.join(dir, 'first.txt');
  const second = path.join(dir, 'second.txt');
  writeFileSync(first, 'one\n');
  writeFileSync(second, 'two\n');
  const t = await startTestServer(['--root', dir, '--shape', 'claude,gemini']);
  const claude = (name: string, args: Record<string, unknown>) =>
    callTool(t.client, name, args, { shape: 'claude@2.1.197', session: 'S' });
  try {
    assert.equal((await claude('Read', { file_path: first })).error, '');
    assert.equal((await claude('Read', { file_path: second })).error, '');
    for (let b = 0; b < batches - 1; b++) {
      const r = await callTool(
        t.client,
        'read_many_files',
        { include: [`d${b}/*.txt`] },
        { shape: 'gemini', session: 'S' },
      );
      assert.equal(r.error, '');
    }
    // first.txt and second.txt plus MAX_READS - perBatch files: still under the bound.
    // The last batch adds perBatch - 1 files, reaching MAX_READS + 1 reads: first.txt goes.
    const last = await callTool(
      t.client,
      'read_many_files',
      { include: [`d${batches - 1}/f*.txt`], exclude: [`d${batches - 1}/f0.txt`] },
      { shape: 'gemini', session: 'S' },
    );
    assert.equal(last.error, '');

    const forgotten = await claude('Edit', { file_path: first, old_string: 'one', new_string: 'ONE' });
    assert.equal(
      forgotten.error,
      '<tool_use_error>This file has not been read in this session yet. Read it first, then change it.</tool_use_error>',
    );
    assert.equal(readFileSync(first, 'utf8'), 'one\n');
    const kept = await claude('Edit', { file_path: second, old_string: 'two', new_string: 'TWO' });
    assert.equal(kept.error, '', texts(kept).join('\n'));
    assert.equal(readFileSync(second, 'utf8'), 'TWO\n');
  } finally {
    await t.close();
    cleanup();
  }
});
