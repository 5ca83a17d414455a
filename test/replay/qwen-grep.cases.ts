// Qwen Code's other grep_search tests (packages/core/src/tools/grep.test.ts: GrepTool, which Qwen
// registers under the same name when ripgrep is off or unusable), replayed through the qwen
// shape's grep_search. Both variants take the same arguments and print the same header; they
// differ in how a match line reads: GrepTool prints "File: <path>" then "L<n>: <text>", the
// ripgrep variant (Qwen's default, and the one Facet serves) "<path>:<n>:<text>". A case's
// expected file, line number and text are checked in the ripgrep form. Cases pinning GrepTool's
// own mechanics (its git grep / grep / JavaScript strategies) or a behaviour only it has are not
// applicable. The server has two roots; a call narrows them to the first unless told otherwise.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { GREP_BASE as BASE, qwenGrepBench } from './grep-fixture.js';
import { type Outcome } from '../shapes/gemini/harness.js';

const bench = qwenGrepBench('grep2');
const { fresh } = bench;

/** The Result limiting block's extra files: test1.txt ... test30.txt, one "testword" each. */
const MANY: Record<string, string> = { ...BASE };
for (let i = 1; i <= 30; i++) MANY[`test${i}.txt`] = `This is test file ${i} with the pattern testword in it.`;

async function found(
  args: Record<string, unknown>,
  files: Record<string, string> = BASE,
): Promise<{ o: Outcome; p: (...parts: string[]) => string }> {
  const f = await fresh(files);
  const o = await f.grep(args);
  assert.equal(o.error, '', o.error);
  return { o, p: f.p };
}

const has = (o: Outcome, ...parts: string[]) =>
  parts.forEach((p) => assert.ok(o.text.includes(p), `missing ${JSON.stringify(p)} in:\n${o.text}`));
const hasNot = (o: Outcome, ...parts: string[]) =>
  parts.forEach((p) => assert.ok(!o.text.includes(p), `unexpected ${JSON.stringify(p)} in:\n${o.text}`));

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

