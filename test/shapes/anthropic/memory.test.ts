// memory over gRPC on a real memory directory: every command and message, and every way out
// of /memories refused (.., percent-encoding, absolute paths, symlinks).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { serverFixture, tempDir, withServer } from '../../helpers/server.js';
import { humanSize } from '../../../src/shapes/kit/text/human-size.js';
import { errText, okText } from './helpers.js';

const mem = tempDir('facet-memory-');
const outside = tempDir('facet-memory-outside-');
after(() => {
  mem.cleanup();
  outside.cleanup();
});

describe('memory', () => {
  const { call } = serverFixture({
    shape: 'anthropic',
    session: 'm',
    args: ['--memory-dir', mem.dir, '--memory-scope', 'shared'],
  });
  const M = (p: string) => path.join(mem.dir, p);
  /** A directory's size as listed (file systems differ: 4.0K on ext4). */
  const D = (p: string) => humanSize(statSync(M(p)).size);

  test('view of the empty memory, create, then the listing with sizes', async () => {
    mkdirSync(mem.dir, { recursive: true });
    okText(
      await call('memory', { command: 'view', path: '/memories' }),
      `Here're the files and directories up to 2 levels deep in /memories, excluding hidden items and node_modules:\n${D('')}\t/memories`,
    );
    okText(
      await call('memory', { command: 'create', path: '/memories/notes.md', file_text: 'alpha\nbeta\ngamma\n' }),
      'File created successfully at: /memories/notes.md',
    );
    okText(
      await call('memory', { command: 'create', path: '/memories/sub/deep/x.md', file_text: 'x' }),
      'File created successfully at: /memories/sub/deep/x.md',
    );
    mkdirSync(M('node_modules'));
    writeFileSync(M('.hidden'), 'h');
    okText(
      await call('memory', { command: 'view', path: '/memories' }),
      `Here're the files and directories up to 2 levels deep in /memories, excluding hidden items and node_modules:\n${D('')}\t/memories\n17B\t/memories/notes.md\n${D('sub')}\t/memories/sub/\n${D('sub/deep')}\t/memories/sub/deep/`,
    );
    assert.equal(statSync(M('notes.md')).mode & 0o777, 0o600);
    assert.equal(statSync(M('sub')).mode & 0o777, 0o700);
    errText(
      await call('memory', { command: 'create', path: '/memories/notes.md', file_text: 'again' }),
      'Error: File /memories/notes.md already exists',
    );
  });

  test('view of a file: numbered lines, view_range, a missing path', async () => {
    okText(
      await call('memory', { command: 'view', path: '/memories/notes.md' }),
      "Here's the content of /memories/notes.md with line numbers:\n     1\talpha\n     2\tbeta\n     3\tgamma\n     4\t",
    );
    okText(
      await call('memory', { command: 'view', path: '/memories/notes.md', view_range: [2, 3] }),
      "Here's the content of /memories/notes.md with line numbers:\n     2\tbeta\n     3\tgamma",
    );
    okText(
      await call('memory', { command: 'view', path: '/memories/notes.md', view_range: [3, -1] }),
      "Here's the content of /memories/notes.md with line numbers:\n     3\tgamma\n     4\t",
    );
    errText(
      await call('memory', { command: 'view', path: '/memories/none.md' }),
      'The path /memories/none.md does not exist. Please provide a valid path.',
    );
    writeFileSync(M('huge.txt'), '\n'.repeat(999_999));
    errText(
      await call('memory', { command: 'view', path: '/memories/huge.txt' }),
      'File /memories/huge.txt exceeds maximum line limit of 999,999 lines.',
    );
    await call('memory', { command: 'delete', path: '/memories/huge.txt' });
  });

  test('str_replace: the edited snippet; none, several, missing', async () => {
    okText(
      await call('memory', { command: 'str_replace', path: '/memories/notes.md', old_str: 'beta', new_str: 'BETA' }),
      'The memory file has been edited. Here is the snippet showing the change (with line numbers):\n     1\talpha\n     2\tBETA\n     3\tgamma\n     4\t',
    );
    errText(
      await call('memory', { command: 'str_replace', path: '/memories/notes.md', old_str: 'delta', new_str: 'x' }),
      'No replacement was performed, old_str `delta` did not appear verbatim in /memories/notes.md.',
    );
    errText(
      await call('memory', { command: 'str_replace', path: '/memories/notes.md', old_str: 'a', new_str: 'x' }),
      'No replacement was performed. Multiple occurrences of old_str `a` in lines: 1, 3. Please ensure it is unique',
    );
    errText(
      await call('memory', { command: 'str_replace', path: '/memories/sub', old_str: 'a', new_str: 'x' }),
      'Error: The path /memories/sub does not exist. Please provide a valid path.',
    );
    errText(
      await call('memory', { command: 'str_replace', path: '/memories/notes.md', old_str: 'a' }),
      'Error: Parameter `new_str` is required for command: str_replace',
    );
  });

  test('insert: after a line (0: the top), the range, missing', async () => {
    okText(
      await call('memory', { command: 'insert', path: '/memories/notes.md', insert_line: 0, insert_text: 'top\n' }),
      'The file /memories/notes.md has been edited.',
    );
    assert.equal(readFileSync(M('notes.md'), 'utf8'), 'top\nalpha\nBETA\ngamma\n');
    errText(
      await call('memory', { command: 'insert', path: '/memories/notes.md', insert_line: 9, insert_text: 'x' }),
      'Error: Invalid `insert_line` parameter: 9. It should be within the range of lines of the file: [0, 4]',
    );
    errText(
      await call('memory', { command: 'insert', path: '/memories/none.md', insert_line: 0, insert_text: 'x' }),
      'Error: The path /memories/none.md does not exist',
    );
  });

  test('rename and delete', async () => {
    await call('memory', { command: 'create', path: '/memories/r.md', file_text: 'r' });
    okText(
      await call('memory', { command: 'rename', old_path: '/memories/r.md', new_path: '/memories/moved/r2.md' }),
      'Successfully renamed /memories/r.md to /memories/moved/r2.md',
    );
    assert.equal(readFileSync(M('moved/r2.md'), 'utf8'), 'r');
    errText(
      await call('memory', { command: 'rename', old_path: '/memories/r.md', new_path: '/memories/r3.md' }),
      'Error: The path /memories/r.md does not exist',
    );
    errText(
      await call('memory', { command: 'rename', old_path: '/memories/moved/r2.md', new_path: '/memories/notes.md' }),
      'Error: The destination /memories/notes.md already exists',
    );
    okText(
      await call('memory', { command: 'delete', path: '/memories/moved' }),
      'Successfully deleted /memories/moved',
    );
    assert.equal(existsSync(M('moved')), false);
    errText(
      await call('memory', { command: 'delete', path: '/memories/moved' }),
      'Error: The path /memories/moved does not exist',
    );
    errText(
      await call('memory', { command: 'delete', path: '/memories' }),
      'Error: Cannot delete the /memories directory itself',
    );
    errText(
      await call('memory', { command: 'rename', old_path: '/memories/', new_path: '/memories/x' }),
      'Error: Cannot rename the /memories directory itself',
    );
    errText(
      await call('memory', { command: 'forget', path: '/memories' }),
      'Error: Unrecognized command forget. The allowed commands for the memory tool are: view, create, str_replace, insert, delete, rename',
    );
  });

  test('traversal out of /memories is refused: .., encoded .., absolute paths, backslashes', async () => {
    writeFileSync(path.join(outside.dir, 'secret.txt'), 'secret');
    const up = path.relative(mem.dir, outside.dir);
    errText(
      await call('memory', { command: 'view', path: `/memories/../${up}/secret.txt` }),
      `Error: Path /memories/../${up}/secret.txt would escape /memories directory`,
    );
    errText(
      await call('memory', { command: 'view', path: '/memories/%2e%2e%2fetc' }),
      'Error: Path /memories/%2e%2e%2fetc would escape /memories directory',
    );
    errText(
      await call('memory', { command: 'create', path: '/memories/..\\x', file_text: 'x' }),
      'Error: Path /memories/..\\x would escape /memories directory',
    );
    errText(
      await call('memory', { command: 'view', path: '/etc/passwd' }),
      'Error: Path must start with /memories, got: /etc/passwd',
    );
    errText(
      await call('memory', { command: 'view', path: '/memoriesX/a' }),
      'Error: Path must start with /memories, got: /memoriesX/a',
    );
    errText(
      await call('memory', { command: 'rename', old_path: '/memories/notes.md', new_path: '/tmp/x' }),
      'Error: Path must start with /memories, got: /tmp/x',
    );
  });

  test('a symlink leading out of the memory directory is refused, its target untouched', async () => {
    writeFileSync(path.join(outside.dir, 'target.txt'), 'keep');
    symlinkSync(outside.dir, M('link'));
    errText(
      await call('memory', { command: 'view', path: '/memories/link/target.txt' }),
      'Error: Path would escape /memories directory via symlink',
    );
    errText(
      await call('memory', { command: 'create', path: '/memories/link/new.txt', file_text: 'x' }),
      'Error: Path would escape /memories directory via symlink',
    );
    assert.equal(existsSync(path.join(outside.dir, 'new.txt')), false);
    errText(
      await call('memory', { command: 'delete', path: '/memories/link' }),
      'Error: Path would escape /memories directory via symlink',
    );
    assert.equal(readFileSync(path.join(outside.dir, 'target.txt'), 'utf8'), 'keep');
  });
});

