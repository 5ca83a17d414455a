// Kimi CLI's Grep tests (tests/tools/test_grep.py), replayed through the kimi shape's Grep. Kimi's
// fixtures live in fresh temp directories; here each case gets a fresh directory inside the
// server's root and searches it by absolute path, as Kimi's tests do. Unit tests of Kimi's
// internal ripgrep argument builder and path-prefix stripper do not apply.
import assert from 'node:assert/strict';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { replayServer } from './env.js';
import { kimiResult, type KimiResult } from './kimi-harness.js';

const server = replayServer('kimi@1.49');
const MAX_CHARS = 50_000;

let n = 0;
/** A fresh directory inside the root, and Grep over it. */
async function dir(files: Record<string, string> = {}) {
  const e = await server.get();
  const d = path.join(e.root, `grep-${++n}`);
  mkdirSync(d);
  for (const [rel, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(d, rel)), { recursive: true });
    writeFileSync(path.join(d, rel), body);
  }
  const grep = async (args: Record<string, unknown>): Promise<KimiResult> =>
    kimiResult(await e.call('Grep', { path: d, ...args }, { session: `grep-${n}` }));
  return { d, grep };
}

/** Kimi's temp_test_files fixture. */
const FIXTURE = {
  'test1.py':
    'def hello_world():\n    print("Hello, World!")\n    return "hello"\n\nclass TestClass:\n    def __init__(self):\n        self.message = "hello there"\n',
  'test2.js':
    'function helloWorld() {\n    console.log("Hello, World!");\n    return "hello";\n}\n\nclass TestClass {\n    constructor() {\n        this.message = "hello there";\n    }\n}\n',
  'readme.txt': 'This is a readme file.\nIt contains some text.\nHello world example is here.\n',
  'subdir/subtest.py': "def sub_hello():\n    return 'hello from subdir'\n",
};

const ok = (r: KimiResult) => assert.equal(r.isError, false, r.message);
const lines = (r: KimiResult) => r.output.split('\n').filter((x) => x.trim());
const na = (name: string, reason: string): ReplayCase => ({ name, verdict: 'not-applicable', reason });
const UNIT =
  "a unit test of Kimi's internal ripgrep argument builder or output path-prefix stripper; what they produce is replayed by the search cases";
const manyMarkers = () =>
  Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`file_${String(i).padStart(3, '0')}.txt`, 'marker\n']));

