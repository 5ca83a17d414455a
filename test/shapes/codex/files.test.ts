// Codex apply_patch, update_plan, view_image, read_file, list_dir and grep_files over gRPC:
// exact texts, each error path the behaviours name, and all-or-nothing patches.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { FailureCode } from '../../../src/gen/codefly/base/v0/failure.js';
import { texts } from '../../helpers/server.js';
import { codexServer, norm } from './helpers.js';

const C = FailureCode;
const NOTHING = '\nNo file was changed: the patch applies completely or not at all.';
/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function display(res: { content: Array<{ body?: { $case: string; value?: unknown } }> }): Record<string, unknown> {
  for (const c of res.content) {
    if (c.body?.$case === 'structured' && (c.body.value as Record<string, unknown>).display)
      return (c.body.value as { display: Record<string, unknown> }).display;
  }
  return {};
}

describe('codex apply_patch', () => {
  const e = codexServer();
  const file = (p: string) => path.join(e.dir, p);

  test('add, update with move, delete: summary of A, M and D lines in JSON', async () => {
    writeFileSync(file('keep.py'), 'def greet():\n    print("hi")\n\ndef other():\n    pass\n');
    writeFileSync(file('gone.txt'), 'bye\n');
    writeFileSync(file('old.txt'), 'a\nb\n');
    const res = await e.call('apply_patch', {
      input: [
        '*** Begin Patch',
        '*** Update File: keep.py',
        '@@ def greet():',
        '-    print("hi")',
        '+    print("hello")',
        '*** Add File: new/dir/n.txt',
        '+first',
        '+second',
        '*** Delete File: gone.txt',
        '*** Update File: old.txt',
        '*** Move to: moved.txt',
        ' a',
        '-b',
        '+B',
        '*** End Patch',
      ].join('\n'),
    });
    assert.equal(res.error, '');
    assert.equal(
      norm(res),
      '{"output":"Success. Updated the following files:\\nA new/dir/n.txt\\nM keep.py\\nM moved.txt\\nD gone.txt\\n","metadata":{"exit_code":0,"duration_seconds":<t>}}',
    );
    assert.equal(readFileSync(file('keep.py'), 'utf8'), 'def greet():\n    print("hello")\n\ndef other():\n    pass\n');
    assert.equal(readFileSync(file('new/dir/n.txt'), 'utf8'), 'first\nsecond\n');
    assert.equal(readFileSync(file('moved.txt'), 'utf8'), 'a\nB\n');
    assert.equal(existsSync(file('gone.txt')), false);
    assert.equal(existsSync(file('old.txt')), false);
    const host = display(res);
    assert.deepEqual(host.counts, { added: 1, modified: 2, deleted: 1 });
    assert.match(String(host.diff), /- {4}print\("hi"\)\n\+ {4}print\("hello"\)/);
  });

  test('all or nothing: a failing later hunk leaves the earlier ones unwritten', async () => {
    writeFileSync(file('one.txt'), 'x\n');
    const res = await e.call('apply_patch', {
      input:
        '*** Begin Patch\n*** Update File: one.txt\n-x\n+y\n*** Update File: one.txt\n-not there\n+z\n*** End Patch',
    });
    assert.equal(res.failure?.code, C.FAILURE_CODE_PRECONDITION_FAILED);
    assert.equal(
      norm(res),
      JSON.stringify({
        output: `Could not find the expected lines in one.txt:\nnot there${NOTHING}`,
        metadata: { exit_code: 1, duration_seconds: 0 },
      }).replace('"duration_seconds":0', '"duration_seconds":<t>'),
    );
    assert.equal(res.error, texts(res)[0]);
    assert.equal(readFileSync(file('one.txt'), 'utf8'), 'x\n');
  });

  const errors: Array<[string, string, string, FailureCode]> = [
    [
      'no envelope',
      'hello',
      "Invalid patch: the first line of the patch must be '*** Begin Patch'",
      C.FAILURE_CODE_INVALID_ARGUMENT,
    ],
    [
      'no end marker',
      '*** Begin Patch\n*** Add File: a\n+a',
      "Invalid patch: the last line of the patch must be '*** End Patch'",
      C.FAILURE_CODE_INVALID_ARGUMENT,
    ],
    [
      'bad hunk header',
      '*** Begin Patch\n*** Frob File: x\n*** End Patch',
      "Invalid patch hunk on line 2: '*** Frob File: x' is not a valid hunk header (expected '*** Add File: {path}', '*** Delete File: {path}' or '*** Update File: {path}')",
      C.FAILURE_CODE_INVALID_ARGUMENT,
    ],
    [
      'empty patch',
      '*** Begin Patch\n*** End Patch',
      'The patch has no hunks, so no files were modified.',
      C.FAILURE_CODE_INVALID_ARGUMENT,
    ],
    [
      'context not found',
      '*** Begin Patch\n*** Update File: ctx.txt\n@@ class Missing\n-a\n+b\n*** End Patch',
      "Could not find the context line 'class Missing' in ctx.txt",
      C.FAILURE_CODE_PRECONDITION_FAILED,
    ],
    [
      'update a missing file',
      '*** Begin Patch\n*** Update File: nope.txt\n-a\n+b\n*** End Patch',
      'Cannot update nope.txt: the file does not exist (hunk on line 2).',
      C.FAILURE_CODE_NOT_FOUND,
    ],
    [
      'delete a missing file',
      '*** Begin Patch\n*** Delete File: nope.txt\n*** End Patch',
      'Cannot delete nope.txt: the file does not exist (hunk on line 2).',
      C.FAILURE_CODE_NOT_FOUND,
    ],
  ];
  for (const [name, input, text, code] of errors) {
    test(`error: ${name}`, async () => {
      writeFileSync(file('ctx.txt'), 'a\n');
      const res = await e.call('apply_patch', { input });
      assert.equal(res.failure?.code, code);
      assert.equal(JSON.parse(texts(res)[0]!).output, text + NOTHING);
      assert.equal(JSON.parse(texts(res)[0]!).metadata.exit_code, 1);
    });
  }

  test('Add File over an existing file is refused (no silent overwrite) and nothing is written', async () => {
    writeFileSync(file('mine.txt'), 'precious\n');
    writeFileSync(file('other.txt'), 'a\n');
    const res = await e.call('apply_patch', {
      input:
        '*** Begin Patch\n*** Update File: other.txt\n-a\n+b\n*** Add File: brand-new.txt\n+n\n*** Add File: mine.txt\n+clobbered\n*** End Patch',
    });
    assert.equal(res.failure?.code, C.FAILURE_CODE_ALREADY_EXISTS);
    const output =
      'Cannot add mine.txt: the file already exists (hunk on line 7). Use "*** Update File: mine.txt" to change it, or delete it first.' +
      NOTHING;
    assert.equal(
      norm(res),
      JSON.stringify({ output, metadata: { exit_code: 1, duration_seconds: 0 } }).replace(
        '"duration_seconds":0',
        '"duration_seconds":<t>',
      ),
    );
    assert.equal(readFileSync(file('mine.txt'), 'utf8'), 'precious\n');
    assert.equal(readFileSync(file('other.txt'), 'utf8'), 'a\n');
    assert.equal(existsSync(file('brand-new.txt')), false);
    // The same refusal through the shell's apply_patch interception.
    const viaShell = await e.call('shell', {
      command: ['apply_patch', '*** Begin Patch\n*** Add File: mine.txt\n+x\n*** End Patch'],
    });
    assert.equal(
      JSON.parse(texts(viaShell)[0]!).output,
      'Cannot add mine.txt: the file already exists (hunk on line 2). Use "*** Update File: mine.txt" to change it, or delete it first.' +
        NOTHING,
    );
    assert.equal(readFileSync(file('mine.txt'), 'utf8'), 'precious\n');
  });

  test('a path outside the roots is refused; the JSON variant takes only {input}', async () => {
    const res = await e.call('apply_patch', {
      input: '*** Begin Patch\n*** Add File: ../escape.txt\n+x\n*** End Patch',
    });
    assert.equal(res.failure?.code, C.FAILURE_CODE_PERMISSION_DENIED);
    assert.equal(existsSync(path.join(path.dirname(e.dir), 'escape.txt')), false);
    const wrong = await e.call('apply_patch', { patch: 'x' });
    assert.equal(wrong.error, 'invalid function arguments: input is required; patch is not a known parameter');
  });
});

