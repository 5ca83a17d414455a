// Gemini shape search and todo tools over gRPC: grep_search blocks and caps, glob order,
// list_directory format, write_todos texts.
import assert from 'node:assert/strict';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startTestServer, tempDir, type TestServer } from '../../helpers/server.js';
import { caller } from './harness.js';

let t: TestServer;
/** The same server with --grep-backend fallback. */
let tf: TestServer;
let dir: string;
let cleanup: () => void;
const call = caller(() => t, 'gemini');

before(async () => {
  ({ dir, cleanup } = tempDir('facet-gemini-search-'));
  mkdirSync(path.join(dir, 'src/lib'), { recursive: true });
  mkdirSync(path.join(dir, 'node_modules/pkg'), { recursive: true });
  mkdirSync(path.join(dir, 'many'));
  writeFileSync(path.join(dir, 'src/app.ts'), 'import x from "y";\nexport function main() {\n  return Helper();\n}\n');
  writeFileSync(path.join(dir, 'src/lib/helper.ts'), 'export function Helper() {\n  return 42; // helper\n}\n');
  writeFileSync(path.join(dir, 'node_modules/pkg/index.js'), 'function Helper() {}\n');
  writeFileSync(path.join(dir, 'notes.md'), 'nothing here\n');
  writeFileSync(path.join(dir, '.gitignore'), 'secret.txt\n');
  writeFileSync(path.join(dir, '.geminiignore'), 'private.md\n');
  writeFileSync(path.join(dir, 'secret.txt'), 'Helper secret\n');
  writeFileSync(path.join(dir, 'private.md'), 'Helper private\n');
  for (let i = 0; i < 8; i++)
    writeFileSync(path.join(dir, `many/f${i}.txt`), Array.from({ length: 20 }, () => 'hit').join('\n'));
  // Old files sort alphabetically after the recent ones.
  const old = new Date('2020-01-01T00:00:00Z');
  for (const f of ['src/app.ts', 'notes.md', '.gitignore', '.geminiignore', 'secret.txt', 'private.md'])
    utimesSync(path.join(dir, f), old, old);
  t = await startTestServer(['--root', dir, '--shape', 'gemini']);
  tf = await startTestServer([...['--root', dir, '--shape', 'gemini'], '--grep-backend', 'fallback']);
});
after(async () => {
  await t.close();
  await tf.close();
  cleanup();
});

/** Whether a server with this --grep-backend searches with rg (auto: when rg is on the PATH). */
const usesRg = (backend: string) => backend === 'auto' && spawnSync('rg', ['--version']).status === 0;

