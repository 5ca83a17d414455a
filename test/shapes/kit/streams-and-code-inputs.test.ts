// Kit helpers the Qwen tools word: a run's cut streams, a run long enough to
// suggest the background, its timeout as a failure; the inputs a code operation lacks; the
// first argument below a least value; diagnostic severities and tags by name.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EngineError, type RunOutcome } from '../../../src/engine/index.js';
import { diagnosticTagNames, severityName, severityNumber } from '../../../src/shapes/kit/code/names.js';
import { firstBelow } from '../../../src/shapes/kit/args/arg-checks.js';
import { missingInput } from '../../../src/shapes/kit/code/needs.js';
import { longRunSeconds, streamsCut, streamsTimeout } from '../../../src/shapes/kit/shell/run-streams.js';

const stream = (text: string, truncated = false) => ({ text, truncated });

test('streamsCut is true when either stream was cut', () => {
  assert.equal(streamsCut({ stdout: stream('a'), stderr: stream('b') } as RunOutcome), false);
  assert.equal(streamsCut({ stdout: stream('a', true), stderr: stream('b') } as RunOutcome), true);
  assert.equal(streamsCut({ stdout: stream('a'), stderr: stream('b', true) } as RunOutcome), true);
});

test('longRunSeconds: at least half the timeout and at least a second', () => {
  assert.equal(longRunSeconds({ durationMs: 999 }, 1000), undefined);
  assert.equal(longRunSeconds({ durationMs: 1000 }, 1000), 1);
  assert.equal(longRunSeconds({ durationMs: 59_999 }, 120_000), undefined);
  assert.equal(longRunSeconds({ durationMs: 60_000 }, 120_000), 60);
  assert.equal(longRunSeconds({ durationMs: 1500 }, 500), 1.5);
});

test('streamsTimeout: a timeout failure with stdout then stderr as the evidence', () => {
  const r = {
    stdout: stream('out\n'),
    stderr: stream('err\n', true),
    exitCode: null,
    signal: 'SIGKILL',
    timeoutMs: 5000,
  } as unknown as RunOutcome;
  const e = streamsTimeout(r, 5000);
  assert.ok(e instanceof EngineError);
  assert.equal(e.kind, 'timeout');
  assert.equal(e.message, 'the command ran past 5000 ms');
  assert.deepEqual(e.process, {
    tool: 'bash',
    exitCode: -1,
    signal: 'SIGKILL',
    output: 'out\nerr\n',
    outputTruncated: true,
    backend: 'child_process',
  });
});

test('missingInput names the first input an operation lacks, file before line', () => {
  assert.equal(missingInput('hover', {}), 'file');
  assert.equal(missingInput('hover', { file: '  ' }), 'file');
  assert.equal(missingInput('hover', { file: 'a.ts' }), 'line');
  assert.equal(missingInput('hover', { file: 'a.ts', line: '3' }), 'line');
  assert.equal(missingInput('hover', { file: 'a.ts', line: 3 }), undefined);
  assert.equal(missingInput('documentSymbol', { file: 'a.ts' }), undefined);
  assert.equal(missingInput('workspaceSymbol', { query: '' }), 'query');
  assert.equal(missingInput('incomingCalls', { item: null }), 'item');
  assert.equal(missingInput('outgoingCalls', { item: false }), 'item');
  assert.equal(missingInput('outgoingCalls', { item: { name: 'f' } }), undefined);
  assert.equal(missingInput('workspaceDiagnostics', {}), undefined);
});

test('firstBelow: the first named number under the bound; absent ones pass', () => {
  const a = { line: 2, character: 0, endLine: -1, limit: undefined as number | undefined };
  assert.equal(firstBelow(a, ['line', 'character', 'endLine'], 1), 'character');
  assert.equal(firstBelow(a, ['line', 'endLine'], 1), 'endLine');
  assert.equal(firstBelow(a, ['line', 'limit'], 1), undefined);
  assert.equal(firstBelow(a, ['line'], 3), 'line');
});

test('severities and tags by their LSP names, both ways; unknown ones left out', () => {
  assert.deepEqual([1, 2, 3, 4].map(severityName), ['error', 'warning', 'information', 'hint']);
  assert.equal(severityName(undefined), undefined);
  assert.equal(severityName(7), undefined);
  assert.deepEqual(['error', 'warning', 'information', 'hint'].map(severityNumber), [1, 2, 3, 4]);
  assert.equal(severityNumber('info'), undefined);
  assert.equal(severityNumber(undefined), undefined);
  assert.deepEqual(diagnosticTagNames([2, 1]), ['deprecated', 'unnecessary']);
  assert.deepEqual(diagnosticTagNames([3, 1]), ['unnecessary']);
  assert.equal(diagnosticTagNames([3]), undefined);
  assert.equal(diagnosticTagNames(undefined), undefined);
});