test('--memory-scope session: each session has a memory of its own', async () => {
  const dir = tempDir('facet-memory-scope-');
  try {
    await withServer(
      { shape: 'anthropic', args: ['--memory-dir', dir.dir, '--memory-scope', 'session'] },
      async (_t, _d, call) => {
        await call('memory', { command: 'create', path: '/memories/a.md', file_text: 'a' }, 's1');
        okText(
          await call('memory', { command: 'view', path: '/memories/a.md' }, 's1'),
          "Here's the content of /memories/a.md with line numbers:\n     1\ta",
        );
        errText(
          await call('memory', { command: 'view', path: '/memories/a.md' }, 's2'),
          'The path /memories/a.md does not exist. Please provide a valid path.',
        );
      },
    );
  } finally {
    dir.cleanup();
  }
});

test('by default the memory lives under the state directory, and each --token caller has its own', async () => {
  const state = tempDir('facet-state-');
  try {
    await withServer(
      { shape: 'anthropic', args: ['--state-dir', state.dir, '--token', 'tok-a', '--token', 'tok-b'] },
      async (_t, _d, call) => {
        const as = (token: string) => ({ metadata: { authorization: `Bearer ${token}` } });
        okText(
          await call('memory', { command: 'create', path: '/memories/a.md', file_text: 'from a' }, as('tok-a')),
          'File created successfully at: /memories/a.md',
        );
        okText(
          await call('memory', { command: 'view', path: '/memories/a.md' }, as('tok-a')),
          "Here's the content of /memories/a.md with line numbers:\n     1\tfrom a",
        );
        errText(
          await call('memory', { command: 'view', path: '/memories/a.md' }, as('tok-b')),
          'The path /memories/a.md does not exist. Please provide a valid path.',
        );
        const callers = path.join(state.dir, 'memory', 'callers');
        // One directory per caller that used the memory (b's was made, empty, by its view).
        const held = readdirSync(callers).map((d) => readdirSync(path.join(callers, d)));
        assert.deepEqual(held.sort(), [[], ['a.md']]);
      },
    );
  } finally {
    state.cleanup();
  }
});
