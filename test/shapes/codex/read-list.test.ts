// Codex read_file and list_dir details over gRPC: bytes that are not UTF-8 shown as U+FFFD
// (as Codex), BOM-marked UTF-16 decoded, binary refused, the default limit of 2000 lines,
// tabs counting as 4 columns in indentation mode, and list_dir's "?" for other file types.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { FailureCode } from '../../../src/gen/codefly/base/v0/failure.js';
import { texts } from '../../helpers/server.js';
import { codexServer } from './helpers.js';

describe('codex read_file and list_dir details', () => {
  const e = codexServer();
  const abs = (p: string) => path.join(e.dir, p);

  test('read_file: invalid UTF-8 bytes become U+FFFD; valid UTF-8 around them is kept', async () => {
    writeFileSync(
      abs('mixed.txt'),
      Buffer.concat([
        Buffer.from('naïve ok\nstray '),
        Buffer.from([0xff]),
        Buffer.from(' byte\ncaf'),
        Buffer.from([0xe9]),
        Buffer.from('\n'),
      ]),
    );
    const res = await e.call('read_file', { file_path: abs('mixed.txt') });
    assert.equal(res.error, '');
    assert.equal(texts(res)[0], 'L1: naïve ok\nL2: stray \uFFFD byte\nL3: caf\uFFFD');
  });

  test('read_file: a UTF-16 file with its byte-order mark is decoded', async () => {
    writeFileSync(
      abs('wide.txt'),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('héllo\nworld\n', 'utf16le')]),
    );
    assert.equal(texts(await e.call('read_file', { file_path: abs('wide.txt') }))[0], 'L1: héllo\nL2: world');
  });

  test('read_file: a binary file is refused with the tool to use', async () => {
    writeFileSync(abs('blob.bin'), Buffer.from([0x61, 0x00, 0x62, 0x0a]));
    const res = await e.call('read_file', { file_path: abs('blob.bin') });
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
    assert.equal(
      res.error,
      `${abs('blob.bin')} is not a text file (binary); read_file shows text, view_image shows images`,
    );
  });

  test('read_file: without limit, 2000 lines from offset', async () => {
    writeFileSync(abs('long.txt'), Array.from({ length: 2100 }, (_, i) => `row ${i + 1}`).join('\n') + '\n');
    const res = await e.call('read_file', { file_path: abs('long.txt') });
    assert.equal(texts(res)[0], Array.from({ length: 2000 }, (_, i) => `L${i + 1}: row ${i + 1}`).join('\n'));
    const later = await e.call('read_file', { file_path: abs('long.txt'), offset: 2050 });
    assert.equal(texts(later)[0], Array.from({ length: 51 }, (_, i) => `L${i + 2050}: row ${i + 2050}`).join('\n'));
  });

  test('read_file indentation: a tab counts as 4 columns', async () => {
    // Anchor "\t\ty" is 8 columns deep, so one level up is 4: "\tif" (4) is in the block, the two-space lines
    // (2) are not. Were a tab one column, the floor would be 1 and both two-space lines would join.
    const lines = ['def outer():', '  a = 1', '\tif x:', '\t\ty = 2', '\t\treturn y', '  b = 3', 'end'];
    writeFileSync(abs('tabs.py'), lines.join('\n') + '\n');
    const res = await e.call('read_file', {
      file_path: abs('tabs.py'),
      mode: 'indentation',
      indentation: { anchor_line: 4, max_levels: 1 },
    });
    assert.equal(texts(res)[0], 'L3: \tif x:\nL4: \t\ty = 2\nL5: \t\treturn y');
  });

  test('list_dir: "?" after an entry that is neither file, directory nor link', async () => {
    const root = abs('kinds');
    mkdirSync(root);
    writeFileSync(path.join(root, 'plain.txt'), 'x');
    execFileSync('mkfifo', [path.join(root, 'pipe')]);
    const res = await e.call('list_dir', { dir_path: root });
    assert.equal(texts(res)[0], `Absolute path: ${root}\npipe?\nplain.txt`);
  });
});
