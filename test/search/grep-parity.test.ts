// Cross-check: many option and pattern combinations run through both backends must give
// deep-equal structured results (lines, columns, submatches, context, counts, totals).
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { EngineError } from '../../src/engine/errors.js';
import { Scope } from '../../src/engine/scope.js';
import { grep } from '../../src/engine/search/grep.js';
import type { GrepOptions } from '../../src/engine/search/types.js';
import { makeTree, type Tree } from './tree.js';

const CASES: Array<Omit<GrepOptions, 'cwd'>> = [
  { pattern: 'foo' },
  { pattern: 'foo', before: 2, after: 2 },
  { pattern: 'o', before: 1, after: 3, maxPerFile: 2 },
  { pattern: 'foo', hidden: true, noIgnore: true, mode: 'count' },
  { pattern: 'FOO', caseMode: 'insensitive', mode: 'files', sort: 'mtime-desc' },
  { pattern: 'foo', caseMode: 'smart', wordMatch: true },
  { pattern: '\\w+ve|\\d+|\\p{Greek}\\w+' },
  { pattern: '\\bfoo\\b|o\\b' },
  { pattern: '\\s\\S|\\W\\W' },
  { pattern: '^\\w+$|[^a-z ]+$' },
  { pattern: '\\$5 \\[x\\] \\{y\\}|\\x{3a9}|\\-bar' },
  { pattern: '[[:upper:]]{3}|x{2,}|e{1}n' },
  { pattern: '(?P<w>foo)_|(?:ba)r' },
  { pattern: 'a*', paths: ['uni.txt'] },
  { pattern: '\\}\\z|^end' },
  { pattern: '(?s)foo.bar' },
  { pattern: 'caf.|.af' },
  { pattern: 'bar$\\n^foo|beta\\ngamma', multiline: true },
  { pattern: 'e\\s+\\S', multiline: true, before: 1, after: 1 },
  { pattern: 'foo', multiline: true, after: 1 },
  { pattern: '[^x]+', paths: ['crlf.txt', 'a.txt'] },
  { pattern: 'foo', globs: ['*.txt', '!a*'], typesNot: ['py'] },
  { pattern: 'foo', types: ['ts', 'py'], ignoreFileNames: ['.geminiignore'] },
  { pattern: 'o', offset: 5, limit: 7, before: 1 },
  { pattern: 'o', mode: 'files', offset: 3, limit: 2, sort: 'mtime-asc' },
  { pattern: 'e', maxLineLength: 4 },
  { pattern: 'e', maxTotal: 3, paths: ['a.txt'] },
  { pattern: '(?<=a)b' },
  { pattern: '(a)\\1' },
  // .big/big.txt spans several 4 MiB read chunks: context and line numbers across their edges.
  { pattern: 'needle', before: 3, after: 3, paths: ['.big/big.txt'] },
  { pattern: 'ne+dle \\d+', before: 2, after: 1, paths: ['.big/big.txt'] },
  { pattern: 'needle', mode: 'count', paths: ['.big/big.txt'] },
];

let tree: Tree;
let scope: Scope;
before(() => {
  tree = makeTree();
  scope = Scope.fromRoots([tree.root]);
  // ~10 MB of lines: needles every 997 lines and in short runs, so some sit at read-chunk edges.
  const lines: string[] = [];
  for (let i = 1; i <= 400_000; i++)
    lines.push(i % 997 === 0 || (i % 50_000 < 4 && i > 4) ? `needle ${i}` : `line ${i} of filler text`);
  // (in a hidden folder, so the other cases do not search it)
  mkdirSync(path.join(tree.root, '.big'));
  writeFileSync(path.join(tree.root, '.big', 'big.txt'), lines.join('\n') + '\n');
});
after(() => tree.cleanup());

const outcome = async (opts: Omit<GrepOptions, 'cwd'>, backend: 'rg' | 'fallback'): Promise<unknown> => {
  try {
    const r = await grep(scope, { cwd: tree.root, ...opts }, { backend });
    assert.equal(r.backend, backend);
    return { ...r, backend: undefined };
  } catch (err) {
    assert.ok(err instanceof EngineError);
    return { error: err.kind, field: err.field };
  }
};

for (const c of CASES) {
  test(`rg and fallback agree: ${JSON.stringify(c)}`, async () => {
    const rg = await outcome(c, 'rg');
    const fb = await outcome(c, 'fallback');
    assert.deepEqual(fb, rg);
  });
}
