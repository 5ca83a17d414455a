// Gemini CLI's grep_search tests (packages/core/src/tools/ripGrep.test.ts), replayed over gRPC.
// Upstream feeds its tool canned ripgrep output; the replay builds the files that make a real
// search produce that output (the same file names, lines and line numbers) and runs each call
// in its own workspace, so "." is the case's directory as it is upstream.
import assert from 'node:assert/strict';
import path from 'node:path';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { callIn, fresh, tree } from './gemini-bench.js';
import type { Outcome } from '../shapes/gemini/harness.js';
import {
  GREP_BASE as BASE,
  geminiGrep as grepIn,
  geminiGrepFinds as finds,
  geminiGrepRefused as refused,
} from './grep-fixture.js';

const has = (o: Outcome, ...parts: string[]) =>
  parts.forEach((p) => assert.ok(o.text.includes(p), `missing ${JSON.stringify(p)} in:\n${o.text}`));
const hasNot = (o: Outcome, ...parts: string[]) =>
  parts.forEach((p) => assert.ok(!o.text.includes(p), `unexpected ${JSON.stringify(p)} in:\n${o.text}`));

const CLI_SETTINGS =
  "asserts the ripgrep command line the CLI builds from its user's settings (respectGitIgnore, respectGeminiIgnore), which are not tool arguments; honouring .geminiignore is replayed in 'should filter out files based on FileDiscoveryService even if ripgrep returns them'";
const DESCRIPTION =
  "the invocation's description is the CLI's UI (the confirmation and history line), not model-facing";
const RG_LOOKUP =
  "locating the ripgrep binary is the CLI's installation concern; Facet finds rg on PATH and otherwise searches with its own engine, which gives the same results";
const ABORT =
  "drives the CLI's own AbortSignal; a host cancels a Facet call through gRPC, which the server's cancellation tests cover";

