// Gemini shape branches over gRPC that the main goldens leave out: audio/video attached, the
// 20 MB and SVG limits, grep_search options, glob literal paths and recent-first order,
// background KILLED lines and delay_ms, search without a provider, the web_fetch per-host
// rate limit, and the exact text of every error path.
import assert from 'node:assert/strict';
import { closeSync, mkdirSync, openSync, ftruncateSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { serverFixture } from '../../helpers/server.js';
import { send, serve, type LoopbackServer } from '../../web/http-server.js';
import { caller } from './harness.js';

// Without the shell sandbox: a later command kills a background process by its host PID (inside the
// sandbox each command has a PID namespace of its own; test/shell/sandbox.test.ts runs gemini there).
const { t, dir } = serverFixture({
  shape: 'gemini',
  args: ['--shell-sandbox', 'none', '--web-allow-hosts', '127.0.0.1'],
  prefix: 'facet-gemini-branches-',
});
let site: LoopbackServer;
const call = caller(() => t, 'gemini', 'branches');
const p = (f: string) => path.join(dir, f);
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a40000000049454e44ae426082',
  'hex',
);
const MP3 = Buffer.concat([
  Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000', 'latin1'),
  Buffer.alloc(54, 0xff),
  Buffer.from([0, 0, 1]),
]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.alloc(36, 0)]);
const HOUR = 3600_000;

/** A file of `size` bytes that takes no space (a hole). */
function sparse(file: string, size: number): void {
  const fd = openSync(file, 'w');
  ftruncateSync(fd, size);
  closeSync(fd);
}

