// Gemini shape file tools over gRPC: exact texts, error types and failure codes.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { serverFixture } from '../../helpers/server.js';
import { caller } from './harness.js';

const { t, dir } = serverFixture({ shape: 'gemini', prefix: 'facet-gemini-' });
const call = caller(() => t, 'gemini');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a40000000049454e44ae426082',
  'hex',
);

before(async () => {
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'src/a.txt'), 'one\ntwo\nthree\n');
  writeFileSync(path.join(dir, 'big.txt'), Array.from({ length: 2500 }, (_, i) => `line ${i + 1}`).join('\n'));
  writeFileSync(path.join(dir, 'wide.txt'), `short\n${'x'.repeat(2100)}\nend`);
  writeFileSync(path.join(dir, 'bin.dat'), Buffer.from([0, 1, 2, 0, 255, 0, 3]));
  writeFileSync(path.join(dir, 'pic.png'), PNG);
  writeFileSync(path.join(dir, 'crlf.txt'), 'a\r\nb\r\n');
  writeFileSync(path.join(dir, '.geminiignore'), 'private/\n');
  mkdirSync(path.join(dir, 'private'));
  writeFileSync(path.join(dir, 'private/key.txt'), 'k');
  writeFileSync(path.join(dir, 'code.js'), 'function f() {\n    return 1;\n}\nfunction g() {\n    return 1;\n}\n');
});

describe('gemini read_file', () => {
  test('a small file comes back raw, whole', async () => {
    const r = await call('read_file', { file_path: 'src/a.txt' });
    assert.equal(r.error, '');
    assert.equal(r.text, 'one\ntwo\nthree\n');
  });

  test('a range is announced with the truncation notice', async () => {
    const r = await call('read_file', { file_path: 'src/a.txt', start_line: 2, end_line: 2 });
    assert.equal(
      r.text,
      "\nIMPORTANT: The file content has been truncated.\nStatus: Showing lines 2-2 of 4 total lines.\nAction: To read more of the file, you can use the 'start_line' and 'end_line' parameters in a subsequent 'read_file' call. For example, to read the next section of the file, use start_line: 3.\n\n--- FILE CONTENT (truncated) ---\ntwo",
    );
  });

  test('the default window is 2000 lines', async () => {
    const r = await call('read_file', { file_path: path.join(dir, 'big.txt') });
    assert.ok(
      r.text.startsWith(
        '\nIMPORTANT: The file content has been truncated.\nStatus: Showing lines 1-2000 of 2500 total lines.',
      ),
    );
    assert.ok(r.text.includes('use start_line: 2001.'));
    assert.ok(r.text.endsWith('\nline 1999\nline 2000'));
    const next = await call('read_file', { file_path: 'big.txt', start_line: 2001 });
    assert.ok(next.text.includes('Showing lines 2001-2500 of 2500 total lines.'));
    assert.ok(
      next.text.endsWith(
        '--- FILE CONTENT (truncated) ---\nline 2001\n' +
          Array.from({ length: 499 }, (_, i) => `line ${i + 2002}`).join('\n'),
      ),
    );
  });

  test('long lines are cut at 2000 characters and marked', async () => {
    const r = await call('read_file', { file_path: 'wide.txt' });
    assert.ok(r.text.includes('Status: Showing lines 1-3 of 3 total lines.'));
    assert.ok(r.text.endsWith(`--- FILE CONTENT (truncated) ---\nshort\n${'x'.repeat(2000)}... [truncated]\nend`));
  });

  test('binary files are named, images attached', async () => {
    const b = await call('read_file', { file_path: 'bin.dat' });
    assert.equal(b.error, '');
    assert.equal(b.text, 'Cannot display content of binary file: bin.dat');
    const p = await call('read_file', { file_path: 'pic.png' });
    // Gemini CLI's read-file.test.ts: an image is its data part alone.
    assert.equal(p.text, '');
    assert.equal(p.blobs[0]!.mediaType, 'image/png');
    assert.deepEqual(p.blobs[0]!.data, PNG);
  });

  test('errors carry Gemini error types', async () => {
    const missing = await call('read_file', { file_path: 'nope.txt' });
    assert.equal(missing.code, 'NOT_FOUND');
    assert.equal(missing.errorType, 'file_not_found');
    assert.equal(
      missing.error,
      'No file exists at nope.txt, so it could not be read. Check the path (glob or list_directory can find it).',
    );
    const d = await call('read_file', { file_path: 'src' });
    assert.equal(d.errorType, 'target_is_directory');
    assert.equal(d.code, 'INVALID_ARGUMENT');
    const out = await call('read_file', { file_path: '/etc/hostname' });
    assert.equal(out.errorType, 'path_not_in_workspace');
    assert.equal(out.code, 'PERMISSION_DENIED');
    assert.equal(
      out.error,
      `Path not in workspace: "/etc/hostname" resolves to a location outside the workspace directories (${dir}). Use a path inside them.`,
    );
    const order = await call('read_file', { file_path: 'src/a.txt', start_line: 3, end_line: 2 });
    assert.equal(order.errorType, 'invalid_tool_params');
    assert.equal(order.error, 'Invalid parameters: start_line cannot be greater than end_line.');
    const hidden = await call('read_file', { file_path: 'private/key.txt' });
    assert.equal(hidden.errorType, 'invalid_tool_params');
    assert.equal(
      hidden.error,
      "Invalid parameters: File path 'private/key.txt' is ignored by configured ignore patterns (.gitignore or .geminiignore).",
    );
    const bad = await call('read_file', { file_path: 'src/a.txt', start_line: 0 });
    assert.equal(bad.code, 'INVALID_ARGUMENT');
    assert.match(bad.error, /^Invalid parameters: /);
  });
});

