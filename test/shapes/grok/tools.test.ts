// Grok shape over gRPC: exact texts of view_file, create_file, str_replace_editor, bash,
// search and the todo tools, including their error paths and the safe deviations.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { FailureCode } from '../../../src/gen/codefly/base/v0/failure.js';
import { callTool, startTestServer, tempDir, texts, type TestServer } from '../../helpers/server.js';

let t: TestServer;
/** The same server with --grep-backend fallback. */
let tf: TestServer;
let dir: string;
let cleanup: () => void;
const call = (name: string, args: Record<string, unknown>, session = 'grok-tools') =>
  callTool(t.client, name, args, { shape: 'grok@0.0.34', session });

before(async () => {
  ({ dir, cleanup } = tempDir());
  writeFileSync(path.join(dir, 'thirteen.txt'), Array.from({ length: 12 }, (_, i) => `l${i + 1}`).join('\n') + '\n');
  writeFileSync(path.join(dir, 'ab.txt'), 'a $ b\nfoo foo\nend\n');
  mkdirSync(path.join(dir, 'src/util'), { recursive: true });
  mkdirSync(path.join(dir, 'node_modules/x'), { recursive: true });
  writeFileSync(path.join(dir, 'src/config.ts'), 'export const config = 1;\n// config again\n');
  writeFileSync(path.join(dir, 'src/util/configLoader.ts'), 'load()\n');
  writeFileSync(path.join(dir, 'src/util/cfg.ts'), 'x\n');
  writeFileSync(path.join(dir, 'node_modules/x/config.js'), 'config\n');
  writeFileSync(path.join(dir, 'bin.dat'), Buffer.from([0, 1, 2, 0]));
  t = await startTestServer(['--root', dir, '--shape', 'grok']);
  tf = await startTestServer(['--root', dir, '--shape', 'grok', '--grep-backend', 'fallback']);
});
after(async () => {
  await t.close();
  await tf.close();
  cleanup();
});

describe('grok view_file', () => {
  test('whole file: the first 10 lines and the rest counted (a final newline is one more line)', async () => {
    const res = await call('view_file', { path: 'thirteen.txt' });
    assert.deepEqual(texts(res), [
      `Contents of thirteen.txt:\n${Array.from({ length: 10 }, (_, i) => `${i + 1}: l${i + 1}`).join('\n')}\n... +3 lines`,
    ]);
  });

  test('a range, inclusive, and a range past the end', async () => {
    assert.deepEqual(texts(await call('view_file', { path: 'thirteen.txt', start_line: 3, end_line: 5 })), [
      'Lines 3-5 of thirteen.txt:\n3: l3\n4: l4\n5: l5',
    ]);
    assert.deepEqual(texts(await call('view_file', { path: 'thirteen.txt', start_line: 12, end_line: 20 })), [
      'Lines 12-20 of thirteen.txt:\n12: l12\n13: ',
    ]);
    // Only one bound: the whole-file view.
    assert.deepEqual(
      texts(await call('view_file', { path: 'thirteen.txt', start_line: 3 })),
      texts(await call('view_file', { path: 'thirteen.txt' })),
    );
  });

  test('a directory lists its names', async () => {
    assert.deepEqual(texts(await call('view_file', { path: 'src' })), ['Directory contents of src:\nconfig.ts\nutil']);
  });

  test('errors: missing, binary, bad start, outside', async () => {
    const missing = await call('view_file', { path: 'nope.txt' });
    assert.equal(missing.failure?.code, FailureCode.FAILURE_CODE_NOT_FOUND);
    assert.equal(missing.error, 'File or directory not found: nope.txt');
    assert.equal(
      (await call('view_file', { path: 'bin.dat' })).error,
      'Cannot view bin.dat: it is a binary file (4 bytes), not text',
    );
    assert.equal(
      (await call('view_file', { path: 'thirteen.txt', start_line: -2, end_line: 3 })).error,
      'Error: start_line must be 1 or more',
    );
    const out = await call('view_file', { path: '/etc/hostname' });
    assert.equal(out.failure?.code, FailureCode.FAILURE_CODE_PERMISSION_DENIED);
    assert.equal(out.error, `Access denied: /etc/hostname is outside the workspace (${dir})`);
  });
});

describe('grok create_file', () => {
  test('creates a file (and its folders) and shows the diff', async () => {
    const res = await call('create_file', { path: 'new/dir/a.txt', content: 'one\ntwo\n' });
    assert.deepEqual(texts(res), [
      'Updated new/dir/a.txt with 2 additions\n--- a/new/dir/a.txt\n+++ b/new/dir/a.txt\n@@ -1,0 +1,2 @@\n+one\n+two',
    ]);
    assert.equal(readFileSync(path.join(dir, 'new/dir/a.txt'), 'utf8'), 'one\ntwo\n');
  });

  test('never overwrites an existing file', async () => {
    const res = await call('create_file', { path: 'ab.txt', content: 'gone' });
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_ALREADY_EXISTS);
    assert.equal(
      res.error,
      'File already exists: ab.txt. create_file only makes new files; use str_replace_editor to change this one (view_file it first).',
    );
    assert.equal(readFileSync(path.join(dir, 'ab.txt'), 'utf8'), 'a $ b\nfoo foo\nend\n');
  });
});

