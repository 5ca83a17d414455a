// Golden tests of the claude shape's Grep and Glob over gRPC, on a real tree.
import assert from 'node:assert/strict';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { splitGlobs } from '../../../src/shapes/kit/search/rg-text.js';
import { serverFixture } from '../../helpers/server.js';
import { claudeCaller } from './harness.js';

describe('claude shape: Grep and Glob', () => {
  const { t, dir } = serverFixture({ shape: 'claude@2.1.197' });
  const call = claudeCaller(() => t, 'search');
  const p = (...parts: string[]) => path.join(dir, ...parts);
  /** Files written with increasing mtimes, oldest first. */
  const files: Array<[string, string]> = [
    ['src/a.js', 'function foo() {\n  return 1;\n}\nfoo();\n'],
    ['src/b.js', 'const x = foo;\n'],
    ['lib/c.ts', 'export const FOO = 2;\n'],
    ['.hidden/h.js', 'foo\n'],
    ['ignored.log', 'foo\n'],
    ['.gitignore', 'ignored.log\n'],
    ['README.md', 'no match here\n'],
  ];

  before(async () => {
    const base = Date.now() / 1000 - 1000;
    files.forEach(([f, body], i) => {
      mkdirSync(path.dirname(p(f)), { recursive: true });
      writeFileSync(p(f), body);
      utimesSync(p(f), base + i * 10, base + i * 10);
    });
  });

  test('files_with_matches: newest first, hidden searched, .gitignore honoured', async () => {
    const r = await call('Grep', { pattern: 'foo' });
    assert.equal(r.text, 'Found 3 files\n.hidden/h.js\nsrc/b.js\nsrc/a.js');
    assert.equal((await call('Grep', { pattern: 'nothing-like-this' })).text, 'No files found');
    assert.equal(
      (await call('Grep', { pattern: 'foo', '-i': true, head_limit: 2, offset: 1 })).text,
      'Found 2 files limit: 2, offset: 1\nlib/c.ts\nsrc/b.js',
    );
    assert.equal(
      (await call('Grep', { pattern: 'foo', '-i': true, head_limit: 2 })).text,
      'Found 2 files limit: 2\n.hidden/h.js\nlib/c.ts',
    );
  });

  test('content: relpath:line:text, context lines with the absolute path, single-file form, -n false, -o', async () => {
    assert.equal(
      (await call('Grep', { pattern: 'foo', output_mode: 'content', path: 'src' })).text,
      'src/a.js:1:function foo() {\nsrc/a.js:4:foo();\nsrc/b.js:1:const x = foo;',
    );
    const ctx = await call('Grep', { pattern: 'return', output_mode: 'content', '-B': 1, glob: '*.js' });
    assert.equal(ctx.text, `${p('src/a.js')}-1-function foo() {\nsrc/a.js:2:  return 1;`);
    const C = await call('Grep', {
      pattern: 'foo\\(\\)',
      output_mode: 'content',
      path: p('src/a.js'),
      context: 1,
      '-B': 5,
    });
    assert.equal(C.text, '1:function foo() {\n2-  return 1;\n3-}\n4:foo();');
    const apart = await call('Grep', {
      pattern: 'function|foo\\(\\);',
      output_mode: 'content',
      path: 'src/a.js',
      '-A': 0,
      '-B': 0,
      '-C': 0,
    });
    assert.equal(apart.text, '1:function foo() {\n4:foo();');
    const groups = await call('Grep', {
      pattern: 'function|foo\\(\\);',
      output_mode: 'content',
      path: 'src/a.js',
      '-A': 1,
    });
    assert.equal(groups.text, '1:function foo() {\n2-  return 1;\n--\n4:foo();');
    assert.equal(
      (await call('Grep', { pattern: 'const', output_mode: 'content', '-n': false, type: 'js' })).text,
      'src/b.js:const x = foo;',
    );
    assert.equal(
      (await call('Grep', { pattern: 'f.o', output_mode: 'content', '-o': true, path: 'src/a.js' })).text,
      '1:foo\n4:foo',
    );
    assert.equal((await call('Grep', { pattern: 'zzz', output_mode: 'content' })).text, 'No matches found');
    const paged = await call('Grep', { pattern: 'foo', output_mode: 'content', path: 'src', head_limit: 2 });
    assert.equal(
      paged.text,
      'src/a.js:1:function foo() {\nsrc/a.js:4:foo();\n\n[Showing results with pagination = limit: 2]',
    );
    const multi = await call('Grep', {
      pattern: 'foo\\(\\) \\{\\n  return',
      output_mode: 'content',
      multiline: true,
      path: 'src/a.js',
    });
    assert.equal(multi.text, '1:function foo() {\n2:  return 1;');
  });

  test('count: relpath:N rows and the total, with pagination', async () => {
    const r = await call('Grep', { pattern: 'foo', output_mode: 'count', glob: '*.js,*.ts', '-i': true });
    assert.equal(
      r.text,
      '.hidden/h.js:1\nlib/c.ts:1\nsrc/a.js:2\nsrc/b.js:1\n\nFound 5 total occurrences across 4 files.',
    );
    const one = await call('Grep', { pattern: 'return', output_mode: 'count' });
    assert.equal(one.text, 'src/a.js:1\n\nFound 1 total occurrence across 1 file.');
    const paged = await call('Grep', { pattern: 'foo', output_mode: 'count', '-i': true, head_limit: 1 });
    assert.equal(paged.text, '.hidden/h.js:1\n\nFound 1 total occurrence across 1 file. with pagination = limit: 1');
  });

  test('Grep errors come back as tool_use_error', async () => {
    const missing = await call('Grep', { pattern: 'x', path: 'nowhere' });
    assert.equal(missing.code, 'NOT_FOUND');
    assert.equal(
      missing.error,
      `<tool_use_error>Path does not exist: nowhere. Relative paths are resolved from the current working directory, ${dir}.</tool_use_error>`,
    );
    const bad = await call('Grep', { pattern: 'a(' });
    assert.equal(bad.code, 'INVALID_ARGUMENT');
    assert.ok(bad.error.startsWith('<tool_use_error>') && bad.error.endsWith('</tool_use_error>'), bad.error);
  });

  test('Grep results over 20000 characters are saved to a file the session may Read', async () => {
    mkdirSync(p('bulk'));
    writeFileSync(
      p('bulk', 'many.txt'),
      Array.from({ length: 2000 }, (_, i) => `needle ${String(i + 1).padStart(4, '0')}`).join('\n') + '\n',
    );
    const r = await call('Grep', { pattern: 'needle', output_mode: 'content', path: 'bulk', head_limit: 0 });
    const lines = r.text.split('\n');
    const m = /^Output too large \((\d+(?:\.\d)?KB)\)\. Full output saved to: (\S+)$/.exec(lines[1]!);
    assert.ok(lines[0] === '<persisted-output>' && m, r.text.slice(0, 300));
    assert.equal(m[1], '59.5KB');
    assert.equal(lines[4], 'bulk/many.txt:1:needle 0001');
    assert.equal(lines.at(-1), '</persisted-output>');
    const saved = await call('Read', { file_path: m[2]!, offset: 2000, limit: 1 });
    assert.equal(saved.text, '2000\tbulk/many.txt:2000:needle 2000');
  });

  test('glob splitting keeps brace groups whole', () => {
    assert.deepEqual(splitGlobs('*.ts, *.{js,jsx} !dist/**'), ['*.ts', '*.{js,jsx}', '!dist/**']);
  });

  test('Glob: oldest first, hidden and ignored files included, basename patterns at any depth', async () => {
    assert.equal((await call('Glob', { pattern: '*.js' })).text, 'src/a.js\nsrc/b.js\n.hidden/h.js');
    assert.equal((await call('Glob', { pattern: 'src/*' })).text, 'src/a.js\nsrc/b.js');
    assert.equal((await call('Glob', { pattern: '*.log' })).text, 'ignored.log');
    assert.equal((await call('Glob', { pattern: '*.py' })).text, 'No files found');
    assert.equal((await call('Glob', { pattern: `${dir}/lib/*.ts` })).text, 'lib/c.ts');
    assert.equal((await call('Glob', { pattern: '*.ts', path: p('lib') })).text, 'lib/c.ts');
  });

  test('Glob caps at 100 with a note, and words its errors', async () => {
    mkdirSync(p('many'));
    for (let i = 0; i < 120; i++) writeFileSync(p('many', `f${String(i).padStart(3, '0')}.txt`), '');
    const r = await call('Glob', { pattern: 'many/*.txt' });
    const lines = r.text.split('\n');
    assert.equal(lines.length, 101);
    assert.equal(
      lines[100],
      '(Showing 100 of 120 matching files; 20 more are not listed. Narrow the pattern or path to see the rest.)',
    );
    assert.equal(r.display.truncated, true);
    const missing = await call('Glob', { pattern: '*', path: 'nope' });
    assert.equal(
      missing.error,
      `<tool_use_error>Directory does not exist: nope. Relative paths are resolved from the current working directory, ${dir}.</tool_use_error>`,
    );
    const file = await call('Glob', { pattern: '*', path: 'README.md' });
    assert.equal(
      file.error,
      '<tool_use_error>Not a directory: README.md. Give Glob a directory to search in.</tool_use_error>',
    );
  });
});
