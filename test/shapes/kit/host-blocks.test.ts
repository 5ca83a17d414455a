// The kit's helpers that the claude and grok tables put their words around: ripgrep's flags
// as grep options, a path that must exist, what a host shows of a grep, a glob, an edit, a
// write, a page, a search, a todo list and a notebook read, a run's streams, a file's head or
// range of lines, todo items.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  type EditResult,
  EngineError,
  type FetchedPage,
  type GlobResult,
  type GrepResult,
  type NotebookView,
  type ReadResult,
  type RunOutcome,
  type SearchResponse,
  type WriteResult,
} from '../../../src/engine/index.js';
import { editDetails, editHost, writeHost } from '../../../src/shapes/kit/files/change-host.js';
import { lineView } from '../../../src/shapes/kit/files/line-view.js';
import { notebookParts } from '../../../src/shapes/kit/files/notebook-read.js';
import { requireExisting } from '../../../src/shapes/kit/files/existing.js';
import { numberedTodos, todoHost, todoItems } from '../../../src/shapes/kit/todos/todo-list.js';
import { pageHost, requireOneDomainList, searchHost } from '../../../src/shapes/kit/web/web-host.js';
import { globHost, globRest, grepHost } from '../../../src/shapes/kit/search/search-host.js';
import { hasContext, rgFlagOptions, rgPrinting } from '../../../src/shapes/kit/search/rg-flags.js';
import { cutStreams } from '../../../src/shapes/kit/shell/stream-cut.js';
import { streamRunHost } from '../../../src/shapes/kit/shell/run-streams.js';

test('rgFlagOptions: rg mode names, files newest first, context for content only with context and -C over -B/-A', () => {
  assert.deepEqual(
    rgFlagOptions({ pattern: 'x', glob: '*.ts *.md', type: 'ts', '-i': true, '-B': 1 }, 'files_with_matches', 'src'),
    {
      pattern: 'x',
      paths: ['src'],
      caseMode: 'insensitive',
      multiline: undefined,
      before: undefined,
      after: undefined,
      globs: ['*.ts', '*.md'],
      types: ['ts'],
      mode: 'files',
      sort: 'mtime-desc',
    },
  );
  const content = rgFlagOptions({ pattern: 'x', multiline: true, '-B': 1, '-A': 2 }, 'content', '.');
  assert.deepEqual(
    [content.before, content.after, content.mode, content.sort, content.caseMode, content.globs],
    [1, 2, 'content', 'path', 'sensitive', undefined],
  );
  const both = rgFlagOptions({ pattern: 'x', '-B': 1, '-C': 3 }, 'content', '.');
  assert.deepEqual([both.before, both.after], [3, 3]);
  const named = rgFlagOptions({ pattern: 'x', '-C': 3, context: 5 }, 'content', '.');
  assert.deepEqual([named.before, named.after], [5, 5]);
  assert.deepEqual(rgFlagOptions({ pattern: 'x', '-C': 3 }, 'count', '.').before, undefined);
  assert.equal(rgFlagOptions({ pattern: 'x' }, 'count', '.').sort, 'path');
});

test('rgPrinting and hasContext', () => {
  assert.deepEqual(rgPrinting({}), { lineNumbers: true, onlyMatching: false });
  assert.deepEqual(rgPrinting({ '-n': false, '-o': true }), { lineNumbers: false, onlyMatching: true });
  assert.equal(hasContext({}), false);
  assert.equal(hasContext({ before: 0, after: 0 }), false);
  assert.equal(hasContext({ after: 2 }), true);
});

test('requireExisting returns the stat, or is not_found on the field naming the path as given', () => {
  const st = { path: '/r/a', exists: true, isFile: true, isDirectory: false, size: 1, mtimeMs: 0 };
  assert.equal(requireExisting(st, 'path', 'a'), st);
  assert.throws(
    () => requireExisting({ ...st, exists: false }, 'path', 'nope'),
    (e: unknown) =>
      e instanceof EngineError &&
      e.kind === 'not_found' &&
      e.field === 'path' &&
      e.message === 'nope does not exist' &&
      e.facts.path === 'nope',
  );
});

const grepResult = (over: Partial<GrepResult> = {}) =>
  ({
    backend: 'rg',
    timedOut: false,
    truncated: false,
    totalFiles: 2,
    totalMatchLines: 5,
    files: [{ path: '/r/a' }, { path: '/r/b' }],
    ...over,
  }) as unknown as GrepResult;

