// The kit's helpers that the shell tools of every shape put their own words around: a cut
// output joined around its gap, facts of a command line, how a job ended, a task read's
// status, a timeout argument, output as the Gemini-family tools show it, a job's newest lines
// after a wait.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CapturedText, JobSnapshot, ShellEngine } from '../../../src/engine/index.js';
import { joinedCut } from '../../../src/shapes/kit/text/joined-cut.js';
import { presentLines } from '../../../src/shapes/kit/text/present-lines.js';
import { endedBy } from '../../../src/shapes/kit/shell/jobs.js';
import {
  endsInBackground,
  leadingSleep,
  plainCdTarget,
  runsGitCommit,
} from '../../../src/shapes/kit/shell/command-text.js';
import { lineIn } from '../../../src/shapes/kit/shell/line-in.js';
import { negativeSignal } from '../../../src/shapes/kit/shell/signals.js';
import { newestLines, retrievalStatus } from '../../../src/shapes/kit/shell/job-tail.js';
import { plainOutput, streamsInTurn } from '../../../src/shapes/kit/shell/plain-output.js';
import { plainParts } from '../../../src/shapes/kit/shell/plain-parts.js';
import { requestedTimeout } from '../../../src/shapes/kit/shell/timeout-arg.js';
import { Scope } from '../../../src/engine/scope.js';
import { Session } from '../../../src/engine/session.js';

const cut = { text: 'headtail', head: 'head', tail: 'tail', truncated: true, omittedBytes: 12 };

test('joinedCut puts the gap between head and tail only when the text was cut', () => {
  assert.equal(joinedCut(cut, '\n...\n'), 'head\n...\ntail');
  assert.equal(
    joinedCut(cut, (o) => ` [${o.omittedBytes} left out] `),
    'head [12 left out] tail',
  );
  assert.equal(joinedCut(cut, ''), 'headtail');
  assert.equal(joinedCut({ ...cut, truncated: false, text: 'all of it' }, '...'), 'all of it');
  // `cut` overrides the text's own flag (a read whose tail is empty is shown whole).
  assert.equal(joinedCut(cut, '...', false), 'headtail');
});

test('plainCdTarget names the directory of a bare "cd <dir>" and nothing else', () => {
  assert.equal(plainCdTarget('cd src'), 'src');
  assert.equal(plainCdTarget('cd   /tmp/x  '), '/tmp/x');
  for (const line of ['cd', 'cd ', 'cd src && make', 'cd "my dir"', 'cd ~', 'cd $HOME', 'ls', 'cdx src', 'cd a b'])
    assert.equal(plainCdTarget(line), undefined, line);
});

test('command-line facts: a leading sleep, a bare & at the end, git commit', () => {
  assert.equal(leadingSleep('sleep 5'), '5');
  assert.equal(leadingSleep('  sleep 2.5 && ls'), '2.5');
  assert.equal(leadingSleep('sleep 3; echo hi'), '3');
  assert.equal(leadingSleep('echo x; sleep 5'), undefined);
  assert.equal(leadingSleep('sleep 5s'), undefined);
  assert.equal(endsInBackground('npm run dev &'), true);
  assert.equal(endsInBackground('&'), true);
  assert.equal(endsInBackground('make && '), false);
  assert.equal(endsInBackground('a && b'), false);
  assert.equal(runsGitCommit('git commit -m x'), true);
  assert.equal(runsGitCommit('git --no-pager commit'), true);
  assert.equal(runsGitCommit('git log --grep commit'), false);
});

test('negativeSignal is Python returncode of a signal: minus its number, or its name when unknown', () => {
  assert.equal(negativeSignal('SIGKILL'), '-9');
  assert.equal(negativeSignal('SIGTERM'), '-15');
  assert.equal(negativeSignal('SIGNOPE'), 'SIGNOPE');
});

test('endedBy words the exit code, else the signal, else the fallback', () => {
  const words = { code: (n: number) => `code ${n}`, signal: (s: string) => `by ${s}` };
  assert.equal(endedBy({ exitCode: 0, signal: null }, words, 'none'), 'code 0');
  assert.equal(endedBy({ exitCode: null, signal: 'SIGTERM' }, words, 'none'), 'by SIGTERM');
  assert.equal(endedBy({ exitCode: null, signal: null }, words, 'none'), 'none');
});

