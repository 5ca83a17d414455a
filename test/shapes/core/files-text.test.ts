// core fs.write, fs.edit, fs.apply_patch and fs.list over gRPC: the exact text and structured
// content of their results, and of each failure (code, message, display block).
import assert from 'node:assert/strict';
import { lutimesSync, mkdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { FailureCode } from '../../../src/gen/codefly/base/v0/failure.js';
import type { CallToolResponse } from '../../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { callTool, serverFixture, structured, texts } from '../../helpers/server.js';

const { t, dir } = serverFixture({ shape: 'core', prefix: 'facet-core-files-' });
let n = 0;

/**
 * A fresh sub-directory and a caller whose relative paths start there (fs.* resolve from the session directory, the
 * root).
 */
function area(): {
  sub: string;
  call: (tool: string, args: Record<string, unknown>, session?: string) => Promise<CallToolResponse>;
} {
  const sub = `case${n++}`;
  mkdirSync(path.join(dir, sub));
  return { sub, call: (tool, args, session = sub) => callTool(t.client, tool, args, { shape: 'core', session }) };
}

/** A successful result: exactly one text item, then the structured block. */
function succeeded(r: CallToolResponse, text: string, block: Record<string, unknown>): void {
  assert.equal(r.error, '');
  assert.equal(r.failure, undefined);
  assert.deepEqual(texts(r), [text]);
  assert.deepEqual(structured(r), block);
}

/** The next steps core adds to the model's text; the person's display summary is the plain message. */
const NEXT_STEPS = [
  ' Read the whole file with fs.read in this session, then retry (or leave require_read off).',
  ' Use mode "overwrite" to replace it, or fs.edit to change part of it.',
  " fs.list shows a folder's entries and search.glob finds files by name.",
];

/**
 * A failure: code, the message as error and as the only text, and the display block naming the path when there is one.
 */
function failed(
  r: CallToolResponse,
  tool: string,
  code: FailureCode,
  message: string,
  kind: string,
  paths?: string[],
): void {
  assert.equal(r.failure?.code, code, r.error);
  assert.equal(r.error, message);
  assert.deepEqual(texts(r), [message]);
  const next = NEXT_STEPS.find((n) => message.endsWith(`.${n}`));
  const summary = next ? message.slice(0, -next.length - 1) : message;
  assert.deepEqual(structured(r), { display: { tool, summary, failure: kind, ...(paths ? { paths } : {}) } });
}

describe('fs.write', () => {
  test('create, overwrite, append: verb, size, diff and the structured block', async () => {
    const { sub, call } = area();
    const p = `${sub}/a.txt`;
    const abs = path.join(dir, p);
    const d1 = `--- a/${p}\n+++ b/${p}\n@@ -1,0 +1,3 @@\n+one\n+two\n+three\n`;
    succeeded(await call('fs.write', { path: p, content: 'one\ntwo\nthree\n' }), `Created ${p} (14 bytes).\n${d1}`, {
      path: abs,
      created: true,
      size: 14,
      encoding: 'utf8',
      lineEnding: 'lf',
      added: 3,
      removed: 0,
      changedLines: [1, 2, 3],
      diff: d1,
    });
    const d2 = `--- a/${p}\n+++ b/${p}\n@@ -1,3 +1,3 @@\n one\n-two\n+2\n three\n`;
    succeeded(await call('fs.write', { path: p, content: 'one\n2\nthree\n' }), `Wrote ${p} (12 bytes).\n${d2}`, {
      path: abs,
      created: false,
      size: 12,
      encoding: 'utf8',
      lineEnding: 'lf',
      added: 1,
      removed: 1,
      changedLines: [2],
      diff: d2,
    });
    const d3 = `--- a/${p}\n+++ b/${p}\n@@ -1,3 +1,4 @@\n one\n 2\n three\n+four\n`;
    succeeded(
      await call('fs.write', { path: p, content: 'four\n', mode: 'append' }),
      `Appended to ${p} (17 bytes).\n${d3}`,
      {
        path: abs,
        created: false,
        size: 17,
        encoding: 'utf8',
        lineEnding: 'lf',
        added: 1,
        removed: 0,
        changedLines: [4],
        diff: d3,
      },
    );
    assert.equal(readFileSync(abs, 'utf8'), 'one\n2\nthree\nfour\n');
  });

  test('line endings: an existing CRLF file keeps CRLF; line_ending lf converts it, and the diff of line endings alone is empty', async () => {
    const { sub, call } = area();
    const p = `${sub}/crlf.txt`;
    writeFileSync(path.join(dir, p), 'x\r\ny\r\n');
    const d = `--- a/${p}\n+++ b/${p}\n@@ -1,2 +1,2 @@\n-x\n-y\n+a\n+b\n`;
    succeeded(await call('fs.write', { path: p, content: 'a\nb\n' }), `Wrote ${p} (6 bytes).\n${d}`, {
      path: path.join(dir, p),
      created: false,
      size: 6,
      encoding: 'utf8',
      lineEnding: 'crlf',
      added: 2,
      removed: 2,
      changedLines: [1, 2],
      diff: d,
    });
    assert.equal(readFileSync(path.join(dir, p), 'utf8'), 'a\r\nb\r\n');
    succeeded(await call('fs.write', { path: p, content: 'a\nb\n', line_ending: 'lf' }), `Wrote ${p} (4 bytes).`, {
      path: path.join(dir, p),
      created: false,
      size: 4,
      encoding: 'utf8',
      lineEnding: 'lf',
      added: 0,
      removed: 0,
      changedLines: [],
      diff: '',
    });
  });

  test('failures', async () => {
    const { sub, call } = area();
    writeFileSync(path.join(dir, sub, 'a.txt'), 'keep\n');
    writeFileSync(path.join(dir, sub, 'bin.dat'), Buffer.from([0, 1, 2, 0, 255]));
    mkdirSync(path.join(dir, sub, 'folder'));
    const W = 'fs.write';
    failed(
      await call(W, { path: `${sub}/a.txt`, content: 'x', mode: 'create' }),
      W,
      FailureCode.FAILURE_CODE_ALREADY_EXISTS,
      `${sub}/a.txt already exists. Use mode "overwrite" to replace it, or fs.edit to change part of it.`,
      'already_exists',
      [`${sub}/a.txt`],
    );
    failed(
      await call(W, { path: `${sub}/folder`, content: 'x' }),
      W,
      FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      `${sub}/folder is a directory`,
      'invalid_argument',
      [`${sub}/folder`],
    );
    failed(
      await call(W, { path: `${sub}/a.txt/b`, content: 'x' }),
      W,
      FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      `the parent of ${sub}/a.txt/b is not a directory`,
      'invalid_argument',
      [`${sub}/a.txt/b`],
    );
    failed(
      await call(W, { path: `${sub}/bin.dat`, content: 'x' }),
      W,
      FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      `${sub}/bin.dat is a binary file; it cannot be edited as text`,
      'invalid_argument',
      [`${sub}/bin.dat`],
    );
    failed(
      await call(W, { path: `${sub}/a.txt`, content: 'y\n', require_read: true }),
      W,
      FailureCode.FAILURE_CODE_CONFLICT,
      `${sub}/a.txt has not been read in this session. Read the whole file with fs.read in this session, then retry (or leave require_read off).`,
      'conflict',
      [`${sub}/a.txt`],
    );
    failed(
      await call(W, { path: '../outside.txt', content: 'x' }),
      W,
      FailureCode.FAILURE_CODE_PERMISSION_DENIED,
      `../outside.txt is outside the allowed roots (${dir})`,
      'permission_denied',
      ['../outside.txt'],
    );
    assert.equal(readFileSync(path.join(dir, sub, 'a.txt'), 'utf8'), 'keep\n');
  });
});

describe('fs.edit', () => {
  const FILE = 'let x = 1\ncall()\ncall()\nsame\nfunction f() {\n    indented();   \n}\n';

  test('one edit, replace_all, a tolerant rung, creating a file: text and structured block', async () => {
    const { sub, call } = area();
    const p = `${sub}/e.ts`;
    const abs = path.join(dir, p);
    writeFileSync(abs, FILE);
    const d1 = `--- a/${p}\n+++ b/${p}\n@@ -1,4 +1,4 @@\n-let x = 1\n+const x = 1\n call()\n call()\n same\n`;
    succeeded(
      await call('fs.edit', { path: p, old_string: 'let x = 1', new_string: 'const x = 1' }),
      `Edited ${p}: 1 replacement(s).\n${d1}`,
      {
        path: abs,
        created: false,
        replacements: 1,
        rungs: ['exact'],
        changedLines: [1],
        added: 1,
        removed: 1,
        diff: d1,
      },
    );
    const d2 = `--- a/${p}\n+++ b/${p}\n@@ -1,6 +1,6 @@\n const x = 1\n-call()\n-call()\n+run()\n+run()\n same\n function f() {\n     indented();   \n`;
    succeeded(
      await call('fs.edit', { path: p, old_string: 'call()', new_string: 'run()', replace_all: true }),
      `Edited ${p}: 2 replacement(s).\n${d2}`,
      {
        path: abs,
        created: false,
        replacements: 2,
        rungs: ['exact'],
        changedLines: [2, 3],
        added: 2,
        removed: 2,
        diff: d2,
      },
    );
    // The file's line has trailing blanks the old_string lacks: found on the trailing-whitespace rung.
    const d3 = `--- a/${p}\n+++ b/${p}\n@@ -3,5 +3,5 @@\n run()\n same\n function f() {\n-    indented();   \n+    done();\n }\n`;
    succeeded(
      await call('fs.edit', { path: p, old_string: '    indented();\n}', new_string: '    done();\n}' }),
      `Edited ${p}: 1 replacement(s).\n${d3}`,
      {
        path: abs,
        created: false,
        replacements: 1,
        rungs: ['trailing-whitespace'],
        changedLines: [6],
        added: 1,
        removed: 1,
        diff: d3,
      },
    );
    const n2 = `${sub}/new.ts`;
    const d4 = `--- a/${n2}\n+++ b/${n2}\n@@ -1,0 +1,1 @@\n+fresh\n`;
    succeeded(
      await call('fs.edit', { path: n2, old_string: '', new_string: 'fresh\n' }),
      `Created ${n2}: 1 replacement(s).\n${d4}`,
      {
        path: path.join(dir, n2),
        created: true,
        replacements: 1,
        rungs: ['exact'],
        changedLines: [1],
        added: 1,
        removed: 0,
        diff: d4,
      },
    );
    assert.equal(readFileSync(abs, 'utf8'), 'const x = 1\nrun()\nrun()\nsame\nfunction f() {\n    done();\n}\n');
  });

  test('two edits at once apply in order; when one fails, neither is written', async () => {
    const { sub, call } = area();
    const p = `${sub}/e.ts`;
    writeFileSync(path.join(dir, p), FILE);
    const d = `--- a/${p}\n+++ b/${p}\n@@ -1,7 +1,7 @@\n-let x = 1\n+let x = 2\n call()\n call()\n-same\n+different\n function f() {\n     indented();   \n }\n`;
    succeeded(
      await call('fs.edit', {
        path: p,
        edits: [
          { old_string: 'let x = 1', new_string: 'let x = 2' },
          { old_string: 'same', new_string: 'different' },
        ],
      }),
      `Edited ${p}: 2 replacement(s).\n${d}`,
      {
        path: path.join(dir, p),
        created: false,
        replacements: 2,
        rungs: ['exact', 'exact'],
        changedLines: [1, 4],
        added: 2,
        removed: 2,
        diff: d,
      },
    );
    const before = readFileSync(path.join(dir, p), 'utf8');
    const r = await call('fs.edit', {
      path: p,
      edits: [
        { old_string: 'let x = 2', new_string: 'let x = 3' },
        { old_string: 'absent', new_string: 'z' },
      ],
    });
    failed(
      r,
      'fs.edit',
      FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      'the text to replace was not found in the file',
      'invalid_argument',
    );
    assert.equal(readFileSync(path.join(dir, p), 'utf8'), before);
  });

  test('failures', async () => {
    const { sub, call } = area();
    const p = `${sub}/e.ts`;
    writeFileSync(path.join(dir, p), FILE);
    const E = 'fs.edit';
    const I = FailureCode.FAILURE_CODE_INVALID_ARGUMENT;
    failed(
      await call(E, { path: p, old_string: 'nothing here', new_string: 'y' }),
      E,
      I,
      'the text to replace was not found in the file',
      'invalid_argument',
    );
    failed(
      await call(E, { path: p, old_string: '  indented();\n}', new_string: 'x', exact: true }),
      E,
      I,
      'the text to replace was not found in the file',
      'invalid_argument',
    );
    failed(
      await call(E, { path: p, old_string: 'call()', new_string: 'run()' }),
      E,
      FailureCode.FAILURE_CODE_CONFLICT,
      'the text to replace occurs 2 times; it must be unique (add context, or replace all)',
      'conflict',
    );
    failed(
      await call(E, { path: p, old_string: 'call()', new_string: 'run()', expected_replacements: 3 }),
      E,
      FailureCode.FAILURE_CODE_CONFLICT,
      'expected 3 occurrence(s) of the text to replace, found 2',
      'conflict',
    );
    failed(
      await call(E, { path: p, old_string: 'same', new_string: 'same' }),
      E,
      I,
      'the old and new strings are identical: nothing would change',
      'invalid_argument',
    );
    failed(
      await call(E, { path: p, old_string: 'a', new_string: 'b', edits: [{ old_string: 'a', new_string: 'b' }] }),
      E,
      I,
      'give either old_string and new_string, or edits',
      'invalid_argument',
    );
    failed(
      await call(E, { path: p, old_string: 'a' }),
      E,
      I,
      'give either old_string and new_string, or edits',
      'invalid_argument',
    );
    failed(
      await call(E, { path: `${sub}/missing.ts`, old_string: 'a', new_string: 'b' }),
      E,
      FailureCode.FAILURE_CODE_NOT_FOUND,
      `${sub}/missing.ts does not exist. fs.list shows a folder's entries and search.glob finds files by name.`,
      'not_found',
      [`${sub}/missing.ts`],
    );
    failed(
      await call(E, { path: p, old_string: '', new_string: 'x' }),
      E,
      FailureCode.FAILURE_CODE_ALREADY_EXISTS,
      `${p} already exists; an empty old string only creates new files`,
      'already_exists',
      [p],
    );
    failed(
      await call(E, { path: p, old_string: 'same', new_string: 'other', require_read: true }),
      E,
      FailureCode.FAILURE_CODE_CONFLICT,
      `${p} has not been read in this session. Read the whole file with fs.read in this session, then retry (or leave require_read off).`,
      'conflict',
      [p],
    );
    assert.equal(readFileSync(path.join(dir, p), 'utf8'), FILE);
  });
});

describe('fs.apply_patch', () => {
  test('update with a move, delete and add: A/M/D lines, diffs, and per-file structured entries', async () => {
    const { sub, call } = area();
    mkdirSync(path.join(dir, sub, 'p'));
    writeFileSync(path.join(dir, sub, 'p/one.txt'), 'alpha\nbeta\ngamma\n');
    writeFileSync(path.join(dir, sub, 'p/two.txt'), 'two\n');
    const q = `${sub}/p`;
    const r = await call('fs.apply_patch', {
      patch: `*** Begin Patch\n*** Update File: ${q}/one.txt\n*** Move to: ${q}/uno.txt\n@@\n alpha\n-beta\n+BETA\n*** Delete File: ${q}/two.txt\n*** Add File: ${q}/three.txt\n+3\n*** End Patch`,
    });
    const dUno = `--- a/${q}/one.txt\n+++ b/${q}/uno.txt\n@@ -1,3 +1,3 @@\n alpha\n-beta\n+BETA\n gamma\n`;
    const dTwo = `--- a/${q}/two.txt\n+++ b/${q}/two.txt\n@@ -1,1 +1,0 @@\n-two\n`;
    const dThree = `--- a/${q}/three.txt\n+++ b/${q}/three.txt\n@@ -1,0 +1,1 @@\n+3\n`;
    succeeded(r, `Applied the patch:\nA ${q}/three.txt\nM ${q}/uno.txt\nD ${q}/two.txt\n${dUno}\n${dTwo}\n${dThree}`, {
      added: [`${q}/three.txt`],
      modified: [`${q}/uno.txt`],
      deleted: [`${q}/two.txt`],
      files: [
        {
          path: path.join(dir, q, 'uno.txt'),
          action: 'update',
          movedFrom: `${q}/one.txt`,
          passes: ['exact'],
          added: 1,
          removed: 1,
          changedLines: [2],
          diff: dUno,
        },
        {
          path: path.join(dir, q, 'two.txt'),
          action: 'delete',
          passes: [],
          added: 0,
          removed: 1,
          changedLines: [],
          diff: dTwo,
        },
        {
          path: path.join(dir, q, 'three.txt'),
          action: 'add',
          passes: [],
          added: 1,
          removed: 0,
          changedLines: [1],
          diff: dThree,
        },
      ],
    });
    assert.equal(readFileSync(path.join(dir, q, 'uno.txt'), 'utf8'), 'alpha\nBETA\ngamma\n');
  });

  test('failures change nothing', async () => {
    const { sub, call } = area();
    writeFileSync(path.join(dir, sub, 'f.txt'), 'alpha\nbeta\n');
    const P = 'fs.apply_patch';
    const patch = (body: string) => ({ patch: `*** Begin Patch\n${body}\n*** End Patch` });
    failed(
      await call(P, { patch: 'no envelope' }),
      P,
      FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      "invalid patch at line 1: the first line of the patch must be '*** Begin Patch'",
      'invalid_argument',
    );
    failed(
      await call(P, patch('*** Frobnicate File: x')),
      P,
      FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      "invalid patch at line 2: '*** Frobnicate File: x' is not a valid hunk header (expected '*** Add File: {path}', '*** Delete File: {path}' or '*** Update File: {path}')",
      'invalid_argument',
    );
    failed(
      await call(P, patch(`*** Update File: ${sub}/f.txt\n-not there\n+x`)),
      P,
      FailureCode.FAILURE_CODE_PRECONDITION_FAILED,
      `could not find the expected lines in ${sub}/f.txt:\nnot there`,
      'precondition_failed',
      [`${sub}/f.txt`],
    );
    failed(
      await call(P, patch(`*** Update File: ${sub}/f.txt\n@@ no such context\n-alpha\n+x`)),
      P,
      FailureCode.FAILURE_CODE_PRECONDITION_FAILED,
      `could not find the context 'no such context' in ${sub}/f.txt`,
      'precondition_failed',
      [`${sub}/f.txt`],
    );
    failed(
      await call(P, patch(`*** Delete File: ${sub}/gone.txt`)),
      P,
      FailureCode.FAILURE_CODE_NOT_FOUND,
      `${sub}/gone.txt does not exist (line 2 deletes it)`,
      'not_found',
      [`${sub}/gone.txt`],
    );
    failed(
      await call(P, patch('*** Add File: ../escape.txt\n+x')),
      P,
      FailureCode.FAILURE_CODE_PERMISSION_DENIED,
      `../escape.txt is outside the allowed roots (${dir})`,
      'permission_denied',
      ['../escape.txt'],
    );
    // A good hunk before a failing one is not written either.
    failed(
      await call(P, patch(`*** Update File: ${sub}/f.txt\n-alpha\n+ALPHA\n*** Delete File: ${sub}/gone.txt`)),
      P,
      FailureCode.FAILURE_CODE_NOT_FOUND,
      `${sub}/gone.txt does not exist (line 5 deletes it)`,
      'not_found',
      [`${sub}/gone.txt`],
    );
    assert.equal(readFileSync(path.join(dir, sub, 'f.txt'), 'utf8'), 'alpha\nbeta\n');
  });
});

describe('fs.list', () => {
  const T = 1_700_000_000;
  async function tree(): Promise<{ sub: string; call: ReturnType<typeof area>['call']; d: string }> {
    const a = area();
    const d = path.join(dir, a.sub, 'd');
    mkdirSync(path.join(d, 'sub'), { recursive: true });
    mkdirSync(path.join(d, 'empty'));
    writeFileSync(path.join(d, 'b.txt'), 'bb');
    writeFileSync(path.join(d, 'a.log'), 'a');
    writeFileSync(path.join(d, '.hidden'), '');
    writeFileSync(path.join(d, 'sub/c.txt'), 'ccc');
    symlinkSync('b.txt', path.join(d, 'link'));
    for (const p of ['b.txt', 'a.log', '.hidden', 'sub/c.txt', 'sub', 'empty']) utimesSync(path.join(d, p), T, T);
    lutimesSync(path.join(d, 'link'), T, T);
    return { ...a, d };
  }
  // The structured block is in columns (README, "Results"): each entry's path under the listed directory, one type
  // letter per entry; sizes and mtimes only when the sort needed them (a default listing stats nothing, issue 38).
  const sizeOf = (d: string, relative: string) => statSync(path.join(d, relative)).size;

  test('two levels: directories first, children indented, links marked @, and the structured entries', async () => {
    const { sub, call, d } = await tree();
    succeeded(
      await call('fs.list', { path: `${sub}/d`, depth: 2 }),
      'empty/\nsub/\n  c.txt\n.hidden\na.log\nb.txt\nlink@',
      {
        path: d,
        offset: 0,
        total: 7,
        omitted: 0,
        complete: true,
        ignored: {},
        entries: ['empty', 'sub', 'sub/c.txt', '.hidden', 'a.log', 'b.txt', 'link'],
        types: 'ddffffl',
      },
    );
  });

  test('sorted by size or mtime: the entries carry what they were sorted by', async () => {
    const { sub, call, d } = await tree();
    succeeded(await call('fs.list', { path: `${sub}/d`, sort: 'size' }), 'empty/\nsub/\nlink@\nb.txt\na.log\n.hidden', {
      path: d,
      offset: 0,
      total: 6,
      omitted: 0,
      complete: true,
      ignored: {},
      entries: ['empty', 'sub', 'link', 'b.txt', 'a.log', '.hidden'],
      types: 'ddlfff',
      sizes: [sizeOf(d, 'empty'), sizeOf(d, 'sub'), 5, 2, 1, 0],
      mtimesMs: Array(6).fill(T * 1000),
    });
    utimesSync(path.join(d, 'b.txt'), T + 10, T + 10);
    const byTime = structured(await call('fs.list', { path: `${sub}/d`, sort: 'mtime', limit: 1 }))!;
    assert.deepEqual(
      [byTime.entries, byTime.types, byTime.sizes, byTime.mtimesMs],
      [['b.txt'], 'f', [2], [(T + 10) * 1000]],
    );
  });

  test('paging, ignore globs, an empty directory', async () => {
    const { sub, call, d } = await tree();
    succeeded(
      await call('fs.list', { path: `${sub}/d`, offset: 1, limit: 2 }),
      'sub/\n.hidden\n(4 more entries not shown; total 6)',
      {
        path: d,
        offset: 1,
        total: 6,
        omitted: 4,
        complete: true,
        ignored: {},
        entries: ['sub', '.hidden'],
        types: 'df',
      },
    );
    const ignored = await call('fs.list', { path: `${sub}/d`, ignore: ['*.log'] });
    assert.deepEqual(texts(ignored), ['empty/\nsub/\n.hidden\nb.txt\nlink@']);
    assert.deepEqual([structured(ignored)!.total, structured(ignored)!.ignored], [5, { glob: 1 }]);
    succeeded(await call('fs.list', { path: `${sub}/d/empty` }), '(empty directory)', {
      path: path.join(d, 'empty'),
      offset: 0,
      total: 0,
      omitted: 0,
      complete: true,
      ignored: {},
      entries: [],
      types: '',
    });
  });

  test('failures', async () => {
    const { sub, call } = await tree();
    const L = 'fs.list';
    failed(
      await call(L, { path: `${sub}/d/b.txt` }),
      L,
      FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      `${sub}/d/b.txt is not a directory`,
      'invalid_argument',
      [`${sub}/d/b.txt`],
    );
    failed(
      await call(L, { path: `${sub}/nope` }),
      L,
      FailureCode.FAILURE_CODE_NOT_FOUND,
      `${sub}/nope does not exist. fs.list shows a folder's entries and search.glob finds files by name.`,
      'not_found',
      [`${sub}/nope`],
    );
    failed(
      await call(L, { path: '..' }),
      L,
      FailureCode.FAILURE_CODE_PERMISSION_DENIED,
      `.. is outside the allowed roots (${dir})`,
      'permission_denied',
      ['..'],
    );
  });
});