test('grepHost: totals, paths, what the page showed, and truncated when anything was left out', () => {
  assert.deepEqual(grepHost(grepResult(), 'foo', { shown: 2, of: 'files' }), {
    summary: '2 files, 5 matching lines for foo',
    paths: ['/r/a', '/r/b'],
    counts: { files: 2, matchLines: 5, shown: 2 },
    truncated: false,
    details: { backend: 'rg', timedOut: false },
  });
  assert.equal(grepHost(grepResult(), 'foo', { shown: 2, of: 'lines' }).truncated, true);
  assert.equal(grepHost(grepResult({ truncated: true }), 'foo', { shown: 2, of: 'files' }).truncated, true);
  const saved = grepHost(grepResult(), 'foo', { shown: 5, of: 'lines', savedTo: '/s/out.txt' });
  assert.equal(saved.truncated, true);
  assert.deepEqual(saved.details, { backend: 'rg', timedOut: false, fullOutputPath: '/s/out.txt' });
  const many = grepResult({
    files: Array.from({ length: 1200 }, (_, i) => ({ path: `/r/${i}` })) as GrepResult['files'],
  });
  assert.equal(grepHost(many, 'x', { shown: 0, of: 'files' }).paths?.length, 1000);
});

test('globHost and globRest', () => {
  const r = {
    entries: [{ path: '/r/a.ts' }],
    shown: 1,
    total: 3,
    truncated: true,
    complete: false,
  } as unknown as GlobResult;
  assert.deepEqual(globHost(r, '*.ts'), {
    summary: '3 files match *.ts',
    paths: ['/r/a.ts'],
    counts: { files: 3, shown: 1 },
    truncated: true,
  });
  assert.deepEqual(globHost(undefined, '*.ts'), { summary: 'No files match *.ts', counts: { files: 0 } });
  assert.deepEqual(globRest(r), { of: '3+', left: '2+' });
  assert.deepEqual(globRest({ ...r, complete: true }), { of: '3', left: '2' });
});

test('editHost, editDetails and writeHost', () => {
  const diff = { unified: '@@', added: 2, removed: 1, changedLines: [3], hunks: [] };
  const edit = {
    path: '/r/a',
    replacements: 2,
    diff,
    edits: [{ rung: 'exact' }, { rung: 'typography' }],
  } as unknown as EditResult;
  assert.deepEqual(editHost(edit), {
    paths: ['/r/a'],
    diff: '@@',
    diffNote: undefined,
    counts: { replacements: 2, added: 2, removed: 1 },
  });
  assert.deepEqual(editDetails(edit), { changedLines: [3], matchedBy: ['exact', 'typography'] });
  const write = { path: '/r/b', size: 10 } as unknown as WriteResult;
  assert.deepEqual(writeHost(write), {
    paths: ['/r/b'],
    diff: undefined,
    diffNote: undefined,
    counts: { bytes: 10, added: 0, removed: 0 },
  });
});

test('pageHost, searchHost and requireOneDomainList', () => {
  const page = {
    url: 'http://a',
    finalUrl: 'https://a/',
    status: 200,
    mediaType: 'text/html',
    fromCache: false,
    bytes: 9,
    truncated: false,
    charsTruncated: true,
  };
  assert.deepEqual(pageHost(page as unknown as FetchedPage), {
    summary: 'Fetched https://a/ (200, 9 bytes)',
    truncated: true,
    details: { url: 'http://a', finalUrl: 'https://a/', status: 200, mediaType: 'text/html', fromCache: false },
  });
  assert.deepEqual(pageHost({ ...page, title: 'T' } as unknown as FetchedPage).details?.title, 'T');
  const r = { provider: 'p', results: [{ title: 't', url: 'u', snippet: 's' }] } as unknown as SearchResponse;
  assert.deepEqual(searchHost(r, 'q'), {
    summary: '1 results from p for q',
    counts: { results: 1 },
    details: { provider: 'p', results: [{ title: 't', url: 'u' }] },
  });
  assert.deepEqual(
    searchHost({ ...r, failedProviders: [{ name: 'x' }] } as unknown as SearchResponse, 'q').details?.failedProviders,
    [{ name: 'x' }],
  );
  requireOneDomainList({ allowed_domains: ['a'], blocked_domains: [] });
  requireOneDomainList({});
  assert.throws(
    () => requireOneDomainList({ allowed_domains: ['a'], blocked_domains: ['b'] }),
    (e: unknown) => e instanceof EngineError && e.condition === 'both_domain_lists' && e.field === 'blocked_domains',
  );
});

