// The grep test suite, run once per backend (grep-rg.test.ts, grep-fallback.test.ts) with the
// same expectations: identical results from ripgrep and the TypeScript fallback.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { EngineError } from '../../src/engine/errors.js';
import { Scope } from '../../src/engine/scope.js';
import { grep } from '../../src/engine/search/grep.js';
import type { GrepOptions, GrepResult } from '../../src/engine/search/types.js';
import { makeTree, type Tree } from './tree.js';

/** rg-like rendering: "file:line:text" matches (with submatch spans), "file-line-text" context. */
export function render(r: GrepResult): string[] {
  if (r.mode === 'files') return r.files.map((f) => f.relative);
  if (r.mode === 'count') return r.files.map((f) => `${f.relative}:${f.matchLines}`);
  return r.files.flatMap((f) =>
    f.lines.map((l) =>
      l.kind === 'match'
        ? `${f.relative}:${l.line}:${l.text}${l.cut ? '…' : ''} ${JSON.stringify(l.submatches!.map((s) => [s.start, s.end]))}`
        : `${f.relative}-${l.line}-${l.text}`,
    ),
  );
}

const ALL_FOO_FILES = [
  'a.txt',
  'crlf.txt',
  'gemini-secret.txt',
  'keep.log',
  'latin1.txt',
  'src/main.ts',
  'src/nested/deep.py',
  'src/util.ts',
  'uni.txt',
  'utf16.txt',
];

