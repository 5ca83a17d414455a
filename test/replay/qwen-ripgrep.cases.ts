// Qwen Code's grep_search tests (packages/core/src/tools/ripGrep.test.ts: the ripgrep backend,
// Qwen's default), replayed through the qwen shape's grep_search. Upstream feeds its tool canned
// ripgrep output; the replay writes the files that make a real search produce that output (the
// same names, lines and line numbers), so a case's fixture may differ from upstream's beforeEach
// where the canned output did. The server has two roots; a call narrows them to the first unless
// the case is about several workspace directories. Facet prints absolute paths (as Qwen's rg does
// for its absolute workspace directories), so "file:line:text" expectations are contained in them.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { GREP_BASE as BASE, qwenGrepBench } from './grep-fixture.js';
import { outcome, type Outcome } from '../shapes/gemini/harness.js';

const bench = qwenGrepBench('grep');
const { fresh, server } = bench;

async function found(
  args: Record<string, unknown>,
  files: Record<string, string> = BASE,
  roots?: (root: string) => string[],
): Promise<Outcome> {
  const f = await fresh(files);
  const o = await f.grep(args, roots?.(f.root));
  assert.equal(o.error, '', o.error);
  return o;
}

const has = (o: Outcome, ...parts: string[]) =>
  parts.forEach((p) => assert.ok(o.text.includes(p), `missing ${JSON.stringify(p)} in:\n${o.text}`));
const hasNot = (o: Outcome, ...parts: string[]) =>
  parts.forEach((p) => assert.ok(!o.text.includes(p), `unexpected ${JSON.stringify(p)} in:\n${o.text}`));

/** The "path:line:text" lines of a result. */
const lines = (o: Outcome): string[] => o.text.split('\n').filter((l) => l.startsWith('/'));

async function refused(args: Record<string, unknown>, code: string, errorType?: string): Promise<Outcome> {
  const { grep } = await fresh();
  const o = await grep(args);
  assert.notEqual(o.error, '', o.text);
  assert.equal(o.code, code, o.error);
  if (errorType) assert.equal(o.errorType, errorType, o.error);
  return o;
}

const na = (name: string, reason: string): ReplayCase => ({ name, verdict: 'not-applicable', reason });
const matched = (name: string, run: () => Promise<void>): ReplayCase => ({ name, verdict: 'matched', run });

const DESCRIPTION = "the invocation's one-line description for Qwen's UI";
const PERMISSION =
  "Qwen's per-call permission answer (allow / ask) for its approval prompt; this server has no prompt: inside the roots it searches, outside it refuses";
const SETTINGS =
  'configures a Qwen user setting (respectQwenIgnore / respectGitIgnore / customIgnoreFiles / useBuiltinRipgrep), which is no tool argument, and asserts the ripgrep command line or nothing';
const RG_ARGS =
  "asserts the ripgrep command line Qwen builds (its --ignore-file arguments); the ignore files' effect on results is replayed in 'should preserve negation semantics within the same non-qwen ignore file' and 'should not let a custom ignore negation expose .qwenignore matches in grep output'";
const RG_LIMIT =
  "mocks ripgrep reporting its own output cut short at its 20 MB buffer; no real search of a test's size reaches it";
const THRESHOLD =
  "lowers Qwen's truncateToolOutputThreshold setting to a few characters and asserts resultFilePaths, Qwen's internal list of files for its read cache; the 25000-character cut itself is replayed in 'should truncate llm content when exceeding maximum length'";
const OUTSIDE =
  'Qwen searches outside the workspace after asking the user; Facet never goes outside its roots and refuses (path_not_in_workspace)';

const invalidLimit = (limit: number): ReplayCase =>
  matched(
    `should return error for invalid limit ${limit}`,
    async () => void (await refused({ pattern: 'hello', limit }, 'INVALID_ARGUMENT', 'invalid_tool_params')),
  );

