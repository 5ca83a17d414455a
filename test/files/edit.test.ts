// Edits: occurrence rules, literal replacement, creation, the matching ladder, multi-edit
// all-or-nothing, read-before-edit, and encoding/line-ending round trips.
import assert from 'node:assert/strict';
import { readFileSync, statSync, chmodSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import iconv from 'iconv-lite';
import { editFile } from '../../src/engine/files/edit.js';
import { readFile } from '../../src/engine/files/read.js';
import { writeFile } from '../../src/engine/files/write.js';
import { ALL_RUNGS } from '../../src/engine/files/match.js';
import { fixture, kindOf } from './fixture.js';

async function failure(fn: () => Promise<unknown>): Promise<{ kind: string; facts: Record<string, unknown> }> {
  try {
    await fn();
  } catch (err) {
    return err as { kind: string; facts: Record<string, unknown> };
  }
  assert.fail('expected a failure');
}

test('occurrence rules: unique, all, first, exact count', async () => {
  const f = fixture();
  try {
    const p = f.file('a.txt', 'alpha beta alpha\n');
    let e = await failure(() => editFile(f.scope, 'a.txt', [{ oldString: 'alpha', newString: 'A' }]));
    assert.deepEqual([e.kind, e.facts.condition, e.facts.count], ['conflict', 'ambiguous', 2]);
    e = await failure(() => editFile(f.scope, 'a.txt', [{ oldString: 'alpha', newString: 'A', occurrences: 3 }]));
    assert.deepEqual(
      [e.kind, e.facts.condition, e.facts.expected, e.facts.count],
      ['conflict', 'count_mismatch', 3, 2],
    );
    e = await failure(() => editFile(f.scope, 'a.txt', [{ oldString: 'zzz', newString: 'A' }]));
    assert.deepEqual([e.kind, e.facts.condition], ['invalid_argument', 'no_match']);
    e = await failure(() => editFile(f.scope, 'a.txt', [{ oldString: 'beta', newString: 'beta' }]));
    assert.deepEqual([e.kind, e.facts.condition], ['invalid_argument', 'no_change']);
    assert.equal(readFileSync(p, 'utf8'), 'alpha beta alpha\n');
    let r = await editFile(f.scope, 'a.txt', [{ oldString: 'alpha', newString: 'A', occurrences: 'first' }]);
    assert.equal(readFileSync(p, 'utf8'), 'A beta alpha\n');
    r = await editFile(f.scope, 'a.txt', [{ oldString: 'a', newString: '$&$&', occurrences: 'all' }]);
    assert.equal(readFileSync(p, 'utf8'), 'A bet$&$& $&$&lph$&$&\n');
    assert.equal(r.replacements, 3);
    r = await editFile(f.scope, 'a.txt', [{ oldString: '$&$&', newString: "$'", occurrences: 3 }]);
    assert.equal(readFileSync(p, 'utf8'), "A bet$' $'lph$'\n");
    assert.deepEqual(r.diff.changedLines, [1]);
    assert.ok(r.diff.unified.includes("-A bet$&$& $&$&lph$&$&\n+A bet$' $'lph$'"), r.diff.unified);
    // Grok keeps "no change" as a success.
    r = await editFile(f.scope, 'a.txt', [{ oldString: 'A', newString: 'A' }], { allowNoChange: true });
    assert.equal(r.changed, false);
  } finally {
    f.cleanup();
  }
});

test('empty old string creates a file, refuses a non-empty one, fills an empty one', async () => {
  const f = fixture();
  try {
    const r = await editFile(f.scope, 'new/dir/n.txt', [{ oldString: '', newString: 'hello\n' }]);
    assert.equal(r.created, true);
    assert.equal(readFileSync(path.join(f.root, 'new/dir/n.txt'), 'utf8'), 'hello\n');
    const e = await failure(() => editFile(f.scope, 'new/dir/n.txt', [{ oldString: '', newString: 'x' }]));
    assert.deepEqual([e.kind, e.facts.condition], ['already_exists', 'file_exists']);
    f.file('empty.txt', '');
    await editFile(f.scope, 'empty.txt', [{ oldString: '', newString: 'filled' }]);
    assert.equal(readFileSync(path.join(f.root, 'empty.txt'), 'utf8'), 'filled');
    assert.equal(
      await kindOf(() => editFile(f.scope, 'missing.txt', [{ oldString: 'a', newString: 'b' }])),
      'not_found',
    );
  } finally {
    f.cleanup();
  }
});

test('multi-edit applies in order, all or nothing', async () => {
  const f = fixture();
  try {
    const p = f.file('m.txt', 'one\ntwo\nthree\n');
    const r = await editFile(f.scope, 'm.txt', [
      { oldString: 'one', newString: '1' },
      { oldString: '1\ntwo', newString: '1\n2' },
    ]);
    assert.equal(readFileSync(p, 'utf8'), '1\n2\nthree\n');
    assert.deepEqual(r.diff.changedLines, [1, 2]);
    const e = await failure(() =>
      editFile(f.scope, 'm.txt', [
        { oldString: 'three', newString: '3' },
        { oldString: 'nope', newString: 'x' },
      ]),
    );
    assert.equal(e.facts.editIndex, 1);
    assert.equal(readFileSync(p, 'utf8'), '1\n2\nthree\n');
  } finally {
    f.cleanup();
  }
});

test('the matching ladder: each rung, reported, and re-indentation', async () => {
  const f = fixture();
  try {
    const p = f.file('l.py', 'def f():\n    if x:   \n        return 1\n');
    // trailing whitespace
    let r = await editFile(f.scope, 'l.py', [{ oldString: '    if x:\n', newString: '    if y:\n' }], {
      ladder: ALL_RUNGS,
    });
    assert.deepEqual(
      [r.edits[0]!.rung, readFileSync(p, 'utf8')],
      ['trailing-whitespace', 'def f():\n    if y:\n        return 1\n'],
    );
    // indentation: the model wrote the block flush left; the replacement is re-indented
    f.file('l.py', 'def f():\n    if x:\n        return 1\n');
    r = await editFile(
      f.scope,
      'l.py',
      [{ oldString: 'if x:\n    return 1', newString: 'if x:\n    return 2\nreturn 3' }],
      { ladder: ALL_RUNGS },
    );
    assert.equal(r.edits[0]!.rung, 'indentation');
    assert.equal(readFileSync(p, 'utf8'), 'def f():\n    if x:\n        return 2\n    return 3\n');
    // Lines that moved by different amounts (the caller flattened both, the file has them at 4 and
    // 2 spaces): with as many lines, each line moves as its own line did ...
    const b = f.file('b.ts', 'function g() {\n  if (x) {\n    indented();\n  }\n}\n');
    r = await editFile(f.scope, 'b.ts', [{ oldString: 'indented();\n}', newString: 'changed();\n}' }], {
      ladder: ALL_RUNGS,
    });
    assert.equal(r.edits[0]!.rung, 'indentation');
    assert.equal(readFileSync(b, 'utf8'), 'function g() {\n  if (x) {\n    changed();\n  }\n}\n');
    // ... and with more lines, the first and last follow the needle's first and last, the rest the line they are
    // indented like.
    r = await editFile(f.scope, 'b.ts', [{ oldString: 'changed();\n}', newString: 'one();\n  two();\n}' }], {
      ladder: ALL_RUNGS,
    });
    assert.equal(readFileSync(b, 'utf8'), 'function g() {\n  if (x) {\n    one();\n      two();\n  }\n}\n');
    // typography, with Claude-style re-quoting of the replacement
    const q = f.file('q.txt', 'say \u201chello\u201d \u2014 it\u2019s fine\n');
    r = await editFile(f.scope, 'q.txt', [{ oldString: 'say "hello" - it\'s', newString: 'say "bye" - it\'s' }], {
      ladder: ALL_RUNGS,
      requote: true,
    });
    assert.equal(r.edits[0]!.rung, 'typography');
    assert.equal(readFileSync(q, 'utf8'), 'say \u201cbye\u201d - it\u2019s fine\n');
    // exact-only refuses what the ladder would find
    f.file('q2.txt', 'a \u2018b\u2019\n');
    assert.equal(
      await kindOf(() => editFile(f.scope, 'q2.txt', [{ oldString: "'b'", newString: 'c' }])),
      'invalid_argument',
    );
    // deleting a line takes its line break when asked
    const d = f.file('d.txt', 'keep\ndrop me\nkeep too\n');
    await editFile(f.scope, 'd.txt', [{ oldString: 'drop me', newString: '' }], { absorbNewlineOnDelete: true });
    assert.equal(readFileSync(d, 'utf8'), 'keep\nkeep too\n');
  } finally {
    f.cleanup();
  }
});

test('read-before-edit: not read, partly read, changed since read; same content passes', async () => {
  const f = fixture();
  try {
    const p = f.file('r.txt', 'one\ntwo\n');
    const strict = { requireRead: true, requireComplete: true, requireUnchanged: true };
    let e = await failure(() =>
      editFile(f.scope, 'r.txt', [{ oldString: 'one', newString: '1' }], { session: f.session, freshness: strict }),
    );
    assert.deepEqual([e.kind, e.facts.condition], ['conflict', 'not_read']);
    await readFile(f.scope, 'r.txt', { session: f.session, limit: 1 });
    e = await failure(() =>
      editFile(f.scope, 'r.txt', [{ oldString: 'one', newString: '1' }], { session: f.session, freshness: strict }),
    );
    assert.deepEqual([e.kind, e.facts.condition], ['conflict', 'partial_read']);
    // Partial reads are enough for a looser policy (Qwen).
    await editFile(f.scope, 'r.txt', [{ oldString: 'one', newString: '1' }], {
      session: f.session,
      freshness: { requireRead: true, requireUnchanged: true },
    });
    // The write left the session current: a second edit needs no new read.
    await editFile(f.scope, 'r.txt', [{ oldString: 'two', newString: '2' }], { session: f.session, freshness: strict });
    // Someone else changes the file.
    f.file('r.txt', '1\n2\nthree\n');
    e = await failure(() =>
      editFile(f.scope, 'r.txt', [{ oldString: '1', newString: 'I' }], { session: f.session, freshness: strict }),
    );
    assert.deepEqual([e.kind, e.facts.condition], ['conflict', 'modified_since_read']);
    // mtime moved but content identical: allowed.
    await readFile(f.scope, 'r.txt', { session: f.session });
    const later = new Date(Date.now() + 5000);
    utimesSync(p, later, later);
    await editFile(f.scope, 'r.txt', [{ oldString: 'three', newString: '3' }], {
      session: f.session,
      freshness: strict,
    });
    assert.equal(readFileSync(p, 'utf8'), '1\n2\n3\n');
    // Writes obey the same policy.
    f.file('w.txt', 'x');
    e = await failure(() => writeFile(f.scope, 'w.txt', 'y', { session: f.session, freshness: strict }));
    assert.equal(e.facts.condition, 'not_read');
  } finally {
    f.cleanup();
  }
});

test('encoding round trips: UTF-16 LE/BE, Latin-1, CRLF and BOM are kept by edits and writes', async () => {
  const f = fixture();
  try {
    const u16 = f.file('u16.txt', iconv.encode('hello wörld\r\nsecond\r\n', 'utf16le', { addBOM: true }));
    await editFile(f.scope, 'u16.txt', [{ oldString: 'wörld\nsecond', newString: 'wörld\nzweite' }]);
    const b = readFileSync(u16);
    assert.deepEqual([b[0], b[1]], [0xff, 0xfe]);
    assert.equal(iconv.decode(b, 'utf16le'), 'hello wörld\r\nzweite\r\n');
    const be = f.file('be.txt', Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode('über\n', 'utf16be')]));
    await editFile(f.scope, 'be.txt', [{ oldString: 'über', newString: 'unter' }]);
    assert.deepEqual(readFileSync(be), Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode('unter\n', 'utf16be')]));
    const l1 = f.file('l1.txt', iconv.encode('Café crème, déjà vu, naïve façade\n', 'latin1'));
    await editFile(f.scope, 'l1.txt', [{ oldString: 'crème', newString: 'brûlée' }]);
    assert.deepEqual(readFileSync(l1), iconv.encode('Café brûlée, déjà vu, naïve façade\n', 'latin1'));
    const crlf = f.file('c.txt', 'a\r\nb\r\nc\r\n');
    await editFile(f.scope, 'c.txt', [{ oldString: 'a\nb', newString: 'A\nB\nB2' }]);
    assert.equal(readFileSync(crlf, 'utf8'), 'A\r\nB\r\nB2\r\nc\r\n');
    await writeFile(f.scope, 'c.txt', 'x\ny\n');
    assert.equal(readFileSync(crlf, 'utf8'), 'x\r\ny\r\n');
    const bom = f.file('bom.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('x = 1\n')]));
    await editFile(f.scope, 'bom.txt', [{ oldString: '1', newString: '2' }]);
    assert.deepEqual(readFileSync(bom), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('x = 2\n')]));
    await writeFile(f.scope, 'bom.txt', 'y = 3\n');
    assert.deepEqual(readFileSync(bom), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('y = 3\n')]));
    // Text the old encoding cannot hold switches to UTF-8 and says so.
    const r = await writeFile(f.scope, 'l1.txt', 'emoji \u{1F600}\n');
    assert.deepEqual([r.encoding, r.encodingChangedFrom !== undefined], ['utf8', true]);
    assert.equal(readFileSync(l1, 'utf8'), 'emoji \u{1F600}\n');
  } finally {
    f.cleanup();
  }
});