test('retrievalStatus: success once ended, timeout after a wait, not_ready without one', () => {
  assert.equal(retrievalStatus(false, true), 'success');
  assert.equal(retrievalStatus(false, false), 'success');
  assert.equal(retrievalStatus(true, true), 'timeout');
  assert.equal(retrievalStatus(true, false), 'not_ready');
});

test('requestedTimeout reads absent, null, 0 and negative values as "the default"', () => {
  for (const v of [undefined, null, 0, -5]) assert.equal(requestedTimeout(v), undefined);
  assert.equal(requestedTimeout(1500), 1500);
});

test('plainOutput and streamsInTurn: escapes stripped, ends trimmed, stdout before stderr, empty streams left out', () => {
  const text = (t: string): CapturedText => ({
    text: t,
    head: t,
    tail: '',
    totalBytes: t.length,
    totalLines: 1,
    truncated: false,
    omittedBytes: 0,
  });
  assert.equal(plainOutput('\x1b[31mred\x1b[0m \n'), 'red');
  assert.equal(streamsInTurn({ stdout: text('\nout\n'), stderr: text('\x1b[1merr\x1b[0m\n') }), 'out\nerr');
  assert.equal(streamsInTurn({ stdout: text('  \n'), stderr: text('err') }), 'err');
  assert.equal(streamsInTurn({ stdout: text(''), stderr: text('') }), '');
});

test("lineIn: a named shell gets the line after -lc (or -c), the engine's own shell takes login", () => {
  assert.deepEqual(lineIn('ls', true, 'zsh'), { command: ['zsh', '-lc', 'ls'] });
  assert.deepEqual(lineIn('ls', false, 'zsh'), { command: ['zsh', '-c', 'ls'] });
  assert.deepEqual(lineIn('ls', false), { command: 'ls', login: false });
  assert.deepEqual(lineIn('ls', true, ''), { command: 'ls', login: true });
});

test('presentLines leaves out the empty parts instead of blank lines', () => {
  assert.equal(presentLines('Exit code 1', '', 'timed out'), 'Exit code 1\ntimed out');
  assert.equal(presentLines('', ''), '');
  assert.equal(presentLines('only'), 'only');
});

test('plainParts: the text as plainOutput, a cut head and tail without escapes but with their ends', () => {
  const o: CapturedText = {
    text: '\x1b[31m red \x1b[0m\n',
    head: '\x1b[1mhead \n',
    tail: ' \x1b[0mtail',
    totalBytes: 30,
    totalLines: 2,
    truncated: true,
    omittedBytes: 9,
  };
  assert.deepEqual(plainParts(o), { ...o, text: 'red', head: 'head \n', tail: ' tail' });
});

const job = (o: Partial<JobSnapshot>) =>
  ({ pid: 10, status: 'running', exitCode: null, command: 'sleep 9', ...o }) as JobSnapshot;

test('newestLines waits, then takes the last lines of the newest bytes with how many those hold; a cancelled call fails', async () => {
  const asked: unknown[] = [];
  const shell = {
    tail: (_ctx: unknown, id: string, maxBytes: number) => {
      asked.push([id, maxBytes]);
      return Promise.resolve({ text: 'one\ntwo\n\u001b[31mthree\u001b[0m\n', job: job({}) });
    },
  } as unknown as ShellEngine;
  const ctx = { session: new Session('s'), scope: Scope.fromRoots(['/tmp']), signal: new AbortController().signal };
  const started = Date.now();
  const r = await newestLines(shell, ctx, 'j1', { waitMs: 30, maxBytes: 64, lines: 2 });
  assert.ok(Date.now() - started >= 25, 'it waited first');
  assert.deepEqual(r, { lines: ['two', 'three'], total: 3, job: job({}) });
  assert.deepEqual(asked, [['j1', 64]]);
  const ac = new AbortController();
  ac.abort();
  await assert.rejects(
    newestLines(shell, { ...ctx, signal: ac.signal }, 'j1', { waitMs: 1000, maxBytes: 64, lines: 2 }),
    { kind: 'cancelled' },
  );
  assert.equal(asked.length, 1, 'nothing is read after a cancel');
});