describe('gemini write_file', () => {
  test('creates with parents, then overwrites keeping CRLF', async () => {
    const c = await call('write_file', { file_path: 'new/deep/f.txt', content: 'hello\n' });
    assert.equal(
      c.text,
      `Successfully created and wrote to new file: ${dir}/new/deep/f.txt. Here is the updated code:\nhello\n`,
    );
    const o = await call('write_file', { file_path: 'crlf.txt', content: 'a\nB\n' });
    assert.equal(o.text, `Successfully overwrote file: ${dir}/crlf.txt. Here is the updated code:\na\nB\n`);
    assert.equal(readFileSync(path.join(dir, 'crlf.txt'), 'utf8'), 'a\r\nB\r\n');
  });

  test('refuses directories and omission placeholders', async () => {
    const d = await call('write_file', { file_path: 'src', content: 'x' });
    assert.equal(d.errorType, 'target_is_directory');
    assert.equal(d.error, 'Path is a directory, not a file: src. Give the path of a file to write.');
    const p = await call('write_file', { file_path: 'p.js', content: 'class A {\n  // ... rest of methods ...\n}\n' });
    assert.equal(p.errorType, 'invalid_tool_params');
    assert.equal(
      p.error,
      'Invalid parameters: `content` holds an omission placeholder ("// ... rest of methods ..."); write the complete file content instead.',
    );
  });
});

