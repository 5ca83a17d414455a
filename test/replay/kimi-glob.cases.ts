// Kimi CLI's Glob tests (tests/tools/test_glob.py), replayed through the kimi shape's Glob. Each
// case lays its files out in a directory of its own inside the server's root (Kimi's work
// directory) and globs that directory by absolute path, as Kimi's tests do.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { removeOnClose, replayServer } from './env.js';
import { kimiResult, type KimiResult } from './kimi-harness.js';

const server = replayServer('kimi@1.49');
const MAX_MATCHES = 1000;

let n = 0;
async function dir(files: Record<string, string> = {}, dirs: string[] = []) {
  const e = await server.get();
  const d = path.join(e.root, `glob-${++n}`);
  mkdirSync(d);
  for (const sub of dirs) mkdirSync(path.join(d, sub), { recursive: true });
  for (const [rel, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(d, rel)), { recursive: true });
    writeFileSync(path.join(d, rel), body);
  }
  const glob = async (args: Record<string, unknown>): Promise<KimiResult> =>
    kimiResult(await e.call('Glob', { directory: d, ...args }, { session: `glob-${n}` }));
  return { d, e, glob };
}

/** Kimi's test_files fixture. */
const TREE = {
  'README.md': '# README',
  'setup.py': 'setup',
  'src/main.py': 'main',
  'src/utils.py': 'utils',
  'src/main/app.py': 'app',
  'src/main/config.py': 'config',
  'src/test/test_app.py': 'test app',
  'src/test/test_config.py': 'test config',
  'docs/guide.md': 'guide',
  'docs/api.md': 'api',
};

const ok = (r: KimiResult) => assert.equal(r.isError, false, r.message);
const lines = (r: KimiResult) => r.output.split('\n').filter((l) => l.trim());

function finds(
  name: string,
  args: Record<string, unknown>,
  expect: string[],
  count?: number,
  files: Record<string, string> = TREE,
): ReplayCase {
  return {
    name,
    verdict: 'matched',
    async run() {
      const { glob, d } = await dir(files);
      const a = { ...args };
      if (typeof a.directory === 'string') a.directory = path.join(d, a.directory);
      const r = await glob(a);
      ok(r);
      for (const f of expect) assert.ok(r.output.includes(f), `${f} in ${r.output}`);
      if (count !== undefined) assert.ok(r.message.includes(`Found ${count} matches`), r.message);
    },
  };
}

function refusesDoubleStar(name: string, pattern: string): ReplayCase {
  return {
    name,
    verdict: 'matched',
    async run() {
      const { glob } = await dir(TREE);
      const r = await glob({ pattern });
      assert.deepEqual([r.isError, r.code], [true, 'INVALID_ARGUMENT'], r.message);
    },
  };
}

function nothing(name: string, pattern: string): ReplayCase {
  return {
    name,
    verdict: 'matched',
    async run() {
      const { glob } = await dir(TREE);
      const r = await glob({ pattern });
      ok(r);
      assert.equal(r.output, '');
    },
  };
}