const cases: ReplayCase[] = [
  ...(
    [
      ['pattern only', { pattern: 'hello' }],
      ['pattern and path', { pattern: 'hello', dir_path: '.' }],
      ['pattern, path, and include', { pattern: 'hello', dir_path: '.', include_pattern: '*.txt' }],
    ] as Array<[string, Record<string, unknown>]>
  ).map(([name, args]): ReplayCase => ({
    name: `should return null for valid params (${name})`,
    verdict: 'matched',
    run: async () => assert.match((await grepIn(BASE, args)).text, /^Found \d+ match/),
  })),
  {
    name: 'should throw error for invalid regex pattern',
    verdict: 'matched',
    run: async () => void (await refused({ pattern: '[[' }, 'INVALID_ARGUMENT', 'invalid_tool_params')),
  },
  {
    name: 'should return error if pattern is missing',
    verdict: 'matched',
    run: async () => assert.match((await refused({ dir_path: '.' }, 'INVALID_ARGUMENT')).error, /pattern/),
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
    name: 'should allow path to be a file',
    verdict: 'matched',
    run: () =>
      finds(
        BASE,
        { pattern: 'hello', dir_path: 'fileA.txt' },
        'Found 1 match for pattern "hello" in path "fileA.txt":\n---\nFile: fileA.txt\nL1: hello world\nL2- second line with world\n---',
      ),
  },
  {
    name: 'should find matches for a simple pattern in all files',
    verdict: 'matched',
    run: () =>
      finds(
        BASE,
        { pattern: 'world' },
        'Found 3 matches for pattern "world" in path ".":\n---\nFile: fileA.txt\nL1: hello world\nL2: second line with world\n---\nFile: sub/fileC.txt\nL1: another world in sub dir\n---',
      ),
  },
  {
    name: 'should ignore matches that escape the base path',
    verdict: 'matched',
    run: async () => {
      // Upstream's canned output names "..env" (inside) and "../secret.txt" (outside). A real rg
      // skips dot-files unless named, so the replay names "..env" as the path to search.
      const outer = fresh();
      const { mkdirSync, writeFileSync } = await import('node:fs');
      writeFileSync(path.join(outer, 'secret.txt'), 'world leak\n');
      const ws = path.join(outer, 'ws');
      mkdirSync(ws);
      writeFileSync(path.join(ws, '..env'), 'world in ..env\n');
      const o = await callIn([ws], 'grep_search', { pattern: 'world', dir_path: '..env' });
      assert.equal(
        o.text,
        'Found 1 match for pattern "world" in path "..env":\n---\nFile: ..env\nL1: world in ..env\n---',
      );
      const up = await callIn([ws], 'grep_search', { pattern: 'leak', dir_path: '../secret.txt' });
      assert.equal(up.errorType, 'path_not_in_workspace');
      hasNot(o, 'secret.txt');
    },
  },
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
    name: 'should throw error for invalid regex pattern during build',
    verdict: 'matched',
    run: async () => void (await refused({ pattern: '[[' }, 'INVALID_ARGUMENT', 'invalid_tool_params')),
  },
  {
    name: 'should ignore invalid regex error from ripgrep when it is not a user error',
    verdict: 'not-applicable',
    reason: 'fakes ripgrep exiting with status 2 on valid input; no real search reproduces it',
  },
  {
    name: 'should handle massive output by terminating early without crashing (Regression)',
    verdict: 'matched',
    run: async () => {
      const many: Record<string, string> = {};
      for (let i = 0; i < 300; i++) many[`file_${i}.txt`] = `match test ${i}\n`;
      const o = await grepIn(many, { pattern: 'test' });
      assert.ok(
        o.text.startsWith(
          'Found 100 matches for pattern "test" in path "." (results limited to 100 matches for performance):\n---\n',
        ),
        o.text.slice(0, 200),
      );
      assert.equal(o.text.match(/^L1: /gm)?.length, 100);
    },
  },
  {
    name: 'should filter out files based on FileDiscoveryService even if ripgrep returns them',
    verdict: 'matched',
    run: async () => {
      const o = await grepIn(
        { '.geminiignore': 'ignored.txt', 'ignored.txt': 'should be ignored', 'allowed.txt': 'should be kept' },
        { pattern: 'should' },
      );
      assert.equal(
        o.text,
        'Found 1 match for pattern "should" in path ".":\n---\nFile: allowed.txt\nL1: should be kept\n---',
      );
    },
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
    name: 'should throw an error if params are invalid',
    verdict: 'matched',
    run: async () => assert.match((await refused({ dir_path: '.' }, 'INVALID_ARGUMENT')).error, /pattern/),
  },
  { name: 'should throw an error if ripgrep is not available', verdict: 'not-applicable', reason: RG_LOOKUP },
  {
    name: 'should search only CWD when no path is specified (default behavior)',
    verdict: 'matched',
    run: async () => {
      const second = tree({
        'other.txt': 'hello from second directory\nworld in second',
        'another.js': 'function world() { return "test"; }',
      });
      const o = await grepIn(BASE, { pattern: 'world' }, [second]);
      assert.equal(
        o.text,
        'Found 3 matches for pattern "world" in path ".":\n---\nFile: fileA.txt\nL1: hello world\nL2: second line with world\n---\nFile: sub/fileC.txt\nL1: another world in sub dir\n---',
      );
    },
  },
  {
    name: 'should search only specified path within workspace directories',
    verdict: 'matched',
    run: async () => {
      const second = tree({ 'sub/test.txt': 'hello from second sub directory' });
      const o = await grepIn(BASE, { pattern: 'world', dir_path: 'sub' }, [second]);
      assert.equal(
        o.text,
        'Found 1 match for pattern "world" in path "sub":\n---\nFile: fileC.txt\nL1: another world in sub dir\n---',
      );
    },
  },
  { name: 'should handle AbortSignal during search', verdict: 'not-applicable', reason: ABORT },
  { name: 'should abort streaming search when signal is triggered', verdict: 'not-applicable', reason: ABORT },
  {
    name: 'should handle workspace boundary violations',
    verdict: 'matched',
    run: async () =>
      void (await refused({ pattern: 'test', dir_path: '../outside' }, 'PERMISSION_DENIED', 'path_not_in_workspace')),
  },
  {
    name: 'should handle empty directories',
    verdict: 'matched',
    run: async () => {
      const ws = tree(BASE);
      (await import('node:fs')).mkdirSync(path.join(ws, 'empty'));
      assert.equal(
        (await callIn([ws], 'grep_search', { pattern: 'test', dir_path: 'empty' })).text,
        'No matches found for pattern "test" in path "empty".',
      );
    },
  },
  {
    name: 'should handle empty files',
    verdict: 'matched',
    run: () =>
      finds(
        { ...BASE, 'empty.txt': '' },
        { pattern: 'anything' },
        'No matches found for pattern "anything" in path ".".',
      ),
  },
  {
    name: 'should handle special characters in file names',
    verdict: 'matched',
    run: async () => {
      const o = await grepIn(
        { ...BASE, 'file with spaces & symbols!.txt': 'hello world with special chars' },
        { pattern: 'world' },
      );
      has(o, 'File: file with spaces & symbols!.txt\nL1: hello world with special chars\n---');
    },
  },
  {
    name: 'should handle deeply nested directories',
    verdict: 'matched',
    run: () =>
      finds(
        { ...BASE, 'a/b/c/d/e/deep.txt': 'content in deep directory' },
        { pattern: 'deep' },
        'Found 1 match for pattern "deep" in path ".":\n---\nFile: a/b/c/d/e/deep.txt\nL1: content in deep directory\n---',
      ),
  },
  {
    name: 'should handle complex regex patterns',
    verdict: 'matched',
    run: async () => {
      const o = await grepIn(
        { ...BASE, 'code.js': 'function getName() { return "test"; }\nconst getValue = () => "value";' },
        { pattern: 'function\\s+\\w+\\s*\\(', context: 0 },
      );
      has(o, 'File: code.js\nL1: function getName() { return "test"; }\n---');
      hasNot(o, 'const getValue');
    },
  },
  {
    name: 'should handle case sensitivity correctly in JS fallback',
    verdict: 'matched',
    run: async () => {
      const o = await grepIn({ ...BASE, 'case.txt': 'Hello World\nhello world\nHELLO WORLD' }, { pattern: 'hello' });
      has(o, 'File: case.txt\nL1: Hello World\nL2: hello world\nL3: HELLO WORLD\n---');
    },
  },
  {
    name: 'should handle escaped regex special characters',
    verdict: 'matched',
    run: () =>
      finds(
        { ...BASE, 'special.txt': 'Price: $19.99\nRegex: [a-z]+ pattern\nEmail: test@example.com' },
        { pattern: '\\$\\d+\\.\\d+', context: 0 },
        'Found 1 match for pattern "\\$\\d+\\.\\d+" in path ".":\n---\nFile: special.txt\nL1: Price: $19.99\n---',
      ),
  },
  {
    name: 'should handle multiple file extensions in include pattern',
    verdict: 'matched',
    run: () =>
      finds(
        {
          ...BASE,
          'test.ts': 'typescript content',
          'test.tsx': 'tsx content',
          'test.js': 'javascript content',
          'test.txt': 'text content',
        },
        { pattern: 'content', include_pattern: '*.{ts,tsx}' },
        'Found 2 matches for pattern "content" in path "." (filter: "*.{ts,tsx}"):\n---\nFile: test.ts\nL1: typescript content\n---\nFile: test.tsx\nL1: tsx content\n---',
      ),
  },
  {
    name: 'should handle directory patterns in include',
    verdict: 'matched',
    run: () =>
      finds(
        { ...BASE, 'src/main.ts': 'source code', 'other.ts': 'other code' },
        { pattern: 'code', include_pattern: 'src/**' },
        'Found 1 match for pattern "code" in path "." (filter: "src/**"):\n---\nFile: src/main.ts\nL1: source code\n---',
      ),
  },
  {
    name: 'should handle case_sensitive parameter',
    verdict: 'matched',
    run: async () => {
      await finds(
        { 'fileA.txt': 'hello world' },
        { pattern: 'HELLO', context: 0 },
        'Found 1 match for pattern "HELLO" in path ".":\n---\nFile: fileA.txt\nL1: hello world\n---',
      );
      await finds(
        { 'fileA.txt': 'HELLO world\nhello world' },
        { pattern: 'HELLO', case_sensitive: true, context: 0 },
        'Found 1 match for pattern "HELLO" in path ".":\n---\nFile: fileA.txt\nL1: HELLO world\n---',
      );
    },
  },
  {
    name: 'should handle fixed_strings parameter',
    verdict: 'matched',
    run: () =>
      finds(
        { 'fileA.txt': 'hello.world\nhelloXworld' },
        { pattern: 'hello.world', fixed_strings: true, context: 0 },
        'Found 1 match for pattern "hello.world" in path ".":\n---\nFile: fileA.txt\nL1: hello.world\n---',
      ),
  },
  {
    name: 'should allow invalid regex patterns when fixed_strings is true',
    verdict: 'matched',
    run: () => finds(BASE, { pattern: '[[', fixed_strings: true }, 'No matches found for pattern "[[" in path ".".'),
  },
  {
    name: 'should handle no_ignore parameter',
    verdict: 'matched',
    run: async () => {
      // *.log is one of the default excludes; no_ignore lifts them with the ignore files.
      const files = { '.gitignore': 'ignored.log\n', 'ignored.log': 'secret log entry' };
      await finds(
        files,
        { pattern: 'secret', no_ignore: true },
        'Found 1 match for pattern "secret" in path ".":\n---\nFile: ignored.log\nL1: secret log entry\n---',
      );
      await finds(files, { pattern: 'secret' }, 'No matches found for pattern "secret" in path ".".');
      await finds(
        { 'node_modules/pkg/index.js': 'secret' },
        { pattern: 'secret', no_ignore: true },
        'Found 1 match for pattern "secret" in path ".":\n---\nFile: node_modules/pkg/index.js\nL1: secret\n---',
      );
    },
  },
  {
    name: 'should disable gitignore rules when respectGitIgnore is false',
    verdict: 'not-applicable',
    reason: CLI_SETTINGS,
  },
  { name: 'should add .geminiignore when enabled and patterns exist', verdict: 'not-applicable', reason: CLI_SETTINGS },
  { name: 'should skip .geminiignore when disabled', verdict: 'not-applicable', reason: CLI_SETTINGS },
  {
    name: 'should handle context parameters',
    verdict: 'matched',
    run: () =>
      // Upstream's canned output has line 1 as context; here it does not contain the pattern.
      finds(
        { 'fileA.txt': 'hello there\nsecond line with world\nthird line\nfourth line\nfifth line' },
        { pattern: 'world', context: 1, after: 2, before: 1 },
        'Found 1 match for pattern "world" in path ".":\n---\nFile: fileA.txt\nL1- hello there\nL2: second line with world\nL3- third line\nL4- fourth line\n---',
      ),
  },
  ...['pattern only', 'pattern and include', 'root path in description'].map((n): ReplayCase => ({
    name: `should generate correct description with ${n}`,
    verdict: 'not-applicable',
    reason: DESCRIPTION,
  })),
  { name: 'should generate correct description with pattern and path', verdict: 'not-applicable', reason: DESCRIPTION },
  { name: 'should use ./ when no path is specified (defaults to CWD)', verdict: 'not-applicable', reason: DESCRIPTION },
  {
    name: 'should generate correct description with pattern, include, and path',
    verdict: 'not-applicable',
    reason: DESCRIPTION,
  },
  {
    name: 'should pass --max-count when max_matches_per_file is provided',
    verdict: 'matched',
    run: async () => {
      const files = {
        'fileA.txt': 'hello world\nsecond line with world\nthird world',
        'sub/fileC.txt': 'another world\nworld again',
      };
      await finds(
        files,
        { pattern: 'world', max_matches_per_file: 1, context: 0 },
        'Found 2 matches for pattern "world" in path ".":\n---\nFile: fileA.txt\nL1: hello world\n---\nFile: sub/fileC.txt\nL1: another world\n---',
      );
      // With the added context (2 matches), later matching lines are context, as ripgrep 14 gives them.
      await finds(
        files,
        { pattern: 'world', max_matches_per_file: 1 },
        'Found 2 matches for pattern "world" in path ".":\n---\nFile: fileA.txt\nL1: hello world\nL2- second line with world\nL3- third world\n---\nFile: sub/fileC.txt\nL1: another world\nL2- world again\n---',
      );
    },
  },
  {
    name: 'should respect total_max_matches and truncate results',
    verdict: 'matched',
    run: () =>
      finds(
        { 'fileA.txt': 'match 1\nmatch 2\nmatch 3' },
        { pattern: 'match', total_max_matches: 2 },
        'Found 2 matches for pattern "match" in path "." (results limited to 2 matches for performance):\n---\nFile: fileA.txt\nL1: match 1\nL2: match 2\n---',
      ),
  },
  {
    name: 'should return only file paths when names_only is true',
    verdict: 'matched',
    run: () =>
      finds(
        { 'fileA.txt': 'hello world', 'fileB.txt': 'hello there' },
        { pattern: 'hello', names_only: true },
        'Found 2 files with matches for pattern "hello" in path ".":\nfileA.txt\nfileB.txt',
      ),
  },
  {
    name: 'should filter out matches based on exclude_pattern',
    verdict: 'matched',
    run: () =>
      finds(
        { 'fileA.txt': 'Copyright 2025 Google LLC', 'fileB.txt': 'Copyright 2026 Google LLC' },
        { pattern: 'Copyright .* Google LLC', exclude_pattern: '2026' },
        'Found 1 match for pattern "Copyright .* Google LLC" in path ".":\n---\nFile: fileA.txt\nL1: Copyright 2025 Google LLC\n---',
      ),
  },
  {
    name: 'should truncate excessively long lines',
    verdict: 'matched',
    run: async () => {
      const long = 'a'.repeat(3000);
      const o = await grepIn({ 'longline.txt': `Target match ${long}\n` }, { pattern: 'Target match', context: 0 });
      assert.equal(
        o.text,
        `Found 1 match for pattern "Target match" in path ".":\n---\nFile: longline.txt\nL1: ${`Target match ${long}`.slice(0, 2000)}... [truncated]\n---`,
      );
    },
  },
  ...[
    'should map darwin arm64 to rg-darwin-arm64',
    'should map darwin x64 to rg-darwin-x64',
    'should map linux arm64 to rg-linux-arm64',
    'should map linux x64 to rg-linux-x64',
    'should map win32 x64 to rg-win32-x64.exe',
    'should resolve the SEA (purely flattened) path first',
    'should resolve the SEA (vendor subdirectory) path if purely flattened is missing',
    'should resolve the Dev/Dist layout (actual output with src/) if SEA path is missing',
    'should resolve the Dev/Dist layout (assumed output without src/) if others are missing',
    'should fall back to system PATH if both bundled paths are missing and system is trusted',
    'should reject system PATH if it is in the current working directory',
    'should allow system PATH if the real path is in a trusted directory (e.g. Homebrew Cellar)',
    'should return null if binary is missing from both bundled paths and system PATH',
    'should handle errors gracefully and return null',
    'should fall back to system PATH if system is trusted on Windows',
    'should reject system PATH if it is untrusted on Windows',
  ].map((name): ReplayCase => ({ name, verdict: 'not-applicable', reason: RG_LOOKUP })),
];

export const geminiRipGrep: ReplaySuite = {
  vendor: 'gemini',
  shape: 'gemini',
  tool: 'grep_search',
  source:
    'google-gemini/gemini-cli packages/core/src/tools/ripGrep.test.ts @5411f113ca (0.56.0-nightly; 0.61.0 not in the snapshot)',
  cases,
};
