// Qwen shape file tools over gRPC: absolute paths, 0-based ranges, the header and caps,
// the unchanged-file note, prior-read rules, edit texts and error types.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { serverFixture } from '../../helpers/server.js';
import { makePdf } from '../../helpers/pdf.js';
import { caller } from '../gemini/harness.js';

const { t, dir } = serverFixture({ shape: 'qwen', prefix: 'facet-qwen-' });
const call = caller(() => t, 'qwen@0.15.10', 'files');
const p = (f: string) => path.join(dir, f);

before(async () => {
  writeFileSync(p('a.txt'), 'one  \ntwo\nthree\n');
  writeFileSync(p('big.txt'), Array.from({ length: 1500 }, (_, i) => `line ${i + 1}`).join('\n'));
  writeFileSync(p('wide.txt'), Array.from({ length: 30 }, (_, i) => `${i}`.padEnd(1000, 'w')).join('\n'));
  writeFileSync(p('.qwenignore'), '*.secret\n');
  writeFileSync(p('k.secret'), 'k');
  writeFileSync(p('bin.dat'), Buffer.from([0, 1, 2, 0, 255]));
  writeFileSync(p('doc.pdf'), makePdf(30));
});

describe('qwen read_file', () => {
  test('whole file raw with lines trimmed at the end; the second full read is a note', async () => {
    const r = await call('read_file', { file_path: p('a.txt') }, { session: 'r1' });
    assert.equal(r.text, 'one\ntwo\nthree\n');
    const again = await call('read_file', { file_path: p('a.txt') }, { session: 'r1' });
    assert.equal(
      again.text,
      '[File a.txt unchanged since last read in this session — its full content was already given earlier in this conversation. To see the current content again, re-read it with an explicit offset/limit.]',
    );
    const ranged = await call('read_file', { file_path: p('a.txt'), offset: 0, limit: 10 }, { session: 'r1' });
    assert.equal(ranged.text, 'one\ntwo\nthree\n');
  });

  test('pages: the text of those PDF pages; bad, open, too wide or out-of-range ranges and non-PDFs refused', async () => {
    const r = await call('read_file', { file_path: p('doc.pdf'), pages: '2-4' });
    assert.equal(r.text, '--- Page 2 ---\nPage 2\n\n--- Page 3 ---\nPage 3\n\n--- Page 4 ---\nPage 4');
    assert.deepEqual(r.display.counts, { pages: 3, bytes: makePdf(30).length });
    assert.equal((await call('read_file', { file_path: p('doc.pdf'), pages: '7' })).text, '--- Page 7 ---\nPage 7');
    // Without pages a PDF comes back whole, as data.
    const whole = await call('read_file', { file_path: p('doc.pdf') });
    assert.deepEqual(
      whole.blobs.map((b) => b.mediaType),
      ['application/pdf'],
    );
    for (const [pages, message] of [
      [
        '3-',
        'pages "3-" is not a page number or range: give one page ("3") or a closed range ("1-5") of at most 20 pages',
      ],
      [
        '1-21',
        'pages "1-21" spans more than 20 pages: give one page ("3") or a closed range ("1-5") of at most 20 pages',
      ],
    ] as const) {
      const bad = await call('read_file', { file_path: p('doc.pdf'), pages });
      assert.deepEqual([bad.code, bad.errorType], ['INVALID_ARGUMENT', 'invalid_tool_params']);
      assert.ok(bad.error.includes(message), bad.error);
    }
    const past = await call('read_file', { file_path: p('doc.pdf'), pages: '40-41' });
    assert.equal(past.code, 'INVALID_ARGUMENT');
    assert.match(past.error, /the PDF has no pages 40-41/);
    const notPdf = await call('read_file', { file_path: p('a.txt'), pages: '1' });
    assert.deepEqual([notPdf.code, notPdf.errorType], ['INVALID_ARGUMENT', 'invalid_tool_params']);
    assert.match(notPdf.error, /pages applies to PDF files only, and .*a\.txt is not one; read it without pages/);
  });

  test('0-based offset and limit; the header is 1-based', async () => {
    const r = await call('read_file', { file_path: p('a.txt'), offset: 1, limit: 1 });
    assert.equal(r.text, 'Showing lines 2-2 of 4 total lines.\n\n---\n\ntwo');
  });

  test('1000 lines by default', async () => {
    const r = await call('read_file', { file_path: p('big.txt') });
    assert.ok(r.text.startsWith('Showing lines 1-1000 of 1500 total lines.\n\n---\n\nline 1\nline 2\n'));
    assert.ok(r.text.endsWith('\nline 1000'));
  });

  test('25000 characters at most: the crossing line is cut and marked', async () => {
    const r = await call('read_file', { file_path: p('wide.txt') });
    const lines = r.text.split('\n');
    assert.equal(lines[0], 'Showing lines 1-25 of 30 total lines.');
    assert.equal(lines.length, 4 + 25);
    assert.ok(lines.at(-1)!.endsWith('... [truncated]'));
    assert.equal(lines.at(-1)!.length, 25000 - 24 * 1001 + '... [truncated]'.length);
  });

  test('binary named; errors with their types', async () => {
    const b = await call('read_file', { file_path: p('bin.dat') });
    assert.equal(b.text, 'Cannot display content of binary file: bin.dat');
    const rel = await call('read_file', { file_path: 'a.txt' });
    assert.equal(rel.errorType, 'invalid_tool_params');
    assert.equal(
      rel.error,
      'Error: Invalid parameters provided. Reason: file_path must be an absolute path, but "a.txt" is relative; give the full path',
    );
    const neg = await call('read_file', { file_path: p('a.txt'), offset: -1 });
    assert.equal(neg.code, 'INVALID_ARGUMENT');
    const zero = await call('read_file', { file_path: p('a.txt'), limit: 0 });
    assert.equal(zero.errorType, 'invalid_tool_params');
    const past = await call('read_file', { file_path: p('a.txt'), offset: 10 });
    assert.equal(
      past.error,
      'Error: Invalid parameters provided. Reason: offset 10 is past the end of the file (4 lines)',
    );
    const hidden = await call('read_file', { file_path: p('k.secret') });
    assert.equal(hidden.errorType, 'invalid_tool_params');
    assert.equal(
      hidden.error,
      `Error: Invalid parameters provided. Reason: File path '${p('k.secret')}' is ignored by .qwenignore pattern(s)`,
    );
    const missing = await call('read_file', { file_path: p('none.txt') });
    assert.equal(missing.errorType, 'file_not_found');
    assert.equal(
      missing.error,
      `No file exists at ${p('none.txt')}, so it could not be read. Check the path with glob or list_directory.`,
    );
    const d = await call('read_file', { file_path: dir });
    assert.equal(d.errorType, 'target_is_directory');
    const out = await call('read_file', { file_path: '/etc/hostname' });
    assert.equal(out.errorType, 'path_not_in_workspace');
    assert.equal(out.code, 'PERMISSION_DENIED');
  });
});

