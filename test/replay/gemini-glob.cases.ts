// Gemini CLI's glob tests (packages/core/src/tools/glob.test.ts), replayed over gRPC, each in a
// workspace of its own holding upstream's files. Upstream creates them all just before the
// search (all "recent"); the replay dates them two days back, a minute apart in upstream's
// order, so the expected order is fixed, and dates the files a case sorts by as it says.
import assert from 'node:assert/strict';
import { utimesSync } from 'node:fs';
import path from 'node:path';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { callIn, files, fresh } from './gemini-bench.js';
import type { Outcome } from '../shapes/gemini/harness.js';

const HOUR = 3600_000;
const BASE: Array<[string, string]> = [
  ['.git', ''],
  ['fileA.txt', 'contentA'],
  ['FileB.TXT', 'contentB'],
  ['sub/fileC.md', 'contentC'],
  ['sub/FileD.MD', 'contentD'],
  ['sub/deep/fileE.log', 'contentE'],
  ['older.sortme', 'older_content'],
  ['newer.sortme', 'newer_content'],
];

/** Upstream's tree plus `more`, every file dated in the past (older than a day) unless `ages` says. */
function workspace(more: Record<string, string> = {}, ages: Record<string, number> = {}): string {
  const ws = fresh();
  const all: Array<[string, string]> = [...BASE, ...Object.entries(more)];
  files(ws, Object.fromEntries(all));
  const now = Date.now();
  all.forEach(([f], i) => {
    const t = new Date(ages[f] !== undefined ? now - ages[f]! : now - 48 * HOUR + i * 60_000);
    utimesSync(path.join(ws, f), t, t);
  });
  return ws;
}

const glob = (ws: string, args: Record<string, unknown>): Promise<Outcome> => callIn([ws], 'glob', args);

/** glob finds exactly `found` (relative to the workspace, in order). */
async function finds(
  ws: string,
  args: Record<string, unknown>,
  found: string[],
  within = ws,
  ignored = 0,
): Promise<void> {
  const o = await glob(ws, args);
  assert.equal(o.error, '', o.error);
  const note = ignored ? ` (${ignored} additional files were ignored)` : '';
  assert.equal(
    o.text,
    `Found ${found.length} file(s) matching "${args.pattern}" within ${within}${note}, sorted by modification time (newest first):\n${found.map((f) => path.join(ws, f)).join('\n')}`,
  );
}

async function refused(args: Record<string, unknown>, code: string, errorType?: string): Promise<Outcome> {
  const o = await glob(workspace({ 'not-a-dir': 'content' }), args);
  assert.notEqual(o.error, '');
  assert.equal(o.code, code, o.error);
  if (errorType) assert.equal(o.errorType, errorType, o.error);
  return o;
}

/** sortFileEntries replayed through the tool: files dated `ages` ms ago come back in `order`. */
const sorts = (ages: Record<string, number>, order: string[]) => async () => {
  const ws = fresh();
  files(ws, Object.fromEntries(Object.keys(ages).map((f) => [f, f])));
  const now = Date.now();
  for (const [f, age] of Object.entries(ages)) utimesSync(path.join(ws, f), new Date(now - age), new Date(now - age));
  await finds(ws, { pattern: '*.txt' }, order);
};

