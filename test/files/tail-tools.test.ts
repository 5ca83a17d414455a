// Tail reads through the tools over gRPC: Kimi ReadFile with a negative line_offset and core
// fs.read with a negative offset give exactly what the forward read of the same lines gives,
// on a file the backward blocks cut through (CRLF, multi-byte characters, no final break).
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { TAIL_BLOCK } from '../../src/engine/files/tail.js';
import { callTool, serverFixture, structured, texts } from '../helpers/server.js';

const { t, dir } = serverFixture({ shape: 'kimi,core' });
const call = (shape: string, name: string, args: Record<string, unknown>) =>
  callTool(t.client, name, args, { shape, session: `tail-${shape}` });

const LINES = Array.from({ length: 9000 }, (_, i) => `${i + 1} ${['ü', '€', '😀'][i % 3]!.repeat(i % 40)} end`);
const TEXT = LINES.join('\r\n'); // no final break

before(async () => {
  writeFileSync(path.join(dir, 'log.txt'), TEXT);
  assert.ok(Buffer.byteLength(TEXT) > 3 * TAIL_BLOCK);
});

test('kimi ReadFile: line_offset -N shows the forward read of the last N lines', async () => {
  for (const n of [1, 100, 1000]) {
    const [msg, out] = texts(await call('kimi@1.49', 'ReadFile', { path: 'log.txt', line_offset: -n }));
    const [, fwd] = texts(
      await call('kimi@1.49', 'ReadFile', { path: 'log.txt', line_offset: 9000 - n + 1, n_lines: n }),
    );
    assert.equal(out, fwd);
    // (Kimi notes the end only when fewer lines than n_lines, default 1000, came back.)
    const end = n < 1000 ? ' End of file reached.' : '';
    assert.equal(
      msg,
      `<system>${n} lines read from file starting from line ${9001 - n}. Total lines in file: 9000.${end}</system>`,
    );
  }
  const [, last] = texts(await call('kimi@1.49', 'ReadFile', { path: 'log.txt', line_offset: -2 }));
  assert.equal(last, `  8999\t${LINES[8998]}\r\n  9000\t${LINES[8999]}`);
});

test('core fs.read: offset -N gives the same text and range as the forward read', async () => {
  for (const n of [1, 50, 5000]) {
    const tail = await call('core', 'fs.read', { path: 'log.txt', offset: -n });
    const fwd = await call('core', 'fs.read', { path: 'log.txt', offset: 9000 - n + 1, limit: n, count_lines: true });
    assert.equal(tail.error, '');
    assert.deepEqual(texts(tail), texts(fwd));
    assert.deepEqual(structured(tail), structured(fwd));
    assert.deepEqual(
      [structured(tail)!.startLine, structured(tail)!.endLine, structured(tail)!.totalLines],
      [9001 - n, 9000, 9000],
    );
  }
  assert.deepEqual(
    texts(await call('core', 'fs.read', { path: 'log.txt', offset: -2 }))[0],
    `${LINES[8998]}\n${LINES[8999]}`,
  );
});
