// Qwen Code's glob tests (packages/core/src/tools/glob.test.ts), replayed through the qwen
// shape's glob. The server has two roots; a call narrows them to the first unless the case
// is about several workspace directories. Upstream cases that feed mocked glob results are
// replayed with as many real files; its sort-helper unit tests with real files and mtimes.
import assert from 'node:assert/strict';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { replayDir, replayServer } from './env.js';
import { outcome, type Outcome } from '../shapes/gemini/harness.js';

let second = '';
const server = replayServer('qwen@0.15.10', () => {
  second = replayDir('facet-replay-qwen-second-');
  return ['--root', second];
});
const OUTSIDE = 'path_not_in_workspace: path outside the workspace';
const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** Qwen's fixture: a fake .git, two .txt, sub/ with two .md, sub/deep/fileE.log, two .sortme, an empty 123/. */
async function fixture() {
  const e = await server.get();
  e.reset();
  e.write({
    '.git': '',
    'fileA.txt': 'contentA',
    'FileB.TXT': 'contentB',
    'sub/fileC.md': 'contentC',
    'sub/FileD.MD': 'contentD',
    'sub/deep/fileE.log': 'contentE',
    'older.sortme': 'older_content',
    'newer.sortme': 'newer_content',
  });
  const now = Date.now();
  utimesSync(e.abs('older.sortme'), new Date(now - 60_000), new Date(now - 60_000));
  mkdirSync(e.abs('123'));
  const p = (...parts: string[]) => path.join(e.root, ...parts);
  const glob = async (args: Record<string, unknown>, roots: string[] = [e.root]): Promise<Outcome> =>
    outcome(await e.call('glob', args, { roots }));
  return { e, p, glob };
}

/** The absolute paths a glob result lists. */
const listed = (o: Outcome): string[] => o.text.split('\n').filter((l) => l.startsWith('/'));

const na = (name: string, reason: string): ReplayCase => ({ name, verdict: 'not-applicable', reason });

const found = (name: string, args: Record<string, unknown>, files: string[][]): ReplayCase => ({
  name,
  verdict: 'matched',
  async run() {
    const { glob, p } = await fixture();
    const o = await glob(args);
    assert.equal(o.code, '', o.error);
    if (files.length === 0) assert.match(o.text, /^No files found matching pattern /);
    else assert.match(o.text, new RegExp(`^Found ${files.length} file\\(s\\)`));
    assert.deepEqual(listed(o).sort(), files.map((f) => p(...f)).sort());
  },
});

const refusedOutside = (name: string, args: Record<string, unknown>): ReplayCase => ({
  name,
  verdict: 'different',
  reason:
    'Qwen searches outside the workspace after asking the user; Facet never goes outside its roots and refuses (path_not_in_workspace)',
  errorModes: OUTSIDE,
  async run() {
    const { glob } = await fixture();
    const o = await glob(args);
    assert.deepEqual([o.code, o.errorType], ['PERMISSION_DENIED', 'path_not_in_workspace'], o.error);
  },
});

/** `count` real files named <prefix><n>.trunctest. */
async function many(prefix: string, count: number) {
  const f = await fixture();
  for (let i = 1; i <= count; i++) writeFileSync(f.p(`${prefix}${i}.trunctest`), '');
  return f;
}

/** Files with the given ages, globbed with *.txt in a fresh directory. */
async function aged(files: Array<[string, number]>) {
  const f = await fixture();
  mkdirSync(f.p('aged'));
  const now = Date.now();
  for (const [name, age] of files) {
    writeFileSync(f.p('aged', name), name);
    utimesSync(f.p('aged', name), new Date(now - age), new Date(now - age));
  }
  return listed(await f.glob({ pattern: '*.txt', path: 'aged' })).map((l) => path.basename(l));
}

