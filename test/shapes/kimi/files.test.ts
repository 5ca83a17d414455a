// Kimi shape file tools over gRPC: exact texts of ReadFile, ReadMediaFile, WriteFile and
// StrReplaceFile, including their error paths and the <system> framing.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { FailureCode } from '../../../src/gen/codefly/base/v0/failure.js';
import { callTool, serverFixture, texts } from '../../helpers/server.js';

const { t, dir } = serverFixture({ shape: 'kimi@1.49' });
const call = (name: string, args: Record<string, unknown>) =>
  callTool(t.client, name, args, { shape: 'kimi@1.49', session: 'kimi-files' });

// 1x1 PNG.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

before(async () => {
  writeFileSync(path.join(dir, 'five.txt'), 'one\ntwo\nthree\nfour\nfive\n');
  writeFileSync(path.join(dir, 'long.txt'), `${'x'.repeat(2500)}\nshort\n`);
  writeFileSync(path.join(dir, 'big.txt'), Array.from({ length: 1500 }, (_, i) => `line ${i + 1}`).join('\n') + '\n');
  writeFileSync(path.join(dir, 'wide.txt'), Array.from({ length: 80 }, () => 'y'.repeat(1990)).join('\n') + '\n');
  writeFileSync(path.join(dir, 'crlf.txt'), 'a\r\nb\r\n');
  writeFileSync(path.join(dir, 'pic.png'), PNG);
  writeFileSync(
    path.join(dir, 'clip.mp4'),
    Buffer.concat([Buffer.from('0000001866747970', 'hex'), Buffer.from('isom\0\0\0\0isomavc1'), Buffer.alloc(40)]),
  );
  writeFileSync(path.join(dir, 'blob.bin'), Buffer.from([0, 1, 2, 3, 0, 0]));
  writeFileSync(path.join(dir, '.env'), 'TOKEN=secret\n');
  writeFileSync(path.join(dir, '.env.example'), 'TOKEN=\n');
  writeFileSync(path.join(dir, 'empty.png'), '');
  mkdirSync(path.join(dir, 'sub'));
});