describe('codex update_plan and view_image', () => {
  const e = codexServer();

  test('update_plan answers "Plan updated" and gives the host the list', async () => {
    const res = await e.call('update_plan', {
      explanation: 'why',
      plan: [
        { step: 'a', status: 'completed' },
        { step: 'b', status: 'in_progress' },
        { step: 'c', status: 'pending' },
      ],
    });
    assert.equal(texts(res)[0], 'Plan updated');
    assert.deepEqual(display(res).details, {
      plan: [
        { step: 'a', status: 'completed' },
        { step: 'b', status: 'in_progress' },
        { step: 'c', status: 'pending' },
      ],
      explanation: 'why',
    });
  });

  test('update_plan refuses two steps in progress and unknown statuses', async () => {
    const two = await e.call('update_plan', {
      plan: [
        { step: 'a', status: 'in_progress' },
        { step: 'b', status: 'in_progress' },
      ],
    });
    assert.equal(two.failure?.code, C.FAILURE_CODE_INVALID_ARGUMENT);
    assert.equal(
      two.error,
      '2 steps are in_progress; at most one step may be in_progress at a time. The plan was not changed.',
    );
    const bad = await e.call('update_plan', { plan: [{ step: 'a', status: 'doing' }] });
    assert.equal(
      bad.error,
      'plan step 1 has status "doing"; a status is one of pending, in_progress, completed. The plan was not changed.',
    );
  });

  test('view_image returns the image as a blob; other files are refused', async () => {
    writeFileSync(path.join(e.dir, 'dot.png'), PNG);
    writeFileSync(path.join(e.dir, 'note.txt'), 'text\n');
    const res = await e.call('view_image', { path: 'dot.png', detail: 'original' });
    assert.equal(res.error, '');
    assert.equal(texts(res)[0], `Image ${path.join(e.dir, 'dot.png')} (image/png, 1x1, ${PNG.length} bytes)`);
    const blob = res.content.find((c) => c.body?.$case === 'blob')?.body;
    assert.equal(blob?.$case, 'blob');
    if (blob?.$case === 'blob') {
      assert.equal(blob.value.mediaType, 'image/png');
      assert.deepEqual(Buffer.from(blob.value.data), PNG);
    }
    const txt = await e.call('view_image', { path: 'note.txt' });
    assert.equal(txt.failure?.code, C.FAILURE_CODE_UNSUPPORTED_OPERATION);
    assert.equal(
      txt.error,
      'note.txt is not an image (it is a text file); view_image shows png, jpeg, gif and webp images',
    );
    const missing = await e.call('view_image', { path: 'none.png' });
    assert.equal(missing.failure?.code, C.FAILURE_CODE_NOT_FOUND);
    assert.equal(
      missing.error,
      'none.png does not exist; list_dir shows what a directory holds and grep_files finds files by their contents',
    );
    const bad = await e.call('view_image', { path: 'dot.png', detail: 'low' });
    assert.equal(bad.error, 'invalid function arguments: detail must be one of "high", "original"');
  });
});