export const qwenGlob: ReplaySuite = {
  vendor: 'qwen',
  shape: 'qwen@0.15.10',
  tool: 'glob',
  source: 'QwenLM/qwen-code packages/core/src/tools/glob.test.ts @0ea6e0d9',
  cases: [
    found('should find files matching a simple pattern in the root', { pattern: '*.txt' }, [
      ['fileA.txt'],
      ['FileB.TXT'],
    ]),
    found('should find files case-insensitively by default (pattern: *.TXT)', { pattern: '*.TXT' }, [
      ['fileA.txt'],
      ['FileB.TXT'],
    ]),
    found('should find files using a pattern that includes a subdirectory', { pattern: 'sub/*.md' }, [
      ['sub', 'fileC.md'],
      ['sub', 'FileD.MD'],
    ]),
    found('should find files in a specified relative path (relative to rootDir)', { pattern: '*.md', path: 'sub' }, [
      ['sub', 'fileC.md'],
      ['sub', 'FileD.MD'],
    ]),
    found('should find files using a deep globstar pattern (e.g., **/*.log)', { pattern: '**/*.log' }, [
      ['sub', 'deep', 'fileE.log'],
    ]),
    {
      name: 'should return "No files found" message when pattern matches nothing',
      verdict: 'matched',
      async run() {
        const { glob } = await fixture();
        assert.equal(
          (await glob({ pattern: '*.nonexistent' })).text,
          'No files found matching pattern "*.nonexistent" in the workspace directory',
        );
      },
    },
    {
      name: 'should find files with special characters in the name',
      verdict: 'matched',
      async run() {
        const { glob, p, e } = await fixture();
        e.write({ 'file[1].txt': 'content' });
        const o = await glob({ pattern: 'file[1].txt' });
        assert.match(o.text, /^Found 1 file\(s\)/);
        assert.deepEqual(listed(o), [p('file[1].txt')]);
      },
    },
    {
      name: 'should find files with special characters like [] and () in the path',
      verdict: 'matched',
      async run() {
        const { glob, p, e } = await fixture();
        e.write({ 'src/app/[test]/(dashboard)/testing/components/code.tsx': 'content' });
        const o = await glob({ pattern: 'src/app/[test]/(dashboard)/testing/components/code.tsx' });
        assert.match(o.text, /^Found 1 file\(s\)/);
        assert.deepEqual(listed(o), [p('src/app/[test]/(dashboard)/testing/components/code.tsx')]);
      },
    },
    {
      name: 'should correctly sort files by modification time (newest first)',
      verdict: 'matched',
      async run() {
        const { glob, p } = await fixture();
        const o = await glob({ pattern: '*.sortme' });
        assert.match(o.text, /^Found 2 file\(s\)/);
        assert.deepEqual(listed(o), [p('newer.sortme'), p('older.sortme')]);
      },
    },
    na(
      'should find files even if workspace path casing differs from glob results (Windows/macOS)',
      'runs only on Windows and macOS (case-insensitive file systems); it returns at once on Linux, where Facet runs',
    ),
    refusedOutside('should allow path outside workspace (external path support)', { pattern: '*.txt', path: '/tmp' }),
    na('should return a GLOB_EXECUTION_ERROR on glob failure', "makes Qwen's glob library fail through a mock"),
    found('should return null for valid parameters (pattern only)', { pattern: '*.js' }, []),
    found('should return null for valid parameters (pattern and path)', { pattern: '*.js', path: 'sub' }, []),
    {
      name: 'should return error if pattern is missing (schema validation)',
      verdict: 'matched',
      async run() {
        const { glob } = await fixture();
        assert.equal((await glob({ path: '.' })).code, 'INVALID_ARGUMENT');
      },
    },
    ...(
      [
        'should return error if pattern is an empty string',
        'should return error if pattern is only whitespace',
      ] as const
    ).map((name, k): ReplayCase => ({
      name,
      verdict: 'matched',
      async run() {
        const { glob } = await fixture();
        const o = await glob({ pattern: k === 0 ? '' : '   ' });
        assert.deepEqual([o.code, o.errorType], ['INVALID_ARGUMENT', 'invalid_tool_params'], o.error);
      },
    })),
    {
      name: 'should return error if path is provided but is not a string',
      verdict: 'matched',
      async run() {
        const { glob } = await fixture();
        assert.equal((await glob({ pattern: '*.ts', path: 123 })).code, 'INVALID_ARGUMENT');
      },
    },
    refusedOutside("should return error if search path resolves outside the tool's root directory", {
      pattern: '*.txt',
      path: '../../../../../../../../../../tmp',
    }),
    {
      name: 'should return error if specified search path does not exist',
      verdict: 'matched',
      async run() {
        const { glob } = await fixture();
        const o = await glob({ pattern: '*.txt', path: 'nonexistent_subdir' });
        assert.deepEqual([o.code, o.errorType], ['NOT_FOUND', 'search_path_not_found'], o.error);
      },
    },
    {
      name: 'should return error if specified search path is a file, not a directory',
      verdict: 'matched',
      async run() {
        const { glob } = await fixture();
        const o = await glob({ pattern: '*.txt', path: 'fileA.txt' });
        assert.deepEqual([o.code, o.errorType], ['INVALID_ARGUMENT', 'search_path_not_a_directory'], o.error);
      },
    },
    {
      name: 'should unescape shell-escaped path',
      verdict: 'matched',
      async run() {
        const { glob, p, e } = await fixture();
        e.write({ 'sub dir/a.ts': '' });
        const o = await glob({ pattern: '*.ts', path: p('sub\\ dir') });
        assert.deepEqual(listed(o), [p('sub dir', 'a.ts')]);
      },
    },
    {
      name: 'should validate search paths are within workspace boundaries',
      verdict: 'different',
      reason:
        "Qwen accepts '../..' (it asks the user at run time); Facet accepts 'sub' and refuses a path outside its roots (path_not_in_workspace)",
      errorModes: OUTSIDE,
      async run() {
        const { glob } = await fixture();
        assert.equal((await glob({ pattern: '*.ts', path: 'sub' })).code, '');
        const o = await glob({ pattern: '*.ts', path: '../..' });
        assert.deepEqual([o.code, o.errorType], ['PERMISSION_DENIED', 'path_not_in_workspace'], o.error);
      },
    },
    {
      name: 'should work with paths in workspace subdirectories',
      verdict: 'matched',
      async run() {
        const { glob } = await fixture();
        const o = await glob({ pattern: '*.md', path: 'sub' });
        assert.match(o.text, /^Found 2 file\(s\)/);
        assert.ok(o.text.includes('fileC.md') && o.text.includes('FileD.MD'));
      },
    },
    {
      name: 'should search across all workspace directories when no path is specified',
      verdict: 'matched',
      async run() {
        const { glob, p, e } = await fixture();
        writeFileSync(path.join(second, '.git'), '');
        writeFileSync(path.join(second, 'extra.txt'), 'extra content');
        writeFileSync(path.join(second, 'bonus.txt'), 'bonus content');
        const o = await glob({ pattern: '*.txt' }, [e.root, second]);
        assert.deepEqual(
          listed(o).sort(),
          [p('FileB.TXT'), p('fileA.txt'), path.join(second, 'bonus.txt'), path.join(second, 'extra.txt')].sort(),
        );
        assert.ok(o.text.includes('across 2 workspace directories'), o.text);
      },
    },
    {
      name: 'should deduplicate entries across overlapping directories',
      verdict: 'matched',
      async run() {
        const { glob, e, p } = await fixture();
        // Two roots where one holds the other: every file is listed once.
        const o = await glob({ pattern: '**/*.md' }, [e.root, p('sub')]);
        assert.match(o.text, /^Found 2 file\(s\)/);
        assert.deepEqual(listed(o).sort(), [p('sub', 'FileD.MD'), p('sub', 'fileC.md')]);
      },
    },
    {
      name: 'should use single directory description when only one workspace dir',
      verdict: 'matched',
      async run() {
        const { glob } = await fixture();
        const o = await glob({ pattern: '*.txt' });
        assert.ok(o.text.includes('in the workspace directory'));
        assert.ok(!o.text.includes('across'));
      },
    },
    {
      name: 'should search only the specified path when path is provided (ignoring multi-dir)',
      verdict: 'matched',
      async run() {
        const { glob, e } = await fixture();
        writeFileSync(path.join(second, 'other.txt'), 'other');
        assert.ok(!(await glob({ pattern: '*.txt', path: 'sub' }, [e.root, second])).text.includes('other.txt'));
      },
    },
    {
      name: 'should respect .gitignore files by default',
      verdict: 'matched',
      async run() {
        const { glob, e } = await fixture();
        e.write({
          '.gitignore': '*.ignored.txt',
          'a.ignored.txt': 'ignored content',
          'b.notignored.txt': 'not ignored content',
        });
        const o = await glob({ pattern: '*.txt' });
        assert.match(o.text, /^Found 3 file\(s\)/);
        assert.ok(!o.text.includes('a.ignored.txt'));
      },
    },
    {
      name: 'should respect .qwenignore files by default',
      verdict: 'matched',
      async run() {
        const { glob, e } = await fixture();
        e.write({
          '.qwenignore': '*.qwenignored.txt',
          'a.qwenignored.txt': 'ignored content',
          'b.notignored.txt': 'not ignored content',
        });
        const o = await glob({ pattern: '*.txt' });
        assert.match(o.text, /^Found 3 file\(s\)/);
        assert.ok(!o.text.includes('a.qwenignored.txt'));
      },
    },
    ...(['.gitignore', '.qwenignore'] as const).map((file): ReplayCase => ({
      name: `should respect ${file} when searching a subdirectory (path option)`,
      verdict: 'matched',
      async run() {
        const { glob, e } = await fixture();
        e.write({ [file]: '*.secret', 'sub/visible.txt': 'ok', 'sub/hidden.secret': 'should be ignored' });
        const o = await glob({ pattern: '*', path: 'sub' });
        assert.ok(o.text.includes('visible.txt'));
        assert.ok(!o.text.includes('hidden.secret'));
      },
    })),
    {
      name: 'should truncate results when more than 100 files are found',
      verdict: 'matched',
      async run() {
        const { glob } = await many('file', 150);
        const o = await glob({ pattern: '*.trunctest' });
        assert.match(o.text, /^Found 150 file\(s\)/);
        assert.ok(o.text.endsWith('\n---\n[50 files truncated] ...'), o.text.slice(-60));
        assert.equal(o.text.match(/file\d+\.trunctest/g)?.length, 100);
      },
    },
    {
      name: 'should not truncate when exactly 100 files are found',
      verdict: 'matched',
      async run() {
        const { glob } = await many('exact', 100);
        const o = await glob({ pattern: '*.trunctest' });
        assert.match(o.text, /^Found 100 file\(s\)/);
        assert.ok(!o.text.includes('truncated'));
        assert.ok(o.text.includes('exact1.trunctest') && o.text.includes('exact100.trunctest'));
      },
    },
    {
      name: 'should not truncate when fewer than 100 files are found',
      verdict: 'matched',
      async run() {
        const { glob } = await many('small', 50);
        const o = await glob({ pattern: '*.trunctest' });
        assert.match(o.text, /^Found 50 file\(s\)/);
        assert.ok(!o.text.includes('truncated'));
      },
    },
    {
      name: 'should use correct singular/plural in truncation message for 1 file truncated',
      verdict: 'matched',
      async run() {
        const { glob } = await many('singular', 101);
        const o = await glob({ pattern: '*.trunctest' });
        assert.ok(o.text.includes('[1 file truncated] ...'));
        assert.ok(!o.text.includes('[1 files truncated]'));
      },
    },
    {
      name: 'should use correct plural in truncation message for multiple files truncated',
      verdict: 'matched',
      async run() {
        const { glob } = await many('plural', 105);
        assert.ok((await glob({ pattern: '*.trunctest' })).text.includes('[5 files truncated] ...'));
      },
    },
    {
      name: 'should sort a mix of recent and older files correctly',
      verdict: 'matched',
      async run() {
        const order = await aged([
          ['older_zebra.txt', DAY + 2 * HOUR],
          ['recent_alpha.txt', HOUR],
          ['older_apple.txt', DAY + HOUR],
          ['recent_beta.txt', 2 * HOUR],
          ['older_banana.txt', DAY + HOUR],
        ]);
        assert.deepEqual(order, [
          'recent_alpha.txt',
          'recent_beta.txt',
          'older_apple.txt',
          'older_banana.txt',
          'older_zebra.txt',
        ]);
      },
    },
    {
      name: 'should sort only recent files by mtime descending',
      verdict: 'matched',
      async run() {
        assert.deepEqual(
          await aged([
            ['c.txt', 2000],
            ['a.txt', 3000],
            ['b.txt', 1000],
          ]),
          ['b.txt', 'c.txt', 'a.txt'],
        );
      },
    },
    {
      name: 'should sort only older files alphabetically by path',
      verdict: 'matched',
      async run() {
        assert.deepEqual(
          await aged([
            ['zebra.txt', 2 * DAY],
            ['apple.txt', 2 * DAY],
            ['banana.txt', 2 * DAY],
          ]),
          ['apple.txt', 'banana.txt', 'zebra.txt'],
        );
      },
    },
    na(
      'should handle an empty array',
      "a unit test of Qwen's internal sort helper on an empty list; nothing reaches the model",
    ),
    {
      name: 'should correctly sort files when mtimes are identical for older files',
      verdict: 'matched',
      async run() {
        assert.deepEqual(
          await aged([
            ['b.txt', 2 * DAY],
            ['a.txt', 2 * DAY],
          ]),
          ['a.txt', 'b.txt'],
        );
      },
    },
    {
      name: 'should correctly sort files when mtimes are identical for recent files (maintaining mtime sort)',
      verdict: 'matched',
      async run() {
        assert.deepEqual(
          (
            await aged([
              ['b.txt', 1000],
              ['a.txt', 1000],
            ])
          ).sort(),
          ['a.txt', 'b.txt'],
        );
      },
    },
    na(
      'should use recencyThresholdMs parameter correctly',
      "passes a custom recency window to Qwen's internal sort helper; the tool always uses 24 hours",
    ),
  ],
};