const cases: ReplayCase[] = [
  // validateToolParams
  matched('should return null for valid params (pattern only)', async () =>
    assert.match(
      (await found({ pattern: 'hello' })).o.text,
      /^Found 2 matches for pattern "hello" in the workspace directory:/,
    ),
  ),
  matched('should return null for valid params (pattern and path)', async () =>
    assert.match(
      (await found({ pattern: 'hello', path: '.' })).o.text,
      /^Found 2 matches for pattern "hello" in path "\.":/,
    ),
  ),
  matched('should return null for valid params (pattern, path, and glob)', async () =>
    assert.match(
      (await found({ pattern: 'hello', path: '.', glob: '*.txt' })).o.text,
      /^Found 1 match for pattern "hello" in path "\." \(filter: "\*\.txt"\):/,
    ),
  ),
  matched('should return error if pattern is missing', async () =>
    assert.match((await refused({ path: '.' }, 'INVALID_ARGUMENT')).error, /pattern/),
  ),
  matched(
    'should return error for invalid regex pattern',
    async () => void (await refused({ pattern: '[[' }, 'INVALID_ARGUMENT', 'invalid_tool_params')),
  ),
  matched('should return error if path does not exist', async () =>
    assert.match(
      (await refused({ pattern: 'hello', path: 'nonexistent' }, 'NOT_FOUND', 'search_path_not_found')).error,
      /nonexistent/,
    ),
  ),
  na(
    'should return error if path is a file, not a directory',
    "a limit of GrepTool only; Qwen's default ripgrep variant, which Facet serves, searches a file given as path (ripGrep.test.ts 'should allow path to be a file')",
  ),
  matched('should unescape shell-escaped path', async () => {
    const f = await fresh({ ...BASE, 'sub dir/x.txt': 'hello there' });
    const o = await f.grep({ pattern: 'hello', path: f.p('sub\\ dir') });
    assert.equal(
      o.text,
      `Found 1 match for pattern "hello" in path "${f.p('sub dir')}":\n---\n${f.p('sub dir', 'x.txt')}:1:hello there`,
    );
  }),

  // execute
  matched('should find matches for a simple pattern in all files', async () => {
    const { o, p } = await found({ pattern: 'world' });
    assert.equal(
      o.text,
      `Found 3 matches for pattern "world" in the workspace directory:\n---\n${p('fileA.txt')}:1:hello world\n${p('fileA.txt')}:2:second line with world\n${p('sub', 'fileC.txt')}:1:another world in sub dir`,
    );
  }),
  na(
    'caches fallback grep validation reads per file',
    "calls GrepTool's private output parser and counts its file reads (a caching detail of the grep strategy)",
  ),
  na(
    'only reports result paths for matches visible before character truncation',
    "lowers Qwen's truncateToolOutputThreshold setting to 30 characters and asserts resultFilePaths, Qwen's internal list of files for its read cache",
  ),
  matched('should find matches in a specific path', async () => {
    const { o, p } = await found({ pattern: 'world', path: 'sub' });
    assert.equal(
      o.text,
      `Found 1 match for pattern "world" in path "sub":\n---\n${p('sub', 'fileC.txt')}:1:another world in sub dir`,
    );
  }),
  matched('should find matches with a glob filter', async () => {
    const { o, p } = await found({ pattern: 'hello', glob: '*.js' });
    assert.equal(
      o.text,
      `Found 1 match for pattern "hello" in the workspace directory (filter: "*.js"):\n---\n${p('fileB.js')}:2:function baz() { return "hello"; }`,
    );
  }),
  matched('should find matches with a glob filter and path', async () => {
    const { o, p } = await found(
      { pattern: 'hello', path: 'sub', glob: '*.js' },
      { ...BASE, 'sub/another.js': 'const greeting = "hello";' },
    );
    assert.equal(
      o.text,
      `Found 1 match for pattern "hello" in path "sub" (filter: "*.js"):\n---\n${p('sub', 'another.js')}:1:const greeting = "hello";`,
    );
  }),
  matched('should return "No matches found" when pattern does not exist', async () =>
    assert.equal(
      (await found({ pattern: 'nonexistentpattern' })).o.text,
      'No matches found for pattern "nonexistentpattern" in the workspace directory.',
    ),
  ),
  matched('should handle regex special characters correctly', async () => {
    const { o, p } = await found({ pattern: 'foo.*bar' });
    assert.equal(
      o.text,
      `Found 1 match for pattern "foo.*bar" in the workspace directory:\n---\n${p('fileB.js')}:1:const foo = "bar";`,
    );
  }),
  matched('should be case-insensitive by default (JS fallback)', async () => {
    const { o, p } = await found({ pattern: 'HELLO' });
    assert.equal(
      o.text,
      `Found 2 matches for pattern "HELLO" in the workspace directory:\n---\n${p('fileA.txt')}:1:hello world\n${p('fileB.js')}:2:function baz() { return "hello"; }`,
    );
  }),
  matched('should throw an error if params are invalid', async () =>
    assert.match((await refused({ path: '.' }, 'INVALID_ARGUMENT')).error, /pattern/),
  ),
  na(
    'should return a GREP_EXECUTION_ERROR on failure',
    "makes GrepTool's glob library fail through a mock; no real search fails that way",
  ),

  // multi-directory workspace
  matched('should search across all workspace directories when no path is specified', async () => {
    // Upstream's config here has one workspace directory, so the header says "in the workspace directory".
    const { o, p } = await found({ pattern: 'world' });
    has(
      o,
      'Found 3 matches for pattern "world" in the workspace directory',
      `${p('fileA.txt')}:1:hello world`,
      `${p('fileA.txt')}:2:second line with world`,
      `${p('sub', 'fileC.txt')}:1:another world in sub dir`,
    );
  }),
  matched('should search only specified path within workspace directories', async () => {
    const f = await fresh();
    mkdirSync(path.join(bench.second(), 'sub'));
    writeFileSync(path.join(bench.second(), 'sub', 'test.txt'), 'hello from second sub directory');
    const o = await f.grep({ pattern: 'world', path: 'sub' }, [f.root, bench.second()]);
    assert.equal(
      o.text,
      `Found 1 match for pattern "world" in path "sub":\n---\n${f.p('sub', 'fileC.txt')}:1:another world in sub dir`,
    );
    hasNot(o, 'test.txt');
  }),
  matched('should convert relative paths to absolute when searching multiple directories', async () => {
    const f = await fresh();
    writeFileSync(path.join(bench.second(), 'extra.txt'), 'world content in second dir');
    const o = await f.grep({ pattern: 'world' }, [f.root, bench.second()]);
    has(
      o,
      'across 2 workspace directories',
      `\n${path.join(bench.second(), 'extra.txt')}:1:world content in second dir`,
      `\n${f.p('fileA.txt')}:1:hello world`,
    );
  }),
  matched('should deduplicate matches from overlapping workspace directories', async () => {
    const f = await fresh();
    const o = await f.grep({ pattern: 'sub dir' }, [f.root, f.p('sub')]);
    assert.equal(
      o.text,
      `Found 1 match for pattern "sub dir" across 2 workspace directories:\n---\n${f.p('sub', 'fileC.txt')}:1:another world in sub dir`,
    );
  }),

  // getDescription
  ...[
    'should generate correct description with pattern only',
    'should generate correct description with pattern and glob',
    'should generate correct description with pattern and path',
    'should indicate searching workspace directory when no path specified',
    'should generate correct description with pattern, glob, and path',
    'should use ./ for root path in description',
  ].map((name) => na(name, DESCRIPTION)),

  // Result limiting
  matched('should show all results when no limit is specified', async () => {
    const { o } = await found({ pattern: 'testword' }, MANY);
    has(o, 'Found 30 matches');
    hasNot(o, 'truncated');
  }),
  matched('should respect custom limit parameter', async () => {
    const { o } = await found({ pattern: 'testword', limit: 5 }, MANY);
    has(o, 'Found 30 matches');
    assert.ok(o.text.endsWith('\n---\n[25 lines truncated] ...'), o.text);
    assert.equal(o.text.split('\n').filter((l) => l.includes(':1:This is test file')).length, 5);
  }),
  matched('should not show truncation warning when all results fit', async () => {
    const { o } = await found({ pattern: 'testword', limit: 50 }, MANY);
    has(o, 'Found 30 matches');
    hasNot(o, 'truncated');
  }),
  matched('should not validate limit parameter', async () =>
    assert.match((await found({ pattern: 'test', limit: 5 })).o.text, /^Found 1 match for pattern "test"/),
  ),
  matched('should accept valid limit parameter', async () => {
    for (const limit of [1, 50, 100])
      assert.match((await found({ pattern: 'test', limit })).o.text, /^Found 1 match for pattern "test"/);
  }),
];

export const qwenGrep: ReplaySuite = {
  vendor: 'qwen',
  shape: 'qwen@0.15.10',
  tool: 'grep_search',
  source: 'QwenLM/qwen-code packages/core/src/tools/grep.test.ts @0bdb7e91',
  cases,
};