describe('codex read_file, list_dir and grep_files', () => {
  const e = codexServer();
  const abs = (p: string) => path.join(e.dir, p);
  const PY = [
    'import os',
    '',
    '# helper',
    'def outer():',
    '    x = 1',
    '    if x:',
    '        y = 2',
    '',
    '        return y',
    '    return x',
    '',
    'def other():',
    '    pass',
  ].join('\n');
  before(async () => {
    writeFileSync(abs('code.py'), PY + '\n');
    writeFileSync(abs('crlf.txt'), 'one\r\ntwo\r\n' + 'é'.repeat(300) + '\r\n');
    writeFileSync(abs('empty.txt'), '');
  });

  test('read_file slice: "L<n>: " lines, CRLF stripped, lines cut to 500 bytes', async () => {
    const res = await e.call('read_file', { file_path: abs('code.py'), offset: 4, limit: 3 });
    assert.equal(texts(res)[0], 'L4: def outer():\nL5:     x = 1\nL6:     if x:');
    const crlf = await e.call('read_file', { file_path: abs('crlf.txt') });
    assert.equal(texts(crlf)[0], `L1: one\nL2: two\nL3: ${'é'.repeat(250)}`);
  });

  test('read_file indentation: the block around the anchor', async () => {
    const inner = await e.call('read_file', {
      file_path: abs('code.py'),
      mode: 'indentation',
      indentation: { anchor_line: 7, max_levels: 1 },
    });
    assert.equal(texts(inner)[0], 'L6:     if x:\nL7:         y = 2\nL8: \nL9:         return y\nL10:     return x');
    const whole = await e.call('read_file', {
      file_path: abs('code.py'),
      mode: 'indentation',
      indentation: { anchor_line: 5, max_levels: 1 },
    });
    // Downwards the first line back at the floor's indentation is kept (a closing brace in C-like code).
    assert.equal(
      texts(whole)[0],
      PY.split('\n')
        .slice(2)
        .map((l, i) => `L${i + 3}: ${l}`)
        .join('\n'),
    );
    const siblings = await e.call('read_file', {
      file_path: abs('code.py'),
      mode: 'indentation',
      indentation: { anchor_line: 13, max_levels: 1, include_header: false },
    });
    // Upwards it climbs through deeper lines until a second line at the floor (def outer) stops it.
    assert.equal(
      texts(siblings)[0],
      PY.split('\n')
        .slice(4)
        .map((l, i) => `L${i + 5}: ${l}`)
        .join('\n'),
    );
    const capped = await e.call('read_file', {
      file_path: abs('code.py'),
      mode: 'indentation',
      indentation: { anchor_line: 7, max_lines: 1 },
    });
    assert.equal(texts(capped)[0], 'L7:         y = 2');
  });

  const readErrors: Array<[string, Record<string, unknown>, string]> = [
    ['relative path', { file_path: 'code.py' }, 'file_path must be an absolute path'],
    ['offset 0', { file_path: '<abs>', offset: 0 }, 'offset must be a 1-indexed line number'],
    ['limit 0', { file_path: '<abs>', limit: 0 }, 'limit must be greater than zero'],
    ['past the end', { file_path: '<abs>', offset: 99 }, 'offset exceeds file length'],
    [
      'anchor past the end',
      { file_path: '<abs>', mode: 'indentation', indentation: { anchor_line: 99 } },
      'anchor_line exceeds file length',
    ],
    [
      'max_lines 0',
      { file_path: '<abs>', mode: 'indentation', indentation: { max_lines: 0 } },
      'max_lines must be greater than zero',
    ],
    ['unknown mode', { file_path: '<abs>', mode: 'block' }, 'mode must be "slice" or "indentation", not "block"'],
  ];
  for (const [name, args, text] of readErrors) {
    test(`read_file error: ${name}`, async () => {
      const res = await e.call('read_file', {
        ...args,
        file_path: args.file_path === '<abs>' ? abs('code.py') : args.file_path,
      });
      assert.equal(res.failure?.code, C.FAILURE_CODE_INVALID_ARGUMENT);
      assert.equal(res.error, text);
    });
  }

  test('read_file: an empty file, a missing file, a file outside the roots', async () => {
    assert.equal((await e.call('read_file', { file_path: abs('empty.txt') })).error, 'offset exceeds file length');
    const none = await e.call('read_file', { file_path: abs('none.txt') });
    assert.equal(none.failure?.code, C.FAILURE_CODE_NOT_FOUND);
    assert.equal(
      none.error,
      `${abs('none.txt')} does not exist; list_dir shows what a directory holds and grep_files finds files by their contents`,
    );
    assert.equal(
      (await e.call('read_file', { file_path: '/etc/hostname' })).failure?.code,
      C.FAILURE_CODE_PERMISSION_DENIED,
    );
  });

  test('list_dir: tree to a depth, suffixes, paging', async () => {
    const root = abs('tree');
    mkdirSync(path.join(root, 'nested', 'deeper'), { recursive: true });
    writeFileSync(path.join(root, 'entry.txt'), 'x');
    writeFileSync(path.join(root, '.hidden'), 'x');
    writeFileSync(path.join(root, 'nested', 'child.txt'), 'x');
    writeFileSync(path.join(root, 'nested', 'deeper', 'grandchild.txt'), 'x');
    symlinkSync(path.join(root, 'entry.txt'), path.join(root, 'link'));
    const res = await e.call('list_dir', { dir_path: root, depth: 3 });
    assert.equal(
      texts(res)[0],
      `Absolute path: ${root}\n.hidden\nentry.txt\nlink@\nnested/\n  child.txt\n  deeper/\n    grandchild.txt`,
    );
    const shallow = await e.call('list_dir', { dir_path: root, depth: 1 });
    assert.equal(texts(shallow)[0], `Absolute path: ${root}\n.hidden\nentry.txt\nlink@\nnested/`);
    const page = await e.call('list_dir', { dir_path: root, offset: 2, limit: 2 });
    assert.equal(texts(page)[0], `Absolute path: ${root}\nentry.txt\nlink@\nMore than 2 entries found`);
  });

  const listErrors: Array<[string, Record<string, unknown>, string, FailureCode]> = [
    ['relative path', { dir_path: 'tree' }, 'dir_path must be an absolute path', C.FAILURE_CODE_INVALID_ARGUMENT],
    [
      'offset past the entries',
      { dir_path: '<abs>', offset: 99 },
      'offset exceeds directory entry count',
      C.FAILURE_CODE_INVALID_ARGUMENT,
    ],
    ['depth 0', { dir_path: '<abs>', depth: 0 }, 'depth must be greater than zero', C.FAILURE_CODE_INVALID_ARGUMENT],
    ['limit 0', { dir_path: '<abs>', limit: 0 }, 'limit must be greater than zero', C.FAILURE_CODE_INVALID_ARGUMENT],
  ];
  for (const [name, args, text, code] of listErrors) {
    test(`list_dir error: ${name}`, async () => {
      const res = await e.call('list_dir', { ...args, dir_path: args.dir_path === '<abs>' ? e.dir : args.dir_path });
      assert.equal(res.failure?.code, code);
      assert.equal(res.error, text);
    });
  }

  test('grep_files: matching files newest first, include glob, limit, no match', async () => {
    const g = abs('g');
    mkdirSync(g);
    for (const [name, age] of [
      ['old.rs', 300],
      ['mid.rs', 200],
      ['new.rs', 100],
      ['other.txt', 50],
    ] as const) {
      const p = path.join(g, name);
      writeFileSync(p, 'fn parse_config() {}\n');
      const t = new Date(Date.now() - age * 1000);
      utimesSync(p, t, t);
    }
    const all = await e.call('grep_files', { pattern: 'fn\\s+parse_config', path: 'g' });
    assert.equal(texts(all)[0], ['other.txt', 'new.rs', 'mid.rs', 'old.rs'].map((n) => path.join(g, n)).join('\n'));
    const rs = await e.call('grep_files', { pattern: 'parse_config', path: g, include: '*.rs', limit: 2 });
    assert.equal(texts(rs)[0], ['new.rs', 'mid.rs'].map((n) => path.join(g, n)).join('\n'));
    const none = await e.call('grep_files', { pattern: 'no_such_text_anywhere', path: 'g' });
    assert.equal(texts(none)[0], 'No matches found.');
    assert.equal(none.error, 'No matches found.');
    assert.equal(none.failure?.code, C.FAILURE_CODE_NOT_FOUND);
  });

  test('grep_files errors: empty pattern, zero limit, bad regex, missing path', async () => {
    assert.equal((await e.call('grep_files', { pattern: '' })).error, 'pattern must not be empty');
    assert.equal((await e.call('grep_files', { pattern: 'x', limit: 0 })).error, 'limit must be greater than zero');
    assert.equal((await e.call('grep_files', { pattern: '(' })).failure?.code, C.FAILURE_CODE_INVALID_ARGUMENT);
    const nope = await e.call('grep_files', { pattern: 'x', path: 'nope' });
    assert.equal(nope.failure?.code, C.FAILURE_CODE_NOT_FOUND);
    assert.equal(
      nope.error,
      'nope does not exist; list_dir shows what a directory holds and grep_files finds files by their contents',
    );
  });
});
