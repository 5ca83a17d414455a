// Gemini CLI's line-ending tests (packages/core/src/tools/line-endings.test.ts), replayed over
// gRPC. The suite covers write_file (the ledger's tool here) and, in one case, replace; the
// helper detectLineEnding is replayed through write_file, which applies what it detects.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { call, fresh } from './gemini-bench.js';

/** Overwrites a file holding `before` with `content`; returns the bytes written, as text. */
async function overwrite(before: string | undefined, content: string, name = 'file.txt'): Promise<string> {
  const file = path.join(fresh(), name);
  if (before !== undefined) writeFileSync(file, Buffer.from(before));
  const o = await call('write_file', { file_path: file, content });
  assert.equal(o.error, '', o.error);
  return readFileSync(file, 'utf8');
}

const cases: ReplayCase[] = [
  {
    name: 'should detect CRLF',
    verdict: 'matched',
    run: async () => {
      assert.equal(await overwrite('line1\r\nline2', 'a\nb\n'), 'a\r\nb\r\n');
      assert.equal(await overwrite('line1\r\n', 'a\nb\n'), 'a\r\nb\r\n');
    },
  },
  {
    name: 'should detect LF',
    verdict: 'matched',
    run: async () => {
      assert.equal(await overwrite('line1\nline2', 'a\nb\n'), 'a\nb\n');
      assert.equal(await overwrite('line1\n', 'a\nb\n'), 'a\nb\n');
      assert.equal(await overwrite('line1', 'a\nb\n'), 'a\nb\n');
    },
  },
  {
    name: 'should preserve CRLF when overwriting an existing file',
    verdict: 'matched',
    run: async () =>
      assert.equal(
        await overwrite('line1\r\nline2\r\n', 'line1\nline2\nline3\n', 'crlf_file.txt'),
        'line1\r\nline2\r\nline3\r\n',
      ),
  },
  {
    name: 'should use OS EOL for new files',
    verdict: 'matched',
    run: async () =>
      assert.equal(await overwrite(undefined, 'line1\nline2\n', 'new_os_eol_file.txt'), 'line1\nline2\n'),
  },
  {
    name: 'should preserve CRLF when editing a file',
    verdict: 'matched',
    run: async () => {
      const file = path.join(fresh(), 'edit_crlf.txt');
      writeFileSync(file, Buffer.from('line1\r\nline2\r\nline3\r\n'));
      const o = await call('replace', {
        file_path: file,
        old_string: 'line2',
        new_string: 'modified',
        instruction: 'Change line2 to modified',
      });
      assert.equal(o.error, '', o.error);
      assert.equal(readFileSync(file, 'utf8'), 'line1\r\nmodified\r\nline3\r\n');
    },
  },
];

export const geminiLineEndings: ReplaySuite = {
  vendor: 'gemini',
  shape: 'gemini',
  tool: 'write_file',
  source:
    'google-gemini/gemini-cli packages/core/src/tools/line-endings.test.ts @5411f113ca (0.56.0-nightly; 0.61.0 not in the snapshot)',
  cases,
};
