// OpenAI apply_patch over gRPC: every operation and every error string the facts list, the V4A
// edge cases (context not found, anchors, end of file, create without a trailing newline), and
// the apply_patch_call_output item each result carries for the host.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { FailureCode as C } from '../../../src/gen/codefly/base/v0/failure.js';
import { display, item, openaiServer, text } from './helpers.js';

describe('openai apply_patch', () => {
  const e = openaiServer();
  const file = (p: string) => path.join(e.dir, p);
  const put = (p: string, s: string) => {
    mkdirSync(path.dirname(file(p)), { recursive: true });
    writeFileSync(file(p), s);
  };
  const read = (p: string) => readFileSync(file(p), 'utf8');

  /** Calls and checks the common shape of the answer: text = output, data = the output item. */
  async function patch(args: Record<string, unknown>, status: 'completed' | 'failed', output: string, code?: C) {
    const res = await e.call('apply_patch', args);
    assert.equal(text(res), output);
    assert.deepEqual(item(res), {
      type: 'apply_patch_call_output',
      ...(args.call_id ? { call_id: args.call_id } : {}),
      status,
      output,
    });
    if (status === 'completed') assert.equal(res.error, '');
    else assert.equal(res.failure?.code, code, `${output}: ${res.failure?.code}`);
    return res;
  }

  test('create_file: "+" lines, no newline added at the end; parent directories created', async () => {
    await patch({ type: 'create_file', path: 'src/a.txt', diff: '+a\n+b\n' }, 'completed', 'Created src/a.txt');
    assert.equal(read('src/a.txt'), 'a\nb');
  });

  test('create_file: a last bare "+" line gives the final newline', async () => {
    const res = await patch(
      { type: 'create_file', path: 'hello.txt', diff: '+hello\n+world\n+' },
      'completed',
      'Created hello.txt',
    );
    assert.equal(read('hello.txt'), 'hello\nworld\n');
    assert.deepEqual(display(res), {
      tool: 'apply_patch',
      summary: 'Created hello.txt',
      paths: [file('hello.txt')],
      diff: '--- a/hello.txt\n+++ b/hello.txt\n@@ -1,0 +1,2 @@\n+hello\n+world\n',
      counts: { bytes: 12 },
      details: { operation: 'create_file' },
    });
  });

  test('create_file: a line without "+" is "Invalid Add File Line", nothing written', async () => {
    await patch(
      { type: 'create_file', path: 'bad.txt', diff: '+a\nb' },
      'failed',
      'Invalid Add File Line: b',
      C.FAILURE_CODE_INVALID_ARGUMENT,
    );
    assert.equal(existsSync(file('bad.txt')), false);
  });

  test('create_file of an existing file is refused, the file kept', async () => {
    put('exists.txt', 'keep\n');
    await patch(
      { type: 'create_file', path: 'exists.txt', diff: '+new' },
      'failed',
      "Error: File already exists at path 'exists.txt'. Use an update_file operation to change it, or delete_file first to replace it.",
      C.FAILURE_CODE_ALREADY_EXISTS,
    );
    assert.equal(read('exists.txt'), 'keep\n');
  });

  test('update_file: the docs example (bare @@, replacement, context after)', async () => {
    put('lib/fib.py', 'def fib(n):\n    if n < 2:\n        return n\n    return fib(n - 1) + fib(n - 2)\n');
    const res = await patch(
      {
        type: 'update_file',
        path: 'lib/fib.py',
        diff: '@@\n-def fib(n):\n+def fibonacci(n):\n     if n < 2:\n         return n',
        call_id: 'call_123',
      },
      'completed',
      'Updated lib/fib.py',
    );
    assert.equal(
      read('lib/fib.py'),
      'def fibonacci(n):\n    if n < 2:\n        return n\n    return fib(n - 1) + fib(n - 2)\n',
    );
    assert.equal(
      display(res).diff,
      '--- a/lib/fib.py\n+++ b/lib/fib.py\n@@ -1,4 +1,4 @@\n-def fib(n):\n+def fibonacci(n):\n     if n < 2:\n         return n\n     return fib(n - 1) + fib(n - 2)\n',
    );
  });

  test('update_file: an anchor moves the search past its line; the trailing newline state is kept', async () => {
    put('two.py', 'def a():\n    return 1\n\ndef b():\n    return 1');
    await patch(
      { type: 'update_file', path: 'two.py', diff: '@@ def b():\n-    return 1\n+    return 2' },
      'completed',
      'Updated two.py',
    );
    assert.equal(read('two.py'), 'def a():\n    return 1\n\ndef b():\n    return 2');
  });

  test('update_file: stacked anchors narrow the search; one not found is "Invalid Anchor"', async () => {
    put('cls.py', 'class A\n    def f():\n        pass\nclass B\n    def f():\n        pass\n');
    await patch(
      { type: 'update_file', path: 'cls.py', diff: '@@ class B\n@@     def f():\n-        pass\n+        return 1' },
      'completed',
      'Updated cls.py',
    );
    assert.equal(read('cls.py'), 'class A\n    def f():\n        pass\nclass B\n    def f():\n        return 1\n');
    await patch(
      { type: 'update_file', path: 'cls.py', diff: '@@ class B\n@@     def g():\n-        pass\n+        return 9' },
      'failed',
      'Invalid Anchor 4:\n    def g():',
      C.FAILURE_CODE_PRECONDITION_FAILED,
    );
    assert.equal(read('cls.py'), 'class A\n    def f():\n        pass\nclass B\n    def f():\n        return 1\n');
  });

  test('update_file: one anchor that is not found is only a hint', async () => {
    put('hint.txt', 'a\nb\n');
    await patch({ type: 'update_file', path: 'hint.txt', diff: '@@ nope\n-b\n+B' }, 'completed', 'Updated hint.txt');
    assert.equal(read('hint.txt'), 'a\nB\n');
  });

  test('update_file: context not found is "Invalid Context <cursor>:" with the lines sought, file untouched', async () => {
    put('ctx.txt', 'a\nb\n');
    await patch(
      { type: 'update_file', path: 'ctx.txt', diff: '@@\n x\n-b\n+B' },
      'failed',
      'Invalid Context 0:\nx\nb',
      C.FAILURE_CODE_PRECONDITION_FAILED,
    );
    assert.equal(read('ctx.txt'), 'a\nb\n');
  });

  test('update_file: hunks out of file order fail (the cursor only moves forward)', async () => {
    put('order.txt', 'a\nb\nc\nd\n');
    await patch(
      { type: 'update_file', path: 'order.txt', diff: '@@\n-c\n+C\n@@\n-a\n+A' },
      'failed',
      'Invalid Context 3:\na',
      C.FAILURE_CODE_PRECONDITION_FAILED,
    );
    assert.equal(read('order.txt'), 'a\nb\nc\nd\n');
  });

  test('update_file: "*** End of File" tries the end first, and reports "Invalid EOF Context"', async () => {
    put('eof.txt', 'a\nb\nb\n');
    await patch(
      { type: 'update_file', path: 'eof.txt', diff: '@@\n-b\n+B\n \n*** End of File' },
      'completed',
      'Updated eof.txt',
    );
    assert.equal(read('eof.txt'), 'a\nb\nB\n');
    // Without the empty last piece, the first match from the cursor is used (the reference's quirk).
    await patch(
      { type: 'update_file', path: 'eof.txt', diff: '@@\n-b\n+X\n*** End of File' },
      'completed',
      'Updated eof.txt',
    );
    assert.equal(read('eof.txt'), 'a\nX\nB\n');
    await patch(
      { type: 'update_file', path: 'eof.txt', diff: '-zz\n*** End of File' },
      'failed',
      'Invalid EOF Context 0:\nzz',
      C.FAILURE_CODE_PRECONDITION_FAILED,
    );
  });

  test('update_file: the parse errors, in the reference words', async () => {
    put('p.txt', 'a\nb\n');
    const cases: Array<[string, string]> = [
      ['x\n-b', 'Invalid Line: x'],
      ['@@\n-b\n+B\n*** End of File\n+x', 'Invalid Line:\n+x'],
      ['@@\n-b\n*** Begin Patch', 'Invalid Line: *** Begin Patch'],
      ['@@\n-b\n***\n+c', 'Invalid Line:\n***'],
      ['@@\n@@x', 'Nothing in this section - index=1 @@x'],
      // An end-of-file hunk is tried at the end before the cursor: here it lands on a line the first hunk changed.
      ['@@\n-b\n+B\n@@\n-b\n+y\n \n*** End of File', 'applyDiff: overlapping chunk at 1 (cursor 2)'],
    ];
    for (const [diff, output] of cases)
      await patch({ type: 'update_file', path: 'p.txt', diff }, 'failed', output, C.FAILURE_CODE_INVALID_ARGUMENT);
    assert.equal(read('p.txt'), 'a\nb\n');
  });

  test('update_file: a CRLF file keeps CRLF endings', async () => {
    put('win.txt', 'line1\r\nline2\r\nline3\r\n');
    await patch(
      { type: 'update_file', path: 'win.txt', diff: '@@ line1\n-line2\n+updated\n line3' },
      'completed',
      'Updated win.txt',
    );
    assert.equal(read('win.txt'), 'line1\r\nupdated\r\nline3\r\n');
  });

  test('update_file and delete_file of a missing file: "Error: File not found at path"', async () => {
    await patch(
      { type: 'update_file', path: 'lib/baz.py', diff: '@@\n-a\n+b' },
      'failed',
      "Error: File not found at path 'lib/baz.py'",
      C.FAILURE_CODE_NOT_FOUND,
    );
    await patch(
      { type: 'delete_file', path: 'lib/baz.py' },
      'failed',
      "Error: File not found at path 'lib/baz.py'",
      C.FAILURE_CODE_NOT_FOUND,
    );
  });

  test('delete_file removes the file; a link is removed, never its target', async () => {
    put('gone.txt', 'bye\n');
    await patch({ type: 'delete_file', path: 'gone.txt' }, 'completed', 'Deleted gone.txt');
    assert.equal(existsSync(file('gone.txt')), false);
    put('target.txt', 'kept\n');
    symlinkSync('target.txt', file('link.txt'));
    await patch({ type: 'delete_file', path: 'link.txt' }, 'completed', 'Deleted link.txt');
    assert.equal(existsSync(file('link.txt')), false);
    assert.equal(read('target.txt'), 'kept\n');
  });

  test("the Agents SDK's checks of the operation, with the output item", async () => {
    await patch(
      { type: 'rename_file', path: 'a' },
      'failed',
      'Unknown apply_patch operation: rename_file',
      C.FAILURE_CODE_INVALID_ARGUMENT,
    );
    await patch({ path: 'a' }, 'failed', 'Unknown apply_patch operation: null', C.FAILURE_CODE_INVALID_ARGUMENT);
    await patch(
      { type: 'update_file', path: '  ', diff: '+a' },
      'failed',
      'Apply patch operation is missing a valid path.',
      C.FAILURE_CODE_INVALID_ARGUMENT,
    );
    await patch(
      { type: 'delete_file' },
      'failed',
      'Apply patch operation is missing a valid path.',
      C.FAILURE_CODE_INVALID_ARGUMENT,
    );
    await patch(
      { type: 'create_file', path: 'n.txt', diff: '' },
      'failed',
      'Apply patch operation create_file is missing the required diff payload.',
      C.FAILURE_CODE_INVALID_ARGUMENT,
    );
    await patch(
      { type: 'update_file', path: 'n.txt' },
      'failed',
      'Apply patch operation update_file is missing the required diff payload.',
      C.FAILURE_CODE_INVALID_ARGUMENT,
    );
    assert.equal(existsSync(file('n.txt')), false);
  });

  test('a path outside the roots is refused with the output item', async () => {
    const res = await e.call('apply_patch', {
      type: 'create_file',
      path: '/etc/facet-x',
      diff: '+x',
      call_id: 'call_9',
    });
    assert.equal(res.failure?.code, C.FAILURE_CODE_PERMISSION_DENIED);
    assert.match(text(res), /^Error: \/etc\/facet-x is outside the workspace \(.+\); use a path inside it\.$/);
    assert.deepEqual(item(res), {
      type: 'apply_patch_call_output',
      call_id: 'call_9',
      status: 'failed',
      output: text(res),
    });
  });

  test('the served input schema is the API operation union, call_id is checked', async () => {
    const res = await e.call('apply_patch', { type: 'create_file', path: 'x', diff: '+x', call_id: '' });
    assert.equal(res.failure?.code, C.FAILURE_CODE_INVALID_ARGUMENT);
    assert.equal(existsSync(file('x')), false);
  });
});