const cases: ReplayCase[] = [
  {
    name: 'should find files matching a simple pattern in the root',
    verdict: 'matched',
    run: async () => {
      const ws = workspace();
      await finds(ws, { pattern: '*.txt' }, ['fileA.txt', 'FileB.TXT']);
    },
  },
  {
    name: 'should find files case-sensitively when case_sensitive is true',
    verdict: 'matched',
    run: async () => {
      const ws = workspace();
      await finds(ws, { pattern: '*.txt', case_sensitive: true }, ['fileA.txt']);
    },
  },
  {
    name: 'should find files case-insensitively by default (pattern: *.TXT)',
    verdict: 'matched',
    run: async () => {
      const ws = workspace();
      await finds(ws, { pattern: '*.TXT' }, ['fileA.txt', 'FileB.TXT']);
    },
  },
  {
    name: 'should find files case-insensitively when case_sensitive is false (pattern: *.TXT)',
    verdict: 'matched',
    run: async () => {
      const ws = workspace();
      await finds(ws, { pattern: '*.TXT', case_sensitive: false }, ['fileA.txt', 'FileB.TXT']);
    },
  },
  {
    name: 'should find files using a pattern that includes a subdirectory',
    verdict: 'matched',
    run: async () => {
      const ws = workspace();
      await finds(ws, { pattern: 'sub/*.md' }, ['sub/fileC.md', 'sub/FileD.MD']);
    },
  },
  {
    name: 'should find files in a specified relative path (relative to rootDir)',
    verdict: 'matched',
    run: async () => {
      const ws = workspace();
      await finds(ws, { pattern: '*.md', dir_path: 'sub' }, ['sub/fileC.md', 'sub/FileD.MD'], path.join(ws, 'sub'));
    },
  },
  {
    name: 'should find files using a deep globstar pattern (e.g., **/*.log)',
    verdict: 'matched',
    run: async () => {
      const ws = workspace();
      await finds(ws, { pattern: '**/*.log' }, ['sub/deep/fileE.log']);
    },
  },
  {
    name: 'should return "No files found" message when pattern matches nothing',
    verdict: 'matched',
    run: async () => {
      const ws = workspace();
      assert.equal(
        (await glob(ws, { pattern: '*.nonexistent' })).text,
        `No files found matching pattern "*.nonexistent" within ${ws}`,
      );
    },
  },
  {
    name: 'should find files with special characters in the name',
    verdict: 'matched',
    run: async () => {
      const ws = workspace({ 'file[1].txt': 'content', 'file1.txt': 'x' });
      await finds(ws, { pattern: 'file[1].txt' }, ['file[1].txt']);
    },
  },
  {
    name: 'should find files with special characters like [] and () in the path',
    verdict: 'matched',
    run: async () => {
      const f = 'src/app/[test]/(dashboard)/testing/components/code.tsx';
      const ws = workspace({ [f]: 'content' });
      await finds(ws, { pattern: f }, [f]);
    },
  },
  {
    name: 'should correctly sort files by modification time (newest first)',
    verdict: 'matched',
    run: async () => {
      const ws = workspace({}, { 'older.sortme': 2 * HOUR, 'newer.sortme': HOUR });
      await finds(ws, { pattern: '*.sortme' }, ['newer.sortme', 'older.sortme']);
    },
  },
  {
    name: 'should return a PATH_NOT_IN_WORKSPACE error if path is outside workspace',
    verdict: 'matched',
    run: async () =>
      void (await refused({ pattern: '*', dir_path: '/etc' }, 'PERMISSION_DENIED', 'path_not_in_workspace')),
  },
  {
    name: 'should return a GLOB_EXECUTION_ERROR on glob failure',
    verdict: 'not-applicable',
    reason: 'mocks the glob library to throw; no real pattern makes the walk itself fail',
  },
  {
    name: 'should return null for valid parameters',
    verdict: 'matched',
    run: async () => {
      const ws = workspace();
      await finds(ws, { pattern: '*.txt' }, ['fileA.txt', 'FileB.TXT']);
    },
  },
  {
    name: 'should return null for valid parameters with dir_path',
    verdict: 'matched',
    run: async () => {
      const ws = workspace();
      assert.equal(
        (await glob(ws, { pattern: '*.txt', dir_path: 'sub' })).text,
        `No files found matching pattern "*.txt" within ${path.join(ws, 'sub')}`,
      );
    },
  },
  {
    name: 'should return null for valid parameters with absolute dir_path within workspace',
    verdict: 'matched',
    run: async () => {
      const ws = workspace();
      await finds(ws, { pattern: '*.txt', dir_path: ws }, ['fileA.txt', 'FileB.TXT']);
    },
  },
  {
    name: 'should return error if pattern is missing',
    verdict: 'matched',
    run: async () => assert.match((await refused({}, 'INVALID_ARGUMENT')).error, /pattern/),
  },
  {
    name: 'should return error if pattern is an empty string',
    verdict: 'matched',
    run: async () => void (await refused({ pattern: '' }, 'INVALID_ARGUMENT', 'invalid_tool_params')),
  },
  {
    name: 'should return error if pattern is only whitespace',
    verdict: 'matched',
    run: async () => void (await refused({ pattern: '   ' }, 'INVALID_ARGUMENT', 'invalid_tool_params')),
  },
  {
    name: 'should return error if dir_path is not a string',
    verdict: 'matched',
    run: async () =>
      assert.match((await refused({ pattern: '*', dir_path: 123 }, 'INVALID_ARGUMENT')).error, /dir_path/),
  },
  {
    name: 'should return error if case_sensitive is not a boolean',
    verdict: 'matched',
    run: async () =>
      assert.match(
        (await refused({ pattern: '*', case_sensitive: 'true' }, 'INVALID_ARGUMENT')).error,
        /case_sensitive/,
      ),
  },
  {
    name: 'should return error if search path resolves outside workspace',
    verdict: 'matched',
    run: async () =>
      void (await refused({ pattern: '*', dir_path: '../' }, 'PERMISSION_DENIED', 'path_not_in_workspace')),
  },
  {
    name: 'should return error if specified search path does not exist',
    verdict: 'matched',
    run: async () =>
      void (await refused({ pattern: '*', dir_path: 'non-existent' }, 'NOT_FOUND', 'search_path_not_found')),
  },
  {
    name: 'should return error if specified search path is not a directory',
    verdict: 'matched',
    run: async () =>
      void (await refused({ pattern: '*', dir_path: 'not-a-dir' }, 'INVALID_ARGUMENT', 'search_path_not_a_directory')),
  },
  {
    name: 'should validate search paths are within workspace boundaries',
    verdict: 'matched',
    run: async () => {
      const ws = workspace();
      for (const dir of [undefined, '.', ws])
        assert.equal((await glob(ws, { pattern: '*', ...(dir ? { dir_path: dir } : {}) })).error, '');
      for (const dir of ['..', '/'])
        assert.equal((await glob(ws, { pattern: '*', dir_path: dir })).errorType, 'path_not_in_workspace');
    },
  },
  {
    name: 'should provide clear error messages when path is outside workspace',
    verdict: 'matched',
    run: async () =>
      assert.match(
        (await refused({ pattern: '*', dir_path: '/tmp/outside' }, 'PERMISSION_DENIED', 'path_not_in_workspace')).error,
        /outside the workspace/,
      ),
  },
  {
    name: 'should work with paths in workspace subdirectories',
    verdict: 'matched',
    run: async () => {
      const ws = workspace({ 'allowed-sub/x.txt': 'x' });
      await finds(ws, { pattern: '*', dir_path: 'allowed-sub' }, ['allowed-sub/x.txt'], path.join(ws, 'allowed-sub'));
    },
  },
  {
    name: 'should respect .gitignore files by default',
    verdict: 'matched',
    run: async () => {
      const ws = workspace({
        '.gitignore': 'ignored_test.txt',
        'ignored_test.txt': 'content',
        'visible_test.txt': 'content',
      });
      await finds(ws, { pattern: '*_test.txt' }, ['visible_test.txt'], ws, 1);
    },
  },
  {
    name: 'should respect .geminiignore files by default',
    verdict: 'matched',
    run: async () => {
      const ws = workspace({
        '.geminiignore': 'gemini-ignored_test.txt',
        'gemini-ignored_test.txt': 'content',
        'visible_test.txt': 'content',
      });
      await finds(ws, { pattern: 'visible_test.txt' }, ['visible_test.txt']);
    },
  },
  {
    name: 'should not respect .gitignore when respect_git_ignore is false',
    verdict: 'matched',
    run: async () => {
      const ws = workspace({ '.gitignore': 'ignored_test.txt', 'ignored_test.txt': 'content' });
      await finds(ws, { pattern: 'ignored_test.txt', respect_git_ignore: false }, ['ignored_test.txt']);
    },
  },
  {
    name: 'should not respect .geminiignore when respect_gemini_ignore is false',
    verdict: 'matched',
    run: async () => {
      const ws = workspace({ '.geminiignore': 'gemini-ignored_test.txt', 'gemini-ignored_test.txt': 'content' });
      await finds(ws, { pattern: 'gemini-ignored_test.txt', respect_gemini_ignore: false }, [
        'gemini-ignored_test.txt',
      ]);
    },
  },
  // sortFileEntries, through the tool: the tool's recency window is a day.
  {
    name: 'should sort a mix of recent and older files correctly',
    verdict: 'matched',
    run: sorts({ 'older-b.txt': 48 * HOUR, 'recent-b.txt': 2 * HOUR, 'recent-a.txt': HOUR, 'older-a.txt': 72 * HOUR }, [
      'recent-a.txt',
      'recent-b.txt',
      'older-a.txt',
      'older-b.txt',
    ]),
  },
  {
    name: 'should sort only recent files by mtime descending',
    verdict: 'matched',
    run: sorts({ 'a.txt': 2 * HOUR, 'b.txt': HOUR }, ['b.txt', 'a.txt']),
  },
  {
    name: 'should sort only older files alphabetically',
    verdict: 'matched',
    run: sorts({ 'b.txt': 48 * HOUR, 'a.txt': 72 * HOUR }, ['a.txt', 'b.txt']),
  },
  {
    name: 'should handle an empty array',
    verdict: 'matched',
    run: async () => {
      const ws = fresh();
      assert.equal((await glob(ws, { pattern: '*.txt' })).text, `No files found matching pattern "*.txt" within ${ws}`);
    },
  },
  {
    name: 'should correctly sort files when mtimeMs is missing',
    verdict: 'not-applicable',
    reason: 'a file on disk always has a modification time; the case feeds the sort function entries without one',
  },
  {
    name: 'should use recencyThresholdMs parameter',
    verdict: 'not-applicable',
    reason:
      "the recency window is a parameter of the internal sort function; the tool's is fixed at a day (replayed in the cases above)",
  },
];

export const geminiGlob: ReplaySuite = {
  vendor: 'gemini',
  shape: 'gemini',
  tool: 'glob',
  source:
    'google-gemini/gemini-cli packages/core/src/tools/glob.test.ts @5411f113ca (0.56.0-nightly; 0.61.0 not in the snapshot)',
  cases,
};
