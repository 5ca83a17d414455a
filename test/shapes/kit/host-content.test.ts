// The host facts that let a tool table word a result without assembling its host block: a
// grep's matched files with their facts, and the facts of a read window, of several URLs
// fetched, of a many-file read, of a list of jobs and of a todo list (with the list numbered
// and named back for a dialect without ids).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GrepFile, GrepResult, JobSnapshot, ModelManyResult, TextRead } from '../../../src/engine/index.js';
import { manyReadParts } from '../../../src/shapes/kit/files/many-read-parts.js';
import { rawWindow, windowHost } from '../../../src/shapes/kit/files/raw-window.js';
import { todosFrom, todosAs, todosHost } from '../../../src/shapes/kit/todos/todo-list.js';
import { fetchEachHost, type FetchEachResult } from '../../../src/shapes/kit/web/fetch-each.js';
import { matchedHost } from '../../../src/shapes/kit/search/matched-host.js';
import { jobsHost } from '../../../src/shapes/kit/shell/jobs.js';

const file = (relative: string, lines: GrepFile['lines']): GrepFile => ({
  path: `/r/${relative}`,
  relative,
  matchLines: 0,
  matches: 0,
  lines,
});
const grepResult = (o: Partial<GrepResult>): GrepResult => ({
  backend: 'fallback',
  mode: 'content',
  base: '/r',
  files: [],
  shown: 0,
  offset: 0,
  total: 0,
  totalFiles: 0,
  totalMatchLines: 0,
  totalMatches: 0,
  truncated: false,
  timedOut: false,
  ...o,
});

test('matchedHost: the files holding a match line, their match lines, their names sorted, and the host facts of the whole search', () => {
  const r = grepResult({
    files: [
      file('z.ts', [
        { line: 1, kind: 'match', text: 'hit' },
        { line: 2, kind: 'match', text: 'hit' },
      ]),
      file('only-context.ts', [{ line: 4, kind: 'context', text: 'near' }]),
      file('a.ts', [{ line: 3, kind: 'match', text: 'hit' }]),
    ],
    truncated: true,
  });
  const m = matchedHost(r);
  assert.deepEqual(
    m.files.map((f) => f.relative),
    ['z.ts', 'a.ts'],
  );
  assert.equal(m.matches, 3);
  assert.deepEqual(m.names, ['a.ts', 'z.ts']);
  assert.deepEqual(m.facts, {
    summary: 'Found 3 match(es) in 2 file(s)',
    paths: ['/r/z.ts', '/r/only-context.ts', '/r/a.ts'],
    counts: { matches: 3, files: 2 },
    truncated: true,
    details: { backend: 'fallback' },
  });
  assert.deepEqual(matchedHost(grepResult({ backend: 'rg' })), {
    files: [],
    matches: 0,
    names: [],
    facts: {
      summary: 'No matches found',
      paths: [],
      counts: { matches: 0, files: 0 },
      truncated: false,
      details: { backend: 'rg' },
    },
  });
});

const read = (o: Partial<TextRead>): TextRead =>
  ({
    kind: 'text',
    path: '/r/a.txt',
    relative: 'a.txt',
    startLine: 1,
    endLine: 0,
    lines: [],
    eols: [],
    truncatedLines: [],
    stoppedBy: 'eof',
    ...o,
  }) as unknown as TextRead;

test('windowHost: the file read whole, a window of its lines, and a window of an uncounted file', () => {
  const whole = read({ endLine: 2, totalLines: 2, lines: ['a', 'b'] });
  assert.deepEqual(windowHost(whole, rawWindow(whole, { marker: '~', cutBy: 'line' })), {
    paths: ['/r/a.txt'],
    summary: 'Read a.txt',
    counts: { startLine: 1, endLine: 2, totalLines: 2 },
    truncated: false,
  });
  const part = read({ startLine: 3, endLine: 4, totalLines: 9, lines: ['c', 'd'], stoppedBy: 'limit' });
  assert.deepEqual(windowHost(part, rawWindow(part, { marker: '~', cutBy: 'line' })), {
    paths: ['/r/a.txt'],
    summary: 'Read lines 3-4 of 9 from a.txt',
    counts: { startLine: 3, endLine: 4, totalLines: 9 },
    truncated: true,
  });
  const big = read({ endLine: 2, lines: ['a', 'b'], stoppedBy: 'limit' });
  assert.deepEqual(windowHost(big, rawWindow(big, { marker: '~', cutBy: 'budget', uncounted: true })), {
    paths: ['/r/a.txt'],
    summary: 'Read lines 1-2 of at least 2 from a.txt (truncated)',
    counts: { startLine: 1, endLine: 2 },
    truncated: true,
  });
});

