// str_replace_based_edit_tool and str_replace_editor over gRPC: every command, and every
// message the facts list, on real files.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { serverFixture, withServer } from '../../helpers/server.js';
import { errText, okText, text } from './helpers.js';

const ED = 'str_replace_based_edit_tool';
const LEGACY = 'str_replace_editor';
const ELEVEN = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

describe('str_replace_based_edit_tool', () => {
  const { call, dir } = serverFixture({
    shape: 'anthropic',
    session: 'ed',
    setup(d) {
      writeFileSync(path.join(d, 'f.py'), 'l1\nl2\n');
      writeFileSync(path.join(d, 'ten.txt'), ELEVEN);
      mkdirSync(path.join(d, 'src/deep/deeper'), { recursive: true });
      writeFileSync(path.join(d, 'src/a.ts'), 'a\n');
      writeFileSync(path.join(d, 'src/deep/b.ts'), 'b\n');
      writeFileSync(path.join(d, 'src/deep/deeper/c.ts'), 'c\n');
      writeFileSync(path.join(d, 'src/.hidden'), 'h\n');
      mkdirSync(path.join(d, 'src/.git'));
      writeFileSync(path.join(d, 'tabs.txt'), 'a\tb\n');
      symlinkSync('/etc', path.join(d, 'out'));
    },
  });

  test('view: a file in cat -n lines, a final newline shows an empty last line, tabs kept', async () => {
    okText(
      await call(ED, { command: 'view', path: 'f.py' }),
      "Here's the result of running `cat -n` on f.py:\n     1\tl1\n     2\tl2\n     3\t\n",
    );
    okText(
      await call(ED, { command: 'view', path: path.join(dir, 'f.py') }),
      `Here's the result of running \`cat -n\` on ${dir}/f.py:\n     1\tl1\n     2\tl2\n     3\t\n`,
    );
    okText(
      await call(ED, { command: 'view', path: 'tabs.txt' }),
      "Here's the result of running `cat -n` on tabs.txt:\n     1\ta\tb\n     2\t\n",
    );
  });

  test('view_range: numbered from its first line; -1 runs to the end', async () => {
    okText(
      await call(ED, { command: 'view', path: 'ten.txt', view_range: [2, 3] }),
      "Here's the result of running `cat -n` on ten.txt:\n     2\tline 2\n     3\tline 3\n",
    );
    okText(
      await call(ED, { command: 'view', path: 'ten.txt', view_range: [10, -1] }),
      "Here's the result of running `cat -n` on ten.txt:\n    10\tline 10\n    11\t\n",
    );
  });

  test('view_range errors, in the reference words', async () => {
    errText(
      await call(ED, { command: 'view', path: 'ten.txt', view_range: [0, 3] }),
      'Invalid `view_range`: [0, 3]. Its first element `0` should be within the range of lines of the file: [1, 11]',
    );
    errText(
      await call(ED, { command: 'view', path: 'ten.txt', view_range: [2, 99] }),
      'Invalid `view_range`: [2, 99]. Its second element `99` should be smaller than the number of lines in the file: `11`',
    );
    errText(
      await call(ED, { command: 'view', path: 'ten.txt', view_range: [5, 3] }),
      'Invalid `view_range`: [5, 3]. Its second element `3` should be larger or equal than its first `5`',
    );
    errText(
      await call(ED, { command: 'view', path: 'ten.txt', view_range: [1] }),
      'Invalid `view_range`. It should be a list of two integers.',
    );
    errText(
      await call(ED, { command: 'view', path: 'src', view_range: [1, 2] }),
      'The `view_range` parameter is not allowed when `path` points to a directory.',
    );
  });

  test('view of a directory: two levels deep, hidden entries left out, find order', async () => {
    okText(
      await call(ED, { command: 'view', path: 'src' }),
      "Here's the files and directories up to 2 levels deep in src, excluding hidden items:\nsrc\nsrc/a.ts\nsrc/deep\nsrc/deep/b.ts\nsrc/deep/deeper\n",
    );
  });

  test('create: a new file, never over an existing one', async () => {
    okText(
      await call(ED, { command: 'create', path: 'new/n.txt', file_text: 'x\ny' }),
      'File created successfully at: new/n.txt',
    );
    assert.equal(readFileSync(path.join(dir, 'new/n.txt'), 'utf8'), 'x\ny');
    errText(
      await call(ED, { command: 'create', path: 'f.py', file_text: 'x' }),
      'File already exists at: f.py. Cannot overwrite files using command `create`.',
    );
    errText(
      await call(ED, { command: 'create', path: 'f2.py' }),
      'Parameter `file_text` is required for command: create',
    );
  });

  test('str_replace: one match replaced, the snippet around it; none and several refused in the docs words', async () => {
    writeFileSync(path.join(dir, 's.txt'), ELEVEN);
    okText(
      await call(ED, { command: 'str_replace', path: 's.txt', old_str: 'line 7\n', new_str: 'seven\nSEVEN\n' }),
      "The file s.txt has been edited. Here's the result of running `cat -n` on a snippet of s.txt:\n" +
        '     3\tline 3\n     4\tline 4\n     5\tline 5\n     6\tline 6\n     7\tseven\n     8\tSEVEN\n     9\tline 8\n    10\tline 9\n    11\tline 10\n    12\t\n' +
        'Review the changes and make sure they are as expected. Edit the file again if necessary.',
    );
    errText(
      await call(ED, { command: 'str_replace', path: 's.txt', old_str: 'nowhere' }),
      'Error: No match found for replacement. Please check your text and try again.',
    );
    errText(
      await call(ED, { command: 'str_replace', path: 's.txt', old_str: 'line 1' }),
      'Error: Found 2 matches for replacement text. Please provide more context to make a unique match.',
    );
    errText(
      await call(ED, { command: 'str_replace', path: 's.txt' }),
      'Parameter `old_str` is required for command: str_replace',
    );
    // No new_str: the text is deleted.
    await call(ED, { command: 'str_replace', path: 's.txt', old_str: 'SEVEN\n' });
    assert.equal(readFileSync(path.join(dir, 's.txt'), 'utf8'), ELEVEN.replace('line 7\n', 'seven\n'));
  });

  test('insert: after insert_line (0: the top), with insert_text; a final newline adds no empty line', async () => {
    writeFileSync(path.join(dir, 'i.txt'), 'a\nb\n');
    okText(
      await call(ED, { command: 'insert', path: 'i.txt', insert_line: 0, insert_text: 'top\n' }),
      "The file i.txt has been edited. Here's the result of running `cat -n` on a snippet of the edited file:\n     1\ttop\n     2\ta\n     3\tb\n     4\t\n" +
        'Review the changes and make sure they are as expected (correct indentation, no duplicate lines, etc). Edit the file again if necessary.',
    );
    await call(ED, { command: 'insert', path: 'i.txt', insert_line: 2, insert_text: 'mid' });
    assert.equal(readFileSync(path.join(dir, 'i.txt'), 'utf8'), 'top\na\nmid\nb\n');
    // new_str stands in for an absent insert_text.
    await call(ED, { command: 'insert', path: 'i.txt', insert_line: 1, new_str: 'x' });
    assert.equal(readFileSync(path.join(dir, 'i.txt'), 'utf8'), 'top\nx\na\nmid\nb\n');
    errText(
      await call(ED, { command: 'insert', path: 'i.txt', insert_line: 9, insert_text: 'z' }),
      'Invalid `insert_line` parameter: 9. It should be within the range of lines of the file: [0, 6]',
    );
    errText(
      await call(ED, { command: 'insert', path: 'i.txt', insert_text: 'z' }),
      'Parameter `insert_line` is required for command: insert',
    );
    errText(
      await call(ED, { command: 'insert', path: 'i.txt', insert_line: 1 }),
      'Parameter `insert_text` is required for command: insert',
    );
  });

  test('a CRLF file: matched with "\\n" line breaks, written back with CRLF', async () => {
    writeFileSync(path.join(dir, 'crlf.txt'), 'a\r\nb\r\nc\r\n');
    await call(ED, { command: 'str_replace', path: 'crlf.txt', old_str: 'a\nb', new_str: 'x\ny' });
    assert.equal(readFileSync(path.join(dir, 'crlf.txt'), 'utf8'), 'x\r\ny\r\nc\r\n');
  });

  test('path errors: missing, directory, outside the roots; unknown command', async () => {
    errText(await call(ED, { command: 'view', path: 'nope.txt' }), 'Error: File not found');
    errText(await call(ED, { command: 'str_replace', path: 'nope.txt', old_str: 'a' }), 'Error: File not found');
    errText(
      await call(ED, { command: 'str_replace', path: 'src', old_str: 'a' }),
      'The path src is a directory and only the `view` command can be used on directories',
    );
    errText(
      await call(ED, { command: 'undo_edit', path: 'f.py' }),
      'Unrecognized command undo_edit. The allowed commands for the str_replace_based_edit_tool tool are: view, create, str_replace, insert',
    );
    const outside = await call(ED, { command: 'create', path: '/tmp/facet-anthropic-outside.txt', file_text: 'x' });
    assert.match(
      text(outside),
      /^Error: Permission denied\. Cannot write to file\. \/tmp\/facet-anthropic-outside\.txt is outside the directories this session may use \(/,
    );
    const viaLink = await call(ED, { command: 'view', path: 'out/hostname' });
    assert.match(text(viaLink), /^Error: Permission denied\. Cannot read file\. /);
  });
});

test('--anthropic-max-characters cuts a view and says so', async () => {
  await withServer(
    {
      shape: 'anthropic',
      args: ['--anthropic-max-characters', '5'],
      setup: (d) => writeFileSync(path.join(d, 'f.txt'), 'abc\ndefgh\n'),
    },
    async (_t, _d, call) => {
      okText(
        await call(ED, { command: 'view', path: 'f.txt' }),
        "Here's the result of running `cat -n` on f.txt:\n     1\tabc\n     2\td<response clipped><NOTE>To save on context only part of this file has been shown to you. You should retry this tool after you have searched inside the file with `grep -n` in order to find the line numbers of what you are looking for.</NOTE>\n",
      );
    },
  );
});

describe('str_replace_editor (legacy): insert with new_str, undo_edit per session', () => {
  const { call, dir } = serverFixture({
    shape: 'anthropic',
    session: 'legacy',
    setup: (d) => writeFileSync(path.join(d, 'u.txt'), 'one\ntwo\n'),
  });

  test('undo_edit restores the text before each edit, one step per call, kept per session', async () => {
    await call(LEGACY, { command: 'str_replace', path: 'u.txt', old_str: 'one', new_str: 'ONE' });
    await call(LEGACY, { command: 'insert', path: 'u.txt', insert_line: 0, new_str: 'zero' });
    assert.equal(readFileSync(path.join(dir, 'u.txt'), 'utf8'), 'zero\nONE\ntwo\n');
    errText(
      await call(LEGACY, { command: 'undo_edit', path: 'u.txt' }, 'other-session'),
      'No edit history found for u.txt.',
    );
    okText(
      await call(LEGACY, { command: 'undo_edit', path: 'u.txt' }),
      "Last edit to u.txt undone successfully. Here's the result of running `cat -n` on u.txt:\n     1\tONE\n     2\ttwo\n     3\t\n",
    );
    okText(
      await call(LEGACY, { command: 'undo_edit', path: 'u.txt' }),
      "Last edit to u.txt undone successfully. Here's the result of running `cat -n` on u.txt:\n     1\tone\n     2\ttwo\n     3\t\n",
    );
    assert.equal(readFileSync(path.join(dir, 'u.txt'), 'utf8'), 'one\ntwo\n');
    errText(await call(LEGACY, { command: 'undo_edit', path: 'u.txt' }), 'No edit history found for u.txt.');
  });

  test('insert takes new_str; its absence is named', async () => {
    errText(
      await call(LEGACY, { command: 'insert', path: 'u.txt', insert_line: 0 }),
      'Parameter `new_str` is required for command: insert',
    );
    errText(
      await call(LEGACY, { command: 'delete', path: 'u.txt' }),
      'Unrecognized command delete. The allowed commands for the str_replace_editor tool are: view, create, str_replace, insert, undo_edit',
    );
  });
});

test('--read-only hides every anthropic tool (each can change files or run commands)', async () => {
  await withServer({ shape: 'anthropic', args: ['--read-only'] }, async (t) => {
    const { unary } = await import('../../helpers/server.js');
    const listed = await unary(t.client.listToolSummaries, t.client, { tagsFilter: [] }, { shape: 'anthropic' });
    assert.deepEqual(
      listed.tools.map((x) => x.name),
      [],
    );
  });
});

test('a binary file is refused in our words', async () => {
  await withServer(
    { shape: 'anthropic', setup: (d) => writeFileSync(path.join(d, 'b.bin'), Buffer.from([0, 1, 2, 0, 255])) },
    async (_t, _d, call) => {
      errText(
        await call(ED, { command: 'view', path: 'b.bin' }),
        'Ran into a binary file (binary) while trying to read b.bin: only text files can be viewed or edited',
      );
    },
  );
});