const cases: ReplayCase[] = [
  // validateToolParams: what the tool accepts and refuses.
  matched('should return null for valid params (pattern only)', async () =>
    assert.match(
      (await found({ pattern: 'hello' })).text,
      /^Found 2 matches for pattern "hello" in the workspace directory:/,
    ),
  ),
  matched('should return null for valid params (pattern and path)', async () =>
    assert.match(
      (await found({ pattern: 'hello', path: '.' })).text,
      /^Found 2 matches for pattern "hello" in path "\.":/,
    ),
  ),
  matched('should return null for valid params (pattern, path, and glob)', async () =>
    assert.match(
      (await found({ pattern: 'hello', path: '.', glob: '*.txt' })).text,
      /^Found 1 match for pattern "hello" in path "\." \(filter: "\*\.txt"\):/,
    ),
  ),
  matched('should return null for a positive integer limit', async () =>
    assert.match((await found({ pattern: 'hello', limit: 2 })).text, /^Found 2 matches/),
  ),
  invalidLimit(0),
  invalidLimit(-1),
  invalidLimit(1.5),
  matched('should return error if pattern is missing', async () =>
    assert.match((await refused({ path: '.' }, 'INVALID_ARGUMENT')).error, /pattern/),
  ),
  matched(
    'should surface an error for invalid regex pattern',
    async () => void (await refused({ pattern: '[[' }, 'INVALID_ARGUMENT', 'invalid_tool_params')),
  ),
  matched('should return error if path does not exist', async () => {
    const o = await refused({ pattern: 'hello', path: 'nonexistent' }, 'NOT_FOUND', 'search_path_not_found');
    assert.match(o.error, /nonexistent/);
  }),
  matched('should allow path to be a file', async () => {
    const f = await fresh();
    const o = await f.grep({ pattern: 'hello', path: f.p('fileA.txt') });
    assert.equal(
      o.text,
      `Found 1 match for pattern "hello" in path "${f.p('fileA.txt')}":\n---\n${f.p('fileA.txt')}:1:hello world`,
    );
  }),
  matched('should unescape shell-escaped path', async () => {
    const f = await fresh({ ...BASE, 'sub dir/x.txt': 'hello there' });
    const o = await f.grep({ pattern: 'hello', path: f.p('sub\\ dir') });
    assert.equal(
      o.text,
      `Found 1 match for pattern "hello" in path "${f.p('sub dir')}":\n---\n${f.p('sub dir', 'x.txt')}:1:hello there`,
    );
  }),

  // execute
  {
    name: 'should find matches for a simple pattern in all files',
    verdict: 'different',
    reason:
      "the result is Qwen's exactly; but Qwen also counts each file with a match as partly read, so a later edit of it needs no read_file. Facet does not: the model has seen matching lines, not the file, so edit still asks for a read first (edit_requires_prior_read)",
    errorModes: 'A match line does not count as reading its file',
    async run() {
      const f = await fresh();
      const o = await f.grep({ pattern: 'world' });
      assert.equal(
        o.text,
        `Found 3 matches for pattern "world" in the workspace directory:\n---\n${f.p('fileA.txt')}:1:hello world\n${f.p('fileA.txt')}:2:second line with world\n${f.p('sub/fileC.txt')}:1:another world in sub dir`,
      );
      assert.equal(o.display.summary, 'Found 3 match(es)');
      const edit = outcome(
        await f.e.call(
          'edit',
          { file_path: f.p('fileA.txt'), old_string: 'hello', new_string: 'bye' },
          { session: f.session, roots: [f.root] },
        ),
      );
      assert.equal(edit.errorType, 'edit_requires_prior_read', edit.error || edit.text);
    },
  },
  matched('should treat summary-only JSON output as no matches', async () =>
    assert.equal(
      (await found({ pattern: 'missing' })).text,
      'No matches found for pattern "missing" in the workspace directory.',
    ),
  ),
  matched('parses JSON match events and records result paths', async () => {
    const o = await found({ pattern: 'content' }, { 'src/foo.ts': 'a\nb\nc\nd\ncontent\n' });
    assert.deepEqual(lines(o), [`${(await server.get()).abs('src/foo.ts')}:5:content`]);
  }),
  matched('parses JSON match events with byte-encoded paths', async () => {
    const o = await found({ pattern: 'content' }, { 'src/byte-path.ts': 'a\nb\ncontent\n' });
    assert.deepEqual(lines(o), [`${(await server.get()).abs('src/byte-path.ts')}:3:content`]);
  }),
  na(
    'handles JSON match events without a lines field',
    'fakes a ripgrep match event without its line text, which a real search never produces',
  ),
  na('surfaces ripgrep system-level truncation in display metadata', RG_LIMIT),
  matched('still reports an exact count when only the line limit truncates', async () => {
    const o = await found(
      { pattern: 'hello', limit: 2 },
      { 'fileA.txt': [0, 1, 2, 3, 4].map((i) => `hello ${i}`).join('\n') },
    );
    assert.ok(o.text.endsWith('\n---\n[3 lines truncated] ...'), o.text);
    hasNot(o, "ripgrep's output limit");
  }),
  na('prefers the uncertainty notice when both limits truncate', RG_LIMIT),
  matched('adds no truncation notice when nothing truncated', async () => {
    const o = await found({ pattern: 'hello' }, { 'fileA.txt': 'hello world' });
    assert.equal(o.display.summary, 'Found 1 match(es)');
    hasNot(o, 'truncated');
  }),
  matched('should preserve absolute result paths reported by ripgrep', async () => {
    const f = await fresh({ 'packages/core/src/skills/target.ts': 'CORE_HELPER_TARGET_MARKER' });
    const o = await f.grep({ pattern: 'CORE_HELPER_TARGET_MARKER', glob: '**/*.ts' });
    assert.deepEqual(lines(o), [`${f.p('packages/core/src/skills/target.ts')}:1:CORE_HELPER_TARGET_MARKER`]);
  }),
  na(
    'should parse Windows-style absolute result paths reported by ripgrep',
    'feeds Windows drive-letter paths; Facet runs on POSIX systems',
  ),
  na('includes result paths for partially rendered long file paths', THRESHOLD),
  na('only reports result paths for lines reached before character truncation', THRESHOLD),
  matched('should find matches in a specific path', async () => {
    const o = await found({ pattern: 'world', path: 'sub' });
    has(o, 'Found 1 match for pattern "world" in path "sub"', 'fileC.txt:1:another world in sub dir');
  }),
  matched('should use target directory when path is not provided', async () =>
    has(
      await found({ pattern: 'world' }, { 'fileA.txt': 'hello world' }),
      'Found 1 match for pattern "world" in the workspace directory',
    ),
  ),
  matched('should find matches with a glob filter', async () =>
    has(
      await found({ pattern: 'hello', glob: '*.js' }),
      'Found 1 match for pattern "hello" in the workspace directory (filter: "*.js"):',
      'fileB.js:2:function baz() { return "hello"; }',
    ),
  ),
  matched('should find matches with a glob filter and path', async () =>
    has(
      await found(
        { pattern: 'hello', path: 'sub', glob: '*.js' },
        { ...BASE, 'sub/another.js': 'const greeting = "hello";' },
      ),
      'Found 1 match for pattern "hello" in path "sub" (filter: "*.js")',
      'another.js:1:const greeting = "hello";',
    ),
  ),
  matched('should pass .qwenignore to ripgrep when respected', async () =>
    assert.equal(
      (await found({ pattern: 'secret' }, { ...BASE, '.qwenignore': 'ignored.txt\n', 'ignored.txt': 'secret' })).text,
      'No matches found for pattern "secret" in the workspace directory.',
    ),
  ),
  na('should include .qwenignore matches when disabled in config', SETTINGS),
  na('should disable gitignore when configured', SETTINGS),
  matched('should truncate llm content when exceeding maximum length', async () => {
    const o = await found({ pattern: 'a+' }, { 'fileA.txt': 'a'.repeat(30_000) });
    assert.ok(o.text.length <= 26_000, String(o.text.length));
    assert.ok(o.text.endsWith('...\n---\n[1 line truncated] ...'), o.text.slice(-80));
  }),
  matched('should return "No matches found" when pattern does not exist', async () =>
    has(
      await found({ pattern: 'nonexistentpattern' }),
      'No matches found for pattern "nonexistentpattern" in the workspace directory.',
    ),
  ),
  matched(
    'should throw validation error for invalid regex pattern',
    async () => void (await refused({ pattern: '[[' }, 'INVALID_ARGUMENT', 'invalid_tool_params')),
  ),
  matched('should handle regex special characters correctly', async () =>
    has(
      await found({ pattern: 'foo.*bar' }),
      'Found 1 match for pattern "foo.*bar" in the workspace directory:',
      'fileB.js:1:const foo = "bar";',
    ),
  ),
  matched('should be case-insensitive by default (JS fallback)', async () =>
    has(
      await found({ pattern: 'HELLO' }),
      'Found 2 matches for pattern "HELLO" in the workspace directory:',
      'fileA.txt:1:hello world',
      'fileB.js:2:function baz() { return "hello"; }',
    ),
  ),
  matched('should throw an error if params are invalid', async () =>
    assert.match((await refused({ path: '.' }, 'INVALID_ARGUMENT')).error, /pattern/),
  ),
  matched('should search within a single file when path is a file', async () => {
    const f = await fresh();
    const o = await f.grep({ pattern: 'world', path: f.p('fileA.txt') });
    has(o, 'Found 2 matches', 'fileA.txt:1:hello world', 'fileA.txt:2:second line with world');
    assert.equal(o.display.summary, 'Found 2 match(es)');
  }),
  na(
    'should throw an error if ripgrep is not available',
    "makes Qwen's ripgrep runner fail (no binary); Facet finds rg on PATH and otherwise searches with its own engine, with the same results",
  ),
  na('should pass useBuiltinRipgrep setting to ripgrep execution', SETTINGS),

  // multi-directory workspace
  matched('should search across all workspace directories when no path is specified', async () => {
    const f = await fresh({ 'fileA.txt': 'hello world' });
    writeFileSync(path.join(bench.second(), 'extra.txt'), 'hello from second dir');
    const o = await f.grep({ pattern: 'hello' }, [f.root, bench.second()]);
    // Upstream asserts the header and the count; Facet orders the lines by path within each root.
    assert.match(o.text, /^Found 2 matches for pattern "hello" across 2 workspace directories:\n---\n/);
    assert.deepEqual(
      lines(o).sort(),
      [`${f.p('fileA.txt')}:1:hello world`, `${path.join(bench.second(), 'extra.txt')}:1:hello from second dir`].sort(),
    );
  }),
  matched('should search only specified path when path is given (ignoring multi-dir)', async () => {
    const f = await fresh();
    writeFileSync(path.join(bench.second(), 'other.txt'), 'other content');
    const o = await f.grep({ pattern: 'world', path: 'sub' }, [f.root, bench.second()]);
    has(o, 'in path "sub"');
    hasNot(o, 'across');
  }),
  matched('should load .qwenignore from each workspace directory', async () => {
    const f = await fresh({ ...BASE, '.qwenignore': 'other-ignored.txt\n', 'other-ignored.txt': 'test one' });
    writeFileSync(path.join(bench.second(), '.qwenignore'), 'ignored.txt\n');
    writeFileSync(path.join(bench.second(), 'ignored.txt'), 'test two');
    assert.equal(
      (await f.grep({ pattern: 'test' }, [f.root, bench.second()])).text,
      `Found 1 match for pattern "test" across 2 workspace directories:\n---\n${f.p('sub/fileD.md')}:2:This is a test.`,
    );
  }),
  matched('should pass .agentignore and .aiignore to ripgrep when respected', async () =>
    assert.equal(
      (
        await found(
          { pattern: 'secret' },
          {
            '.agentignore': 'agent-secret.txt\n',
            '.aiignore': 'ai-secret.txt\n',
            'agent-secret.txt': 'secret',
            'ai-secret.txt': 'secret',
          },
        )
      ).text,
      'No matches found for pattern "secret" in the workspace directory.',
    ),
  ),
  na('should pass non-qwen ignore files unchanged so ripgrep preserves negations', RG_ARGS),
  matched('should preserve negation semantics within the same non-qwen ignore file', async () => {
    const o = await found(
      { pattern: 'API_KEY' },
      { '.agentignore': '*.env\n!allowed.env\n', 'blocked.env': 'API_KEY=1', 'allowed.env': 'API_KEY=2' },
    );
    assert.equal(
      o.text,
      `Found 1 match for pattern "API_KEY" in the workspace directory:\n---\n${(await server.get()).abs('allowed.env')}:1:API_KEY=2`,
    );
  }),
  matched('should not let a custom ignore negation expose .qwenignore matches in grep output', async () =>
    assert.equal(
      (
        await found(
          { pattern: 'API_KEY' },
          { '.qwenignore': '*.env\n', '.agentignore': '!*.env\n', 'allowed.env': 'API_KEY=2' },
        )
      ).text,
      'No matches found for pattern "API_KEY" in the workspace directory.',
    ),
  ),
  matched('should post-filter matches ignored by another workspace .qwenignore', async () => {
    const f = await fresh({ '.qwenignore': '*.env\n', 'secret.env': 'API_KEY=1', 'visible.txt': 'API_KEY=2' });
    writeFileSync(path.join(bench.second(), '.qwenignore'), '!*.env\n');
    const o = await f.grep({ pattern: 'API_KEY' }, [f.root, bench.second()]);
    assert.equal(
      o.text,
      `Found 1 match for pattern "API_KEY" across 2 workspace directories:\n---\n${f.p('visible.txt')}:1:API_KEY=2`,
    );
  }),
  matched('should preserve negation semantics within the same .qwenignore', async () => {
    const o = await found(
      { pattern: 'API_KEY' },
      { '.qwenignore': '*.env\n!allowed.env\n', 'blocked.env': 'API_KEY=1', 'allowed.env': 'API_KEY=2' },
    );
    assert.equal(
      o.text,
      `Found 1 match for pattern "API_KEY" in the workspace directory:\n---\n${(await server.get()).abs('allowed.env')}:1:API_KEY=2`,
    );
  }),
  na('should post-filter matches unignored by a custom nested .qwenignore', SETTINGS),
  na('should pass configured custom ignore files to ripgrep', SETTINGS),
  na('should resolve ignore files from the workspace root for subdirectory searches', SETTINGS),
  na(
    'should not load ignore files from relative external search paths',
    "calls Qwen's internal ripgrep runner directly with a path outside the workspace and asserts its command line",
  ),
  na(
    'should cache resolved relative result paths across filtering and result metadata',
    "spies on Qwen's file-existence probes (a caching detail)",
  ),
  matched('should deduplicate matches from overlapping workspace directories', async () => {
    const f = await fresh({ 'sub/fileC.txt': 'hello world' });
    assert.equal(
      (await f.grep({ pattern: 'hello' }, [f.root, f.p('sub')])).text,
      `Found 1 match for pattern "hello" across 2 workspace directories:\n---\n${f.p('sub/fileC.txt')}:1:hello world`,
    );
  }),

  // abort signal handling
  na(
    'should handle AbortSignal during search',
    "drives Qwen's own AbortSignal; a host cancels a Facet call through gRPC, which the server's cancellation tests cover",
  ),

  // error handling and edge cases
  {
    name: 'should handle workspace boundary violations',
    verdict: 'different',
    reason: OUTSIDE,
    errorModes: 'path_not_in_workspace: path outside the workspace',
    run: async () =>
      void (await refused({ pattern: 'test', path: '../outside' }, 'PERMISSION_DENIED', 'path_not_in_workspace')),
  },
  matched('should handle empty directories gracefully', async () => {
    const f = await fresh();
    mkdirSync(f.p('empty'));
    const o = await f.grep({ pattern: 'test', path: 'empty' });
    assert.equal(o.text, 'No matches found for pattern "test" in path "empty".');
    assert.equal(o.display.summary, 'No matches found');
  }),
  matched('should handle empty files correctly', async () =>
    has(await found({ pattern: 'anything' }, { ...BASE, 'empty.txt': '' }), 'No matches found'),
  ),
  matched('should handle special characters in file names', async () =>
    has(
      await found(
        { pattern: 'world' },
        { ...BASE, 'file with spaces & symbols!.txt': 'hello world with special chars' },
      ),
      'file with spaces & symbols!.txt',
      'hello world with special chars',
    ),
  ),
  matched('should handle deeply nested directories', async () =>
    has(
      await found({ pattern: 'deep' }, { ...BASE, 'a/b/c/d/e/deep.txt': 'content in deep directory' }),
      'deep.txt',
      'content in deep directory',
    ),
  ),

  // regex pattern validation
  matched('should handle complex regex patterns', async () => {
    const o = await found(
      { pattern: 'function\\s+\\w+\\s*\\(' },
      { ...BASE, 'code.js': 'function getName() { return "test"; }\nconst getValue = () => "value";' },
    );
    has(o, 'function getName()');
    hasNot(o, 'const getValue');
  }),
  matched('should handle case sensitivity correctly in JS fallback', async () =>
    has(
      await found({ pattern: 'hello' }, { ...BASE, 'case.txt': 'Hello World\nhello world\nHELLO WORLD' }),
      'Hello World',
      'hello world',
      'HELLO WORLD',
    ),
  ),
  matched('should handle escaped regex special characters', async () => {
    const o = await found(
      { pattern: '\\$\\d+\\.\\d+' },
      { ...BASE, 'special.txt': 'Price: $19.99\nRegex: [a-z]+ pattern\nEmail: test@example.com' },
    );
    has(o, 'Price: $19.99');
    hasNot(o, 'Email: test@example.com');
  }),

  // glob pattern filtering
  matched('should handle multiple file extensions in glob pattern', async () => {
    const o = await found(
      { pattern: 'content', glob: '*.{ts,tsx}' },
      {
        ...BASE,
        'test.ts': 'typescript content',
        'test.tsx': 'tsx content',
        'test.js': 'javascript content',
        'test.txt': 'text content',
      },
    );
    has(o, 'test.ts', 'test.tsx');
    hasNot(o, 'test.js', 'test.txt');
  }),
  matched('should handle directory patterns in glob', async () => {
    const o = await found(
      { pattern: 'code', glob: 'src/**' },
      { ...BASE, 'src/main.ts': 'source code', 'other.ts': 'other code' },
    );
    has(o, 'main.ts');
    hasNot(o, 'other.ts');
  }),

  // getDescription
  ...[
    'should generate correct description with pattern only',
    'should generate correct description with pattern and glob',
    'should generate correct description with pattern and path',
    'should generate correct description with default search path',
    'should generate correct description with pattern, glob, and path',
    'should use path when specified in description',
    'should keep paths outside the project absolute (never project-relative)',
  ].map((name) => na(name, DESCRIPTION)),

  // getDefaultPermission
  ...[
    'should return allow when no path is specified',
    'should return allow for paths within workspace',
    'should return allow for subdirectories within workspace',
    'should return ask for paths outside workspace',
    'should return ask for tilde paths outside workspace',
  ].map((name) => na(name, PERMISSION)),
];

export const qwenRipGrep: ReplaySuite = {
  vendor: 'qwen',
  shape: 'qwen@0.15.10',
  tool: 'grep_search',
  source: 'QwenLM/qwen-code packages/core/src/tools/ripGrep.test.ts @03d85ee8',
  cases,
};