describe('grok str_replace_editor', () => {
  test('a unique replacement shows the diff; $& stays literal', async () => {
    const res = await call('str_replace_editor', { path: 'ab.txt', old_str: 'foo foo', new_str: 'bar $& foo' });
    assert.deepEqual(texts(res), [
      'Updated ab.txt with 1 addition and 1 removal\n--- a/ab.txt\n+++ b/ab.txt\n@@ -1,3 +1,3 @@\n a $ b\n-foo foo\n+bar $& foo\n end',
    ]);
  });

  test('ambiguous text is refused; replace_all changes every occurrence', async () => {
    writeFileSync(path.join(dir, 'rep.txt'), 'x\nx\n');
    const amb = await call('str_replace_editor', { path: 'rep.txt', old_str: 'x', new_str: 'y' });
    assert.equal(amb.failure?.code, FailureCode.FAILURE_CODE_CONFLICT);
    assert.equal(
      amb.error,
      'String found 2 times in rep.txt; nothing was changed. Include more surrounding lines in old_str so it matches once, or set replace_all to true.',
    );
    const all = await call('str_replace_editor', { path: 'rep.txt', old_str: 'x', new_str: 'y', replace_all: true });
    assert.deepEqual(texts(all), [
      'Updated rep.txt with 2 additions and 2 removals\n--- a/rep.txt\n+++ b/rep.txt\n@@ -1,2 +1,2 @@\n-x\n-x\n+y\n+y',
    ]);
  });

  test('multi-line text matches despite indentation', async () => {
    writeFileSync(path.join(dir, 'ind.py'), 'def f():\n    a = 1\n    b = 2\n');
    const res = await call('str_replace_editor', {
      path: 'ind.py',
      old_str: 'a = 1\nb = 2',
      new_str: 'a = 10\nb = 20',
    });
    assert.equal(res.error, '');
    assert.equal(readFileSync(path.join(dir, 'ind.py'), 'utf8'), 'def f():\n    a = 10\n    b = 20\n');
  });

  test('no change, not found, missing file, empty old_str', async () => {
    assert.deepEqual(
      texts(await call('str_replace_editor', { path: 'rep.txt', old_str: 'y', new_str: 'y', replace_all: true })),
      ['No changes in rep.txt'],
    );
    const nf = await call('str_replace_editor', { path: 'rep.txt', old_str: 'zzz', new_str: 'q' });
    assert.equal(nf.error, 'String not found in file: "zzz"');
    const nfm = await call('str_replace_editor', { path: 'rep.txt', old_str: 'zz\nqq', new_str: 'q' });
    assert.equal(
      nfm.error,
      'String not found in file, not even ignoring whitespace and indentation. View the lines with view_file and copy them exactly into old_str.',
    );
    const missing = await call('str_replace_editor', { path: 'none.txt', old_str: 'a', new_str: 'b' });
    assert.equal(missing.failure?.code, FailureCode.FAILURE_CODE_NOT_FOUND);
    assert.equal(missing.error, 'File not found: none.txt');
    assert.equal(
      (await call('str_replace_editor', { path: 'rep.txt', old_str: '', new_str: 'b' })).error,
      'old_str is empty; give the exact text to replace (create new files with create_file).',
    );
  });
});

describe('grok bash', () => {
  test('stdout, STDERR, no output', async () => {
    assert.deepEqual(texts(await call('bash', { command: 'echo hi; echo err >&2' })), ['hi\n\nSTDERR: err']);
    assert.deepEqual(texts(await call('bash', { command: 'true' })), ['Command executed successfully (no output)']);
  });

  test('a failure keeps its output and exit code', async () => {
    const res = await call('bash', { command: 'echo so far; exit 2' });
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_PROCESS_FAILED);
    assert.equal(res.error, 'Command failed: echo so far; exit 2 (exit code 2)\nso far');
  });

  test('cd changes the directory for later calls and file paths; a compound cd does not', async () => {
    const s = 'grok-cd';
    assert.deepEqual(texts(await call('bash', { command: 'cd src' }, s)), [`Changed directory to: ${dir}/src`]);
    assert.deepEqual(texts(await call('bash', { command: 'pwd' }, s)), [`${dir}/src`]);
    assert.deepEqual(texts(await call('view_file', { path: 'config.ts' }, s)), [
      'Contents of config.ts:\n1: export const config = 1;\n2: // config again\n3: ',
    ]);
    assert.deepEqual(texts(await call('bash', { command: 'cd util && pwd' }, s)), [`${dir}/src/util`]);
    assert.deepEqual(texts(await call('bash', { command: 'pwd' }, s)), [`${dir}/src`]);
    assert.equal(
      (await call('bash', { command: 'cd nowhere' }, s)).error,
      'Cannot change directory: nowhere does not exist',
    );
    const out = await call('bash', { command: 'cd /' }, s);
    assert.equal(out.failure?.code, FailureCode.FAILURE_CODE_PERMISSION_DENIED);
    assert.equal(out.error, `Cannot change directory: / is outside the workspace (${dir})`);
  });
});