export function grepSuite(backend: 'rg' | 'fallback'): void {
  describe(`grep (${backend})`, () => {
    let tree: Tree;
    let scope: Scope;
    const run = (opts: Omit<GrepOptions, 'cwd'>): Promise<GrepResult> =>
      grep(scope, { cwd: tree.root, ...opts }, { backend });
    const fails = async (opts: Omit<GrepOptions, 'cwd'>, kind: string, field?: string): Promise<EngineError> => {
      const err = await run(opts).then(
        () => assert.fail('expected an error'),
        (e: unknown) => e,
      );
      assert.ok(err instanceof EngineError, String(err));
      assert.equal(err.kind, kind, err.message);
      if (field) assert.equal(err.field, field);
      return err;
    };

    before(() => {
      tree = makeTree();
      scope = Scope.fromRoots([tree.root]);
    });
    after(() => tree.cleanup());

    test('content: .gitignore at every level, hidden, binary, links and VCS folders left out', async () => {
      const r = await run({ pattern: 'foo' });
      assert.equal(r.backend, backend);
      assert.deepEqual(render(r), [
        'a.txt:1:alpha foo [[6,9]]',
        'a.txt:5:epsilon foo foo [[8,11],[12,15]]',
        'a.txt:8:theta foo [[6,9]]',
        'crlf.txt:1:foo crlf [[0,3]]',
        'gemini-secret.txt:1:foo for gemini only [[0,3]]',
        'keep.log:1:foo in a kept log [[0,3]]',
        'latin1.txt:1:caf\uFFFD foo [[5,8]]',
        'src/main.ts:1:import { foo } from "./util"; [[9,12]]',
        'src/main.ts:2:export const bar = foo(1); [[19,22]]',
        'src/nested/deep.py:1:def foo(): [[4,7]]',
        'src/util.ts:1:export function foo(x: number) { [[16,19]]',
        'uni.txt:4:foo_bar foo-bar [[0,3],[8,11]]',
        'utf16.txt:1:utf16 foo line [[6,9]]',
      ]);
      assert.deepEqual(
        [r.total, r.shown, r.totalFiles, r.totalMatchLines, r.totalMatches, r.truncated],
        [13, 13, 10, 13, 15, false],
      );
      assert.equal(r.files[0]!.path, `${tree.root}/a.txt`);
      assert.equal(r.files[0]!.lines[1]!.column, 9);
    });

    test('hidden includes dot-files but never .git; no_ignore brings ignored files back', async () => {
      assert.deepEqual(render(await run({ pattern: 'foo', hidden: true, mode: 'files' })), [
        '.hidden/secret.txt',
        ...ALL_FOO_FILES,
      ]);
      assert.deepEqual(render(await run({ pattern: 'foo', noIgnore: true, mode: 'files' })), [
        'a.txt',
        'app.log',
        'build/out.txt',
        'crlf.txt',
        'gemini-secret.txt',
        'keep.log',
        'latin1.txt',
        'src/generated.ts',
        'src/main.ts',
        'src/nested/deep.py',
        'src/util.ts',
        'uni.txt',
        'utf16.txt',
      ]);
    });

    test('an include glob lets hidden and ignored files in, as in rg, but never .git', async () => {
      assert.deepEqual(render(await run({ pattern: 'foo', globs: ['*'], mode: 'files' })), [
        '.hidden/secret.txt',
        'a.txt',
        'app.log',
        'build/out.txt',
        'crlf.txt',
        'gemini-secret.txt',
        'keep.log',
        'latin1.txt',
        'src/generated.ts',
        'src/main.ts',
        'src/nested/deep.py',
        'src/util.ts',
        'uni.txt',
        'utf16.txt',
      ]);
    });

    test('a path inside an ignored folder is searched when named, as rg does', async () => {
      assert.deepEqual(render(await run({ pattern: 'foo', paths: ['build'], mode: 'files' })), ['out.txt']);
    });

    test('an extra ignore file name (.geminiignore) is honoured', async () => {
      const r = await run({ pattern: 'foo', ignoreFileNames: ['.geminiignore'], mode: 'files' });
      assert.deepEqual(
        render(r),
        ALL_FOO_FILES.filter((f) => f !== 'gemini-secret.txt'),
      );
    });

    test('case modes: insensitive, smart (upper-case means sensitive), inline (?i)', async () => {
      assert.deepEqual(
        render(await run({ pattern: 'foo', caseMode: 'insensitive', mode: 'count', paths: ['a.txt', 'src'] })),
        ['a.txt:4', 'src/main.ts:2', 'src/nested/deep.py:2', 'src/util.ts:1'],
      );
      assert.deepEqual(render(await run({ pattern: 'Foo', caseMode: 'smart', mode: 'count' })), [
        'a.txt:1',
        'src/nested/deep.py:1',
      ]);
      assert.deepEqual(render(await run({ pattern: 'foo', caseMode: 'smart', mode: 'count', paths: ['a.txt'] })), [
        'a.txt:4',
      ]);
      // Simple case folding, as Rust's regex: Ω folds to ω, but SS does not match ß.
      assert.deepEqual(render(await run({ pattern: '(?i)STRASSE|ΩMEGA', paths: ['uni.txt'] })), [
        'uni.txt:1:naïve Ωmega straße [[6,11]]',
      ]);
    });

    test('context lines before and after, merged between near matches', async () => {
      assert.deepEqual(render(await run({ pattern: 'foo', before: 1, after: 1, paths: ['a.txt'] })), [
        'a.txt:1:alpha foo [[6,9]]',
        'a.txt-2-beta',
        'a.txt-4-delta',
        'a.txt:5:epsilon foo foo [[8,11],[12,15]]',
        'a.txt-6-zeta',
        'a.txt-7-eta',
        'a.txt:8:theta foo [[6,9]]',
      ]);
    });

    test('in path order, the total cap keeps the first matches of the first files by path', async () => {
      const r = await run({ pattern: 'foo', maxTotal: 3, inPathOrder: true });
      // a.txt is first by path and holds three matches: the cap is spent there, whatever the threads do.
      assert.deepEqual(render(r), [
        'a.txt:1:alpha foo [[6,9]]',
        'a.txt:5:epsilon foo foo [[8,11],[12,15]]',
        'a.txt:8:theta foo [[6,9]]',
      ]);
    });

    test("max per file keeps rg's trailing context, and a match inside it stays a match", async () => {
      assert.deepEqual(render(await run({ pattern: 'foo', maxPerFile: 1, after: 3, paths: ['a.txt'] })), [
        'a.txt:1:alpha foo [[6,9]]',
        'a.txt-2-beta',
        'a.txt-3-gamma Foo',
        'a.txt-4-delta',
      ]);
      assert.deepEqual(render(await run({ pattern: 'foo|beta', maxPerFile: 1, after: 2, paths: ['a.txt'] })), [
        'a.txt:1:alpha foo [[6,9]]',
        'a.txt:2:beta [[0,4]]',
        'a.txt-3-gamma Foo',
      ]);
    });

    test('word match, fixed strings, globs (include beats .gitignore), types', async () => {
      assert.deepEqual(render(await run({ pattern: 'foo', wordMatch: true, paths: ['uni.txt'] })), [
        'uni.txt:4:foo_bar foo-bar [[8,11]]',
      ]);
      assert.deepEqual(render(await run({ pattern: 'foo(1)', fixedStrings: true })), [
        'src/main.ts:2:export const bar = foo(1); [[19,25]]',
      ]);
      assert.deepEqual(render(await run({ pattern: 'foo', globs: ['*.ts'], mode: 'files' })), [
        'src/generated.ts',
        'src/main.ts',
        'src/util.ts',
      ]);
      // rg's {a,b} alternatives
      assert.deepEqual(render(await run({ pattern: 'foo', globs: ['*.{py,ts}'], mode: 'files' })), [
        'src/generated.ts',
        'src/main.ts',
        'src/nested/deep.py',
        'src/util.ts',
      ]);
      assert.deepEqual(render(await run({ pattern: 'foo', globs: ['src/{nested/deep.py,main.ts}'], mode: 'files' })), [
        'src/main.ts',
        'src/nested/deep.py',
      ]);
      assert.deepEqual(render(await run({ pattern: 'foo', globs: ['!src/**'], mode: 'files' })), [
        'a.txt',
        'crlf.txt',
        'gemini-secret.txt',
        'keep.log',
        'latin1.txt',
        'uni.txt',
        'utf16.txt',
      ]);
      assert.deepEqual(render(await run({ pattern: 'foo', types: ['py'], mode: 'files' })), ['src/nested/deep.py']);
      assert.deepEqual(render(await run({ pattern: 'foo', types: ['txt'], globs: ['!a.txt'], mode: 'files' })), [
        'crlf.txt',
        'gemini-secret.txt',
        'latin1.txt',
        'uni.txt',
        'utf16.txt',
      ]);
      await fails({ pattern: 'foo', types: ['nosuchtype'] }, 'invalid_argument', 'type');
    });

    test('files sorted newest first and oldest first; pagination over lines', async () => {
      const newest = [
        'uni.txt',
        'gemini-secret.txt',
        'crlf.txt',
        'utf16.txt',
        'latin1.txt',
        'src/nested/deep.py',
        'src/util.ts',
        'src/main.ts',
        'keep.log',
        'a.txt',
      ];
      assert.deepEqual(render(await run({ pattern: 'foo', mode: 'files', sort: 'mtime-desc' })), newest);
      assert.deepEqual(render(await run({ pattern: 'foo', mode: 'files', sort: 'mtime-asc' })), [...newest].reverse());
      const page = await run({ pattern: 'foo', offset: 2, limit: 3 });
      assert.deepEqual(render(page), [
        'a.txt:8:theta foo [[6,9]]',
        'crlf.txt:1:foo crlf [[0,3]]',
        'gemini-secret.txt:1:foo for gemini only [[0,3]]',
      ]);
      assert.deepEqual([page.offset, page.shown, page.total, page.truncated], [2, 3, 13, true]);
      const files = await run({ pattern: 'foo', mode: 'files', offset: 8, limit: 5 });
      assert.deepEqual([render(files), files.total, files.truncated], [['uni.txt', 'utf16.txt'], 10, false]);
    });

    test('multiline matches span lines and are grouped', async () => {
      assert.deepEqual(render(await run({ pattern: 'beta\\ngamma', multiline: true })), [
        'a.txt:2:beta\ngamma Foo [[0,10]]',
      ]);
      const r = await run({ pattern: 'foo\\(1\\);\\n// TODO', multiline: true, mode: 'count' });
      assert.deepEqual([render(r), r.totalMatches], [['src/main.ts:2'], 1]);
      await fails({ pattern: 'beta\\ngamma' }, 'invalid_argument', 'pattern');
    });

    test('Unicode classes, undecodable bytes, UTF-16, CRLF', async () => {
      assert.deepEqual(render(await run({ pattern: '\\w+ve', paths: ['uni.txt'] })), [
        'uni.txt:1:naïve Ωmega straße [[0,5]]',
      ]);
      assert.deepEqual(render(await run({ pattern: '\\d+', paths: ['uni.txt'] })), [
        'uni.txt:3:numbers 123 ٣٤٥ [[8,11],[12,15]]',
        'uni.txt:5:end. $5 [x] {y} [[6,7]]',
      ]);
      // "." never matches an undecodable byte: only café in main.ts, not caf\xe9 in latin1.txt.
      assert.deepEqual(render(await run({ pattern: 'caf.', mode: 'files' })), ['src/main.ts']);
      assert.deepEqual(render(await run({ pattern: 'utf16', paths: ['utf16.txt'] })), [
        'utf16.txt:1:utf16 foo line [[0,5]]',
      ]);
      assert.deepEqual(render(await run({ pattern: 'crlf$' })), []);
      assert.deepEqual(render(await run({ pattern: '\\}\\z', paths: ['uni.txt'] })), [
        'uni.txt:5:end. $5 [x] {y} [[14,15]]',
      ]);
    });

    test('long lines are cut; binary files are skipped even when named', async () => {
      assert.deepEqual(render(await run({ pattern: 'foo', maxLineLength: 5, paths: ['a.txt'], limit: 1 })), [
        'a.txt:1:alpha… [[6,9]]',
      ]);
      assert.deepEqual(render(await run({ pattern: 'foo', paths: ['bin.dat'] })), []);
    });

    test('paths out of scope, through links, or missing are refused', async () => {
      await fails({ pattern: 'foo', paths: ['link-out'] }, 'permission_denied', 'path');
      await fails({ pattern: 'foo', paths: ['file-link-out.txt'] }, 'permission_denied', 'path');
      await fails({ pattern: 'foo', paths: ['/etc'] }, 'permission_denied', 'path');
      await fails({ pattern: 'foo', paths: ['missing'] }, 'not_found', 'path');
      await fails({ pattern: 'fo\0o' }, 'invalid_argument', 'pattern');
    });

    test('patterns neither dialect can run are refused as invalid', async () => {
      await fails({ pattern: '(?<=a)b' }, 'invalid_argument', 'pattern');
      await fails({ pattern: '(a|b)\\1' }, 'invalid_argument', 'pattern');
      await fails({ pattern: 'a{' }, 'invalid_argument', 'pattern');
    });

    test('the total cap stops the search and says so', async () => {
      const r = await run({ pattern: 'foo', maxTotal: 2, paths: ['a.txt'] });
      assert.deepEqual([r.totalMatchLines, r.stoppedBy, r.truncated], [2, 'max_total', true]);
      assert.deepEqual(render(r), ['a.txt:1:alpha foo [[6,9]]', 'a.txt:5:epsilon foo foo [[8,11],[12,15]]']);
    });

    test("excluded lines are dropped as found: before the total cap, context too; rg's per-file cap still counts them", async () => {
      const capped = await run({ pattern: 'foo', maxTotal: 1, paths: ['a.txt'], excludeLines: /alpha/g });
      assert.deepEqual([capped.totalMatchLines, capped.stoppedBy], [1, 'max_total']);
      assert.deepEqual(render(capped), ['a.txt:5:epsilon foo foo [[8,11],[12,15]]']);
      const context = await run({
        pattern: 'foo',
        paths: ['a.txt'],
        before: 1,
        after: 1,
        excludeLines: /^(beta|zeta)$/,
      });
      assert.deepEqual(render(context), [
        'a.txt:1:alpha foo [[6,9]]',
        'a.txt-4-delta',
        'a.txt:5:epsilon foo foo [[8,11],[12,15]]',
        'a.txt-7-eta',
        'a.txt:8:theta foo [[6,9]]',
      ]);
      const perFile = await run({
        pattern: 'foo',
        paths: ['a.txt'],
        maxPerFile: 2,
        excludeLines: /alpha/,
        mode: 'count',
      });
      assert.deepEqual(render(perFile), ['a.txt:1']);
      const none = await run({ pattern: 'theta', excludeLines: /theta/ });
      assert.deepEqual([none.total, none.totalFiles, none.files], [0, 0, []]);
    });
  });
}