test('writes: modes, permissions kept, parents created or required, directories refused', async () => {
  const f = fixture();
  try {
    const p = f.file('s.sh', '#!/bin/sh\n');
    chmodSync(p, 0o751);
    await writeFile(f.scope, 's.sh', '#!/bin/sh\necho hi\n');
    assert.equal(statSync(p).mode & 0o777, 0o751);
    await writeFile(f.scope, 's.sh', 'exit 0\n', { mode: 'append' });
    assert.equal(readFileSync(p, 'utf8'), '#!/bin/sh\necho hi\nexit 0\n');
    assert.equal(await kindOf(() => writeFile(f.scope, 's.sh', 'x', { mode: 'create' })), 'already_exists');
    assert.equal(
      await kindOf(() => writeFile(f.scope, 'no/such/dir/x.txt', 'x', { createParents: false })),
      'not_found',
    );
    assert.equal(await kindOf(() => writeFile(f.scope, '.', 'x')), 'invalid_argument');
    const r = await writeFile(f.scope, 'n.txt', 'one\ntwo\n');
    assert.deepEqual([r.created, r.size, r.diff?.added, r.diff?.changedLines], [true, 8, 2, [1, 2]]);
    f.file('bin.dat', Buffer.from([0, 1, 2]));
    assert.equal(
      await kindOf(() => editFile(f.scope, 'bin.dat', [{ oldString: 'a', newString: 'b' }])),
      'invalid_argument',
    );
  } finally {
    f.cleanup();
  }
});

