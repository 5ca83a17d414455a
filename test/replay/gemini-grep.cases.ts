// Gemini CLI's legacy grep_search tests (packages/core/src/tools/grep.test.ts: GrepTool, which
// the CLI registers under the same name only when ripgrep is unavailable), replayed over gRPC.
// Facet serves the ripgrep variant (ripGrep.test.ts); where the legacy variant behaves
// otherwise (a directory only, every workspace directory by default, dot-files), the case is
// not applicable, and the ripgrep case that pins Facet's behaviour is named.
import assert from 'node:assert/strict';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { callIn, tree } from './gemini-bench.js';
import {
  GREP_BASE as BASE,
  geminiGrep as grepIn,
  geminiGrepFinds as finds,
  geminiGrepRefused as refused,
} from './grep-fixture.js';

const LEGACY = (ripgrepCase: string) =>
  `a behaviour of the legacy GrepTool only; Facet serves the ripgrep variant of grep_search, which does otherwise (ripGrep.test.ts "${ripgrepCase}")`;
const MOCKED = 'mocks the system grep process; no real search reproduces its output';
const DESCRIPTION = "the invocation's description is the CLI's UI, not model-facing";
const WORLD =
  'Found 3 matches for pattern "world" in path ".":\n---\nFile: fileA.txt\nL1: hello world\nL2: second line with world\n---\nFile: sub/fileC.txt\nL1: another world in sub dir\n---';