test('fetchEachHost: pages fetched of URLs tried, the skipped ones as named, and whether a page was cut', () => {
  const r: FetchEachResult = {
    asked: 3,
    pages: [
      { url: 'https://a.example/', text: 'A', cut: false },
      { url: 'https://b.example/', text: 'B', cut: true },
    ],
    skipped: [{ url: 'https://c.example/', mediaType: 'image/png' }],
  };
  assert.deepEqual(fetchEachHost(r, ['c (image)']), {
    summary: 'Fetched 2 of 3 URL(s)',
    counts: { fetched: 2, skipped: 1 },
    truncated: true,
    details: { urls: ['https://a.example/', 'https://b.example/'], skipped: ['c (image)'] },
  });
  assert.deepEqual(fetchEachHost({ asked: 0, pages: [], skipped: [] }, []), {
    summary: 'Fetched 0 of 0 URL(s)',
    counts: { fetched: 0, skipped: 0 },
    truncated: false,
    details: { urls: [], skipped: [] },
  });
});

test('manyReadParts: the host facts of the files shown, of the files matched and left over the limit', () => {
  const text = {
    kind: 'text',
    path: '/r/a.txt',
    relative: 'a.txt',
    startLine: 1,
    endLine: 1,
    totalLines: 1,
    lines: ['a'],
    truncatedLines: [],
  };
  const r = {
    files: [text, { kind: 'skipped', path: '/r/b.bin', relative: 'b.bin', reason: 'binary', message: 'binary' }],
    matched: 7,
    omitted: 5,
  } as unknown as ModelManyResult;
  const parts = manyReadParts(r, { marker: '~', cutBy: 'line' });
  assert.deepEqual(parts.paths, ['/r/a.txt']);
  assert.deepEqual(parts.facts, {
    summary: 'Read 1 file(s)',
    paths: ['/r/a.txt'],
    counts: { files: 1, matched: 7, omitted: 5 },
  });
});

const job = (o: Partial<JobSnapshot>) =>
  ({ pid: 10, status: 'running', exitCode: null, command: 'sleep 9', ...o }) as JobSnapshot;

test('jobsHost: how many jobs and each one as a host shows it; no details when there are none', () => {
  assert.deepEqual(jobsHost([job({}), job({ pid: 11, status: 'completed', exitCode: 0, command: 'true' })]), {
    counts: { processes: 2 },
    details: {
      processes: [
        { pid: 10, status: 'running', exitCode: null, command: 'sleep 9' },
        { pid: 11, status: 'completed', exitCode: 0, command: 'true' },
      ],
    },
  });
  assert.deepEqual(jobsHost([]), { counts: { processes: 0 } });
});

test('todosFrom numbers a list without ids in order; todosAs names the items back; todosHost counts and sums them up', () => {
  const items = todosFrom(
    [
      { description: 'Reproduce', status: 'completed' },
      { description: 'Fix', status: 'in_progress' },
    ],
    'description',
  );
  assert.deepEqual(items, [
    { id: '1', content: 'Reproduce', status: 'completed' },
    { id: '2', content: 'Fix', status: 'in_progress' },
  ]);
  const shown = todosAs(items, 'description');
  assert.deepEqual(shown, [
    { description: 'Reproduce', status: 'completed' },
    { description: 'Fix', status: 'in_progress' },
  ]);
  assert.deepEqual(todosHost(items, shown), { counts: { todos: 2 }, details: { todos: shown }, summary: '2 todo(s)' });
  assert.deepEqual(todosHost([], []), {
    counts: { todos: 0 },
    details: { todos: [] },
    summary: 'Cleared the todo list',
  });
});
