// Qwen shape branches over gRPC that the main goldens leave out: the line count read_file and
// edit share, edit's file_changed_since_read and trailing-whitespace rung, write_file,
// list_directory and glob refusals, glob's recent-first order, web_fetch's refused private
// address and 100000-character cap, and the exact text of every error path.
import assert from 'node:assert/strict';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { serverFixture } from '../../helpers/server.js';
import { send, serve, type LoopbackServer } from '../../web/http-server.js';
import { caller } from '../gemini/harness.js';

const { t, dir } = serverFixture({
  shape: 'qwen',
  args: ['--web-allow-hosts', '127.0.0.1'],
  prefix: 'facet-qwen-branches-',
});
let site: LoopbackServer;
const call = caller(() => t, 'qwen@0.15.10', 'branches');
const p = (f: string) => path.join(dir, f);
const HOUR = 3600_000;
const invalid = (reason: string) => `Error: Invalid parameters provided. Reason: ${reason}`;

before(async () => {
  for (const d of ['order', 'ls']) mkdirSync(p(d));
  writeFileSync(p('five.txt'), 'one\ntwo\nthree\nfour\nfive\n');
  writeFileSync(p('.gitignore'), 'ls/build.log\n');
  for (const f of ['a.txt', 'build.log']) writeFileSync(p(`ls/${f}`), f);
  const now = Date.now();
  const at = (f: string, ms: number) => utimesSync(p(f), new Date(ms), new Date(ms));
  for (const f of ['r1.txt', 'r2.txt', 'r3.txt', 'b-old.txt', 'a-old.txt']) writeFileSync(p(`order/${f}`), f);
  at('order/r1.txt', now - 1 * HOUR);
  at('order/r2.txt', now - 5 * HOUR);
  at('order/r3.txt', now - 10 * 60_000);
  at('order/b-old.txt', now - 48 * HOUR);
  at('order/a-old.txt', now - 30 * 24 * HOUR);
  site = await serve((req, res) => {
    if (req.url === '/long') return send(res, 200, 'text/plain', 'z'.repeat(150_000));
    send(res, 404, 'text/plain', 'missing');
  });
});
after(async () => {
  await site.close();
});

describe('qwen line counts', () => {
  test('read_file and edit count a file ending in a line break alike (String.split: 5 lines and the empty one after)', async () => {
    const s = { session: 'count' };
    const r = await call('read_file', { file_path: p('five.txt'), offset: 1, limit: 2 }, s);
    assert.equal(r.text, 'Showing lines 2-3 of 6 total lines.\n\n---\n\ntwo\nthree');
    const e = await call('edit', { file_path: p('five.txt'), old_string: 'three', new_string: 'THREE' }, s);
    assert.equal(
      e.text,
      `The file: ${p('five.txt')} has been updated. Showing lines 1-6 of 6 from the edited file:\n\n---\n\none\ntwo\nTHREE\nfour\nfive\n`,
    );
  });
});

describe('qwen read_file: exact errors', () => {
  test('negative offset, limit 0, a directory, outside the workspace', async () => {
    const neg = await call('read_file', { file_path: p('five.txt'), offset: -1 });
    assert.deepEqual([neg.code, neg.errorType], ['INVALID_ARGUMENT', 'invalid_tool_params']);
    assert.equal(neg.error, invalid('offset must be a whole number of at least 0'));
    const zero = await call('read_file', { file_path: p('five.txt'), limit: 0 });
    assert.deepEqual([zero.code, zero.errorType], ['INVALID_ARGUMENT', 'invalid_tool_params']);
    assert.equal(zero.error, invalid('limit must be a whole number of at least 1'));
    const d = await call('read_file', { file_path: p('ls') });
    assert.deepEqual([d.code, d.errorType], ['INVALID_ARGUMENT', 'target_is_directory']);
    assert.equal(d.error, `${p('ls')} is a directory, not a file; use list_directory to see its entries.`);
    const out = await call('read_file', { file_path: '/etc/hostname' });
    assert.deepEqual([out.code, out.errorType], ['PERMISSION_DENIED', 'path_not_in_workspace']);
    assert.equal(
      out.error,
      `Path not in workspace: /etc/hostname is outside the workspace directories (${dir}); this server does not ask for permission to go further. Use a path inside them.`,
    );
  });
});