describe('qwen write_file and edit: the prior-read rule', () => {
  test('a new file needs no read; an existing one does, and must be unchanged', async () => {
    const c = await call('write_file', { file_path: p('w/new.txt'), content: 'x\n' }, { session: 'w' });
    assert.equal(c.text, `Successfully created and wrote to new file: ${p('w/new.txt')}.`);
    writeFileSync(p('w/other.txt'), 'old\n');
    const nr = await call('write_file', { file_path: p('w/other.txt'), content: 'new\n' }, { session: 'w' });
    assert.equal(nr.code, 'CONFLICT');
    assert.equal(nr.errorType, 'edit_requires_prior_read');
    assert.equal(
      nr.error,
      `File ${p('w/other.txt')} has not been read in this session. Use the read_file tool on it first (a partial read with offset/limit is enough), then retry.`,
    );
    await call('read_file', { file_path: p('w/other.txt'), offset: 0, limit: 1 }, { session: 'w' });
    writeFileSync(p('w/other.txt'), 'changed behind our back\n');
    const ch = await call('write_file', { file_path: p('w/other.txt'), content: 'new\n' }, { session: 'w' });
    assert.equal(ch.code, 'CONFLICT');
    assert.equal(ch.errorType, 'file_changed_since_read');
    await call('read_file', { file_path: p('w/other.txt') }, { session: 'w' });
    const o = await call('write_file', { file_path: p('w/other.txt'), content: 'new\n' }, { session: 'w' });
    assert.equal(o.text, `Successfully overwrote file: ${p('w/other.txt')}.`);
  });

  test('edit: updated text with the snippet; replace_all; literal $', async () => {
    writeFileSync(p('e.py'), 'a = 1\nb = 2\nc = 3\nb = 2\n');
    await call('read_file', { file_path: p('e.py') }, { session: 'e' });
    const m = await call('edit', { file_path: p('e.py'), old_string: 'b = 2', new_string: 'b = 5' }, { session: 'e' });
    assert.equal(m.errorType, 'edit_expected_occurrence_mismatch');
    assert.equal(m.code, 'CONFLICT');
    assert.equal(
      m.error,
      `Failed to edit: old_string occurs 2 times in ${p('e.py')} and replace_all is not set. Add surrounding context so it matches once, or set replace_all to true.`,
    );
    const r = await call(
      'edit',
      { file_path: p('e.py'), old_string: 'b = 2', new_string: 'b = "$&"', replace_all: true },
      { session: 'e' },
    );
    assert.equal(
      r.text,
      `The file: ${p('e.py')} has been updated. Showing lines 1-5 of 5 from the edited file:\n\n---\n\na = 1\nb = "$&"\nc = 3\nb = "$&"\n`,
    );
    assert.equal(readFileSync(p('e.py'), 'utf8'), 'a = 1\nb = "$&"\nc = 3\nb = "$&"\n');
  });

  test('edit: deleting a line takes its line break; typographic quotes match', async () => {
    writeFileSync(p('d.txt'), 'keep\ndrop me\nkeep too\nsay “hi”\n');
    await call('read_file', { file_path: p('d.txt') }, { session: 'd' });
    await call('edit', { file_path: p('d.txt'), old_string: 'drop me', new_string: '' }, { session: 'd' });
    assert.equal(readFileSync(p('d.txt'), 'utf8'), 'keep\nkeep too\nsay “hi”\n');
    const q = await call(
      'edit',
      { file_path: p('d.txt'), old_string: 'say "hi"', new_string: 'say "bye"' },
      { session: 'd' },
    );
    assert.equal(q.error, '');
    assert.equal((q.display.details as Record<string, unknown>).rung, 'typography');
  });

  test('edit: a file over 1 MiB (edited off the event loop) shows the lines around the change', async () => {
    const row = (i: number) => `${String(i).padStart(6, '0')} ${'x'.repeat(62)}`;
    const rows = Array.from({ length: 30_000 }, (_, i) => row(i));
    writeFileSync(p('huge.txt'), rows.join('\n') + '\n');
    await call('read_file', { file_path: p('huge.txt') }, { session: 'h' });
    const r = await call(
      'edit',
      { file_path: p('huge.txt'), old_string: row(20_000), new_string: '020000 marked' },
      { session: 'h' },
    );
    const shown = [...rows.slice(19_996, 20_000), '020000 marked', ...rows.slice(20_001, 20_005)];
    assert.equal(
      r.text,
      `The file: ${p('huge.txt')} has been updated. Showing lines 19997-20005 of 30001 from the edited file:\n\n---\n\n${shown.join('\n')}`,
    );
  });

  test('edit: every error path', async () => {
    writeFileSync(p('f.txt'), 'alpha\n');
    const nr = await call('edit', { file_path: p('f.txt'), old_string: 'alpha', new_string: 'beta' }, { session: 'f' });
    assert.equal(nr.errorType, 'edit_requires_prior_read');
    await call('read_file', { file_path: p('f.txt') }, { session: 'f' });
    const none = await call(
      'edit',
      { file_path: p('f.txt'), old_string: 'gamma', new_string: 'beta' },
      { session: 'f' },
    );
    assert.equal(none.errorType, 'edit_no_occurrence_found');
    assert.equal(
      none.error,
      `Failed to edit: old_string was not found in ${p('f.txt')} (0 occurrences), so nothing was changed. Copy the text exactly as the file has it (no added escaping; same whitespace and indentation); read_file shows the current content.`,
    );
    const same = await call(
      'edit',
      { file_path: p('f.txt'), old_string: 'alpha', new_string: 'alpha' },
      { session: 'f' },
    );
    assert.equal(same.errorType, 'edit_no_change');
    const exists = await call('edit', { file_path: p('f.txt'), old_string: '', new_string: 'x' }, { session: 'f' });
    assert.equal(exists.errorType, 'attempt_to_create_existing_file');
    const missing = await call(
      'edit',
      { file_path: p('nothere.txt'), old_string: 'a', new_string: 'b' },
      { session: 'f' },
    );
    assert.equal(missing.errorType, 'file_not_found');
    assert.equal(
      missing.error,
      `File not found: ${p('nothere.txt')}. Nothing was edited; to create a new file, call edit with an empty old_string.`,
    );
    const rel = await call('edit', { file_path: 'f.txt', old_string: 'a', new_string: 'b' }, { session: 'f' });
    assert.equal(rel.errorType, 'invalid_tool_params');
    const created = await call(
      'edit',
      { file_path: p('n/new.txt'), old_string: '', new_string: 'hello\n' },
      { session: 'f' },
    );
    assert.equal(
      created.text,
      `Created new file: ${p('n/new.txt')} with provided content. Showing lines 1-2 of 2 from the edited file:\n\n---\n\nhello\n`,
    );
  });
});
