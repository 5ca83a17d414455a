// Edits of files over the worker threshold (1 MiB) give what an edit on the event loop gives:
// the bytes written, the format, the text, the counts, and the same failures.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import iconv from 'iconv-lite';
import { editFile } from '../../src/engine/files/edit.js';
import { recordRead, sha256 } from '../../src/engine/files/freshness.js';
import { readFile } from '../../src/engine/files/read.js';
import { filesPool } from '../../src/engine/files/worker-pool.js';
import { EngineError } from '../../src/engine/errors.js';
import { fixture } from './fixture.js';

/** 30,000 numbered lines of 70 characters (2.1 MB in a single-byte encoding). */
const lines = (eol: string, extra = '') =>
  Array.from(
    { length: 30_000 },
    (_, i) => `${String(i).padStart(6, '0')} ${extra}${'x'.repeat(62 - extra.length)}${eol}`,
  ).join('');

test('a big CRLF file keeps its endings; the result text is LF and the counts are the whole file', async () => {
  const f = fixture();
  try {
    const p = f.file('crlf.txt', lines('\r\n'));
    const r = await editFile(f.scope, 'crlf.txt', [{ oldString: '015000 x', newString: '015000 changed\nsecond x' }], {
      keepText: true,
    });
    assert.equal(readFileSync(p, 'utf8'), lines('\r\n').replace('015000 x', '015000 changed\r\nsecond x'));
    assert.equal(r.text, lines('\n').replace('015000 x', '015000 changed\nsecond x'));
    assert.deepEqual(
      [r.encoding, r.bom, r.lineEnding, r.changed, r.created, r.replacements, r.totalLines],
      ['utf8', false, 'crlf', true, false, 1, 30_001],
    );
    assert.deepEqual(r.edits, [{ rung: 'exact', replacements: 1, lines: [[15_001, 15_001]] }]);
    assert.deepEqual(
      [r.diff.added, r.diff.removed, r.diff.unified.split('\n').slice(0, 3)],
      [2, 1, ['--- a/crlf.txt', '+++ b/crlf.txt', '@@ -14998,7 +14998,8 @@']],
    );
  } finally {
    f.cleanup();
  }
});

test('a big UTF-16LE file with a BOM and a big Windows-1252 file keep their encodings', async () => {
  const f = fixture();
  try {
    const u16 = f.file(
      'u16.txt',
      Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(lines('\n', 'é'), 'utf16le')]),
    );
    const r = await editFile(f.scope, 'u16.txt', [{ oldString: '020000 é', newString: '020000 ü€' }], {
      keepText: true,
    });
    assert.deepEqual(
      readFileSync(u16),
      Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        iconv.encode(lines('\n', 'é').replace('020000 é', '020000 ü€'), 'utf16le'),
      ]),
    );
    assert.deepEqual(
      [r.encoding, r.bom, r.lineEnding, r.totalLines, r.text],
      ['utf16le', true, 'lf', 30_000, lines('\n', 'é').replace('020000 é', '020000 ü€')],
    );
    const legacy = f.file('w1252.txt', iconv.encode(lines('\n', 'é'), 'windows-1252'));
    const w = await editFile(f.scope, 'w1252.txt', [{ oldString: '000001 é', newString: '000001 ü' }]);
    assert.equal(w.encodingChangedFrom, undefined);
    assert.deepEqual(readFileSync(legacy), iconv.encode(lines('\n', 'é').replace('000001 é', '000001 ü'), w.encoding));
    // A character the legacy encoding cannot hold turns the file into UTF-8, as on the loop.
    const x = await editFile(f.scope, 'w1252.txt', [{ oldString: '000002 é', newString: '000002 あ' }]);
    assert.equal(x.encodingChangedFrom, w.encoding);
    assert.equal(x.encoding, 'utf8');
    assert.equal(
      readFileSync(legacy, 'utf8'),
      lines('\n', 'é').replace('000001 é', '000001 ü').replace('000002 é', '000002 あ'),
    );
  } finally {
    f.cleanup();
  }
});

test('a big edit sends its new text back only when asked, and the text is what it wrote', async () => {
  const f = fixture();
  try {
    const p = f.file('kept.txt', lines('\n'));
    const kept = await editFile(f.scope, 'kept.txt', [{ oldString: '000100 x', newString: '000100 kept' }], {
      keepText: true,
    });
    const written = lines('\n').replace('000100 x', '000100 kept');
    // Another writer changes the file after the edit: the result still holds what the edit wrote.
    writeFileSync(p, 'overwritten\n');
    assert.equal(kept.text, written);
    f.file('plain.txt', lines('\n'));
    const plain = await editFile(f.scope, 'plain.txt', [{ oldString: '000100 x', newString: '000100 plain' }]);
    assert.deepEqual([plain.changed, plain.totalLines, plain.text], [true, 30_000, undefined]);
  } finally {
    f.cleanup();
  }
});