test('numberedTodos, todoItems and todoHost', () => {
  assert.deepEqual(numberedTodos([{ content: 'a', status: 'pending', activeForm: 'A' }]), [
    { id: '1', content: 'a', status: 'pending', activeForm: 'A' },
  ]);
  const given = [{ id: 'x', content: 'c', status: 'completed', priority: 'high', activeForm: 'left out' }];
  const picked = todoItems(given, ['id', 'content', 'status', 'priority']);
  assert.deepEqual(picked, [{ id: 'x', content: 'c', status: 'completed', priority: 'high' }]);
  assert.deepEqual(Object.keys(picked[0]!), ['id', 'content', 'status', 'priority']);
  const list = [...picked, { id: 'y', content: 'd', status: 'pending' }];
  assert.deepEqual(todoHost(list), {
    summary: '2 todos, 1 completed',
    counts: { items: 2, completed: 1 },
    details: { todos: list },
  });
});

test('notebookParts: output images in order and the cell count', () => {
  const png = Buffer.from('png').toString('base64');
  const nb = {
    cells: [{ outputs: [{ image: { mediaType: 'image/png', data: png } }, { text: 'x' }] }, { outputs: [] }],
  } as unknown as NotebookView;
  const parts = notebookParts(nb, 'n.ipynb', '/r/n.ipynb');
  assert.deepEqual(parts.host, { summary: 'Read 2 cells of n.ipynb', paths: ['/r/n.ipynb'], counts: { cells: 2 } });
  assert.deepEqual(
    parts.blobs.map((b) => [b.mediaType, b.data.toString()]),
    [['image/png', 'png']],
  );
});

test('cutStreams and streamRunHost', () => {
  const whole = { text: 'out', head: 'out', tail: '', truncated: false, omittedBytes: 0 };
  const cut = { text: 'headtail', head: 'head', tail: 'tail', truncated: true, omittedBytes: 7 };
  const r = { stdout: whole, stderr: cut, exitCode: 1, signal: null, durationMs: 12.6 } as unknown as RunOutcome;
  assert.deepEqual(
    cutStreams(r, (o) => `[${o.omittedBytes}]`),
    { stdout: 'out', stderr: 'head[7]tail' },
  );
  assert.deepEqual(streamRunHost(r), { exitCode: 1, signal: null, truncated: true, counts: { durationMs: 13 } });
});

test('lineView: the head with how many more, a range within its budget, a bad start, anything but text', async () => {
  const o = { field: 'path', startField: 'start_line', head: 2, rangeBytes: 100 };
  const asked: unknown[] = [];
  const text =
    (lines: string[], more: object = {}) =>
    async (opts: object) => {
      asked.push(opts);
      return {
        kind: 'text',
        path: '/r/f',
        lines,
        totalLines: 5,
        stoppedBy: 'limit',
        size: 10,
        ...more,
      } as unknown as ReadResult;
    };
  const head = await lineView(text(['a', 'b']), 'f', o);
  assert.deepEqual(asked.pop(), { start: 1, limit: 2, countTotal: true, budget: undefined });
  assert.deepEqual(
    { ...head },
    {
      ranged: false,
      start: 1,
      end: 2,
      lines: ['a', 'b'],
      more: 3,
      cut: false,
      facts: { paths: ['/r/f'], counts: { lines: 2, totalLines: 5 } },
    },
  );
  const range = await lineView(text(['c'], { stoppedBy: 'budget' }), 'f', { ...o, start: 3.7, end: 4.2 });
  assert.deepEqual(asked.pop(), {
    start: 3,
    limit: 2,
    countTotal: false,
    budget: { unit: 'bytes', max: 100, overflow: 'exclude' },
  });
  assert.deepEqual(range, {
    ranged: true,
    start: 3,
    end: 4,
    lines: ['c'],
    more: 0,
    cut: true,
    facts: { paths: ['/r/f'], counts: { lines: 1 }, truncated: true },
  });
  const backwards = await lineView(text(['c']), 'f', { ...o, start: 4, end: 2 });
  assert.deepEqual(
    [backwards.lines, asked.pop()],
    [[], { start: 4, limit: 1, countTotal: false, budget: { unit: 'bytes', max: 100, overflow: 'exclude' } }],
  );
  // Only one end given: the head.
  assert.equal((await lineView(text(['a']), 'f', { ...o, start: 3 })).ranged, false);
  await assert.rejects(
    lineView(text([]), 'f', { ...o, start: -1, end: 3 }),
    (e: unknown) => e instanceof EngineError && e.field === 'start_line',
  );
  const image = async () => ({ kind: 'image', size: 42 }) as unknown as ReadResult;
  await assert.rejects(
    lineView(image, 'f', o),
    (e: unknown) =>
      e instanceof EngineError &&
      e.condition === 'not_text' &&
      e.field === 'path' &&
      e.facts.size === 42 &&
      e.facts.path === 'f',
  );
});