describe('gemini replace', () => {
  test('one exact occurrence, with the updated code', async () => {
    writeFileSync(path.join(dir, 'r1.js'), 'const a = 1;\nconst b = 2;\n');
    const r = await call('replace', {
      file_path: 'r1.js',
      instruction: 'bump b',
      old_string: 'const b = 2;',
      new_string: 'const b = 3;',
    });
    assert.equal(
      r.text,
      `Successfully modified file: ${dir}/r1.js (1 replacements). Here is the updated code:\nconst a = 1;\nconst b = 3;\n`,
    );
    assert.equal(readFileSync(path.join(dir, 'r1.js'), 'utf8'), 'const a = 1;\nconst b = 3;\n');
    assert.equal((r.display.details as Record<string, unknown>).instruction, 'bump b');
  });

  test('a file over 1 MiB (edited off the event loop) shows the lines around the change', async () => {
    const row = (i: number) => `${String(i).padStart(6, '0')} ${'x'.repeat(62)}`;
    const rows = Array.from({ length: 30_000 }, (_, i) => row(i));
    writeFileSync(path.join(dir, 'huge.txt'), rows.join('\n') + '\n');
    const r = await call('replace', {
      file_path: 'huge.txt',
      instruction: 'mark one row',
      old_string: row(15_000),
      new_string: '015000 marked',
    });
    const shown = [...rows.slice(14_995, 15_000), '015000 marked', ...rows.slice(15_001, 15_006)];
    assert.equal(
      r.text,
      `Successfully modified file: ${dir}/huge.txt (1 replacements). Here is the updated code:\n...\n${shown.join('\n')}\n...`,
    );
  });

  test('several occurrences need allow_multiple', async () => {
    const m = await call('replace', {
      file_path: 'code.js',
      instruction: 'x',
      old_string: 'return 1;',
      new_string: 'return 2;',
    });
    assert.equal(m.code, 'CONFLICT');
    assert.equal(m.errorType, 'edit_expected_occurrence_mismatch');
    assert.equal(
      m.error,
      "Failed to edit: 'old_string' must match exactly one place but it matches 2 places in code.js. Add surrounding lines to make it unique, or set 'allow_multiple' to true to replace every occurrence.",
    );
    const all = await call('replace', {
      file_path: 'code.js',
      instruction: 'x',
      old_string: 'return 1;',
      new_string: 'return 2;',
      allow_multiple: true,
    });
    assert.ok(all.text.startsWith(`Successfully modified file: ${dir}/code.js (2 replacements).`));
  });

  test('the flexible rung re-indents', async () => {
    writeFileSync(path.join(dir, 'ind.py'), 'def f():\n        x = 1\n        return x\n');
    const r = await call('replace', {
      file_path: 'ind.py',
      instruction: 'y',
      old_string: 'x = 1\nreturn x',
      new_string: 'x = 2\nreturn x * 2',
    });
    assert.equal(r.error, '');
    assert.equal(readFileSync(path.join(dir, 'ind.py'), 'utf8'), 'def f():\n        x = 2\n        return x * 2\n');
    assert.equal((r.display.details as Record<string, unknown>).rung, 'indentation');
  });

  test('the token rung matches across changed spacing', async () => {
    writeFileSync(path.join(dir, 'tok.js'), 'if (a) {\n    call(x,\n        y);\n}\n');
    const r = await call('replace', {
      file_path: 'tok.js',
      instruction: 'z',
      old_string: 'call( x, y );',
      new_string: 'call(x, z);',
    });
    assert.equal(r.error, '');
    assert.equal((r.display.details as Record<string, unknown>).rung, 'tokens');
    assert.equal(readFileSync(path.join(dir, 'tok.js'), 'utf8'), 'if (a) {\n    call(x, z);\n}\n');
  });

  test('every error path of the behaviours', async () => {
    const none = await call('replace', {
      file_path: 'r1.js',
      instruction: 'x',
      old_string: 'nothing like this',
      new_string: 'y',
    });
    assert.equal(none.errorType, 'edit_no_occurrence_found');
    assert.equal(none.code, 'INVALID_ARGUMENT');
    assert.equal(
      none.error,
      "No exact match for 'old_string' was found in 'r1.js', so nothing was changed. The file may differ from what you remember (an earlier edit, or lines outside what you read): read_file the target lines and retry with text copied exactly.",
    );
    const same = await call('replace', {
      file_path: 'r1.js',
      instruction: 'x',
      old_string: 'const a = 1;',
      new_string: 'const a = 1;',
    });
    assert.equal(same.errorType, 'edit_no_change');
    assert.equal(same.error, 'No changes to apply: old_string and new_string are identical (file: r1.js).');
    const exists = await call('replace', { file_path: 'r1.js', instruction: 'x', old_string: '', new_string: 'z' });
    assert.equal(exists.errorType, 'attempt_to_create_existing_file');
    assert.equal(exists.code, 'ALREADY_EXISTS');
    const missing = await call('replace', {
      file_path: 'missing.js',
      instruction: 'x',
      old_string: 'a',
      new_string: 'b',
    });
    assert.equal(missing.errorType, 'file_not_found');
    assert.equal(
      missing.error,
      'File not found: missing.js. Nothing was edited; to create a new file, call replace with an empty old_string.',
    );
    const hole = await call('replace', {
      file_path: 'r1.js',
      instruction: 'x',
      old_string: 'const a = 1;',
      new_string: '// ... rest of code ...',
    });
    assert.equal(hole.errorType, 'invalid_tool_params');
    const noInstr = await call('replace', { file_path: 'r1.js', old_string: 'a', new_string: 'b' });
    assert.equal(noInstr.code, 'INVALID_ARGUMENT');
  });

  test('an empty old_string creates a file with its parents', async () => {
    const r = await call('replace', {
      file_path: 'made/here.txt',
      instruction: 'create',
      old_string: '',
      new_string: 'fresh\n',
    });
    assert.equal(
      r.text,
      `Created new file: ${dir}/made/here.txt with provided content. Here is the updated code:\nfresh\n`,
    );
    assert.equal(readFileSync(path.join(dir, 'made/here.txt'), 'utf8'), 'fresh\n');
  });
});

describe('gemini read_many_files', () => {
  test('each file under its header, ended by the end marker', async () => {
    mkdirSync(path.join(dir, 'docs'));
    writeFileSync(path.join(dir, 'docs/a.md'), '# A\n');
    writeFileSync(path.join(dir, 'docs/b.md'), '# B');
    const r = await call('read_many_files', { include: ['docs/*.md'] });
    // Gemini's model sees the file parts joined by line breaks (convertToFunctionResponse).
    assert.equal(
      r.text,
      `--- ${dir}/docs/a.md ---\n\n# A\n\n\n\n--- ${dir}/docs/b.md ---\n\n# B\n\n\n\n--- End of content ---`,
    );
  });

  test('a cut file carries the warning; no match says so', async () => {
    const r = await call('read_many_files', { include: ['big.txt'] });
    assert.ok(
      r.text.startsWith(
        `--- ${dir}/big.txt ---\n\n[WARNING: This file was truncated. To view the full content, use the 'read_file' tool on this specific file.]\n\nline 1\n`,
      ),
    );
    const none = await call('read_many_files', { include: ['*.nothing'] });
    assert.equal(none.text, 'No files matching the criteria were found or all were skipped.');
    const hidden = await call('read_many_files', { include: ['private/*'] });
    assert.equal(hidden.text, 'No files matching the criteria were found or all were skipped.');
    const shown = await call('read_many_files', {
      include: ['private/*'],
      file_filtering_options: { respect_gemini_ignore: false },
    });
    assert.equal(shown.text, `--- ${dir}/private/key.txt ---\n\nk\n\n\n\n--- End of content ---`);
    const outside = await call('read_many_files', { include: ['/etc/*.conf'] });
    assert.equal(outside.errorType, 'path_not_in_workspace');
  });
});