describe('kimi ReadFile', () => {
  test('cat -n numbering with the line count message', async () => {
    const res = await call('ReadFile', { path: 'five.txt' });
    assert.equal(res.error, '');
    assert.deepEqual(texts(res), [
      '<system>5 lines read from file starting from line 1. Total lines in file: 5. End of file reached.</system>',
      '     1\tone\n     2\ttwo\n     3\tthree\n     4\tfour\n     5\tfive\n',
    ]);
  });

  test('line_offset and n_lines: a middle range has no end note', async () => {
    const res = await call('ReadFile', { path: 'five.txt', line_offset: 2, n_lines: 2 });
    assert.deepEqual(texts(res), [
      '<system>2 lines read from file starting from line 2. Total lines in file: 5.</system>',
      '     2\ttwo\n     3\tthree\n',
    ]);
  });

  test('a negative line_offset reads the last lines with absolute numbers', async () => {
    const res = await call('ReadFile', { path: 'five.txt', line_offset: -2 });
    assert.deepEqual(texts(res), [
      '<system>2 lines read from file starting from line 4. Total lines in file: 5. End of file reached.</system>',
      '     4\tfour\n     5\tfive\n',
    ]);
  });

  test('original line endings are kept', async () => {
    const res = await call('ReadFile', { path: 'crlf.txt' });
    assert.equal(texts(res)[1], '     1\ta\r\n     2\tb\r\n');
  });

  test('long lines are cut with "..." and reported', async () => {
    const res = await call('ReadFile', { path: 'long.txt' });
    const [msg, out] = texts(res);
    assert.equal(
      msg,
      '<system>2 lines read from file starting from line 1. Total lines in file: 2. End of file reached. Lines [1] were truncated.</system>',
    );
    assert.equal(out, `     1\t${'x'.repeat(1996)}...\n     2\tshort\n`);
  });

  test('at most 1000 lines per call', async () => {
    const res = await call('ReadFile', { path: 'big.txt', n_lines: 5000 });
    const [msg, out] = texts(res);
    assert.equal(
      msg,
      '<system>1000 lines read from file starting from line 1. Total lines in file: 1500. Max 1000 lines reached.</system>',
    );
    assert.ok(out!.endsWith('  1000\tline 1000\n'));
  });

  test('the 100 KiB budget stops a forward read and keeps the newest lines of a tail read', async () => {
    const fwd = texts(await call('ReadFile', { path: 'wide.txt' }));
    // Each line is 1991 bytes: the 52nd crosses 102400 and is the last one kept.
    assert.equal(
      fwd[0],
      '<system>52 lines read from file starting from line 1. Total lines in file: 80. Max 102400 bytes reached.</system>',
    );
    const tail = texts(await call('ReadFile', { path: 'wide.txt', line_offset: -80 }));
    assert.equal(
      tail[0],
      '<system>51 lines read from file starting from line 30. Total lines in file: 80. Max 102400 bytes reached.</system>',
    );
  });

  test('reading past the end reads nothing', async () => {
    const res = await call('ReadFile', { path: 'five.txt', line_offset: 9 });
    assert.deepEqual(texts(res), [
      '<system>No lines read from file. Total lines in file: 5. End of file reached.</system>',
    ]);
  });

  const errors: Array<[string, Record<string, unknown>, FailureCode, string]> = [
    [
      'missing file',
      { path: 'nope.txt' },
      FailureCode.FAILURE_CODE_NOT_FOUND,
      '<system>ERROR: `nope.txt` does not exist.</system>',
    ],
    [
      'a directory',
      { path: 'sub' },
      FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      '<system>ERROR: `sub` is not a file.</system>',
    ],
    [
      'empty path',
      { path: '' },
      FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      '<system>ERROR: The path is empty; give the file to use.</system>',
    ],
    [
      'line_offset 0',
      { path: 'five.txt', line_offset: 0 },
      FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      '<system>ERROR: line_offset 0 is not allowed.</system>',
    ],
    [
      'line_offset below -1000',
      { path: 'five.txt', line_offset: -1001 },
      FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      '<system>ERROR: line_offset -1001 is not allowed.</system>',
    ],
    [
      'an image',
      { path: 'pic.png' },
      FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      '<system>ERROR: `pic.png` is an image file, and ReadFile reads text only; use a tool for images and videos (ReadMediaFile) instead.</system>',
    ],
    [
      'a video',
      { path: 'clip.mp4' },
      FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      '<system>ERROR: `clip.mp4` is a video file, and ReadFile reads text only; use a tool for images and videos (ReadMediaFile) instead.</system>',
    ],
    [
      'a binary file',
      { path: 'blob.bin' },
      FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      '<system>ERROR: `blob.bin` does not look like a text file, so it cannot be read here; inspect it with shell tools (file, xxd, unzip -l...) instead.</system>',
    ],
    [
      'a secrets file',
      { path: '.env' },
      FailureCode.FAILURE_CODE_SECURITY_POLICY_FAILED,
      '<system>ERROR: `.env` matches a pattern of files that hold secrets (keys, tokens, credentials); reading it is blocked to protect them. Ask the user for the values you need.</system>',
    ],
    [
      'outside the workspace',
      { path: '/etc/passwd' },
      FailureCode.FAILURE_CODE_PERMISSION_DENIED,
      `<system>ERROR: \`/etc/passwd\` is outside the workspace (${'DIR'}); use a path inside it.</system>`,
    ],
    [
      'wrong argument types',
      { path: 5 },
      FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      "<system>ERROR: The arguments do not fit the tool's parameters: path must be string. Correct them and call again.</system>",
    ],
  ];
  for (const [name, args, code, text] of errors) {
    test(`error: ${name}`, async () => {
      const res = await call('ReadFile', args);
      assert.equal(res.failure?.code, code);
      assert.equal(res.error, text.replace('DIR', dir));
    });
  }

  test('.env.example is readable', async () => {
    const res = await call('ReadFile', { path: '.env.example' });
    assert.equal(res.error, '');
    assert.equal(texts(res)[1], '     1\tTOKEN=\n');
  });
});

describe('kimi ReadMediaFile', () => {
  test('an image comes back as a blob inside an image tag', async () => {
    const res = await call('ReadMediaFile', { path: 'pic.png' });
    assert.equal(res.error, '');
    assert.deepEqual(texts(res), [
      '<system>Loaded image file `pic.png` (image/png, 66 bytes, original size 1x1 pixels). To give coordinates, state them relative to the image first and work out absolute ones from its original size; when commands or scripts create or change images or videos, load the result again before going on.</system>',
      '<image path="pic.png">',
      '</image>',
    ]);
    const blob = res.content.find((c) => c.body?.$case === 'blob');
    assert.ok(blob?.body?.$case === 'blob');
    assert.equal(blob.body.value.mediaType, 'image/png');
    assert.deepEqual(Buffer.from(blob.body.value.data), PNG);
  });

  test('a video comes back as a blob inside a video tag', async () => {
    const res = await call('ReadMediaFile', { path: 'clip.mp4' });
    assert.deepEqual(texts(res), [
      '<system>Loaded video file `clip.mp4` (video/mp4, 64 bytes). To give coordinates, state them relative to the image first and work out absolute ones from its original size; when commands or scripts create or change images or videos, load the result again before going on.</system>',
      '<video path="clip.mp4">',
      '</video>',
    ]);
  });

  test('text, empty and missing files are refused', async () => {
    const text = await call('ReadMediaFile', { path: 'five.txt' });
    assert.equal(text.failure?.code, FailureCode.FAILURE_CODE_UNSUPPORTED_OPERATION);
    assert.equal(
      text.error,
      '<system>ERROR: `five.txt` is a text file, not an image or video; read it with ReadFile.</system>',
    );
    const empty = await call('ReadMediaFile', { path: 'empty.png' });
    assert.equal(empty.error, '<system>ERROR: empty.png is empty.</system>');
    const missing = await call('ReadMediaFile', { path: 'gone.png' });
    assert.equal(missing.error, '<system>ERROR: `gone.png` does not exist.</system>');
  });
});

