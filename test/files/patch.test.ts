// Codex patches: every grammar element, the four matching passes, errors that point at the
// line, and all-or-nothing application.
import assert from 'node:assert/strict';
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, renameSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { atomicWrite } from '../../src/engine/files/atomic.js';
import { applyPatch } from '../../src/engine/files/patch-apply.js';
import { parsePatch } from '../../src/engine/files/patch-parse.js';
import { fixture, tree } from './fixture.js';

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
    assert.equal(
      readFileSync(path.join(f.root, 'src/b.py'), 'utf8'),
      'import os\n\ndef main():\n    ctx\n    new\n\ndef other():\n    TAIL\n',
    );
    assert.deepEqual(r.changes.find((c) => c.action === 'update')!.passes, ['exact', 'exact']);
    // A moved file's diff names where it came from and where it went.
    assert.equal(
      r.changes
        .find((c) => c.action === 'update')!
        .diff.unified.split('\n')
        .slice(0, 2)
        .join('\n'),
      '--- a/src/a.py\n+++ b/src/b.py',
    );
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
      const r = await applyPatch(f.scope, P(`*** Update File: ${pass}.txt`, '@@', ` a`, `-${line}`, '+B'), {
        cwd: f.root,
      });
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
      assert.deepEqual(
        [err.kind, err.facts.condition, err.facts.line],
        ['precondition_failed', 'context_not_found', 8],
      );
      return true;
    });
    const missing = P('*** Update File: a.txt', '-alpha', '+ALPHA', '*** Update File: b.txt', '-nope', '+x');
    await assert.rejects(
      applyPatch(f.scope, missing, { cwd: f.root }),
      (err: any) => err.facts.condition === 'lines_not_found',
    );
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
    await assert.rejects(
      applyPatch(f.scope, P('*** Delete File: out.txt'), { cwd: f.root }),
      (e: { kind: string }) => e.kind === 'permission_denied',
    );
    assert.equal(readFileSync(path.join(f.outside, 'secret.txt'), 'utf8'), 'secret\n');

    f.file('target.txt', 'one\ntwo\n');
    symlinkSync('target.txt', path.join(f.root, 'alias.txt'));
    await applyPatch(f.scope, P('*** Update File: alias.txt', '*** Move to: moved.txt', '@@', ' one', '-two', '+TWO'), {
      cwd: f.root,
    });
    assert.equal(readFileSync(path.join(f.root, 'moved.txt'), 'utf8'), 'one\nTWO\n');
    assert.equal(existsSync(path.join(f.root, 'alias.txt')), false);
    assert.equal(lstatSync(path.join(f.root, 'target.txt')).isFile(), true);
    assert.equal(readFileSync(path.join(f.root, 'target.txt'), 'utf8'), 'one\ntwo\n');
  } finally {
    f.cleanup();
  }
});

/** A real AbortSignal that fires the first time it is looked at once `ready()` holds: a cancel at an exact point. */
function cancelWhen(ready: () => boolean): AbortSignal {
  const c = new AbortController();
  const signal = c.signal;
  Object.defineProperty(signal, 'aborted', {
    get() {
      if (!c.signal.reason && ready()) c.abort(new Error('cancelled by the test'));
      return c.signal.reason !== undefined;
    },
  });
  return signal;
}

test('a patch cancelled after its first writes puts back the files, the link it deleted, and the directories it made', async () => {
  const f = fixture();
  try {
    f.file('real.txt', 'kept\n');
    f.file('a.txt', 'alpha\n');
    symlinkSync('real.txt', path.join(f.root, 'link.txt'));
    const before = tree(f.root);
    const made = path.join(f.root, 'new/deep/x.txt');
    const patch = P(
      '*** Delete File: link.txt',
      '*** Add File: new/deep/x.txt',
      '+x',
      '*** Update File: a.txt',
      '-alpha',
      '+ALPHA',
    );
    await assert.rejects(
      applyPatch(f.scope, patch, { cwd: f.root, signal: cancelWhen(() => existsSync(made)) }),
      (e: any) => e.kind === 'cancelled',
    );
    assert.deepEqual(tree(f.root), before);
    assert.equal(readlinkSync(path.join(f.root, 'link.txt')), 'real.txt');
  } finally {
    f.cleanup();
  }
});

test('a file cannot be created under a file: refused before anything is written, naming the line', async () => {
  const f = fixture();
  try {
    f.file('a.txt', 'alpha\n');
    f.file('plain', 'a file, not a directory\n');
    const before = tree(f.root);
    const cases: Array<[string, string, number]> = [
      [
        P(
          '*** Update File: a.txt',
          '-alpha',
          '+ALPHA',
          '*** Add File: made/x.txt',
          '+x',
          '*** Add File: plain/sub/new.txt',
          '+x',
        ),
        'parent_not_directory',
        7,
      ],
      [P('*** Add File: made', '+x', '*** Add File: made/inner.txt', '+y'), 'parent_not_directory', 4],
      [P('*** Add File: made/inner.txt', '+y', '*** Add File: made', '+x'), 'is_directory', 4],
      [P('*** Update File: a.txt', '*** Move to: plain/a.txt', '@@', '-alpha', '+ALPHA'), 'parent_not_directory', 2],
    ];
    for (const [patch, condition, line] of cases) {
      await assert.rejects(applyPatch(f.scope, patch, { cwd: f.root }), (e: any) => {
        assert.deepEqual([e.kind, e.facts.condition, e.facts.line], ['invalid_argument', condition, line], patch);
        assert.match(e.message, new RegExp(`^\\S+ cannot be created \\(line ${line}\\): `));
        return true;
      });
      assert.deepEqual(tree(f.root), before, patch);
    }
    // A file the same patch deletes first may be replaced by a directory.
    await applyPatch(f.scope, P('*** Delete File: plain', '*** Add File: plain/x.txt', '+x'), { cwd: f.root });
    assert.equal(readFileSync(path.join(f.root, 'plain/x.txt'), 'utf8'), 'x\n');
  } finally {
    f.cleanup();
  }
});