test('failures of a big edit are the same engine errors, and the file is untouched', async () => {
  const f = fixture();
  try {
    const content = lines('\n');
    const p = f.file('big.txt', content);
    const fail = async (edit: { oldString: string; newString: string }) => {
      const e = await editFile(f.scope, 'big.txt', [edit]).then(
        () => assert.fail('expected a failure'),
        (err: unknown) => err,
      );
      assert.ok(e instanceof EngineError);
      return { kind: e.kind, condition: e.condition, facts: e.facts, field: e.field };
    };
    assert.deepEqual(await fail({ oldString: 'x\n', newString: 'y\n' }), {
      kind: 'conflict',
      condition: 'ambiguous',
      facts: { count: 30_000, editIndex: 0, rung: 'exact', condition: 'ambiguous' },
      field: 'old_string',
    });
    const missing = await fail({ oldString: 'not there', newString: 'y' });
    assert.deepEqual([missing.condition, missing.facts.editIndex, missing.field], ['no_match', 0, 'old_string']);
    assert.equal((await fail({ oldString: '', newString: 'new' })).condition, 'file_exists');
    assert.equal(readFileSync(p, 'utf8'), content);
    // A big binary file is refused by the worker that read it, in the same words.
    f.file('big.bin', Buffer.alloc(2 * 1024 * 1024, 0));
    const bin = await editFile(f.scope, 'big.bin', [{ oldString: 'a', newString: 'b' }]).catch((e: EngineError) => e);
    assert.ok(bin instanceof EngineError);
    assert.deepEqual(
      [bin.condition, bin.message, bin.field],
      ['binary', 'big.bin is a binary file; it cannot be edited as text', 'path'],
    );
    // No failure left a temporary file behind.
    assert.deepEqual(readdirSync(f.root).sort(), ['big.bin', 'big.txt']);
  } finally {
    f.cleanup();
  }
});

test('read-before-edit on a big file: not read, changed since, and moved times over the same content', async () => {
  const f = fixture();
  try {
    const content = lines('\n');
    const p = f.file('big.txt', content);
    const strict = { requireRead: true, requireComplete: true, requireUnchanged: true };
    const edit = (oldString: string, newString: string) =>
      editFile(f.scope, 'big.txt', [{ oldString, newString }], { session: f.session, freshness: strict }).then(
        () => 'edited',
        (e: EngineError) => `${e.kind}/${e.condition}`,
      );
    assert.equal(await edit('000001 x', '000001 y'), 'conflict/not_read');
    await readFile(f.scope, 'big.txt', { session: f.session, limit: 1 });
    assert.equal(await edit('000001 x', '000001 y'), 'conflict/partial_read');
    recordRead(f.session, p, {
      size: content.length,
      mtimeMs: statSync(p).mtimeMs,
      hash: sha256(Buffer.from(content)),
      complete: true,
    });
    // Times moved, bytes the same: the worker's hash of what it read lets the edit through.
    const later = new Date(Date.now() + 5000);
    utimesSync(p, later, later);
    assert.equal(await edit('000001 x', '000001 y'), 'edited');
    // Changed by someone else, same size: refused after the worker's look, and nothing written.
    const theirs = content.replace('000002 x', '000002 z');
    writeFileSync(p, theirs);
    utimesSync(p, new Date(Date.now() + 9000), new Date(Date.now() + 9000));
    assert.equal(await edit('000003 x', '000003 y'), 'conflict/modified_since_read');
    assert.equal(readFileSync(p, 'utf8'), theirs);
    assert.deepEqual(readdirSync(f.root), ['big.txt']);
  } finally {
    f.cleanup();
  }
});

test('a big edit aborted while the worker runs changes nothing and leaves no temporary file', async () => {
  const f = fixture();
  try {
    const content = lines('\n').repeat(20); // 42 MB: the worker is busy for a while
    const p = f.file('big.txt', content);
    const ac = new AbortController();
    const pending = editFile(
      f.scope,
      'big.txt',
      [{ oldString: '000001 x', newString: '000001 y', occurrences: 'all' }],
      {
        signal: ac.signal,
      },
    );
    setTimeout(() => ac.abort(), 20);
    const e = await pending.then(
      () => assert.fail('expected the abort'),
      (err: unknown) => err as EngineError,
    );
    assert.deepEqual([e.kind, e.condition, e.message], ['cancelled', 'cancelled', 'the edit was cancelled']);
    assert.equal(readFileSync(p, 'utf8'), content);
    assert.deepEqual(readdirSync(f.root), ['big.txt']);
  } finally {
    f.cleanup();
  }
});

test('a big edit whose worker dies is done on the event loop from a fresh load, with no temporary file left', async () => {
  const f = fixture();
  try {
    const content = lines('\n'); // 2.1 MB: over the worker threshold, and diffed in full
    const p = f.file('big.txt', content);
    const answered = filesPool.answeredOf('edit');
    // The pool's slots are private: the test reaches in to end the worker that took the edit.
    const slots = (
      filesPool as unknown as { slots: Array<{ kind?: string; worker: { terminate(): Promise<number> } }> }
    ).slots;
    let killed = false;
    const watch = () => {
      const slot = slots.find((s) => s.kind === 'edit');
      if (slot) {
        killed = true;
        void slot.worker.terminate();
      } else setImmediate(watch);
    };
    setImmediate(watch);
    const r = await editFile(f.scope, 'big.txt', [
      { oldString: '029999 x', newString: '029999 y', occurrences: 'all' },
    ]);
    assert.ok(killed, 'the worker was ended while it held the edit');
    assert.equal(filesPool.answeredOf('edit'), answered, 'no worker answered the edit');
    const want = content.replaceAll('029999 x', '029999 y');
    assert.equal(readFileSync(p, 'utf8'), want);
    assert.deepEqual(
      [r.changed, r.replacements, r.totalLines, r.diff.added, r.diff.removed, r.diff.changedLines],
      [true, 1, 30_000, 1, 1, [30_000]],
    );
    assert.equal(r.text, want);
    assert.deepEqual(readdirSync(f.root), ['big.txt']);
  } finally {
    f.cleanup();
  }
});