export const kimiGlob: ReplaySuite = {
  vendor: 'kimi',
  shape: 'kimi@1.49',
  tool: 'Glob',
  source: 'MoonshotAI/kimi-cli tests/tools/test_glob.py @4a550eff',
  cases: [
    finds('test_glob_simple_pattern', { pattern: '*.py' }, ['setup.py'], 1),
    finds('test_glob_multiple_matches', { pattern: '*.md' }, ['README.md'], 1),
    refusesDoubleStar('test_glob_recursive_pattern_prohibited', '**/*.py'),
    finds(
      'test_glob_safe_recursive_pattern',
      { pattern: 'src/**/*.py' },
      [
        'src/main.py',
        'src/utils.py',
        'src/main/app.py',
        'src/main/config.py',
        'src/test/test_app.py',
        'src/test/test_config.py',
      ],
      6,
    ),
    finds('test_glob_specific_directory', { pattern: '*.py', directory: 'src' }, ['main.py', 'utils.py'], 2),
    finds(
      'test_glob_recursive_in_subdirectory',
      { pattern: 'main/**/*.py', directory: 'src' },
      ['main/app.py', 'main/config.py'],
      2,
    ),
    finds(
      'test_glob_test_files',
      { pattern: 'src/**/*test*.py' },
      ['src/test/test_app.py', 'src/test/test_config.py'],
      2,
    ),
    {
      name: 'test_glob_no_matches',
      verdict: 'matched',
      async run() {
        const { glob } = await dir(TREE);
        const r = await glob({ pattern: '*.xyz' });
        ok(r);
        assert.equal(r.output, '');
        assert.ok(r.message.includes('No matches found'), r.message);
      },
    },
    {
      name: 'test_glob_exclude_directories',
      verdict: 'matched',
      async run() {
        const { glob } = await dir({ 'test_file.txt': 'content' }, ['test_dir']);
        const r = await glob({ pattern: 'test_*', include_dirs: false });
        ok(r);
        assert.ok(r.output.includes('test_file.txt') && !r.output.includes('test_dir'), r.output);
        assert.ok(r.message.includes('Found 1 matches'), r.message);
      },
    },
    {
      name: 'test_glob_with_relative_path',
      verdict: 'matched',
      async run() {
        const { glob } = await dir();
        assert.equal((await glob({ pattern: '*.py', directory: 'relative/path' })).isError, true);
      },
    },
    {
      name: 'test_glob_tilde_path_expanded',
      verdict: 'matched',
      async run() {
        // "~" is the test run's home directory, outside the server's root.
        const { glob } = await dir();
        const r = await glob({ pattern: '*', directory: '~/' });
        assert.deepEqual([r.isError, r.code], [true, 'PERMISSION_DENIED'], r.message);
      },
    },
    {
      name: 'test_glob_outside_work_directory',
      verdict: 'matched',
      async run() {
        const { glob } = await dir();
        const r = await glob({ pattern: '*.py', directory: '/tmp/outside' });
        assert.deepEqual([r.isError, r.code], [true, 'PERMISSION_DENIED'], r.message);
      },
    },
    {
      name: 'test_glob_outside_work_directory_with_prefix',
      verdict: 'matched',
      async run() {
        const { glob, e } = await dir();
        const sneaky = `${e.root}-sneaky`;
        mkdirSync(sneaky, { recursive: true });
        removeOnClose(sneaky);
        const r = await glob({ pattern: '*.py', directory: sneaky });
        assert.deepEqual([r.isError, r.code], [true, 'PERMISSION_DENIED'], r.message);
      },
    },
    {
      name: 'test_glob_nonexistent_directory',
      verdict: 'matched',
      async run() {
        const { glob, d } = await dir();
        const r = await glob({ pattern: '*.py', directory: path.join(d, 'nonexistent') });
        assert.deepEqual([r.isError, r.code], [true, 'NOT_FOUND'], r.message);
      },
    },
    {
      name: 'test_glob_not_a_directory',
      verdict: 'matched',
      async run() {
        const { glob, d } = await dir({ 'test.txt': 'content' });
        const r = await glob({ pattern: '*.py', directory: path.join(d, 'test.txt') });
        assert.deepEqual([r.isError, r.code], [true, 'INVALID_ARGUMENT'], r.message);
      },
    },
    nothing('test_glob_single_character_wildcard', '?.md'),
    {
      name: 'test_glob_max_matches_limit',
      verdict: 'matched',
      async run() {
        const { glob } = await dir(
          Object.fromEntries(Array.from({ length: MAX_MATCHES + 50 }, (_, i) => [`file_${i}.txt`, `content ${i}`])),
        );
        const r = await glob({ pattern: '*.txt' });
        ok(r);
        assert.equal(lines(r).length, MAX_MATCHES);
        assert.ok(r.message.includes(`Only the first ${MAX_MATCHES} matches are returned`), r.message);
      },
    },
    {
      name: 'test_glob_enhanced_double_star_validation',
      verdict: 'matched',
      async run() {
        // Kimi lists its working directory, so this case lays the files out there (the root).
        const e = await server.get();
        e.reset();
        e.write({ 'file1.txt': 'content1', 'file2.py': 'content2', 'src/.keep': '', 'docs/.keep': '' });
        const r = kimiResult(await e.call('Glob', { pattern: '**/*.txt', directory: e.root }));
        assert.deepEqual([r.isError, r.code], [true, 'INVALID_ARGUMENT'], r.message);
        // The refusal lists what is there, so the model can pick a narrower pattern.
        for (const f of ['file1.txt', 'file2.py', 'src', 'docs']) assert.ok(r.output.includes(f), r.parts.join('|'));
      },
    },
    {
      name: 'test_glob_exactly_max_matches',
      verdict: 'matched',
      async run() {
        const { glob } = await dir(
          Object.fromEntries(Array.from({ length: MAX_MATCHES }, (_, i) => [`test_${i}.py`, `code ${i}`])),
        );
        const r = await glob({ pattern: '*.py' });
        ok(r);
        assert.equal(lines(r).length, MAX_MATCHES);
        assert.ok(!r.message.includes('Only the first'), r.message);
        assert.ok(r.message.includes(`Found ${MAX_MATCHES} matches`), r.message);
      },
    },
    {
      name: 'test_glob_character_class',
      verdict: 'matched',
      async run() {
        const { glob } = await dir({ 'file1.py': 'content1', 'file2.py': 'content2', 'file3.txt': 'content3' });
        const r = await glob({ pattern: 'file[1-2].py' });
        ok(r);
        assert.ok(r.output.includes('file1.py') && r.output.includes('file2.py') && !r.output.includes('file3.txt'));
      },
    },
    nothing('test_glob_complex_pattern', 'docs/**/main/*.py'),
    {
      name: 'test_glob_wildcard_with_double_star_patterns',
      verdict: 'matched',
      async run() {
        const { glob } = await dir(TREE);
        assert.deepEqual([(await glob({ pattern: '**/main/*.py' })).code], ['INVALID_ARGUMENT']);
        const r = await glob({ pattern: 'src/**/test_*.py' });
        ok(r);
        assert.ok(r.output.includes('src/test/test_app.py') && r.output.includes('src/test/test_config.py'));
      },
    },
    {
      name: 'test_glob_pattern_edge_cases',
      verdict: 'matched',
      async run() {
        const { glob } = await dir(TREE);
        ok(await glob({ pattern: 'src/**' }));
        ok(await glob({ pattern: '*.py' }));
        assert.equal((await glob({ pattern: '**/*.txt' })).code, 'INVALID_ARGUMENT');
      },
    },
    finds('test_glob_hidden_files', { pattern: '*.yml' }, ['.gitlab-ci.yml', 'config.yml'], undefined, {
      '.gitlab-ci.yml': 'stages: [build]',
      '.eslintrc.json': '{}',
      'config.yml': 'key: value',
    }),
    finds(
      'test_glob_hidden_files_in_recursive_pattern',
      { pattern: 'src/**/*.yml' },
      ['src/.config/settings.yml'],
      undefined,
      {
        'src/.config/settings.yml': 'debug: true',
        'src/main.py': 'pass',
      },
    ),
    finds(
      'test_glob_hidden_directory_contents',
      { pattern: '.github/**/*.yml' },
      ['.github/workflows/ci.yml'],
      undefined,
      {
        '.github/workflows/ci.yml': 'name: CI',
        'src/app.py': 'pass',
      },
    ),
  ],
};