describe('qwen edit and write_file: exact errors and rungs', () => {
  test('edit: not read, changed since read, identical strings, existing file, relative path', async () => {
    const s = { session: 'edit-errors' };
    writeFileSync(p('e.txt'), 'alpha\n');
    const nr = await call('edit', { file_path: p('e.txt'), old_string: 'alpha', new_string: 'beta' }, s);
    assert.deepEqual([nr.code, nr.errorType], ['CONFLICT', 'edit_requires_prior_read']);
    assert.equal(
      nr.error,
      `File ${p('e.txt')} has not been read in this session. Use the read_file tool on it first (a partial read with offset/limit is enough), then retry.`,
    );
    await call('read_file', { file_path: p('e.txt') }, s);
    writeFileSync(p('e.txt'), 'alpha changed\n');
    const ch = await call('edit', { file_path: p('e.txt'), old_string: 'alpha', new_string: 'beta' }, s);
    assert.deepEqual([ch.code, ch.errorType], ['CONFLICT', 'file_changed_since_read']);
    assert.equal(
      ch.error,
      `File ${p('e.txt')} has changed since it was last read in this session. Read it again with read_file, then retry with its current content.`,
    );
    await call('read_file', { file_path: p('e.txt') }, s);
    const same = await call('edit', { file_path: p('e.txt'), old_string: 'alpha', new_string: 'alpha' }, s);
    assert.deepEqual([same.code, same.errorType], ['INVALID_ARGUMENT', 'edit_no_change']);
    assert.equal(
      same.error,
      `No changes to apply: the new content of ${p('e.txt')} would be identical to the current one.`,
    );
    const exists = await call('edit', { file_path: p('e.txt'), old_string: '', new_string: 'x' }, s);
    assert.deepEqual([exists.code, exists.errorType], ['ALREADY_EXISTS', 'attempt_to_create_existing_file']);
    assert.equal(
      exists.error,
      `File already exists, cannot create: ${p('e.txt')}. An empty old_string only creates new files.`,
    );
    const rel = await call('edit', { file_path: 'e.txt', old_string: 'a', new_string: 'b' }, s);
    assert.deepEqual([rel.code, rel.errorType], ['INVALID_ARGUMENT', 'invalid_tool_params']);
    assert.equal(rel.error, invalid('file_path must be an absolute path, but "e.txt" is relative; give the full path'));
  });

  test('edit: lines that differ only in trailing whitespace match on the trailing-whitespace rung', async () => {
    const s = { session: 'trailing' };
    writeFileSync(p('t.py'), 'def f():   \n    return 1  \n');
    await call('read_file', { file_path: p('t.py') }, s);
    const r = await call(
      'edit',
      { file_path: p('t.py'), old_string: 'def f():\n    return 1', new_string: 'def f():\n    return 2' },
      s,
    );
    assert.equal(
      r.text,
      `The file: ${p('t.py')} has been updated. Showing lines 1-3 of 3 from the edited file:\n\n---\n\ndef f():\n    return 2\n`,
    );
    assert.equal((r.display.details as Record<string, unknown>).rung, 'trailing-whitespace');
  });

  test('write_file: a relative path, a directory, outside the workspace', async () => {
    const rel = await call('write_file', { file_path: 'w.txt', content: 'x' });
    assert.deepEqual([rel.code, rel.errorType], ['INVALID_ARGUMENT', 'invalid_tool_params']);
    assert.equal(rel.error, invalid('file_path must be an absolute path, but "w.txt" is relative; give the full path'));
    const d = await call('write_file', { file_path: p('ls'), content: 'x' });
    assert.deepEqual([d.code, d.errorType], ['INVALID_ARGUMENT', 'target_is_directory']);
    assert.equal(d.error, `${p('ls')} is a directory; give the path of a file.`);
    const out = await call('write_file', { file_path: '/etc/facet-test.txt', content: 'x' });
    assert.deepEqual([out.code, out.errorType], ['PERMISSION_DENIED', 'path_not_in_workspace']);
    assert.equal(
      out.error,
      `Path not in workspace: /etc/facet-test.txt is outside the workspace directories (${dir}); this server does not ask for permission to go further. Use a path inside them.`,
    );
  });
});