// The same goldens with rg (auto finds it) and with the pure-TypeScript fallback, so the no-rg path is proven too.
for (const backend of ['auto', 'fallback'] as const) {
  describe(`gemini grep_search (--grep-backend ${backend})`, () => {
    const call = caller(() => (backend === 'auto' ? t : tf), 'gemini', `grep-${backend}`);
    test('two matches get 15 lines of auto-context, in File:/L blocks', async () => {
      const r = await call('grep_search', { pattern: 'helper\\(', dir_path: 'src' });
      assert.equal(
        r.text,
        'Found 2 matches for pattern "helper\\(" in path "src":\n---\nFile: app.ts\nL1- import x from "y";\nL2- export function main() {\nL3:   return Helper();\nL4- }\n---\nFile: lib/helper.ts\nL1: export function Helper() {\nL2-   return 42; // helper\nL3- }\n---',
      );
    });

    test('case_sensitive, include_pattern filter, explicit context', async () => {
      const r = await call('grep_search', {
        pattern: 'Helper',
        case_sensitive: true,
        include_pattern: '*.ts',
        context: 0,
      });
      assert.equal(
        r.text,
        'Found 2 matches for pattern "Helper" in path "." (filter: "*.ts"):\n---\nFile: src/app.ts\nL3:   return Helper();\n---\nFile: src/lib/helper.ts\nL1: export function Helper() {\n---',
      );
    });

    test('exclude_pattern drops lines; names_only lists files', async () => {
      const r = await call('grep_search', { pattern: 'helper', exclude_pattern: '^export', context: 0 });
      assert.equal(
        r.text,
        'Found 2 matches for pattern "helper" in path ".":\n---\nFile: src/app.ts\nL3:   return Helper();\n---\nFile: src/lib/helper.ts\nL2:   return 42; // helper\n---',
      );
      // Dropped before the cap, as Gemini CLI does while reading rg's output: the first match
      // (an export line) does not use up total_max_matches.
      const capped = await call('grep_search', {
        pattern: 'helper',
        include_pattern: '**/helper.ts',
        exclude_pattern: '^export',
        context: 0,
        total_max_matches: 1,
      });
      assert.equal(
        capped.text,
        'Found 1 match for pattern "helper" in path "." (filter: "**/helper.ts") (results limited to 1 matches for performance):\n---\nFile: src/lib/helper.ts\nL2:   return 42; // helper\n---',
      );
      const n = await call('grep_search', { pattern: 'helper', names_only: true });
      assert.equal(
        n.text,
        'Found 2 files with matches for pattern "helper" in path ".":\nsrc/app.ts\nsrc/lib/helper.ts',
      );
    });

    test('ignore files and no_ignore', async () => {
      const n = await call('grep_search', { pattern: 'Helper (secret|private)', no_ignore: true, names_only: true });
      assert.equal(
        n.text,
        'Found 2 files with matches for pattern "Helper (secret|private)" in path ".":\nprivate.md\nsecret.txt',
      );
      const i = await call('grep_search', { pattern: 'Helper (secret|private)' });
      assert.equal(i.text, 'No matches found for pattern "Helper (secret|private)" in path ".".');
    });

    test('total_max_matches caps and says so; per-file cap', async () => {
      const r = await call('grep_search', { pattern: 'hit', dir_path: 'many', total_max_matches: 5 });
      // rg stops at the cap in whichever file it reached first.
      assert.match(
        r.text,
        /^Found 5 matches for pattern "hit" in path "many" \(results limited to 5 matches for performance\):\n---\nFile: f\d\.txt\nL1: hit\nL2: hit\nL3: hit\nL4: hit\nL5: hit\n---$/,
      );
      const d = await call('grep_search', { pattern: 'hit', dir_path: 'many' });
      assert.ok(
        d.text.startsWith(
          'Found 100 matches for pattern "hit" in path "many" (results limited to 100 matches for performance):',
        ),
      );
      const p = await call('grep_search', { pattern: 'hit', dir_path: 'many', max_matches_per_file: 1 });
      assert.equal(p.text.split('\n')[0], 'Found 8 matches for pattern "hit" in path "many":');
    });

    test('errors: bad regex, missing path, outside, nested exclude', async () => {
      const bad = await call('grep_search', { pattern: '(' });
      assert.equal(bad.code, 'INVALID_ARGUMENT');
      assert.equal(bad.errorType, 'invalid_tool_params');
      // rg words its own refusal; the fallback checks the pattern itself.
      assert.equal(
        bad.error,
        usesRg(backend)
          ? 'Invalid parameters: ripgrep refused the search: regex parse error:\n    (\n    ^\nerror: unclosed group.'
          : 'Invalid parameters: the pattern is not a valid regular expression: Invalid regular expression: /(/giu: Unterminated group.',
      );
      const missing = await call('grep_search', { pattern: 'x', dir_path: 'nowhere' });
      assert.equal(missing.errorType, 'search_path_not_found');
      assert.equal(
        missing.error,
        'Path does not exist: nowhere. Search a directory that exists (or leave dir_path out to search the workspace).',
      );
      const outside = await call('grep_search', { pattern: 'x', dir_path: '/etc' });
      assert.equal(outside.errorType, 'path_not_in_workspace');
      const redos = await call('grep_search', { pattern: 'x', exclude_pattern: '(a+)+$' });
      assert.equal(redos.errorType, 'invalid_tool_params');
      assert.equal(
        redos.error,
        'Invalid parameters: exclude_pattern is too long or nests quantifiers (such as (a+)+); simplify it.',
      );
    });
  });
}