test('reference rules: empty patch, empty Add, Move over an existing file, deleting a directory, End of File anchoring, pass order', async () => {
  const f = fixture();
  try {
    await assert.rejects(
      applyPatch(f.scope, P(), { cwd: f.root }),
      (e: any) => e.kind === 'invalid_argument' && e.facts.condition === 'empty_patch',
    );
    // An Add with no + lines makes an empty file.
    const r = await applyPatch(f.scope, P('*** Add File: empty.txt'), { cwd: f.root });
    assert.deepEqual(r.added, ['empty.txt']);
    assert.equal(readFileSync(path.join(f.root, 'empty.txt'), 'utf8'), '');
    // Move to an existing destination replaces it; the source goes.
    f.file('from.txt', 'one\n');
    f.file('to.txt', 'old destination\n');
    await applyPatch(f.scope, P('*** Update File: from.txt', '*** Move to: to.txt', '@@', '-one', '+ONE'), {
      cwd: f.root,
    });
    assert.equal(readFileSync(path.join(f.root, 'to.txt'), 'utf8'), 'ONE\n');
    assert.equal(existsSync(path.join(f.root, 'from.txt')), false);
    // A directory is not a file to delete.
    f.file('dir/keep.txt', 'k\n');
    await assert.rejects(applyPatch(f.scope, P('*** Delete File: dir'), { cwd: f.root }), (e: any) => {
      assert.equal(e.kind, 'invalid_argument');
      assert.match(e.message, /directory/);
      return true;
    });
    assert.equal(readFileSync(path.join(f.root, 'dir/keep.txt'), 'utf8'), 'k\n');
    // End of File: only the last lines are tried; the same lines higher up do not match.
    const eof = f.file('eof.txt', 'x\nend\ny\n');
    await assert.rejects(
      applyPatch(f.scope, P('*** Update File: eof.txt', '@@', '-end', '+END', '*** End of File'), { cwd: f.root }),
      (e: any) => e.facts.condition === 'lines_not_found',
    );
    assert.equal(readFileSync(eof, 'utf8'), 'x\nend\ny\n');
    const eof2 = f.file('eof2.txt', 'end\nmid\nend\n');
    await applyPatch(f.scope, P('*** Update File: eof2.txt', '@@', '-end', '+END', '*** End of File'), { cwd: f.root });
    assert.equal(readFileSync(eof2, 'utf8'), 'end\nmid\nEND\n');
    // Each pass checks every position before the next pass: an exact match further down beats a looser one above.
    const order = f.file('order.txt', 'b  \nz\nb\n');
    const res = await applyPatch(f.scope, P('*** Update File: order.txt', '@@', '-b', '+B'), { cwd: f.root });
    assert.deepEqual(res.changes[0]!.passes, ['exact']);
    assert.equal(readFileSync(order, 'utf8'), 'b  \nz\nB\n');
  } finally {
    f.cleanup();
  }
});

test('races: a parent swapped for a link to outside is caught when directories are made, and before a delete or move', async () => {
  const f = fixture();
  try {
    // mkdir: the target's existing parent becomes a link to outside after the check.
    f.file('d/keep.txt', 'k\n');
    const target = await f.scope.resolve('d/e/f/new.txt');
    renameSync(path.join(f.root, 'd'), path.join(f.root, 'd-moved'));
    symlinkSync(f.outside, path.join(f.root, 'd'));
    await assert.rejects(
      atomicWrite(f.scope, target, Buffer.from('pwned')),
      (e: any) => e.kind === 'permission_denied' && e.message.includes(`(${f.root})`),
    );
    assert.deepEqual(readdirSync(f.outside), ['secret.txt']);
    // delete / move source: the entry's parent is checked just before it is removed.
    f.file('g/x.txt', 'inside\n');
    const victim = await f.scope.resolve('g/x.txt');
    renameSync(path.join(f.root, 'g'), path.join(f.root, 'g-moved'));
    symlinkSync(f.outside, path.join(f.root, 'g'));
    await assert.rejects(f.scope.entry(victim), (e: any) => e.kind === 'permission_denied');
    assert.equal(readFileSync(path.join(f.outside, 'secret.txt'), 'utf8'), 'secret\n');
  } finally {
    f.cleanup();
  }
});

test('a write cancelled before its rename leaves no temporary file and removes the directories it made', async () => {
  const f = fixture();
  try {
    const target = await f.scope.resolve('n1/n2/file.txt');
    const deepest = path.join(f.root, 'n1/n2');
    const signal = cancelWhen(() => existsSync(deepest) && readdirSync(deepest).length > 0);
    await assert.rejects(
      atomicWrite(f.scope, target, Buffer.from('data'), { signal }),
      (e: any) => e.kind === 'cancelled',
    );
    assert.deepEqual(readdirSync(f.root), []);
  } finally {
    f.cleanup();
  }
});