describe('kimi WriteFile', () => {
  test('overwrite then append, with the size in the message', async () => {
    let res = await call('WriteFile', { path: 'out.txt', content: 'hello\n' });
    assert.deepEqual(texts(res), ['<system>File successfully overwritten. Current size: 6 bytes.</system>']);
    res = await call('WriteFile', { path: 'out.txt', content: 'more\n', mode: 'append' });
    assert.deepEqual(texts(res), ['<system>File successfully appended to. Current size: 11 bytes.</system>']);
    assert.equal(readFileSync(path.join(dir, 'out.txt'), 'utf8'), 'hello\nmore\n');
  });

  test('the parent directory must exist', async () => {
    const res = await call('WriteFile', { path: 'no/such/dir/x.txt', content: 'x' });
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_NOT_FOUND);
    assert.equal(
      res.error,
      '<system>ERROR: The directory holding `no/such/dir/x.txt` does not exist; create it first (for example with Shell: mkdir -p).</system>',
    );
  });

  test('an unknown mode is refused by the schema', async () => {
    const res = await call('WriteFile', { path: 'out.txt', content: 'x', mode: 'prepend' });
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
    assert.equal(
      res.error,
      `<system>ERROR: The arguments do not fit the tool's parameters: mode must be one of "overwrite", "append". Correct them and call again.</system>`,
    );
  });
});

describe('kimi StrReplaceFile', () => {
  test('one edit', async () => {
    writeFileSync(path.join(dir, 'e.py'), 'DEBUG = True\nname = "a"\n');
    const res = await call('StrReplaceFile', { path: 'e.py', edit: { old: 'DEBUG = True', new: 'DEBUG = False' } });
    assert.deepEqual(texts(res), [
      '<system>File successfully edited. Applied 1 edit(s) with 1 total replacement(s).</system>',
    ]);
    assert.equal(readFileSync(path.join(dir, 'e.py'), 'utf8'), 'DEBUG = False\nname = "a"\n');
  });

  test('a list of edits in order, replace_all counted; $& stays literal', async () => {
    writeFileSync(path.join(dir, 'f.py'), 'a = 1\na = 2\nrun(a)\n');
    const res = await call('StrReplaceFile', {
      path: 'f.py',
      edit: [
        { old: 'a', new: 'b', replace_all: true },
        { old: 'run(b)', new: 'run($&)' },
      ],
    });
    assert.deepEqual(texts(res), [
      '<system>File successfully edited. Applied 2 edit(s) with 4 total replacement(s).</system>',
    ]);
    assert.equal(readFileSync(path.join(dir, 'f.py'), 'utf8'), 'b = 1\nb = 2\nrun($&)\n');
  });

  test('all or nothing: a later edit that does not match writes nothing', async () => {
    writeFileSync(path.join(dir, 'g.py'), 'x = 1\n');
    const res = await call('StrReplaceFile', {
      path: 'g.py',
      edit: [
        { old: 'x = 1', new: 'x = 2' },
        { old: 'missing', new: 'y' },
      ],
    });
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
    assert.equal(
      res.error,
      '<system>ERROR: No replacements were made: the old string of edit 2 was not found in the file, so nothing was written. Read the file again and copy the text exactly.</system>',
    );
    assert.equal(readFileSync(path.join(dir, 'g.py'), 'utf8'), 'x = 1\n');
  });

  test('an ambiguous old string is refused (no first-occurrence guess)', async () => {
    writeFileSync(path.join(dir, 'h.py'), 'v\nv\n');
    const res = await call('StrReplaceFile', { path: 'h.py', edit: { old: 'v', new: 'w' } });
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_CONFLICT);
    assert.equal(
      res.error,
      '<system>ERROR: No replacements were made: the old string occurs 2 times in `h.py`. Add surrounding text to make it unique, or set replace_all to change every occurrence.</system>',
    );
  });

  test('no change, empty old string, missing file', async () => {
    writeFileSync(path.join(dir, 'i.py'), 'same\n');
    const same = await call('StrReplaceFile', { path: 'i.py', edit: { old: 'same', new: 'same' } });
    assert.equal(
      same.error,
      '<system>ERROR: No replacements were made: the edits leave the file exactly as it is.</system>',
    );
    const empty = await call('StrReplaceFile', { path: 'i.py', edit: { old: '', new: 'x' } });
    assert.equal(empty.error, '<system>ERROR: The old string is empty; give the exact text to replace.</system>');
    const missing = await call('StrReplaceFile', { path: 'nope.py', edit: { old: 'a', new: 'b' } });
    assert.equal(missing.failure?.code, FailureCode.FAILURE_CODE_NOT_FOUND);
    assert.equal(missing.error, '<system>ERROR: `nope.py` does not exist.</system>');
  });
});