test('skipUnmatched (Kimi): missing texts are skipped, all missing is an error', async () => {
  const f = fixture();
  try {
    const p = f.file('k.txt', 'a b a\n');
    const r = await editFile(
      f.scope,
      'k.txt',
      [
        { oldString: 'zz', newString: 'y' },
        { oldString: 'a', newString: 'c', occurrences: 'first' },
      ],
      { skipUnmatched: true },
    );
    assert.deepEqual(
      r.edits.map((e) => e.replacements),
      [0, 1],
    );
    assert.equal(readFileSync(p, 'utf8'), 'c b a\n');
    const e = await failure(() =>
      editFile(f.scope, 'k.txt', [{ oldString: 'zz', newString: 'y' }], { skipUnmatched: true }),
    );
    assert.deepEqual([e.kind, e.facts.condition], ['invalid_argument', 'no_match']);
  } finally {
    f.cleanup();
  }
});

test('statFile and unchangedSinceRead support read caches', async () => {
  const { statFile } = await import('../../src/engine/files/read.js');
  const { unchangedSinceRead } = await import('../../src/engine/files/freshness.js');
  const f = fixture();
  try {
    f.file('c.txt', 'one\n');
    let st = await statFile(f.scope, 'c.txt');
    assert.equal(unchangedSinceRead(f.session, st.path, st), false);
    await readFile(f.scope, 'c.txt', { session: f.session });
    assert.equal(unchangedSinceRead(f.session, st.path, st), true);
    assert.equal(unchangedSinceRead(f.session, st.path, st, { offset: 2 }), false);
    f.file('c.txt', 'one two\n');
    st = await statFile(f.scope, 'c.txt');
    assert.equal(unchangedSinceRead(f.session, st.path, st), false);
    assert.deepEqual([st.exists, st.isFile, st.size], [true, true, 8]);
    assert.equal((await statFile(f.scope, 'nope')).exists, false);
  } finally {
    f.cleanup();
  }
});