/** Whether a server with this --grep-backend searches with rg (auto: when rg is on the PATH). */
const usesRg = (backend: string) => backend === 'auto' && spawnSync('rg', ['--version']).status === 0;

// The same goldens with rg (auto finds it) and with the pure-TypeScript fallback, so the no-rg path is proven too.
for (const backend of ['auto', 'fallback'] as const) {
  describe(`grok search (--grep-backend ${backend})`, () => {
    const call = (name: string, args: Record<string, unknown>) =>
      callTool((backend === 'auto' ? t : tf).client, name, args, {
        shape: 'grok@0.0.34',
        session: `search-${backend}`,
      });
    test('text search lists files by absolute path with match counts', async () => {
      const res = await call('search', { query: 'CONFIG', search_type: 'text' });
      assert.deepEqual(texts(res), [`Search results for "CONFIG":\n  ${dir}/src/config.ts (2 matches)`]);
      const perFile = await call('search', {
        query: 'config',
        search_type: 'text',
        max_results: 1,
        case_sensitive: true,
      });
      assert.deepEqual(texts(perFile), [`Search results for "config":\n  ${dir}/src/config.ts (1 matches)`]);
    });

    test('file-name search ranks names, skips node_modules, honours exclude_pattern', async () => {
      const res = await call('search', { query: 'config', search_type: 'files' });
      assert.deepEqual(texts(res), ['Search results for "config":\n  src/config.ts\n  src/util/configLoader.ts']);
      const fuzzy = await call('search', { query: 'cfg', search_type: 'files' });
      assert.deepEqual(texts(fuzzy), [
        'Search results for "cfg":\n  src/util/cfg.ts\n  src/config.ts\n  src/util/configLoader.ts',
      ]);
      const excluded = await call('search', { query: 'cfg', search_type: 'files', exclude_pattern: 'util' });
      assert.deepEqual(texts(excluded), ['Search results for "cfg":\n  src/config.ts']);
      assert.deepEqual(texts(await call('search', { query: 'zzzz', search_type: 'files' })), [
        'No results found for "zzzz"',
      ]);
    });

    test('both, the 8-file cap, regex errors', async () => {
      for (let i = 0; i < 10; i++) writeFileSync(path.join(dir, `note${i}.md`), 'needle\n');
      const res = await call('search', { query: 'needle' });
      const lines = texts(res)[0]!.split('\n');
      assert.equal(lines.length, 10);
      assert.equal(lines[9], '  ... +2 more');
      const bad = await call('search', { query: '(', regex: true, search_type: 'text' });
      assert.equal(bad.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
      // rg words its own refusal; the fallback checks the pattern itself.
      assert.equal(
        bad.error,
        usesRg(backend)
          ? 'Search error: ripgrep refused the search: regex parse error:\n    (\n    ^\nerror: unclosed group'
          : 'Search error: the pattern is not a valid regular expression: Invalid regular expression: /(/giu: Unterminated group',
      );
    });
  });
}

describe('grok todo lists', () => {
  test('create and update render ANSI marks; updates are all or nothing', async () => {
    const s = 'grok-todo';
    const created = await call(
      'create_todo_list',
      {
        todos: [
          { id: '1', content: 'A', status: 'pending', priority: 'high' },
          { id: '2', content: 'B', status: 'in_progress', priority: 'low' },
        ],
      },
      s,
    );
    assert.deepEqual(texts(created), ['\u001b[37m○ A\u001b[0m\n  \u001b[36m◐ B\u001b[0m\n']);
    const updated = await call('update_todo_list', { updates: [{ id: '1', status: 'completed' }] }, s);
    assert.deepEqual(texts(updated), ['\u001b[32m\u001b[9m● A\u001b[0m\n  \u001b[36m◐ B\u001b[0m\n']);
    const bad = await call(
      'update_todo_list',
      {
        updates: [
          { id: '2', status: 'completed' },
          { id: '9', status: 'pending' },
        ],
      },
      s,
    );
    assert.equal(bad.failure?.code, FailureCode.FAILURE_CODE_NOT_FOUND);
    assert.equal(bad.error, 'Todo with id 9 not found; no update was applied');
    // Item 2 kept its status.
    assert.deepEqual(texts(await call('update_todo_list', { updates: [] }, s)), [
      '\u001b[32m\u001b[9m● A\u001b[0m\n  \u001b[36m◐ B\u001b[0m\n',
    ]);
    const invalid = await call(
      'create_todo_list',
      { todos: [{ id: '1', content: 'A', status: 'done', priority: 'high' }] },
      s,
    );
    assert.equal(invalid.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
    assert.equal(
      invalid.error,
      'Invalid arguments: todos.0.status must be one of "pending", "in_progress", "completed"',
    );
  });
});

test('no file is left half-written', () => {
  assert.equal(existsSync(path.join(dir, 'ab.txt.tmp')), false);
});
