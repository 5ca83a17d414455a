// The facts several shapes' search and web tools put their own words around: the files a grep
// found matches in and how many, a grep capped per file and widened around a few matches, a
// search answer with its sources numbered, a redirect reported to the host, an argument that
// must be one of a table's keys, and a count that stopped early. The greps run for real over a
// temporary tree (built-in searcher).
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { EngineError } from '../../../src/engine/index.js';
import { grep } from '../../../src/engine/search/grep.js';
import { requireOneOf } from '../../../src/shapes/kit/args/arg-checks.js';
import { citedSearch, flatSnippet } from '../../../src/shapes/kit/web/cited-search.js';
import { redirectHost } from '../../../src/shapes/kit/web/views.js';
import { countSoFar } from '../../../src/shapes/kit/search/listing-view.js';
import { grepAround } from '../../../src/shapes/kit/search/auto-context.js';
import { matchedFiles } from '../../../src/shapes/kit/search/match-lines.js';
import type { GrepOptions, GrepResult, SearchResponse } from '../../../src/engine/index.js';
import { Scope } from '../../../src/engine/scope.js';
import { tempDir } from '../../helpers/server.js';

let root: string;
let cleanup: () => void;
let scope: Scope;
before(() => {
  ({ dir: root, cleanup } = tempDir('facet-shared-facts-'));
  writeFileSync(path.join(root, 'a.txt'), ['one hit', 'two', 'three', 'four hit', 'five hit', 'six'].join('\n') + '\n');
  writeFileSync(path.join(root, 'b.txt'), 'no match here\n');
  writeFileSync(path.join(root, 'c.txt'), ['x', 'y', 'lone hit', 'z'].join('\n') + '\n');
  scope = Scope.fromRoots([root]);
});
after(() => cleanup());

const run = (o: GrepOptions): Promise<GrepResult> => grep(scope, { cwd: root, ...o }, { backend: 'fallback' });
const lines = (r: GrepResult) =>
  r.files.map((f) => `${f.relative}: ${f.lines.map((l) => `${l.line}${l.kind === 'match' ? ':' : '-'}`).join(' ')}`);

test('matchedFiles: the files holding a match line and their match lines, in every mode', async () => {
  const content = matchedFiles(await run({ pattern: 'hit', mode: 'content' }));
  assert.deepEqual(
    content.files.map((f) => f.relative),
    ['a.txt', 'c.txt'],
  );
  assert.equal(content.matches, 4);
  const files = matchedFiles(await run({ pattern: 'hit', mode: 'files' }));
  assert.deepEqual([files.files.length, files.matches], [2, 4]);
  assert.deepEqual(matchedFiles(await run({ pattern: 'absent', mode: 'content' })), { files: [], matches: 0 });
  // A file left with context lines only (as when exclude_pattern drops its match lines) is not counted.
  const capped = await run({ pattern: 'hit', mode: 'content', before: 1 });
  const onlyContext = {
    ...capped,
    files: capped.files.map((f) => ({ ...f, lines: f.lines.map((l) => ({ ...l, kind: 'context' as const })) })),
  };
  assert.deepEqual(matchedFiles(onlyContext), { files: [], matches: 0 });
});

test('grepAround caps matches per file, checks the first answer, and widens by the match count unless context was asked', async () => {
  const seen: GrepResult[] = [];
  const settled = (r: GrepResult) => (seen.push(r), r);
  // Four matches: no entry for four, so the first answer stands; one per file keeps two.
  const wide = await grepAround(run, { pattern: 'hit', mode: 'content' }, { around: [2, 1, 1], settled });
  assert.deepEqual(lines(wide), ['a.txt: 1: 4: 5:', 'c.txt: 3:']);
  const perFile = await grepAround(
    run,
    { pattern: 'hit', mode: 'content' },
    { maxPerFile: 1, around: [2, 1, 1], settled },
  );
  // Two match lines kept (the rest of a.txt's matches become context), so one line either side.
  assert.deepEqual(lines(perFile), ['a.txt: 1: 2- 3- 4- 5- 6-', 'c.txt: 2- 3: 4-']);
  assert.equal(perFile.totalMatchLines, 2);
  const one = await grepAround(run, { pattern: 'lone', mode: 'content' }, { around: [2], settled });
  assert.deepEqual(lines(one), ['c.txt: 1- 2- 3: 4-']);
  const asked = await grepAround(run, { pattern: 'lone', mode: 'content', before: 0 }, { around: [2], settled });
  assert.deepEqual(lines(asked), ['c.txt: 3:']);
  assert.equal(seen.length, 4, 'settled sees each first answer, never the widened one');
  const refused = grepAround(run, { pattern: 'hit' }, { around: [], settled: () => assert.fail('refused') });
  await assert.rejects(refused, /refused/);
});

const response = (over: Partial<SearchResponse>): SearchResponse => ({
  provider: 'test',
  query: 'q',
  results: [],
  ...over,
});

test('citedSearch numbers results by their one-line snippets (else titles) and grounded answers by their chunks', () => {
  const results = [
    { title: 'First', url: 'https://a.example/', snippet: '  spread\n over\tlines ' },
    { title: 'Second', url: 'https://b.example/', snippet: '' },
  ];
  assert.equal(flatSnippet(results[0]!), 'spread over lines');
  assert.deepEqual(citedSearch(response({ results, answer: 'Short answer.' })), {
    answer: 'Short answer.',
    passages: ['spread over lines [1]', 'Second [2]'],
    sources: [
      { title: 'First', url: 'https://a.example/' },
      { title: 'Second', url: 'https://b.example/' },
    ],
  });
  assert.deepEqual(citedSearch(response({})), { answer: '', passages: [], sources: [] });
  const grounding = {
    chunks: [{ web: { title: 'Doc', uri: 'https://d.example/' } }, { web: { title: '', uri: '' } }],
    supports: [{ segment: { endIndex: 5 }, groundingChunkIndices: [0, 1] }],
    webSearchQueries: [],
  };
  assert.deepEqual(citedSearch(response({ answer: 'Héllo world', grounding, results })), {
    answer: 'Héll[1][2]o world',
    passages: [],
    sources: [
      { title: 'Doc', url: 'https://d.example/' },
      { title: undefined, url: undefined },
    ],
  });
});

test('requireOneOf maps a known value and names the field and the choices otherwise', () => {
  const modes = { files_with_matches: 'files', content: 'content' };
  assert.equal(requireOneOf('content', modes, 'output_mode'), 'content');
  for (const bad of ['lines', 'constructor']) {
    assert.throws(
      () => requireOneOf(bad, modes, 'output_mode'),
      (e: unknown) =>
        e instanceof EngineError &&
        e.kind === 'invalid_argument' &&
        e.field === 'output_mode' &&
        e.message === `output_mode ${bad} is not one of files_with_matches, content` &&
        e.facts.output_mode === bad,
    );
  }
});

test('countSoFar marks a count that stopped before the end', () => {
  assert.equal(countSoFar(12, true), '12');
  assert.equal(countSoFar(12, false), '12+');
});

test('redirectHost: the host summary and details of a cross-site redirect that was reported', () => {
  const r = {
    url: 'https://a.example/x',
    redirectUrl: 'https://b.example/y',
    status: 301,
    statusText: 'Moved Permanently',
    redirects: [],
  };
  assert.deepEqual(redirectHost(r), {
    summary: 'https://a.example/x redirects to https://b.example/y',
    details: { url: 'https://a.example/x', redirectUrl: 'https://b.example/y', status: 301 },
  });
});