export const kimiGrep: ReplaySuite = {
  vendor: 'kimi',
  shape: 'kimi@1.49',
  tool: 'Grep',
  source: 'MoonshotAI/kimi-cli tests/tools/test_grep.py @4a550eff',
  cases: [
    {
      name: 'test_grep_files_with_matches',
      verdict: 'matched',
      async run() {
        const { grep } = await dir(FIXTURE);
        const r = await grep({ pattern: 'Hello', output_mode: 'files_with_matches' });
        ok(r);
        for (const f of ['test1.py', 'test2.js', 'readme.txt']) assert.ok(r.output.includes(f), r.output);
      },
    },
    {
      name: 'test_grep_content_mode',
      verdict: 'matched',
      async run() {
        const { grep } = await dir(FIXTURE);
        const r = await grep({ pattern: 'hello', output_mode: 'content', '-n': true, '-i': true });
        ok(r);
        assert.ok(r.output.toLowerCase().includes('hello') && r.output.includes(':'));
      },
    },
    {
      name: 'test_grep_case_insensitive',
      verdict: 'matched',
      async run() {
        const { grep } = await dir(FIXTURE);
        const r = await grep({ pattern: 'HELLO', output_mode: 'files_with_matches', '-i': true });
        ok(r);
        assert.ok(r.output.includes('test1.py'));
      },
    },
    {
      name: 'test_grep_with_context',
      verdict: 'matched',
      async run() {
        const { grep } = await dir(FIXTURE);
        const r = await grep({ pattern: 'TestClass', output_mode: 'content', '-C': 1, '-n': true });
        ok(r);
        assert.ok(r.output.split('\n').length > 2);
      },
    },
    {
      name: 'test_grep_count_matches',
      verdict: 'matched',
      async run() {
        const { grep } = await dir(FIXTURE);
        const r = await grep({ pattern: 'hello', output_mode: 'count_matches', '-i': true });
        ok(r);
        assert.ok(r.output.includes('test1.py') && r.output.includes('test2.js'));
      },
    },
    ...(['test_grep_with_glob_pattern', 'test_grep_with_type_filter'] as const).map((name): ReplayCase => ({
      name,
      verdict: 'matched',
      async run() {
        const { grep } = await dir(FIXTURE);
        const r = await grep({
          pattern: 'hello',
          output_mode: 'files_with_matches',
          '-i': true,
          ...(name.includes('glob') ? { glob: '*.py' } : { type: 'py' }),
        });
        ok(r);
        assert.ok(r.output.includes('test1.py') && r.output.includes('subtest.py'));
        assert.ok(!r.output.includes('test2.js') && !r.output.includes('readme.txt'));
      },
    })),
    {
      name: 'test_grep_head_limit',
      verdict: 'matched',
      async run() {
        const { grep } = await dir(FIXTURE);
        const r = await grep({ pattern: 'hello', output_mode: 'files_with_matches', head_limit: 2, '-i': true });
        ok(r);
        assert.ok(lines(r).filter((l) => !l.startsWith('...')).length <= 2);
        assert.ok(r.message.includes('Results truncated to 2 lines'), r.message);
      },
    },
    {
      name: 'test_grep_output_truncation',
      verdict: 'matched',
      async run() {
        const { grep } = await dir({
          'big.txt': 'match line with filler content that keeps growing for truncation purposes\n'.repeat(2000),
        });
        const r = await grep({ pattern: 'match', output_mode: 'content', head_limit: 0, '-n': true });
        ok(r);
        assert.equal(r.message, 'Output is truncated to fit in the message.');
        assert.ok(r.output.length < MAX_CHARS + 100);
      },
    },
    {
      name: 'test_grep_multiline_mode',
      verdict: 'matched',
      async run() {
        const { grep } = await dir({
          'multiline.py': "def function():\n    '''This is a\n    multiline docstring'''\n    pass\n",
        });
        const r = await grep({ pattern: 'This is a\\n    multiline', output_mode: 'content', multiline: true });
        ok(r);
        assert.ok(r.output.includes('This is a') && r.output.includes('multiline'), r.output);
      },
    },
    {
      name: 'test_grep_no_matches',
      verdict: 'matched',
      async run() {
        const { grep } = await dir({ 'empty.py': '# This file has no matching content\n' });
        const r = await grep({ pattern: 'nonexistent_pattern', output_mode: 'files_with_matches' });
        ok(r);
        assert.equal(r.output, '');
        assert.ok(r.message.includes('No matches found'));
      },
    },
    {
      name: 'test_grep_invalid_pattern',
      verdict: 'matched',
      async run() {
        const e = await server.get();
        const r = kimiResult(
          await e.call('Grep', { pattern: '[invalid', path: '.', output_mode: 'files_with_matches' }),
        );
        assert.deepEqual([r.isError, r.code], [true, 'INVALID_ARGUMENT']);
      },
    },
    {
      name: 'test_grep_single_file',
      verdict: 'matched',
      async run() {
        const { d } = await dir({ 'single.py': "def test_function():\n    return 'hello world'\n" });
        const e = await server.get();
        const r = kimiResult(
          await e.call('Grep', {
            pattern: 'hello',
            path: path.join(d, 'single.py'),
            output_mode: 'content',
            '-n': true,
          }),
        );
        ok(r);
        assert.ok(r.output.includes('hello') && r.output.trim().length > 0);
      },
    },
    {
      name: 'test_grep_before_after_context',
      verdict: 'matched',
      async run() {
        const { grep } = await dir(FIXTURE);
        const b = await grep({ pattern: 'TestClass', output_mode: 'content', '-B': 2, '-n': true });
        ok(b);
        assert.ok(b.output.includes('TestClass') && b.output.includes('}') && b.output.includes('return "hello"'));
        assert.ok(!b.output.includes('Hello, World!'));
        const a = await grep({ pattern: 'TestClass', output_mode: 'content', '-A': 2, '-n': true });
        ok(a);
        assert.ok(
          a.output.includes('TestClass') && a.output.includes('constructor()') && a.output.includes('this.message'),
        );
        assert.ok(!a.output.includes('}'));
      },
    },
    {
      name: 'test_grep_default_head_limit',
      verdict: 'matched',
      async run() {
        const { grep } = await dir(manyMarkers());
        const r = await grep({ pattern: 'marker', output_mode: 'files_with_matches' });
        ok(r);
        assert.equal(lines(r).length, 250);
        for (const part of ['Results truncated to 250 lines', 'total: 300', 'Use offset=250 to see more'])
          assert.ok(r.message.includes(part), r.message);
      },
    },
    {
      name: 'test_grep_head_limit_zero_unlimited',
      verdict: 'matched',
      async run() {
        const { grep } = await dir(manyMarkers());
        const r = await grep({ pattern: 'marker', output_mode: 'files_with_matches', head_limit: 0 });
        ok(r);
        assert.equal(lines(r).length, 300);
        assert.ok(!r.message.toLowerCase().includes('truncated'));
      },
    },
    {
      name: 'test_grep_offset_pagination',
      verdict: 'matched',
      async run() {
        const { grep } = await dir({
          'data.txt': Array.from({ length: 10 }, (_, i) => `line${i} word`).join('\n') + '\n',
        });
        const r1 = await grep({ pattern: 'word', output_mode: 'content', head_limit: 3, offset: 0 });
        assert.equal(lines(r1).length, 3);
        assert.ok(r1.message.includes('Use offset=3 to see more'), r1.message);
        const r2 = await grep({ pattern: 'word', output_mode: 'content', head_limit: 3, offset: 3 });
        assert.equal(lines(r2).length, 3);
        assert.ok(lines(r1).every((l) => !lines(r2).includes(l)));
      },
    },
    {
      name: 'test_grep_offset_content_mode',
      verdict: 'matched',
      async run() {
        const { grep } = await dir({
          'a.txt': Array.from({ length: 10 }, (_, i) => `line${i} match`).join('\n') + '\n',
        });
        const all = lines(await grep({ pattern: 'match', output_mode: 'content', head_limit: 0 }));
        assert.equal(all.length, 10);
        const page = lines(await grep({ pattern: 'match', output_mode: 'content', head_limit: 3, offset: 5 }));
        assert.equal(page.length, 3);
        assert.equal(page[0], all[5]);
        assert.equal(page[2], all[7]);
      },
    },
    {
      name: 'test_grep_offset_beyond_results',
      verdict: 'matched',
      async run() {
        const { grep } = await dir({ 'only.txt': 'data\n' });
        const r = await grep({ pattern: 'data', output_mode: 'files_with_matches', offset: 100 });
        ok(r);
        assert.ok(r.message.includes('No matches found'));
      },
    },
    {
      name: 'test_grep_hidden_files',
      verdict: 'matched',
      async run() {
        const { grep } = await dir({ '.eslintrc.json': '{"rule": "marker"}\n', 'visible.txt': 'marker\n' });
        const r = await grep({ pattern: 'marker', output_mode: 'files_with_matches' });
        ok(r);
        assert.ok(r.output.includes('.eslintrc.json') && r.output.includes('visible.txt'));
      },
    },
    {
      name: 'test_grep_vcs_exclusion',
      verdict: 'matched',
      async run() {
        const { grep } = await dir({ '.git/config': 'vcs_marker\n', 'real.txt': 'vcs_marker\n' });
        const r = await grep({ pattern: 'vcs_marker', output_mode: 'files_with_matches' });
        ok(r);
        assert.ok(r.output.includes('real.txt'));
        assert.ok(!r.output.includes('.git'));
      },
    },
    {
      name: 'test_grep_mtime_sorting',
      verdict: 'matched',
      async run() {
        const { grep, d } = await dir({ 'old.txt': 'sortme\n', 'new.txt': 'sortme\n' });
        const old = (Date.now() - 100_000) / 1000;
        utimesSync(path.join(d, 'old.txt'), old, old);
        const r = await grep({ pattern: 'sortme', output_mode: 'files_with_matches' });
        ok(r);
        assert.deepEqual(lines(r), ['new.txt', 'old.txt']);
      },
    },
    ...(['files_with_matches', 'content', 'count_matches'] as const).map((mode): ReplayCase => ({
      name: `test_grep_relative_paths[${mode}]`,
      verdict: 'matched',
      async run() {
        const { grep } = await dir(FIXTURE);
        const r = await grep({ pattern: 'hello', output_mode: mode, '-i': true });
        ok(r);
        for (const line of lines(r)) {
          const part = mode !== 'files_with_matches' && line.includes(':') ? line.split(':')[0]! : line;
          assert.ok(!path.isAbsolute(part), line);
        }
      },
    })),
    {
      name: 'test_grep_content_default_line_numbers',
      verdict: 'matched',
      async run() {
        const { grep } = await dir({ 'a.txt': 'hello\nworld\n' });
        const r = await grep({ pattern: 'hello', output_mode: 'content' });
        ok(r);
        for (const line of lines(r).filter((l) => !l.startsWith('--'))) {
          const parts = line.split(':');
          assert.ok(parts.length >= 3 && /^\d+$/.test(parts[1]!.trim()), line);
        }
      },
    },
    {
      name: 'test_grep_content_disable_line_numbers',
      verdict: 'matched',
      async run() {
        const { grep } = await dir({ 'a.txt': 'hello\nworld\n' });
        const r = await grep({ pattern: 'hello', output_mode: 'content', '-n': false });
        ok(r);
        for (const line of lines(r).filter((l) => !l.startsWith('--'))) assert.equal(line.split(':').length, 2, line);
      },
    },
    {
      name: 'test_grep_count_summary',
      verdict: 'matched',
      async run() {
        const { grep } = await dir(
          Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`f${i}.txt`, 'word\nword\nword\n'])),
        );
        const r = await grep({ pattern: 'word', output_mode: 'count_matches', head_limit: 3 });
        ok(r);
        assert.equal(lines(r).length, 3);
        assert.ok(lines(r).every((l) => !l.includes('Found')));
        assert.ok(r.message.includes('Found 30 total occurrences across 10 files'), r.message);
        assert.ok(r.message.includes('Results truncated to 3 lines'), r.message);
      },
    },
    {
      name: 'test_grep_content_with_context_lines',
      verdict: 'matched',
      async run() {
        const { grep } = await dir({ 'a.txt': 'aaa\nbbb\nccc\n' });
        const r = await grep({ pattern: 'bbb', output_mode: 'content', '-C': 1 });
        ok(r);
        assert.ok(r.output.includes('bbb'));
        for (const line of lines(r).filter((l) => l !== '--')) assert.ok(!path.isAbsolute(line), line);
      },
    },
    {
      name: 'test_grep_single_file_relative_path',
      verdict: 'matched',
      async run() {
        const { d } = await dir({ 'target.py': 'def foo():\n    pass\n' });
        const e = await server.get();
        const r = kimiResult(
          await e.call('Grep', { pattern: 'foo', path: path.join(d, 'target.py'), output_mode: 'content' }),
        );
        ok(r);
        for (const line of lines(r).filter((l) => !l.startsWith('--'))) assert.ok(!path.isAbsolute(line), line);
      },
    },
    na('test_build_rg_args_defaults', UNIT),
    na('test_build_rg_args_flag_mapping', UNIT),
    na('test_strip_path_prefix_posix', UNIT),
    na('test_strip_path_prefix_windows', UNIT),
    na('test_strip_path_prefix_no_match', UNIT),
    na('test_strip_path_prefix_trailing_sep', UNIT),
    na('test_strip_path_prefix_similar_names', UNIT),
    {
      name: 'test_grep_include_ignored_finds_gitignored_files',
      verdict: 'matched',
      async run() {
        const { grep } = await dir({
          '.git/test_marker': 'SECRET=leaked\n',
          '.gitignore': 'build.log\n',
          'build.log': 'SECRET=in_build_log\n',
          'visible.txt': 'SECRET=visible\n',
        });
        const r = await grep({ pattern: 'SECRET', output_mode: 'files_with_matches' });
        ok(r);
        assert.ok(r.output.includes('visible.txt') && !r.output.includes('build.log'), r.output);
        const all = await grep({ pattern: 'SECRET', output_mode: 'files_with_matches', include_ignored: true });
        ok(all);
        assert.ok(all.output.includes('build.log') && all.output.includes('visible.txt'), all.output);
        assert.ok(!all.output.includes('.git'), all.output);
      },
    },
    na(
      'test_grep_include_ignored_default_false',
      "checks the default value in Kimi's parameter model; the default's effect (ignored files left out) is replayed by test_grep_include_ignored_finds_gitignored_files",
    ),
    na('test_build_rg_args_include_ignored', UNIT),
    {
      name: 'test_grep_filters_sensitive_files_always',
      verdict: 'matched',
      async run() {
        const { grep } = await dir({
          '.env': 'SECRET=hunter2\n',
          id_rsa: 'SECRET=private_key\n',
          'visible.txt': 'SECRET=visible\n',
        });
        const r = await grep({ pattern: 'SECRET', output_mode: 'files_with_matches' });
        ok(r);
        assert.ok(
          r.output.includes('visible.txt') && !r.output.includes('.env') && !r.output.includes('id_rsa'),
          r.output,
        );
        assert.ok(r.message.toLowerCase().includes('sensitive'), r.message);
      },
    },
    {
      name: 'test_grep_filters_sensitive_in_content_mode',
      verdict: 'matched',
      async run() {
        const { grep } = await dir({ '.env': 'SECRET=hunter2\n', 'visible.txt': 'SECRET=visible\n' });
        const r = await grep({ pattern: 'SECRET', output_mode: 'content' });
        ok(r);
        assert.ok(r.output.includes('visible.txt') && !r.output.includes('.env'), r.output);
        assert.ok(r.message.toLowerCase().includes('sensitive'), r.message);
      },
    },
    {
      name: 'test_grep_filters_sensitive_context_lines',
      verdict: 'matched',
      async run() {
        const { grep } = await dir({
          '.env': 'line1\nSECRET=hunter2\nline3\n',
          'visible.txt': 'lineA\nSECRET=visible\nlineC\n',
        });
        const r = await grep({ pattern: 'SECRET', output_mode: 'content', '-C': 1 });
        ok(r);
        assert.ok(
          r.output.includes('visible.txt') && !r.output.includes('.env') && !r.output.includes('hunter2'),
          r.output,
        );
        assert.ok(r.message.toLowerCase().includes('sensitive'), r.message);
      },
    },
    {
      name: 'test_grep_filters_sensitive_hyphenated_path',
      verdict: 'matched',
      async run() {
        const { grep } = await dir({ 'my-project/.env': 'SECRET=leaked\n', 'safe.txt': 'SECRET=ok\n' });
        const r = await grep({ pattern: 'SECRET', output_mode: 'content', '-C': 1 });
        ok(r);
        assert.ok(
          r.output.includes('safe.txt') && !r.output.includes('.env') && !r.output.includes('leaked'),
          r.output,
        );
      },
    },
    {
      name: 'test_grep_all_sensitive_preserves_warning',
      verdict: 'matched',
      async run() {
        const { grep } = await dir({ '.env': 'ONLY_IN_ENV=secret\n' });
        const r = await grep({ pattern: 'ONLY_IN_ENV', output_mode: 'files_with_matches' });
        ok(r);
        assert.ok(
          r.message.includes('No matches found') &&
            r.message.toLowerCase().includes('sensitive') &&
            r.message.includes('.env'),
          r.message,
        );
      },
    },
    {
      name: 'test_grep_allows_env_example',
      verdict: 'matched',
      async run() {
        const { grep } = await dir({ '.env.example': 'API_KEY=placeholder\n' });
        const r = await grep({ pattern: 'API_KEY', output_mode: 'files_with_matches' });
        ok(r);
        assert.ok(r.output.includes('.env.example'));
      },
    },
  ],
};