const cases: ReplayCase[] = [
  {
    name: 'should return null for valid params (pattern only)',
    verdict: 'matched',
    run: async () => assert.match((await grepIn(BASE, { pattern: 'hello' })).text, /^Found 2 matches/),
  },
  {
    name: 'should return null for valid params (pattern and path)',
    verdict: 'matched',
    run: async () => assert.match((await grepIn(BASE, { pattern: 'hello', dir_path: '.' })).text, /^Found 2 matches/),
  },
  {
    name: 'should return null for valid params (pattern, path, and include)',
    verdict: 'matched',
    run: async () =>
      assert.match(
        (await grepIn(BASE, { pattern: 'hello', dir_path: '.', include_pattern: '*.txt' })).text,
        /^Found 1 match/,
      ),
  },
  {
    name: 'should return error if pattern is missing',
    verdict: 'matched',
    run: async () => assert.match((await refused({ dir_path: '.' }, 'INVALID_ARGUMENT')).error, /pattern/),
  },
  {
    name: 'should return error for invalid regex pattern',
    verdict: 'matched',
    run: async () => void (await refused({ pattern: '[[' }, 'INVALID_ARGUMENT', 'invalid_tool_params')),
  },
  {
    name: 'should return error if path does not exist',
    verdict: 'matched',
    run: async () => {
      const o = await refused({ pattern: 'hello', dir_path: 'nonexistent' }, 'NOT_FOUND');
      assert.match(o.error, /Path does not exist/);
      assert.match(o.error, /nonexistent/);
    },
  },
  {
    name: 'should return error if path is a file, not a directory',
    verdict: 'not-applicable',
    reason: LEGACY('should allow path to be a file'),
  },
  {
    name: 'should find matches for a simple pattern in all files',
    verdict: 'matched',
    run: () => finds(BASE, { pattern: 'world' }, WORLD),
  },
  {
    name: 'should include files that start with ".." in JS fallback',
    verdict: 'not-applicable',
    reason:
      LEGACY('should ignore matches that escape the base path') +
      '; like ripgrep, it leaves dot-files out of a directory search',
  },
  { name: 'should ignore system grep output that escapes base path', verdict: 'not-applicable', reason: MOCKED },
  {
    name: 'should find matches in a specific path',
    verdict: 'matched',
    run: () =>
      finds(
        BASE,
        { pattern: 'world', dir_path: 'sub' },
        'Found 1 match for pattern "world" in path "sub":\n---\nFile: fileC.txt\nL1: another world in sub dir\n---',
      ),
  },
  {
    name: 'should find matches with an include glob',
    verdict: 'matched',
    run: () =>
      finds(
        BASE,
        { pattern: 'hello', include_pattern: '*.js' },
        'Found 1 match for pattern "hello" in path "." (filter: "*.js"):\n---\nFile: fileB.js\nL1- const foo = "bar";\nL2: function baz() { return "hello"; }\n---',
      ),
  },
  {
    name: 'should find matches with an include glob and path',
    verdict: 'matched',
    run: () =>
      finds(
        { ...BASE, 'sub/another.js': 'const greeting = "hello";' },
        { pattern: 'hello', dir_path: 'sub', include_pattern: '*.js' },
        'Found 1 match for pattern "hello" in path "sub" (filter: "*.js"):\n---\nFile: another.js\nL1: const greeting = "hello";\n---',
      ),
  },
  {
    name: 'should return "No matches found" when pattern does not exist',
    verdict: 'matched',
    run: () =>
      finds(BASE, { pattern: 'nonexistentpattern' }, 'No matches found for pattern "nonexistentpattern" in path ".".'),
  },
  {
    name: 'should handle regex special characters correctly',
    verdict: 'matched',
    run: () =>
      finds(
        BASE,
        { pattern: 'foo.*bar' },
        'Found 1 match for pattern "foo.*bar" in path ".":\n---\nFile: fileB.js\nL1: const foo = "bar";\nL2- function baz() { return "hello"; }\n---',
      ),
  },
  {
    name: 'should be case-insensitive by default (JS fallback)',
    verdict: 'matched',
    run: () =>
      finds(
        BASE,
        { pattern: 'HELLO' },
        'Found 2 matches for pattern "HELLO" in path ".":\n---\nFile: fileA.txt\nL1: hello world\nL2- second line with world\n---\nFile: fileB.js\nL1- const foo = "bar";\nL2: function baz() { return "hello"; }\n---',
      ),
  },
  {
    name: 'should pass -i flag to system grep for case-insensitivity',
    verdict: 'not-applicable',
    reason:
      'asserts the system grep command line; case-insensitivity itself is replayed in "should be case-insensitive by default (JS fallback)"',
  },
  {
    name: 'should throw an error if params are invalid',
    verdict: 'matched',
    run: async () => assert.match((await refused({ dir_path: '.' }, 'INVALID_ARGUMENT')).error, /pattern/),
  },
  {
    name: 'should return a GREP_EXECUTION_ERROR on failure',
    verdict: 'not-applicable',
    reason: 'mocks the search to throw; no real pattern makes it fail that way',
  },
  {
    name: 'should search across all workspace directories when no path is specified',
    verdict: 'not-applicable',
    reason: LEGACY('should search only CWD when no path is specified (default behavior)'),
  },
  {
    name: 'should search only specified path within workspace directories',
    verdict: 'matched',
    run: async () => {
      const second = tree({ 'sub/test.txt': 'hello world from second sub directory' });
      const o = await callIn([tree(BASE), second], 'grep_search', { pattern: 'world', dir_path: 'sub' });
      assert.equal(
        o.text,
        'Found 1 match for pattern "world" in path "sub":\n---\nFile: fileC.txt\nL1: another world in sub dir\n---',
      );
    },
  },
  {
    name: 'should respect total_max_matches and truncate results',
    verdict: 'matched',
    run: () =>
      finds(
        BASE,
        { pattern: 'world', total_max_matches: 2 },
        'Found 2 matches for pattern "world" in path "." (results limited to 2 matches for performance):\n---\nFile: fileA.txt\nL1: hello world\nL2: second line with world\n---',
      ),
  },
  {
    name: 'should respect max_matches_per_file in JS fallback',
    verdict: 'matched',
    run: () =>
      finds(
        BASE,
        { pattern: 'world', max_matches_per_file: 1 },
        'Found 2 matches for pattern "world" in path ".":\n---\nFile: fileA.txt\nL1: hello world\nL2- second line with world\n---\nFile: sub/fileC.txt\nL1: another world in sub dir\n---',
      ),
  },
  {
    name: 'should return only file paths when names_only is true',
    verdict: 'matched',
    run: () =>
      finds(
        BASE,
        { pattern: 'world', names_only: true },
        'Found 2 files with matches for pattern "world" in path ".":\nfileA.txt\nsub/fileC.txt',
      ),
  },
  {
    name: 'should filter out matches based on exclude_pattern',
    verdict: 'matched',
    run: () =>
      finds(
        { ...BASE, 'copyright.txt': 'Copyright 2025 Google LLC\nCopyright 2026 Google LLC' },
        { pattern: 'Copyright .* Google LLC', exclude_pattern: '2026', dir_path: '.' },
        'Found 1 match for pattern "Copyright .* Google LLC" in path ".":\n---\nFile: copyright.txt\nL1: Copyright 2025 Google LLC\n---',
      ),
  },
  {
    name: 'should include context when matches are <= 3',
    verdict: 'matched',
    run: async () => {
      const lines = Array.from({ length: 100 }, (_, i) => `Line ${i + 1}`);
      lines[50] = 'Target match';
      const shown = lines.map((l, i) => `L${i + 1}${i === 50 ? ':' : '-'} ${l}`).slice(0, 100);
      await finds(
        { 'context.txt': lines.join('\n') },
        { pattern: 'Target match' },
        `Found 1 match for pattern "Target match" in path ".":\n---\nFile: context.txt\n${shown.slice(0, 100).join('\n')}\n---`,
      );
    },
  },
  {
    name: 'should truncate excessively long lines',
    verdict: 'matched',
    run: async () => {
      const long = 'a'.repeat(3000);
      const o = await grepIn({ 'longline.txt': `Target match ${long}` }, { pattern: 'Target match' });
      assert.equal(
        o.text,
        `Found 1 match for pattern "Target match" in path ".":\n---\nFile: longline.txt\nL1: ${`Target match ${long}`.slice(0, 2000)}... [truncated]\n---`,
      );
    },
  },
  ...[
    'should generate correct description with pattern only',
    'should generate correct description with pattern and include',
    'should generate correct description with pattern and path',
    'should indicate searching across all workspace directories when no path specified',
    'should generate correct description with pattern, include, and path',
    'should use ./ for root path in description',
  ].map((name): ReplayCase => ({ name, verdict: 'not-applicable', reason: DESCRIPTION })),
];

export const geminiGrep: ReplaySuite = {
  vendor: 'gemini',
  shape: 'gemini',
  tool: 'grep_search',
  source:
    'google-gemini/gemini-cli packages/core/src/tools/grep.test.ts @5411f113ca (0.56.0-nightly; 0.61.0 not in the snapshot)',
  cases,
};