before(async () => {
  for (const d of ['media', 'g', 'lit', 'order', 'ctx']) mkdirSync(p(d));
  writeFileSync(p('media/song.mp3'), MP3);
  writeFileSync(p('media/clip.mp4'), MP4);
  writeFileSync(p('media/pic.png'), PNG);
  writeFileSync(p('media/blob.dat'), Buffer.from([0, 1, 2, 0, 3]));
  writeFileSync(p('voice.m4a'), Buffer.from([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x4d, 0x34, 0x41, 0x20, 0, 0, 0]));
  sparse(p('huge.txt'), 21 * 1024 * 1024);
  writeFileSync(p('big.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(1024 * 1024)}</svg>`);
  writeFileSync(p('small.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
  // grep_search material
  writeFileSync(p('g/a.txt'), 'alpha\nneedle (x)\nbeta\ngamma\ndelta\n');
  writeFileSync(p('g/wide.txt'), `wide ${'w'.repeat(2100)}\n`);
  writeFileSync(
    p('ctx/one.txt'),
    Array.from({ length: 120 }, (_, i) => (i === 59 ? 'the only match' : `l${i + 1}`)).join('\n') + '\n',
  );
  // glob material: a literal name with glob characters next to a name it would match as a pattern
  writeFileSync(p('lit/[id].ts'), 'x\n');
  writeFileSync(p('lit/i.ts'), 'y\n');
  // list_directory: .gitignore hides one entry
  writeFileSync(p('.gitignore'), 'order/hidden.log\n');
  const now = Date.now();
  const at = (f: string, ms: number) => utimesSync(p(f), new Date(ms), new Date(ms));
  for (const f of ['r1.txt', 'r2.txt', 'r3.txt', 'b-old.txt', 'a-old.txt', 'hidden.log'])
    writeFileSync(p(`order/${f}`), f);
  at('order/r1.txt', now - 1 * HOUR);
  at('order/r2.txt', now - 5 * HOUR);
  at('order/r3.txt', now - 10 * 60_000);
  at('order/b-old.txt', now - 48 * HOUR);
  at('order/a-old.txt', now - 30 * 24 * HOUR);
  site = await serve((req, res) => send(res, 200, 'text/plain', `page ${req.url}`));
});
after(async () => {
  await site.close();
});

describe('gemini read_file: media and size limits', () => {
  test('audio and video are attached as data with a line naming them', async () => {
    const a = await call('read_file', { file_path: 'media/song.mp3' });
    // Gemini's function response carries this line beside audio/video data (vendor facts, convertToFunctionResponse).
    assert.equal(
      a.text,
      'Binary content (audio/mpeg) read successfully. Content will be injected for analysis in the next sequence.',
    );
    assert.deepEqual(a.blobs, [{ mediaType: 'audio/mpeg', data: MP3 }]);
    const v = await call('read_file', { file_path: 'media/clip.mp4' });
    assert.equal(
      v.text,
      'Binary content (video/mp4) read successfully. Content will be injected for analysis in the next sequence.',
    );
    assert.deepEqual(v.blobs, [{ mediaType: 'video/mp4', data: MP4 }]);
    const other = await call('read_file', { file_path: 'voice.m4a' });
    assert.deepEqual([other.code, other.errorType], ['UNSUPPORTED_OPERATION', 'read_content_failure']);
    assert.equal(
      other.error,
      'Could not read voice.m4a: the audio format of voice.m4a (.m4a) cannot be given to the model; MP3, WAV, AIFF, AAC, OGG and FLAC can.',
    );
  });

  test('any file over 20 MB is refused before it is read; SVG over 1 MB is named, a small one read as markup', async () => {
    const huge = await call('read_file', { file_path: 'huge.txt' });
    assert.deepEqual([huge.code, huge.errorType], ['RESOURCE_EXHAUSTED', 'file_too_large']);
    assert.equal(
      huge.error,
      'File size exceeds the 20MB limit (huge.txt is 22020096 bytes); read a smaller file, or use grep_search to find what you need.',
    );
    const svg = await call('read_file', { file_path: 'big.svg' });
    assert.equal(svg.text, 'Cannot display content of SVG file larger than 1MB: big.svg');
    const small = await call('read_file', { file_path: 'small.svg' });
    assert.equal(small.text, '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
  });

  test('read_many_files attaches images and audio named by extension, video always, and names other binary files', async () => {
    // Gemini reads an image, PDF or audio file only when a pattern names its extension or name.
    const generic = await call('read_many_files', { include: ['media/*'] });
    assert.deepEqual(
      generic.blobs.map((b) => b.mediaType),
      ['video/mp4'],
    );
    assert.deepEqual((generic.display.details as { skipped: string[] }).skipped, [
      'media/pic.png (an image, PDF or audio file is read only when a pattern names its extension or name)',
      'media/song.mp3 (an image, PDF or audio file is read only when a pattern names its extension or name)',
    ]);
    const r = await call('read_many_files', { include: ['media/*', '*.png', '*.mp3'] });
    assert.equal(
      r.text,
      `Binary content (video/mp4, audio/mpeg) read successfully. Content will be injected for analysis in the next sequence.\n--- ${dir}/media/blob.dat ---\n\nCannot display content of binary file: media/blob.dat\n\n\n\n--- End of content ---`,
    );
    assert.deepEqual(
      r.blobs.map((b) => b.mediaType),
      ['video/mp4', 'image/png', 'audio/mpeg'],
    );
    assert.deepEqual((r.display.details as { skipped: string[] }).skipped, []);
  });
});

describe('gemini read_file, replace and write_file: exact errors', () => {
  test('a path with a NUL byte is refused as such, not as outside the workspace', async () => {
    for (const [tool, args] of [
      ['read_file', { file_path: 'small.svg\0.txt' }],
      ['write_file', { file_path: 'n\0.txt', content: 'x' }],
      ['replace', { file_path: 'n\0.txt', instruction: 'x', old_string: '', new_string: 'x' }],
    ] as const) {
      const r = await call(tool, args);
      assert.deepEqual([r.code, r.errorType], ['PERMISSION_DENIED', 'invalid_tool_params'], tool);
      assert.match(r.error, /NUL byte/, tool);
    }
  });

  test('read_file on a directory', async () => {
    const d = await call('read_file', { file_path: 'media' });
    assert.deepEqual([d.code, d.errorType], ['INVALID_ARGUMENT', 'target_is_directory']);
    assert.equal(
      d.error,
      'media is a directory, not a file, so it cannot be read. Use list_directory to see what it holds.',
    );
  });

  test('replace: existing file with empty old_string, placeholder, missing instruction', async () => {
    const exists = await call('replace', {
      file_path: 'g/a.txt',
      instruction: 'create',
      old_string: '',
      new_string: 'x',
    });
    assert.deepEqual([exists.code, exists.errorType], ['ALREADY_EXISTS', 'attempt_to_create_existing_file']);
    assert.equal(
      exists.error,
      'File already exists, cannot create: g/a.txt. An empty old_string only creates new files; give the text to replace instead.',
    );
    const hole = await call('replace', {
      file_path: 'g/a.txt',
      instruction: 'shorten',
      old_string: 'beta',
      new_string: '// ... rest of code ...',
    });
    assert.deepEqual([hole.code, hole.errorType], ['INVALID_ARGUMENT', 'invalid_tool_params']);
    assert.equal(
      hole.error,
      'Invalid parameters: `new_string` holds an omission placeholder ("// ... rest of code ..."); give the exact literal replacement text.',
    );
    const noWhy = await call('replace', { file_path: 'g/a.txt', old_string: 'beta', new_string: 'b' });
    assert.equal(noWhy.code, 'INVALID_ARGUMENT');
    assert.equal(noWhy.error, 'Invalid parameters: invalid arguments for replace: instruction is required');
  });
});

describe('gemini grep_search: options', () => {
  test('fixed_strings takes the pattern literally', async () => {
    const r = await call('grep_search', { pattern: 'needle (x)', fixed_strings: true, dir_path: 'g', context: 0 });
    assert.equal(r.text, 'Found 1 match for pattern "needle (x)" in path "g":\n---\nFile: a.txt\nL2: needle (x)\n---');
  });

  test('before and after context lines are marked with "-"', async () => {
    const r = await call('grep_search', { pattern: '^gamma', dir_path: 'g', before: 2, after: 1 });
    assert.equal(
      r.text,
      'Found 1 match for pattern "^gamma" in path "g":\n---\nFile: a.txt\nL2- needle (x)\nL3- beta\nL4: gamma\nL5- delta\n---',
    );
  });

  test('lines over 2000 characters are cut and marked', async () => {
    const r = await call('grep_search', { pattern: '^wide', dir_path: 'g', context: 0 });
    assert.equal(
      r.text,
      `Found 1 match for pattern "^wide" in path "g":\n---\nFile: wide.txt\nL1: wide ${'w'.repeat(1995)}... [truncated]\n---`,
    );
  });

  test('a single match without context asked gets 50 lines around it', async () => {
    const r = await call('grep_search', { pattern: 'only match', dir_path: 'ctx' });
    const around = [
      ...Array.from({ length: 50 }, (_, i) => `L${i + 10}- l${i + 10}`),
      'L60: the only match',
      ...Array.from({ length: 50 }, (_, i) => `L${i + 61}- l${i + 61}`),
    ];
    assert.equal(
      r.text,
      `Found 1 match for pattern "only match" in path "ctx":\n---\nFile: one.txt\n${around.join('\n')}\n---`,
    );
  });

  test('errors: a path outside the workspace (a bad pattern: grep-backends.test.ts, per backend)', async () => {
    const outside = await call('grep_search', { pattern: 'x', dir_path: '/etc' });
    assert.deepEqual([outside.code, outside.errorType], ['PERMISSION_DENIED', 'path_not_in_workspace']);
    assert.equal(
      outside.error,
      `Path not in workspace: "/etc" resolves to a location outside the workspace directories (${dir}). Use a path inside them.`,
    );
  });
});

describe('gemini glob and list_directory', () => {
  test('a pattern naming an existing path is taken literally', async () => {
    const r = await call('glob', { pattern: 'lit/[id].ts' });
    assert.equal(
      r.text,
      `Found 1 file(s) matching "lit/[id].ts" within ${dir}, sorted by modification time (newest first):\n${dir}/lit/[id].ts`,
    );
  });

  test('files changed in the last 24 hours first, newest first; older ones alphabetically', async () => {
    const r = await call('glob', { pattern: '*.txt', dir_path: 'order' });
    const files = ['r3.txt', 'r1.txt', 'r2.txt', 'a-old.txt', 'b-old.txt'].map((f) => `${dir}/order/${f}`);
    assert.equal(
      r.text,
      `Found 5 file(s) matching "*.txt" within ${dir}/order, sorted by modification time (newest first):\n${files.join('\n')}`,
    );
  });

  test('glob errors: outside the workspace, missing directory, a file as directory, empty pattern', async () => {
    const outside = await call('glob', { pattern: '*', dir_path: '/etc' });
    assert.deepEqual([outside.code, outside.errorType], ['PERMISSION_DENIED', 'path_not_in_workspace']);
    assert.equal(
      outside.error,
      `Path not in workspace: "/etc" resolves to a location outside the workspace directories (${dir}). Use a path inside them.`,
    );
    const missing = await call('glob', { pattern: '*', dir_path: 'nowhere' });
    assert.deepEqual([missing.code, missing.errorType], ['NOT_FOUND', 'search_path_not_found']);
    assert.equal(
      missing.error,
      'Path does not exist: nowhere. Search a directory that exists (or leave dir_path out to search the workspace).',
    );
    const file = await call('glob', { pattern: '*', dir_path: 'g/a.txt' });
    assert.deepEqual([file.code, file.errorType], ['INVALID_ARGUMENT', 'search_path_not_a_directory']);
    assert.equal(file.error, 'Path is not a directory: g/a.txt. Give a directory to search in.');
    const empty = await call('glob', { pattern: '' });
    assert.deepEqual([empty.code, empty.errorType], ['INVALID_ARGUMENT', 'invalid_tool_params']);
    assert.equal(empty.error, 'Invalid parameters: the pattern is empty.');
  });

  test('list_directory: respect_git_ignore false shows git-ignored entries; a missing directory', async () => {
    const kept = await call('list_directory', { dir_path: 'order' });
    assert.equal(
      kept.text,
      `Directory listing for ${dir}/order:\na-old.txt (9 bytes)\nb-old.txt (9 bytes)\nr1.txt (6 bytes)\nr2.txt (6 bytes)\nr3.txt (6 bytes)\n\n(1 ignored)`,
    );
    const all = await call('list_directory', {
      dir_path: 'order',
      file_filtering_options: { respect_git_ignore: false },
    });
    assert.equal(
      all.text,
      `Directory listing for ${dir}/order:\na-old.txt (9 bytes)\nb-old.txt (9 bytes)\nhidden.log (10 bytes)\nr1.txt (6 bytes)\nr2.txt (6 bytes)\nr3.txt (6 bytes)`,
    );
    const missing = await call('list_directory', { dir_path: 'nowhere' });
    // Gemini CLI's ls.test.ts: a missing directory is an ls_execution_error.
    assert.deepEqual([missing.code, missing.errorType], ['NOT_FOUND', 'ls_execution_error']);
    assert.equal(
      missing.error,
      'Error: Directory not found: nowhere. Check the path with list_directory on its parent.',
    );
  });

  test('list_directory: more than 1000 ignore globs are refused before the directory is read', async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => `x${i}`);
    const r = await call('list_directory', { dir_path: 'order', ignore: many(1001) });
    assert.deepEqual([r.code, r.errorType], ['INVALID_ARGUMENT', 'invalid_tool_params']);
    assert.equal(
      r.error,
      'Invalid parameters: 1001 ignore patterns given; at most 1000 are taken in one call: use broader globs (such as "*.log") or split the list over several calls.',
    );
    const atLimit = await call('list_directory', { dir_path: 'order', ignore: [...many(999), 'r*.txt'] });
    assert.equal(
      atLimit.text,
      `Directory listing for ${dir}/order:\na-old.txt (9 bytes)\nb-old.txt (9 bytes)\n\n(1 ignored)`,
    );
  });
});

describe('gemini shell: background lines, delay_ms, errors', () => {
  test('a killed process is listed KILLED with its signal; an unknown PID names the remedy', async () => {
    const s = { session: 'killed' };
    const r = await call('run_shell_command', { command: 'sleep 30', is_background: true, delay_ms: 100 }, s);
    const pid = Number(/PID: (\d+)\./.exec(r.text)?.[1]);
    assert.ok(pid > 0, r.text);
    await call('run_shell_command', { command: `kill -TERM -${pid}` }, s);
    let line = '';
    for (let i = 0; i < 50 && !line.startsWith(`- [PID ${pid}] KILLED`); i++) {
      line = (await call('list_background_processes', {}, s)).text;
      await new Promise((res) => setTimeout(res, 100));
    }
    assert.equal(line, `- [PID ${pid}] KILLED: \`sleep 30\` (Signal: 15)`);
    const unknown = await call('read_background_output', { pid: 999_999_999 }, s);
    assert.deepEqual([unknown.code, unknown.errorType], ['NOT_FOUND', 'execution_failed']);
    assert.equal(
      unknown.error,
      "Error: no background process with PID 999999999 was started in this session (other sessions' processes cannot be read); call list_background_processes to see the PIDs you can read",
    );
  });

  test('read_background_output waits delay_ms before reading', async () => {
    const s = { session: 'delay' };
    const r = await call(
      'run_shell_command',
      { command: 'sleep 1; echo late; sleep 30', is_background: true, delay_ms: 100 },
      s,
    );
    const pid = Number(/PID: (\d+)\./.exec(r.text)?.[1]);
    const started = Date.now();
    const out = await call('read_background_output', { pid, delay_ms: 2000 }, s);
    assert.ok(Date.now() - started >= 2000);
    assert.equal(out.text, 'Full Log Output:\nlate');
    await call('run_shell_command', { command: `kill -TERM -${pid}` }, s);
  });

  test('run_shell_command: a dir_path outside the workspace, an empty command', async () => {
    const outside = await call('run_shell_command', { command: 'ls', dir_path: '/etc' });
    assert.deepEqual([outside.code, outside.errorType], ['PERMISSION_DENIED', 'path_not_in_workspace']);
    assert.equal(
      outside.error,
      `Path not in workspace: "/etc" resolves to a location outside the workspace directories (${dir}). Use a path inside them.`,
    );
    const empty = await call('run_shell_command', { command: '  ' });
    assert.deepEqual([empty.code, empty.errorType], ['INVALID_ARGUMENT', 'invalid_tool_params']);
    assert.equal(empty.error, 'Invalid parameters: the command is empty.');
  });
});

describe('gemini web tools: rate limit, search without a provider, exact errors', () => {
  test('more than 10 requests to one host within a minute are skipped as rate-limited', async () => {
    const urls = Array.from({ length: 11 }, (_, i) => `${site.origin}/p${i + 1}`);
    const r = await call('web_fetch', { prompt: `Compare ${urls.join(' ')}` });
    const pages = urls
      .slice(0, 10)
      .map((u, i) => `--- ${u} ---\npage /p${i + 1}`)
      .join('\n\n');
    assert.equal(
      r.text,
      `<untrusted_context>\nFetched content for the URLs in the prompt (returned as fetched, not summarised; apply the prompt to it yourself):\n\n${pages}\n\nSkipped URLs:\n[Rate limit exceeded] ${urls[10]}\n</untrusted_context>`,
    );
    const again = await call('web_fetch', { prompt: `${site.origin}/p1` });
    assert.deepEqual([again.code, again.errorType], ['RATE_LIMITED', 'web_fetch_processing_error']);
    assert.equal(again.error, `Error: All requested URLs were skipped: [Rate limit exceeded] ${site.origin}/p1`);
  });

  test('web_fetch: no URL, a malformed URL', async () => {
    const none = await call('web_fetch', { prompt: 'no links here' });
    assert.deepEqual([none.code, none.errorType], ['INVALID_ARGUMENT', 'web_fetch_no_url_in_prompt']);
    assert.equal(
      none.error,
      "Error: the 'prompt' must contain at least one valid URL (starting with http:// or https://)",
    );
    const bad = await call('web_fetch', { prompt: 'see ftp://example.com/x' });
    assert.deepEqual([bad.code, bad.errorType], ['INVALID_ARGUMENT', 'invalid_tool_params']);
    assert.equal(
      bad.error,
      'Invalid parameters: the prompt holds a malformed or non-http(s) URL: ftp://example.com/x.',
    );
  });

  test('google_web_search: no provider configured; an empty query', async () => {
    const none = await call('google_web_search', { query: 'node' });
    assert.deepEqual([none.code, none.errorType], ['DEPENDENCY_UNAVAILABLE', 'web_search_failed']);
    assert.equal(none.error, 'Error during web search for query "node": no web search provider is configured');
    const empty = await call('google_web_search', { query: ' ' });
    assert.deepEqual([empty.code, empty.errorType], ['INVALID_ARGUMENT', 'invalid_tool_params']);
    assert.equal(empty.error, 'Invalid parameters: the query is empty.');
  });
});

describe('gemini write_todos: exact errors', () => {
  test('two in progress, an empty description, an unknown status', async () => {
    const two = await call('write_todos', {
      todos: [
        { description: 'A', status: 'in_progress' },
        { description: 'B', status: 'in_progress' },
      ],
    });
    assert.deepEqual([two.code, two.errorType], ['INVALID_ARGUMENT', 'invalid_tool_params']);
    assert.equal(two.error, 'Invalid parameters: 2 todos are in_progress; at most 1 may be.');
    const blank = await call('write_todos', { todos: [{ description: ' ', status: 'pending' }] });
    assert.deepEqual([blank.code, blank.errorType], ['INVALID_ARGUMENT', 'invalid_tool_params']);
    assert.equal(blank.error, 'Invalid parameters: todo 1 has no text.');
    const status = await call('write_todos', { todos: [{ description: 'A', status: 'done' }] });
    assert.equal(status.code, 'INVALID_ARGUMENT');
    assert.equal(
      status.error,
      'Invalid parameters: invalid arguments for write_todos: todos.0.status must be one of "pending", "in_progress", "completed", "cancelled", "blocked"',
    );
  });
});
