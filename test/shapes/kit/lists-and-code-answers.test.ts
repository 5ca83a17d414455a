// Kit helpers the Qwen tools use as tables: a numbered list;
// places, severities and call-hierarchy calls of a code answer; an engine failure as a value;
// a list's head as a host's page and grep matches as a flat page; where a search starts; which
// ignore file hides a path; the first argument given; a fetched page's host facts; a job named
// with a shown prefix; a run with its streams apart as a host is told of it; a leading sleep.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  type CallEntry,
  EngineError,
  type FetchedPage,
  type GrepResult,
  type JobSnapshot,
  type RunOutcome,
  type ShellEngine,
} from '../../../src/engine/index.js';
import { firstGiven } from '../../../src/shapes/kit/args/arg-checks.js';
import { headPage } from '../../../src/shapes/kit/text/head-of.js';
import { numberedList } from '../../../src/shapes/kit/text/numbered.js';
import { hidingFile } from '../../../src/shapes/kit/files/hiding-file.js';
import { askedText, placeText, protocolCalls, specSeverity } from '../../../src/shapes/kit/code/answer-text.js';
import type { CodeAnswer } from '../../../src/shapes/kit/code/operations.js';
import { failureOr } from '../../../src/shapes/kit/failures/failure-value.js';
import { fetchedHost } from '../../../src/shapes/kit/web/web-host.js';
import { matchPage } from '../../../src/shapes/kit/search/match-lines.js';
import { searchBases } from '../../../src/shapes/kit/search/search-bases.js';
import { jobNamed } from '../../../src/shapes/kit/shell/jobs.js';
import { sleepOfAtLeast } from '../../../src/shapes/kit/shell/command-text.js';
import { streamsRunHost } from '../../../src/shapes/kit/shell/run-streams.js';

test('numberedList numbers from 1, giving each line its index', () => {
  assert.deepEqual(
    numberedList(['a', 'b'], (x, i) => `${x}${i}`),
    ['1. a0', '2. b1'],
  );
  assert.deepEqual(
    numberedList([], (x) => String(x)),
    [],
  );
});

test('placeText and askedText write places as file:line:column', () => {
  assert.equal(placeText({ relative: 'src/a.ts', line: 3, column: 5 }), 'src/a.ts:3:5');
  const hover = { operation: 'hover', shown: 'b.py', place: { line: 7, column: 1 } } as CodeAnswer;
  assert.equal(askedText(hover), 'b.py:7:1');
  assert.equal(askedText({ operation: 'workspaceDiagnostics', files: [], total: 0 }), '');
});

test('specSeverity names info as the specification does', () => {
  assert.equal(specSeverity('info'), 'information');
  assert.equal(specSeverity('error'), 'error');
  assert.equal(specSeverity('hint'), 'hint');
});

test('protocolCalls gives incoming calls as {from, fromRanges} and outgoing as {to, fromRanges}', () => {
  const range = { start: { line: 1, character: 2 }, end: { line: 1, character: 5 } };
  const calls = [{ fromRanges: [range] }, { fromRanges: [] }] as unknown as CallEntry[];
  assert.deepEqual(protocolCalls('incomingCalls', calls, ['p', 'q']), [
    { from: 'p', fromRanges: [range] },
    { from: 'q', fromRanges: [] },
  ]);
  assert.deepEqual(protocolCalls('outgoingCalls', calls.slice(0, 1), ['p']), [{ to: 'p', fromRanges: [range] }]);
});

test('failureOr: the value, or the engine failure; internal failures and other errors are thrown', async () => {
  assert.equal(await failureOr(Promise.resolve(4)), 4);
  const nf = new EngineError('not_found', 'gone');
  assert.equal(await failureOr(Promise.reject(nf)), nf);
  await assert.rejects(failureOr(Promise.reject(new EngineError('internal', 'bug'))), /bug/);
  await assert.rejects(failureOr(Promise.reject(new TypeError('oops'))), TypeError);
});

test('headPage: the head, what it left out, the counts under the given name, and whether it was cut', () => {
  assert.deepEqual(headPage([1, 2, 3], 2, 'files'), {
    shown: [1, 2],
    more: 1,
    counts: { files: 3, shown: 2 },
    truncated: true,
  });
  assert.deepEqual(headPage(['a'], 5, 'entries'), {
    shown: ['a'],
    more: 0,
    counts: { entries: 1, shown: 1 },
    truncated: false,
  });
});

const grep = (lines: Array<[string, number, string, 'match' | 'context']>, truncated = false) =>
  ({
    truncated,
    files: [...new Set(lines.map((l) => l[0]))].map((path) => ({
      path,
      lines: lines.filter((l) => l[0] === path).map(([, line, text, kind]) => ({ line, text, kind })),
    })),
  }) as unknown as GrepResult;

