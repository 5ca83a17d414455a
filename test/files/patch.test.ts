// Codex patches: every grammar element, the four matching passes, errors that point at the
// line, and all-or-nothing application.
import assert from 'node:assert/strict';
import { existsSync, lstatSync, readFileSync, readlinkSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { applyPatch } from '../../src/engine/files/patch-apply.js';
import { parsePatch } from '../../src/engine/files/patch-parse.js';
import { fixture } from './fixture.js';

const P = (...body: string[]) => ['*** Begin Patch', ...body, '*** End Patch'].join('\n');

function parseError(text: string): { line?: number; message: string } {
  try {
    parsePatch(text);
  } catch (err) {
    const e = err as { kind: string; message: string; facts: { line?: number } };
    assert.equal(e.kind, 'invalid_argument');
    return { line: e.facts.line, message: e.message };
  }
  assert.fail('expected a parse error');
}

test('grammar: add, delete, update, move, @@ context, end of file, heredoc, blank lines', () => {
  const hunks = parsePatch(
    P(
      '*** Add File: new.txt',
      '+first',
      '+',
      '*** Delete File: old.txt',
      '*** Update File: src/a.py',
      '*** Move to: src/b.py',
      '@@ def main():',
      ' ctx',
      '-old',
      '+new',
      '',
      '@@',
      '-tail',
      '+TAIL',
      '*** End of File',
    ),
  );
  assert.deepEqual(hunks, [
    { type: 'add', path: 'new.txt', contents: 'first\n\n', line: 2 },
    { type: 'delete', path: 'old.txt', line: 5 },
    {
      type: 'update',
      path: 'src/a.py',
      moveTo: 'src/b.py',
      line: 6,
      chunks: [
        { context: 'def main():', oldLines: ['ctx', 'old', ''], newLines: ['ctx', 'new', ''], endOfFile: false },
        { context: undefined, oldLines: ['tail'], newLines: ['TAIL'], endOfFile: true },
      ],
    },
  ]);
  // The first chunk may omit @@; surrounding whitespace and CRLF are tolerated; a heredoc wrapper is accepted.
  assert.deepEqual(parsePatch(`  \n*** Begin Patch\r\n*** Update File: x\r\n-a\r\n+b\r\n*** End Patch\r\n\n`)[0], {
    type: 'update',
    path: 'x',
    moveTo: undefined,
    line: 3,
    chunks: [{ context: undefined, oldLines: ['a'], newLines: ['b'], endOfFile: false }],
  });
  assert.equal(parsePatch(`<<'EOF'\n${P('*** Delete File: d')}\nEOF`)[0]!.type, 'delete');
  assert.deepEqual(parsePatch(P()), []);
});

test('parse errors point at the bad line', () => {
  assert.deepEqual(parseError('hello\n*** End Patch').line, 1);
  assert.deepEqual(parseError('*** Begin Patch\n*** Add File: a\n+x').line, 3);
  let e = parseError(P('*** Add File: a', '+x', '*** Frobnicate File: b'));
  assert.equal(e.line, 4);
  assert.match(e.message, /Frobnicate/);
  e = parseError(P('*** Update File: a', '@@', ' x', '-y', 'garbage'));
  assert.equal(e.line, 6);
  e = parseError(P('*** Update File: a', '@@', ' x', '@@ two', 'bad line'));
  assert.equal(e.line, 6);
  assert.match(e.message, /unexpected line/);
  e = parseError(P('*** Update File: a', ' x', '+y', 'no prefix'));
  assert.match(e.message, /expected an '@@' line/);
  assert.equal(e.line, 5);
  e = parseError(P('*** Update File: a'));
  assert.match(e.message, /empty/);
  e = parseError(P('*** Update File: a', '@@', '*** End of File'));
  assert.equal(e.line, 4);
});

test('applies add, delete, update, move; reports files and passes', async () => {
  const f = fixture();
  try {
    f.file('old.txt', 'bye\n');
    f.file('src/a.py', 'import os\n\ndef main():\n    ctx\n    old\n\ndef other():\n    tail\n');
    const r = await applyPatch(
      f.scope,
      P(
        '*** Add File: docs/new.txt',
        '+first',
        '*** Delete File: old.txt',
        '*** Update File: src/a.py',
        '*** Move to: src/b.py',
        '@@ def main():',
        '     ctx',
        '-    old',
        '+    new',
        '@@',
        '-    tail',
        '+    TAIL',
        '*** End of File',
      ),
      { cwd: f.root },
    );
    assert.deepEqual([r.added, r.modified, r.deleted], [['docs/new.txt'], ['src/b.py'], ['old.txt']]);
    assert.equal(readFileSync(path.join(f.root, 'docs/new.txt'), 'utf8'), 'first\n');
    assert.equal(existsSync(path.join(f.root, 'old.txt')), false);
    assert.equal(existsSync(path.join(f.root, 'src/a.py')), false);
    assert.equal(readFileSync(path.join(f.root, 'src/b.py'), 'utf8'), 'import os\n\ndef main():\n    ctx\n    new\n\ndef other():\n    TAIL\n');
    assert.deepEqual(r.changes.find((c) => c.action === 'update')!.passes, ['exact', 'exact']);
  } finally {
    f.cleanup();
  }
});

test('each matching pass: exact, trailing whitespace, trim, typography', async () => {
  const f = fixture();
  try {
    const cases: Array<[string, string, string]> = [
      ['exact', 'a\nb\n', 'b'],
      ['trailing-whitespace', 'a\nb   \n', 'b'],
      ['trim', 'a\n    b\n', 'b'],
      ['typography', 'a\n\u201cb\u201d \u2013 c\n', '"b" - c'],
    ];
    for (const [pass, content, line] of cases) {
      const p = f.file(`${pass}.txt`, content);
      const r = await applyPatch(f.scope, P(`*** Update File: ${pass}.txt`, '@@', ` a`, `-${line}`, '+B'), { cwd: f.root });
      assert.deepEqual(r.changes[0]!.passes, [pass], pass);
      assert.equal(readFileSync(p, 'utf8'), 'a\nB\n', pass);
    }
    // A pure addition goes to the end of the file; a file without a final newline gains one.
    const p = f.file('add.txt', 'x\ny');
    await applyPatch(f.scope, P('*** Update File: add.txt', '@@', '+z'), { cwd: f.root });
    assert.equal(readFileSync(p, 'utf8'), 'x\ny\nz\n');
    // CRLF files keep CRLF.
    const c = f.file('crlf.txt', 'one\r\ntwo\r\n');
    await applyPatch(f.scope, P('*** Update File: crlf.txt', '-two', '+2'), { cwd: f.root });
    assert.equal(readFileSync(c, 'utf8'), 'one\r\n2\r\n');
  } finally {
    f.cleanup();
  }
});

test('a failing hunk leaves every file untouched', async () => {
  const f = fixture();
  try {
    const a = f.file('a.txt', 'alpha\n');
    const b = f.file('b.txt', 'beta\n');
    const d = f.file('d.txt', 'delta\n');
    const patch = P(
      '*** Update File: a.txt',
      '-alpha',
      '+ALPHA',
      '*** Add File: c.txt',
      '+gamma',
      '*** Delete File: d.txt',
      '*** Update File: b.txt',
      '@@ not there',
      '-beta',
      '+BETA',
    );
    await assert.rejects(applyPatch(f.scope, patch, { cwd: f.root }), (err: any) => {
      assert.deepEqual([err.kind, err.facts.condition, err.facts.line], ['precondition_failed', 'context_not_found', 8]);
      return true;
    });
    const missing = P('*** Update File: a.txt', '-alpha', '+ALPHA', '*** Update File: b.txt', '-nope', '+x');
    await assert.rejects(applyPatch(f.scope, missing, { cwd: f.root }), (err: any) => err.facts.condition === 'lines_not_found');
    const outside = P('*** Update File: a.txt', '-alpha', '+ALPHA', '*** Add File: ../outside/x.txt', '+x');
    await assert.rejects(applyPatch(f.scope, outside, { cwd: f.root }), (err: any) => err.kind === 'permission_denied');
    const gone = P('*** Update File: a.txt', '-alpha', '+ALPHA', '*** Delete File: nope.txt');
    await assert.rejects(applyPatch(f.scope, gone, { cwd: f.root }), (err: any) => err.kind === 'not_found');
    assert.equal(readFileSync(a, 'utf8'), 'alpha\n');
    assert.equal(readFileSync(b, 'utf8'), 'beta\n');
    assert.equal(readFileSync(d, 'utf8'), 'delta\n');
    assert.equal(existsSync(path.join(f.root, 'c.txt')), false);
    assert.equal(existsSync(path.join(f.outside, 'x.txt')), false);
  } finally {
    f.cleanup();
  }
});

test('delete and move through a link inside the roots act on the link, never on the file it points to', async () => {
  const f = fixture();
  try {
    f.file('real.txt', 'kept\n');
    symlinkSync('real.txt', path.join(f.root, 'link.txt'));
    await applyPatch(f.scope, P('*** Delete File: link.txt'), { cwd: f.root });
    assert.equal(existsSync(path.join(f.root, 'link.txt')), false);
    assert.equal(readFileSync(path.join(f.root, 'real.txt'), 'utf8'), 'kept\n');

    // A link to a file outside: removing the link is allowed only if the path itself is in scope,
    // and the outside file is never touched either way.
    symlinkSync(path.join(f.outside, 'secret.txt'), path.join(f.root, 'out.txt'));
    await assert.rejects(applyPatch(f.scope, P('*** Delete File: out.txt'), { cwd: f.root }), (e: { kind: string }) => e.kind === 'permission_denied');
    assert.equal(readFileSync(path.join(f.outside, 'secret.txt'), 'utf8'), 'secret\n');

    f.file('target.txt', 'one\ntwo\n');
    symlinkSync('target.txt', path.join(f.root, 'alias.txt'));
    await applyPatch(f.scope, P('*** Update File: alias.txt', '*** Move to: moved.txt', '@@', ' one', '-two', '+TWO'), { cwd: f.root });
    assert.equal(readFileSync(path.join(f.root, 'moved.txt'), 'utf8'), 'one\nTWO\n');
    assert.equal(existsSync(path.join(f.root, 'alias.txt')), false);
    assert.equal(lstatSync(path.join(f.root, 'target.txt')).isFile(), true);
    assert.equal(readFileSync(path.join(f.root, 'target.txt'), 'utf8'), 'one\ntwo\n');
  } finally {
    f.cleanup();
  }
});

test('a failed patch puts back a link it had already deleted', async () => {
  const f = fixture();
  try {
    f.file('real.txt', 'kept\n');
    symlinkSync('real.txt', path.join(f.root, 'link.txt'));
    f.file('sub', 'a file where a directory is needed\n');
    await assert.rejects(applyPatch(f.scope, P('*** Delete File: link.txt', '*** Add File: sub/new.txt', '+x'), { cwd: f.root }));
    assert.equal(readlinkSync(path.join(f.root, 'link.txt')), 'real.txt');
    assert.equal(readFileSync(path.join(f.root, 'real.txt'), 'utf8'), 'kept\n');
  } finally {
    f.cleanup();
  }
});