describe('qwen list_directory, glob and grep_search', () => {
  test('list_directory: the git-ignored count; a missing directory', async () => {
    const r = await call('list_directory', { path: p('ls') });
    assert.equal(r.text, `Listed 1 item(s) in ${p('ls')}:\n---\na.txt\n\n(1 git-ignored, 0 qwen-ignored)`);
    const missing = await call('list_directory', { path: p('nowhere') });
    assert.deepEqual([missing.code, missing.errorType], ['NOT_FOUND', 'ls_execution_error']);
    assert.equal(missing.error, `Error listing directory: ${p('nowhere')} does not exist.`);
  });

  test('glob: files changed in the last 24 hours first, newest first; older ones alphabetically', async () => {
    const r = await call('glob', { pattern: '*.txt', path: p('order') });
    const files = ['r3.txt', 'r1.txt', 'r2.txt', 'a-old.txt', 'b-old.txt'].map((f) => p(`order/${f}`));
    assert.equal(
      r.text,
      `Found 5 file(s) matching "*.txt" within ${p('order')}, sorted by modification time (newest first):\n---\n${files.join('\n')}`,
    );
  });

  test('glob: an empty pattern, a file as directory, outside the workspace', async () => {
    const empty = await call('glob', { pattern: '' });
    assert.deepEqual([empty.code, empty.errorType], ['INVALID_ARGUMENT', 'invalid_tool_params']);
    assert.equal(empty.error, invalid('the pattern is empty'));
    const file = await call('glob', { pattern: '*', path: p('five.txt') });
    assert.deepEqual([file.code, file.errorType], ['INVALID_ARGUMENT', 'search_path_not_a_directory']);
    assert.equal(file.error, `Path is not a directory: ${p('five.txt')}.`);
    const out = await call('glob', { pattern: '*', path: '/etc' });
    assert.deepEqual([out.code, out.errorType], ['PERMISSION_DENIED', 'path_not_in_workspace']);
    assert.equal(
      out.error,
      `Path not in workspace: /etc is outside the workspace directories (${dir}); this server does not ask for permission to go further. Use a path inside them.`,
    );
  });

  test('grep_search: a missing path, outside the workspace, a limit below 1', async () => {
    const missing = await call('grep_search', { pattern: 'x', path: 'nope' });
    assert.deepEqual([missing.code, missing.errorType], ['NOT_FOUND', 'search_path_not_found']);
    assert.equal(
      missing.error,
      'Path does not exist: nope. Search a directory that exists, or leave path out to search the workspace.',
    );
    const out = await call('grep_search', { pattern: 'x', path: '/etc' });
    assert.deepEqual([out.code, out.errorType], ['PERMISSION_DENIED', 'path_not_in_workspace']);
    assert.equal(
      out.error,
      `Path not in workspace: /etc is outside the workspace directories (${dir}); this server does not ask for permission to go further. Use a path inside them.`,
    );
    const lim = await call('grep_search', { pattern: 'x', limit: 0 });
    assert.equal(lim.code, 'INVALID_ARGUMENT');
    assert.equal(lim.error, invalid('limit must be at least 1'));
  });
});

describe('qwen web_fetch and todo_write', () => {
  test('web_fetch: a private address is refused; content is cut at 100000 characters', async () => {
    const priv = await call('web_fetch', { url: 'http://10.1.2.3/x', prompt: 'x' });
    assert.deepEqual([priv.code, priv.errorType], ['SECURITY_POLICY_FAILED', 'policy_violation']);
    assert.equal(
      priv.error,
      'Error during fetch for http://10.1.2.3/x: 10.1.2.3 is a private address, which web fetches may not reach. This server does not fetch private, loopback or cloud-metadata addresses; use a public URL.',
    );
    const long = await call('web_fetch', { url: `${site.origin}/long`, prompt: 'count' });
    assert.equal(
      long.text,
      `Content fetched from ${site.origin}/long for the request "count" (returned as fetched, not summarised; answer the request from it yourself):\n---\n${'z'.repeat(100_000)}\n---`,
    );
    assert.equal(long.display.truncated, true);
  });

  test('todo_write: duplicate ids', async () => {
    const dup = await call('todo_write', {
      todos: [
        { id: '1', content: 'A', status: 'pending' },
        { id: '1', content: 'B', status: 'pending' },
      ],
    });
    assert.deepEqual([dup.code, dup.errorType], ['INVALID_ARGUMENT', 'invalid_tool_params']);
    assert.equal(dup.error, invalid('todo id 1 appears more than once'));
  });
});
