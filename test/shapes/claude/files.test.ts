// Golden tests of the claude shape's file tools over gRPC: Read, Write, Edit, NotebookEdit.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { serverFixture } from '../../helpers/server.js';
import { claudeCaller } from './harness.js';
import { makePdf } from '../../helpers/pdf.js';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES } from '../../../src/shapes/claude/read.js';

const CURRENT = '(file state is current in your context — no need to Read it back)';
// 1x1 transparent PNG.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe('claude shape: file tools', () => {
  const { t, dir } = serverFixture({ shape: 'claude@2.1.197' });
  const call = claudeCaller(() => t, 'files');
  const p = (...parts: string[]) => path.join(dir, ...parts);

  before(async () => {
    writeFileSync(p('four.txt'), 'line 1\n\tline 2 with tab\nline 3\nalpha again\n');
    writeFileSync(p('nofinal.txt'), 'a\nb');
    writeFileSync(p('empty.txt'), '');
    writeFileSync(p('crlf.txt'), '\uFEFFone\r\ntwo\r\n');
    writeFileSync(p('big.txt'), 'x'.repeat(100) + '\n'.repeat(1) + 'y'.repeat(300 * 1024));
    writeFileSync(
      p('tokens.txt'),
      Array.from({ length: 2000 }, (_, i) => `${String(i + 1).padStart(4, '0')} ${'z'.repeat(75)}`).join('\n'),
    );
    writeFileSync(p('pic.png'), PNG);
    writeFileSync(p('fake.png'), 'not an image');
    writeFileSync(p('blob.bin'), Buffer.from([0, 1, 2, 3, 0, 0, 7]));
    writeFileSync(
      p('doc.pdf'),
      '%PDF-1.4\n1 0 obj << /Type /Pages /Kids [2 0 R] /Count 1 >> endobj\n2 0 obj << /Type /Page /Parent 1 0 R >> endobj\n%%EOF\n',
    );
    mkdirSync(p('sub'));
    writeFileSync(
      p('nb.ipynb'),
      JSON.stringify(
        {
          cells: [
            { cell_type: 'markdown', id: 'md1', metadata: {}, source: ['# Title\n', 'text'] },
            {
              cell_type: 'code',
              id: 'c1',
              metadata: {},
              execution_count: 1,
              source: ["print('hi')"],
              outputs: [{ output_type: 'stream', name: 'stdout', text: ['hi\n'] }],
            },
          ],
          metadata: { language_info: { name: 'python' } },
          nbformat: 4,
          nbformat_minor: 5,
        },
        null,
        1,
      ) + '\n',
    );
  });

  test('Read numbers lines N<TAB>line from 1, with the final empty line', async () => {
    const r = await call('Read', { file_path: p('four.txt') });
    assert.equal(r.text, '1\tline 1\n2\t\tline 2 with tab\n3\tline 3\n4\talpha again\n5\t');
    assert.equal(r.code, '');
    assert.deepEqual(r.display.counts, { lines: 5, totalLines: 5 });
    assert.equal((await call('Read', { file_path: 'nofinal.txt' }, 'rel')).text, '1\ta\n2\tb');
  });

  test('Read offset is 1-based; offset 0 numbers from 0; CR and BOM are stripped', async () => {
    assert.equal(
      (await call('Read', { file_path: p('four.txt'), offset: 3, limit: 2 })).text,
      '3\tline 3\n4\talpha again',
    );
    assert.equal(
      (await call('Read', { file_path: p('four.txt'), offset: 0, limit: 2 })).text,
      '0\tline 1\n1\t\tline 2 with tab',
    );
    assert.equal((await call('Read', { file_path: p('crlf.txt') })).text, '1\tone\n2\ttwo\n3\t');
  });

  test('Read of the same unchanged range again is answered with a note', async () => {
    await call('Read', { file_path: p('four.txt'), offset: 2, limit: 1 }, 'again');
    const r = await call('Read', { file_path: p('four.txt'), offset: 2, limit: 1 }, 'again');
    assert.equal(
      r.text,
      'File unchanged since your last Read of the same lines: that earlier result still holds, so refer to it instead of reading again.',
    );
    assert.equal((await call('Read', { file_path: p('four.txt'), offset: 1, limit: 1 }, 'again')).text, '1\tline 1');
  });

  test('Read: empty file and offset past the end are system reminders, not errors', async () => {
    const empty = await call('Read', { file_path: p('empty.txt') });
    assert.equal(
      empty.text,
      '<system-reminder>Warning: the file exists but is shorter than the provided offset (1). The file has 1 lines.</system-reminder>',
    );
    assert.equal(empty.code, '');
    const past = await call('Read', { file_path: p('four.txt'), offset: 5000 });
    assert.equal(
      past.text,
      '<system-reminder>Warning: the file exists but is shorter than the provided offset (5000). The file has 5 lines.</system-reminder>',
    );
  });

  test('Read errors: missing file, directory, whole file over 256KB, token cap, binary, bad image', async () => {
    const missing = await call('Read', { file_path: 'nope.txt' });
    assert.equal(missing.code, 'NOT_FOUND');
    assert.equal(
      missing.error,
      `<tool_use_error>File does not exist: nope.txt. Relative paths are resolved from the current working directory, ${dir}.</tool_use_error>`,
    );
    const sub = await call('Read', { file_path: p('sub') });
    assert.equal(sub.error, `EISDIR: illegal operation on a directory, read '${p('sub')}'`);
    assert.equal(sub.code, 'INVALID_ARGUMENT');
    const big = await call('Read', { file_path: p('big.txt') });
    assert.equal(big.code, 'RESOURCE_EXHAUSTED');
    assert.equal(
      big.error,
      'File content (300.1KB) is over the 256KB limit for reading a whole file. Pass offset and limit to read part of it, or use Grep to find the lines you need.',
    );
    const range = await call('Read', { file_path: p('big.txt'), offset: 2, limit: 1 });
    assert.equal(range.code, 'RESOURCE_EXHAUSTED');
    assert.equal(
      range.error,
      'The requested lines come to more than 25000 tokens, the most one Read returns (counted at about 4 characters a token). Ask for fewer lines with a smaller limit, or use Grep to find the section you need.',
    );
    assert.equal(range.text, range.error);
    assert.equal((await call('Read', { file_path: p('big.txt'), offset: 1, limit: 1 })).text, `1\t${'x'.repeat(100)}`);
    const bin = await call('Read', { file_path: p('blob.bin') });
    assert.equal(
      bin.error,
      `<tool_use_error>${p('blob.bin')} is a binary file (.bin). Read shows text, images, PDFs and notebooks only; inspect other binary files with suitable commands in Bash.</tool_use_error>`,
    );
    const fake = await call('Read', { file_path: p('fake.png') });
    assert.equal(
      fake.error,
      `<tool_use_error>${p('fake.png')} has an image extension but its bytes are not a png image. Check the file, or rename it if it is text.</tool_use_error>`,
    );
    const outside = await call('Read', { file_path: '/etc/hostname' });
    assert.equal(outside.code, 'PERMISSION_DENIED');
    assert.equal(
      outside.error,
      `<tool_use_error>Permission denied: /etc/hostname is outside the directories this session may use (${dir}). Use a path inside them.</tool_use_error>`,
    );
    const invalid = await call('Read', { file_path: p('four.txt'), limit: 0 });
    assert.equal(invalid.code, 'INVALID_ARGUMENT');
    assert.equal(
      invalid.error,
      '<tool_use_error>InputValidationError: the arguments of Read are not valid:\n- limit: must be > 0</tool_use_error>',
    );
  });

  test('Read over the token cap pages a whole-file read, and that partial view does not license an edit', async () => {
    const r = await call('Read', { file_path: p('tokens.txt') }, 'cap');
    const first = r.text.split('\n')[0]!;
    assert.equal(
      first,
      '<system-reminder>[Truncated: PARTIAL view — showing lines 1-1234 of 2000 total (about 40500 tokens, cap 25000). Call Read with offset=1235 limit=1234 for the next page, or Grep to find a specific section.]</system-reminder>',
    );
    assert.equal(r.text.split('\n').length, 1235);
    assert.equal(r.text.split('\n')[1234], `1234\t1234 ${'z'.repeat(75)}`);
    assert.equal(r.display.truncated, true);
    const edit = await call('Edit', { file_path: p('tokens.txt'), old_string: '0001 ', new_string: '0001-' }, 'cap');
    assert.equal(edit.code, 'CONFLICT');
    assert.equal(
      edit.error,
      '<tool_use_error>This file has not been read in this session yet. Read it first, then change it.</tool_use_error>',
    );
  });

  test('Read fits a large image within 2000×2000 px and the byte limit, saying so to the host', async () => {
    // A wide screenshot-like PNG: scaled, still PNG.
    writeFileSync(
      p('wide.png'),
      await sharp({ create: { width: 3000, height: 1200, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer(),
    );
    const wide = await call('Read', { file_path: p('wide.png') });
    assert.equal(wide.blobs.length, 1);
    assert.equal(wide.blobs[0]!.mediaType, 'image/png');
    const m = await sharp(wide.blobs[0]!.data).metadata();
    assert.deepEqual([m.format, m.width, m.height], ['png', 2000, 800]);
    assert.deepEqual(wide.display.details, {
      width: 2000,
      height: 800,
      originalWidth: 3000,
      originalHeight: 1200,
      resized: true,
    });
    // Noise does not compress: within 2000 px, but over the byte limit as PNG, so it becomes a JPEG.
    const noise = Buffer.alloc(1900 * 1900 * 3);
    for (let i = 0, x = 12345; i < noise.length; i++) noise[i] = (x = (Math.imul(x, 1103515245) + 12345) >>> 0) >>> 24;
    const noisy = await sharp(noise, { raw: { width: 1900, height: 1900, channels: 3 } })
      .png()
      .toBuffer();
    assert.ok(noisy.length > IMAGE_MAX_BYTES);
    writeFileSync(p('noise.png'), noisy);
    const n = await call('Read', { file_path: p('noise.png') });
    assert.equal(n.blobs[0]!.mediaType, 'image/jpeg');
    assert.ok(n.blobs[0]!.data.length <= IMAGE_MAX_BYTES, `${n.blobs[0]!.data.length} bytes`);
    assert.equal((await sharp(n.blobs[0]!.data).metadata()).width, 1900);
    // PNG magic bytes over garbage: refused as a broken image, not a crash.
    writeFileSync(p('broken.png'), Buffer.concat([PNG.subarray(0, 33), Buffer.from('garbage after the header')]));
    const broken = await call('Read', { file_path: p('broken.png') });
    assert.equal(
      broken.error,
      `<tool_use_error>${p('broken.png')} has an image extension but its bytes are not a png image. Check the file, or rename it if it is text.</tool_use_error>`,
    );
  });

  test('Read returns images as blobs, PDFs with a document blob, and PDF pages as JPEGs', async () => {
    const img = await call('Read', { file_path: p('pic.png') });
    assert.equal(img.text, '');
    assert.deepEqual(img.blobs, [{ mediaType: 'image/png', data: PNG }]);
    const pdf = await call('Read', { file_path: p('doc.pdf') });
    assert.equal(pdf.text, `PDF file read: ${p('doc.pdf')} (119 bytes)`);
    assert.equal(pdf.blobs[0]!.mediaType, 'application/pdf');
    writeFileSync(p('three.pdf'), makePdf(3));
    const size = statSync(p('three.pdf')).size;
    const pages = await call('Read', { file_path: p('three.pdf'), pages: '2-3' });
    assert.equal(pages.text, `PDF pages extracted: 2 page(s) from ${p('three.pdf')} (${(size / 1024).toFixed(1)}KB)`);
    assert.deepEqual(
      pages.blobs.map((b) => [b.mediaType, b.data.subarray(0, 3).toString('hex')]),
      [
        ['image/jpeg', 'ffd8ff'],
        ['image/jpeg', 'ffd8ff'],
      ],
    );
    const past = await call('Read', { file_path: p('three.pdf'), pages: '7' });
    assert.equal(
      past.error,
      `<tool_use_error>pages "7" lies past the end of ${p('three.pdf')}. Ask for pages the PDF has, numbered from 1.</tool_use_error>`,
    );
    const bad = await call('Read', { file_path: p('doc.pdf'), pages: '1-30' });
    assert.equal(
      bad.error,
      '<tool_use_error>pages "1-30" covers more than 20 pages; read at most 20 pages per call.</tool_use_error>',
    );
  });

  test('Read renders notebooks as cells with their outputs', async () => {
    const r = await call('Read', { file_path: p('nb.ipynb') });
    assert.equal(
      r.text,
      '<cell id="md1"><cell_type>markdown</cell_type># Title\ntext</cell id="md1">\n<cell id="c1">print(\'hi\')</cell id="c1">\n\nhi\n',
    );
  });

  test('Write: new file, refusal before Read, overwrite after Read, trailing whitespace rule', async () => {
    const created = await call(
      'Write',
      { file_path: p('deep', 'new.ts'), content: 'let a = 1;   \nlet b = 2;\t\n' },
      'write',
    );
    assert.equal(created.text, `File created successfully at: ${p('deep', 'new.ts')} ${CURRENT}`);
    assert.equal(readFileSync(p('deep', 'new.ts'), 'utf8'), 'let a = 1;\nlet b = 2;\n');
    const rel = await call('Write', { file_path: 'rel.md', content: 'keep  \n' }, 'write');
    assert.equal(rel.text, `File created successfully at: rel.md ${CURRENT}`);
    assert.equal(readFileSync(p('rel.md'), 'utf8'), 'keep  \n');
    writeFileSync(p('existing.txt'), 'old\n');
    const refused = await call('Write', { file_path: p('existing.txt'), content: 'new\n' }, 'write');
    assert.equal(refused.code, 'CONFLICT');
    assert.equal(
      refused.error,
      '<tool_use_error>This file has not been read in this session yet. Read it first, then change it.</tool_use_error>',
    );
    assert.equal(readFileSync(p('existing.txt'), 'utf8'), 'old\n');
    await call('Read', { file_path: p('existing.txt') }, 'write');
    const updated = await call('Write', { file_path: p('existing.txt'), content: 'new' }, 'write');
    assert.equal(updated.text, `The file ${p('existing.txt')} has been updated successfully. ${CURRENT}`);
    assert.equal(readFileSync(p('existing.txt'), 'utf8'), 'new');
    assert.equal(updated.display.diff, '--- a/existing.txt\n+++ b/existing.txt\n@@ -1,1 +1,1 @@\n-old\n+new\n');
  });

  test('Write and Edit refuse a file changed on disk since the Read', async () => {
    writeFileSync(p('stale.txt'), 'one\n');
    await call('Read', { file_path: p('stale.txt') }, 'stale');
    writeFileSync(p('stale.txt'), 'one changed\n');
    const future = new Date(Date.now() + 5000);
    utimesSync(p('stale.txt'), future, future);
    const expected =
      '<tool_use_error>The file changed on disk after you last read it (the user, a formatter or another tool wrote to it). Read it again before changing it.</tool_use_error>';
    const w = await call('Write', { file_path: p('stale.txt'), content: 'x' }, 'stale');
    assert.equal(w.code, 'CONFLICT');
    assert.equal(w.error, expected);
    const e = await call('Edit', { file_path: p('stale.txt'), old_string: 'one', new_string: 'two' }, 'stale');
    assert.equal(e.error, expected);
    // Only the mtime moved: the content is what was read, so the edit goes ahead.
    writeFileSync(p('touched.txt'), 'same\n');
    await call('Read', { file_path: p('touched.txt') }, 'stale');
    utimesSync(p('touched.txt'), future, future);
    assert.equal(
      (await call('Edit', { file_path: p('touched.txt'), old_string: 'same', new_string: 'other' }, 'stale')).code,
      '',
    );
  });

  test("Edit: the errors in Claude Code's order, uniqueness and replace_all", async () => {
    writeFileSync(p('e.txt'), 'alpha\nbeta\nalpha\n');
    const s = 'edit';
    assert.equal(
      (await call('Edit', { file_path: p('e.txt'), old_string: 'same', new_string: 'same' }, s)).error,
      '<tool_use_error>old_string and new_string are identical, so there is nothing to change.</tool_use_error>',
    );
    const missing = await call('Edit', { file_path: 'ghost.txt', old_string: 'a', new_string: 'b' }, s);
    assert.equal(missing.code, 'NOT_FOUND');
    assert.equal(
      missing.error,
      `<tool_use_error>File does not exist: ghost.txt. Relative paths are resolved from the current working directory, ${dir}. To create a file, use Write or an empty old_string.</tool_use_error>`,
    );
    assert.equal(
      (await call('Edit', { file_path: p('e.txt'), old_string: '', new_string: 'x' }, s)).error,
      '<tool_use_error>An empty old_string creates a new file, but this file already exists and is not empty. Put the text to replace in old_string.</tool_use_error>',
    );
    assert.equal(
      (await call('Edit', { file_path: p('nb.ipynb'), old_string: 'a', new_string: 'b' }, s)).error,
      '<tool_use_error>This file is a Jupyter notebook; change its cells with NotebookEdit.</tool_use_error>',
    );
    assert.equal(
      (await call('Edit', { file_path: p('e.txt'), old_string: 'alpha', new_string: 'x' }, s)).code,
      'CONFLICT',
    );
    await call('Read', { file_path: p('e.txt') }, s);
    const none = await call('Edit', { file_path: p('e.txt'), old_string: 'zzz', new_string: 'y' }, s);
    assert.equal(none.code, 'INVALID_ARGUMENT');
    assert.equal(
      none.error,
      '<tool_use_error>old_string was not found in the file. It must match the file exactly, whitespace and indentation included; Read the file again if unsure.\nString: zzz</tool_use_error>',
    );
    const many = await call('Edit', { file_path: p('e.txt'), old_string: 'alpha', new_string: 'x' }, s);
    assert.equal(many.code, 'CONFLICT');
    assert.equal(
      many.error,
      '<tool_use_error>old_string occurs 2 times in the file and replace_all is false. Set replace_all to true to change every occurrence, or add surrounding lines to old_string so that it matches only one.\nString: alpha</tool_use_error>',
    );
    const one = await call('Edit', { file_path: p('e.txt'), old_string: 'beta', new_string: 'gamma   ' }, s);
    assert.equal(one.text, `The file ${p('e.txt')} has been updated successfully. ${CURRENT}`);
    const all = await call(
      'Edit',
      { file_path: p('e.txt'), old_string: 'alpha', new_string: '$&-1', replace_all: true },
      s,
    );
    assert.equal(
      all.text,
      `The file ${p('e.txt')} has been updated. All occurrences were successfully replaced. ${CURRENT}`,
    );
    assert.equal(readFileSync(p('e.txt'), 'utf8'), '$&-1\ngamma\n$&-1\n');
    assert.deepEqual(all.display.counts, { replacements: 2, added: 2, removed: 2 });
  });

  test('Edit: curly quotes, CRLF kept, deleting a line takes its break, creating with an empty old_string', async () => {
    const s = 'edit2';
    writeFileSync(p('q.txt'), 'say \u2018hello\u2019 and \u201Cbye\u201D\r\nnext\r\n');
    await call('Read', { file_path: p('q.txt') }, s);
    const r = await call(
      'Edit',
      { file_path: p('q.txt'), old_string: `say 'hello' and "bye"`, new_string: `say 'hi' and "ciao"` },
      s,
    );
    assert.equal(r.code, '');
    assert.equal(readFileSync(p('q.txt'), 'utf8'), 'say \u2018hi\u2019 and \u201Cciao\u201D\r\nnext\r\n');
    await call('Edit', { file_path: p('q.txt'), old_string: 'next', new_string: '' }, s);
    assert.equal(readFileSync(p('q.txt'), 'utf8'), 'say \u2018hi\u2019 and \u201Cciao\u201D\r\n');
    const made = await call('Edit', { file_path: p('made', 'n.txt'), old_string: '', new_string: 'fresh\n' }, s);
    assert.equal(made.text, `The file ${p('made', 'n.txt')} has been updated successfully. ${CURRENT}`);
    assert.equal(readFileSync(p('made', 'n.txt'), 'utf8'), 'fresh\n');
  });

  test('NotebookEdit: replace, insert, delete, unknown cell, read first', async () => {
    const s = 'nb';
    const nb = p('nb2.ipynb');
    writeFileSync(nb, readFileSync(p('nb.ipynb')));
    const unread = await call('NotebookEdit', { notebook_path: nb, cell_id: 'c1', new_source: 'x' }, s);
    assert.equal(unread.code, 'CONFLICT');
    await call('Read', { file_path: nb }, s);
    assert.equal(
      (await call('NotebookEdit', { notebook_path: nb, cell_id: 'c1', new_source: "print('bye')" }, s)).text,
      "Updated cell c1 with print('bye')",
    );
    const ins = await call(
      'NotebookEdit',
      { notebook_path: nb, cell_id: 'md1', new_source: 'x = 1', cell_type: 'code', edit_mode: 'insert' },
      s,
    );
    assert.match(ins.text, /^Inserted cell [0-9a-f]{8} with x = 1$/);
    assert.equal(
      (await call('NotebookEdit', { notebook_path: nb, cell_id: 'md1', new_source: '', edit_mode: 'delete' }, s)).text,
      'Deleted cell md1',
    );
    const cells = (JSON.parse(readFileSync(nb, 'utf8')) as { cells: Array<{ source: string[] }> }).cells.map((c) =>
      c.source.join(''),
    );
    assert.deepEqual(cells, ['x = 1', "print('bye')"]);
    const bad = await call('NotebookEdit', { notebook_path: nb, cell_id: 'nope', new_source: 'x' }, s);
    assert.equal(bad.code, 'NOT_FOUND');
    assert.equal(
      bad.error,
      '<tool_use_error>No cell with ID "nope" in this notebook. Read the notebook to see its cell IDs.</tool_use_error>',
    );
    const noType = await call('NotebookEdit', { notebook_path: nb, new_source: 'y', edit_mode: 'insert' }, s);
    assert.equal(
      noType.error,
      '<tool_use_error>Inserting a cell needs cell_type ("code" or "markdown").</tool_use_error>',
    );
    const notNb = await call('NotebookEdit', { notebook_path: p('four.txt'), cell_id: 'a', new_source: 'y' }, s);
    assert.equal(
      notNb.error,
      `<tool_use_error>${p('four.txt')} is not a Jupyter notebook (.ipynb). Use Edit for other files.</tool_use_error>`,
    );
  });

  test('TodoWrite replaces the list', async () => {
    const todos = [
      { content: 'Fix it', status: 'in_progress', activeForm: 'Fixing it' },
      { content: 'Test it', status: 'pending', activeForm: 'Testing it' },
    ];
    const r = await call('TodoWrite', { todos });
    assert.equal(
      r.text,
      'Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable',
    );
    assert.deepEqual((r.display.details as { todos: unknown[] }).todos, [
      { id: '1', content: 'Fix it', status: 'in_progress', activeForm: 'Fixing it' },
      { id: '2', content: 'Test it', status: 'pending', activeForm: 'Testing it' },
    ]);
    const bad = await call('TodoWrite', { todos: [{ content: '', status: 'done', activeForm: 'x' }] });
    assert.equal(bad.code, 'INVALID_ARGUMENT');
    assert.equal(
      bad.error,
      '<tool_use_error>InputValidationError: the arguments of TodoWrite are not valid:\n- todos.0.content: must NOT have fewer than 1 characters\n- todos.0.status: must be one of "pending", "in_progress", "completed"</tool_use_error>',
    );
    assert.ok(statSync(dir).isDirectory());
  });
});
