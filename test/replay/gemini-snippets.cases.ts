// Two helper suites of Gemini CLI whose effect the model sees through write_file (and replace):
// diff-utils.test.ts (the "Here is the updated code:" snippet) and
// omissionPlaceholderDetector.test.ts (content refused for left-out code), replayed over gRPC.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { call, fresh } from './gemini-bench.js';

/** write_file over a file holding `original` (absent: a new file); returns the snippet shown. */
async function snippet(original: string | undefined, modified: string): Promise<string> {
  const file = path.join(fresh(), 'f.txt');
  if (original !== undefined) writeFileSync(file, original);
  const o = await call('write_file', { file_path: file, content: modified });
  assert.equal(o.error, '', o.error);
  const head = `${original === undefined ? `Successfully created and wrote to new file: ${file}.` : `Successfully overwrote file: ${file}.`} Here is the updated code:\n`;
  assert.ok(o.text.startsWith(head), o.text);
  return o.text.slice(head.length);
}

const TEN = '1\n2\n3\n4\n5\n6\n7\n8\n9\n10';
const WIDTH =
  "the helper's context width is a parameter; the tools always use 5 lines (replayed in the other cases of this suite and in write-file.test.ts 'should return only changed lines plus context for large updates')";

const diffCases: ReplayCase[] = [
  {
    name: 'should return the whole new content if originalContent is empty',
    verdict: 'matched',
    run: async () => assert.equal(await snippet('', 'line1\nline2\nline3'), 'line1\nline2\nline3'),
  },
  {
    name: 'should return the whole content if there are no changes',
    verdict: 'matched',
    run: async () => assert.equal(await snippet('line1\nline2\nline3', 'line1\nline2\nline3'), 'line1\nline2\nline3'),
  },
  {
    name: 'should show added lines with context',
    verdict: 'matched',
    run: async () =>
      assert.equal(await snippet(TEN, '1\n2\n3\n4\n5\nadded\n6\n7\n8\n9\n10'), '1\n2\n3\n4\n5\nadded\n6\n7\n8\n9\n10'),
  },
  { name: 'should use ellipses for changes far apart', verdict: 'not-applicable', reason: WIDTH },
  { name: 'should respect custom contextLines', verdict: 'not-applicable', reason: WIDTH },
  { name: 'should handle multiple changes close together by merging ranges', verdict: 'not-applicable', reason: WIDTH },
  { name: 'should handle removals', verdict: 'not-applicable', reason: WIDTH },
];

export const geminiDiffUtils: ReplaySuite = {
  vendor: 'gemini',
  shape: 'gemini',
  tool: 'write_file',
  source:
    'google-gemini/gemini-cli packages/core/src/tools/diff-utils.test.ts @5411f113ca (0.56.0-nightly; 0.61.0 not in the snapshot)',
  cases: diffCases,
};

/** write_file refuses `content` as holding a placeholder, and writes nothing. */
async function refused(content: string): Promise<void> {
  const file = path.join(fresh(), 'p.ts');
  const o = await call('write_file', { file_path: file, content });
  assert.equal(o.errorType, 'invalid_tool_params', o.error);
  assert.equal(existsSync(file), false);
}

async function accepted(content: string): Promise<void> {
  const file = path.join(fresh(), 'p.ts');
  const o = await call('write_file', { file_path: file, content });
  assert.equal(o.error, '', o.error);
  assert.equal(readFileSync(file, 'utf8'), content);
}

const placeholderCases: ReplayCase[] = [
  {
    name: 'detects standalone placeholder lines',
    verdict: 'matched',
    run: async () => {
      for (const c of ['(rest of methods ...)', '(rest of code ...)', '(unchanged code ...)', '// rest of methods ...'])
        await refused(c);
    },
  },
  { name: 'detects case-insensitive placeholders', verdict: 'matched', run: () => refused('(Rest Of Methods ...)') },
  {
    name: 'detects multiple placeholder lines in one input',
    verdict: 'matched',
    run: () => refused('class Example {\n  run() {}\n  (rest of methods ...)\n  (unchanged code ...)\n}'),
  },
  {
    name: 'does not detect placeholders embedded in normal code',
    verdict: 'matched',
    run: () => accepted('const note = "(rest of methods ...)";\nconsole.log(note);'),
  },
  {
    name: 'does not detect omission phrase when inline in a comment',
    verdict: 'matched',
    run: () => accepted('return value; // rest of methods ...'),
  },
  {
    name: 'does not detect unrelated ellipsis text',
    verdict: 'matched',
    run: () => accepted('const message = "loading...";'),
  },
];

export const geminiPlaceholders: ReplaySuite = {
  vendor: 'gemini',
  shape: 'gemini',
  tool: 'write_file',
  source:
    'google-gemini/gemini-cli packages/core/src/tools/omissionPlaceholderDetector.test.ts @5411f113ca (0.56.0-nightly; 0.61.0 not in the snapshot)',
  cases: placeholderCases,
};