test("fuzzy rung and first-line re-indentation (Gemini CLI's ladder); match lines reported", async () => {
  const f = fixture();
  try {
    const gemini = { ladder: ['exact', 'indentation', 'tokens', 'fuzzy'] as const, firstLineIndent: true };
    // A missing comma: no rung but the fuzzy one finds it; the replacement takes the first line's indentation.
    const p = f.file('c.ts', 'x\n    const c = {\n      a: 1,\n      b: 2\n    };\n');
    let r = await editFile(
      f.scope,
      'c.ts',
      [{ oldString: 'const c = {\n  a: 1\n  b: 2\n};', newString: 'const c = {\n  a: 3,\n  b: 4\n};' }],
      {
        ...gemini,
        ladder: [...gemini.ladder],
      },
    );
    assert.equal(readFileSync(p, 'utf8'), 'x\n    const c = {\n      a: 3,\n      b: 4\n    };\n');
    assert.deepEqual(r.edits, [{ rung: 'fuzzy', replacements: 1, lines: [[2, 5]] }]);
    // Too different, or too short (under 10 characters), finds nothing.
    const e = await failure(() =>
      editFile(f.scope, 'c.ts', [{ oldString: 'function other() {\n  return 0;\n}', newString: 'y' }], {
        ...gemini,
        ladder: [...gemini.ladder],
      }),
    );
    assert.deepEqual([e.kind, e.facts.condition], ['invalid_argument', 'no_match']);
    assert.equal(
      (
        await failure(() =>
          editFile(f.scope, 'c.ts', [{ oldString: 'a: 9', newString: 'y' }], { ...gemini, ladder: ['fuzzy'] }),
        )
      ).facts.condition,
      'no_match',
    );
    // First-line re-indentation: blank lines emptied, lines moved from new_string's first line's indentation.
    const q = f.file('i.ts', '  // note\n\n  function oldFunc() {}\n');
    r = await editFile(
      f.scope,
      'i.ts',
      [{ oldString: '\nfunction oldFunc() {}', newString: '\n  function newFunc() {\n    return 1;\n  }' }],
      {
        ...gemini,
        ladder: [...gemini.ladder],
      },
    );
    assert.equal(readFileSync(q, 'utf8'), '  // note\n\n  function newFunc() {\n    return 1;\n  }\n');
    assert.equal(r.edits[0]!.rung, 'indentation');
  } finally {
    f.cleanup();
  }
});

test("a file created by an empty old string keeps the new string's CRLF when asked", async () => {
  const f = fixture();
  try {
    await editFile(f.scope, 'crlf.txt', [{ oldString: '', newString: 'a\r\nb\r\n' }], { newFileKeepsEndings: true });
    assert.equal(readFileSync(path.join(f.root, 'crlf.txt'), 'utf8'), 'a\r\nb\r\n');
    await editFile(f.scope, 'lf.txt', [{ oldString: '', newString: 'a\r\nb\r\n' }]);
    assert.equal(readFileSync(path.join(f.root, 'lf.txt'), 'utf8'), 'a\nb\n');
  } finally {
    f.cleanup();
  }
});