describe('gemini glob', () => {
  test('recent files first, then alphabetical; node_modules and ignored files left out', async () => {
    const r = await call('glob', { pattern: '**/*.{ts,md,js,txt}' });
    const lines = r.text.split('\n');
    assert.match(
      lines[0]!,
      new RegExp(
        `^Found 11 file\\(s\\) matching "\\*\\*/\\*\\.\\{ts,md,js,txt\\}" within ${dir} \\(2 additional files were ignored\\), sorted by modification time \\(newest first\\):$`,
      ),
    );
    const files = lines.slice(1).map((l) => path.relative(dir, l));
    // The last two are old (alphabetical); the recent ones come first.
    assert.deepEqual(files.slice(-2), ['notes.md', 'src/app.ts']);
    assert.ok(
      !files.includes('node_modules/pkg/index.js') && !files.includes('secret.txt') && !files.includes('private.md'),
    );
  });

  test('case-insensitive by default; case_sensitive; no match; errors', async () => {
    const r = await call('glob', { pattern: '**/APP.TS' });
    assert.equal(
      r.text,
      `Found 1 file(s) matching "**/APP.TS" within ${dir}, sorted by modification time (newest first):\n${dir}/src/app.ts`,
    );
    const cs = await call('glob', { pattern: '**/APP.TS', case_sensitive: true });
    assert.equal(cs.text, `No files found matching pattern "**/APP.TS" within ${dir}`);
    const ig = await call('glob', { pattern: '*.txt', respect_git_ignore: false });
    assert.equal(
      ig.text,
      `Found 1 file(s) matching "*.txt" within ${dir}, sorted by modification time (newest first):\n${dir}/secret.txt`,
    );
    const missing = await call('glob', { pattern: '*', dir_path: 'nowhere' });
    assert.equal(missing.errorType, 'search_path_not_found');
    const file = await call('glob', { pattern: '*', dir_path: 'notes.md' });
    assert.equal(file.errorType, 'search_path_not_a_directory');
  });
});

describe('gemini list_directory', () => {
  test('directories first, files with sizes, ignored count', async () => {
    const r = await call('list_directory', { dir_path: '.' });
    assert.equal(
      r.text,
      `Directory listing for ${dir}:\n[DIR] many\n[DIR] node_modules\n[DIR] src\n.geminiignore (11 bytes)\n.gitignore (11 bytes)\nnotes.md (13 bytes)\n\n(2 ignored)`,
    );
    const f = await call('list_directory', {
      dir_path: '.',
      ignore: ['*.md', 'node_*'],
      file_filtering_options: { respect_gemini_ignore: false },
    });
    assert.equal(
      f.text,
      `Directory listing for ${dir}:\n[DIR] many\n[DIR] src\n.geminiignore (11 bytes)\n.gitignore (11 bytes)\n\n(1 ignored)`,
    );
  });

  test('empty, not a directory, missing', async () => {
    mkdirSync(path.join(dir, 'empty'));
    const e = await call('list_directory', { dir_path: 'empty' });
    assert.equal(e.text, `Directory ${dir}/empty is empty.`);
    const f = await call('list_directory', { dir_path: 'notes.md' });
    assert.equal(f.errorType, 'path_is_not_a_directory');
    assert.equal(f.error, 'Error: Path is not a directory: notes.md. Use read_file for files.');
    const m = await call('list_directory', { dir_path: 'nowhere' });
    assert.equal(m.errorType, 'ls_execution_error');
    assert.equal(m.code, 'NOT_FOUND');
  });
});

describe('gemini write_todos', () => {
  test('lists the todos; clears; one in progress at most', async () => {
    const r = await call('write_todos', {
      todos: [
        { description: 'Read', status: 'completed' },
        { description: 'Fix', status: 'in_progress' },
        { description: 'Test', status: 'blocked' },
      ],
    });
    assert.equal(
      r.text,
      'Successfully updated the todo list. The current list is now:\n1. [completed] Read\n2. [in_progress] Fix\n3. [blocked] Test',
    );
    const two = await call('write_todos', {
      todos: [
        { description: 'A', status: 'in_progress' },
        { description: 'B', status: 'in_progress' },
      ],
    });
    assert.equal(two.code, 'INVALID_ARGUMENT');
    assert.equal(two.errorType, 'invalid_tool_params');
    const empty = await call('write_todos', { todos: [{ description: ' ', status: 'pending' }] });
    assert.equal(empty.errorType, 'invalid_tool_params');
    const bad = await call('write_todos', { todos: [{ description: 'A', status: 'done' }] });
    assert.equal(bad.code, 'INVALID_ARGUMENT');
    const c = await call('write_todos', { todos: [] });
    assert.equal(c.text, 'Successfully cleared the todo list.');
  });
});
