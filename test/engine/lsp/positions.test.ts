// 1-based character columns against LSP's UTF-16 offsets, and which diagnostics a change introduced.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { introduced, type CodeDiagnostic } from '../../../src/engine/lsp/introduced.js';
import { columnOf, fromLsp, toLsp, utf16Of } from '../../../src/engine/lsp/positions.js';

test('columns count characters; LSP counts UTF-16 units (an emoji is one column, two units)', () => {
  const line = 'a😀b = é😀;';
  assert.equal(utf16Of(line, 1), 0);
  assert.equal(utf16Of(line, 3), 3); // 'b' after the emoji
  assert.equal(utf16Of(line, 8), 8); // the second emoji, after one emoji (two units) and é (one)
  assert.equal(utf16Of(line, 99), line.length); // past the end: the line's end
  assert.equal(columnOf(line, 3), 3);
  assert.equal(columnOf(line, 2), 2); // inside the surrogate pair: that character
  assert.deepEqual(toLsp(['x', line], { line: 2, column: 3 }), { line: 1, character: 3 });
  assert.deepEqual(fromLsp(['x', line], { line: 1, character: 10 }), { line: 2, column: 9 });
  assert.deepEqual(fromLsp(undefined, { line: 4, character: 2 }), { line: 5, column: 3 });
});

const d = (line: number, message: string, severity: CodeDiagnostic['severity'] = 'error'): CodeDiagnostic => ({
  line,
  column: 1,
  endLine: line,
  endColumn: 2,
  severity,
  message,
});

test('introduced: new errors and warnings only, old ones matched after shifted lines', () => {
  const before = 'a\nb\nc\nd\n';
  const after = 'a\nNEW1\nNEW2\nb\nc\nd\n'; // two lines inserted after line 1
  const old = [d(1, 'at a'), d(3, 'at c')];
  const now = [
    d(1, 'at a'),
    d(2, 'in new', 'error'),
    d(3, 'hint in new', 'hint'),
    d(5, 'at c'),
    d(6, 'at d', 'warning'),
  ];
  assert.deepEqual(introduced(before, after, old, now), [d(2, 'in new'), d(6, 'at d', 'warning')]);
  // The same message moved to another unchanged line is new; one inside the changed region matches by message.
  assert.deepEqual(introduced('x\ny\nz\n', 'x\nY\nz\n', [d(1, 'm'), d(2, 'r')], [d(3, 'm'), d(2, 'r')]), [d(3, 'm')]);
});