test('matchPage: match lines fitted to a limit and a budget, counted for the host', () => {
  const r = grep([
    ['/w/a', 1, 'one', 'match'],
    ['/w/a', 2, 'ctx', 'context'],
    ['/w/b', 3, 'two', 'match'],
    ['/w/b', 4, 'three', 'match'],
  ]);
  const p = matchPage(r, 2, 1000);
  assert.deepEqual(
    p.files.map((f) => f.path),
    ['/w/a', '/w/b'],
  );
  assert.deepEqual(
    [p.total, p.shown, p.dropped, p.counts, p.truncated],
    [3, ['/w/a:1:one', '/w/b:3:two'], 1, { matches: 3, shown: 2 }, true],
  );
  const all = matchPage(grep([['/w/a', 1, 'one', 'match']]), 10, 1000);
  assert.deepEqual([all.total, all.dropped, all.counts, all.truncated], [1, 0, { matches: 1, shown: 1 }, false]);
  assert.equal(matchPage(grep([['/w/a', 1, 'one', 'match']], true), 10, 1000).truncated, true);
});

test('searchBases: the given path unescaped alone, or every root', () => {
  assert.deepEqual(searchBases({ roots: ['/r1', '/r2'] }, 'my\\ dir'), { given: 'my dir', bases: ['my dir'] });
  assert.deepEqual(searchBases({ roots: ['/r1', '/r2'] }, undefined), { given: undefined, bases: ['/r1', '/r2'] });
});

test('hidingFile: the first ignore file that hides the path on its own', async () => {
  const asked: string[][] = [];
  const hides = (names: string[]) => {
    asked.push(names);
    return Promise.resolve(names[0] === '.b' ? 'pattern x' : undefined);
  };
  assert.equal(await hidingFile(['.a', '.b', '.c'], hides), '.b');
  assert.deepEqual(asked, [['.a'], ['.b']]);
  assert.equal(await hidingFile(['.a'], hides), undefined);
});

test('firstGiven names the first argument that is not undefined', () => {
  assert.equal(firstGiven({ offset: undefined, limit: 5 }, ['offset', 'limit']), 'limit');
  assert.equal(firstGiven({ offset: 0, limit: 5 }, ['offset', 'limit']), 'offset');
  assert.equal(firstGiven({ offset: undefined }, ['offset']), undefined);
});

test('fetchedHost: cut, length, final URL and status', () => {
  const page = { charsTruncated: true, totalChars: 1234, finalUrl: 'https://e.x/b', status: 200 } as FetchedPage;
  assert.deepEqual(fetchedHost(page), {
    truncated: true,
    counts: { chars: 1234 },
    details: { url: 'https://e.x/b', status: 200 },
  });
});

test('jobNamed finds a job by its id with or without the shown prefix', () => {
  const shell = { jobs: () => [{ id: '1a' }, { id: '2b' }] as JobSnapshot[] } as unknown as ShellEngine;
  const ctx = {} as Parameters<ShellEngine['jobs']>[0];
  assert.equal(jobNamed(shell, ctx, 'bg_2b', 'bg_')?.id, '2b');
  assert.equal(jobNamed(shell, ctx, '1a', 'bg_')?.id, '1a');
  assert.equal(jobNamed(shell, ctx, 'bg_9', 'bg_'), undefined);
});

test('streamsRunHost: exit, signal, a cut stream, and the details of the run', () => {
  const stream = (truncated: boolean) => ({ text: '', truncated });
  const r = {
    exitCode: 0,
    signal: null,
    stdout: stream(false),
    stderr: stream(true),
    pid: 42,
    cwd: '/w',
    durationMs: 1234.6,
  } as unknown as RunOutcome;
  assert.deepEqual(streamsRunHost(r, 5000), {
    exitCode: 0,
    signal: null,
    truncated: true,
    details: { pid: 42, cwd: '/w', timeoutMs: 5000, durationMs: 1235 },
  });
  const spilled = { ...r, stderr: stream(false), spill: { path: '/s/out.txt' } } as unknown as RunOutcome;
  assert.deepEqual(streamsRunHost(spilled, 10).details, {
    pid: 42,
    cwd: '/w',
    timeoutMs: 10,
    durationMs: 1235,
    full_output: '/s/out.txt',
  });
  assert.equal(streamsRunHost(spilled, 10).truncated, false);
});

test('sleepOfAtLeast: a leading sleep of at least the given seconds, as written', () => {
  assert.equal(sleepOfAtLeast('sleep 2 && ls', 2), '2');
  assert.equal(sleepOfAtLeast('sleep 1.5; ls', 2), undefined);
  assert.equal(sleepOfAtLeast('sleep 10', 2), '10');
  assert.equal(sleepOfAtLeast('ls; sleep 5', 2), undefined);
});
