// Gemini shape shell and web tools over gRPC: result fields, background processes,
// command substitution, web_fetch from the prompt, grounded search with citations.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { serverFixture } from '../../helpers/server.js';
import { send, serve, type LoopbackServer } from '../../web/http-server.js';
import { caller } from './harness.js';

let site: LoopbackServer;
let gemini: LoopbackServer;
const call = caller(() => t, 'gemini', 'shell-web');

// generateContent with grounding; support indices are UTF-8 byte offsets ("’" is 3 bytes).
const ANSWER = 'Undici is Node’s HTTP client. It powers fetch.';
const GROUNDED = {
  candidates: [
    {
      content: { role: 'model', parts: [{ text: ANSWER }] },
      groundingMetadata: {
        webSearchQueries: ['undici'],
        groundingChunks: [
          { web: { uri: 'https://nodejs.org/undici', title: 'nodejs.org' } },
          { web: { uri: 'https://github.com/nodejs/undici', title: 'github.com' } },
        ],
        groundingSupports: [
          {
            segment: { startIndex: 0, endIndex: 31, text: 'Undici is Node’s HTTP client.' },
            groundingChunkIndices: [0, 1],
          },
          { segment: { startIndex: 32, endIndex: 48, text: 'It powers fetch.' }, groundingChunkIndices: [0] },
        ],
      },
    },
  ],
};

/** The files and stand-in servers the server starts with. */
async function setUp(): Promise<void> {
  mkdirSync(path.join(dir, 'sub'));
  site = await serve((req, res) => {
    if (req.url === '/doc')
      return send(
        res,
        200,
        'text/html; charset=utf-8',
        '<html><body><h1>Setup</h1><p>Set the timeout.</p></body></html>',
      );
    if (req.url === '/big') return send(res, 200, 'text/plain', 'y'.repeat(300_000));
    send(res, 404, 'text/plain', 'no');
  });
  gemini = await serve((_req, res, body) => {
    if (body.includes('nothing at all')) return send(res, 200, 'application/json', JSON.stringify({ candidates: [] }));
    if (body.includes('server breaks'))
      return send(res, 500, 'application/json', '{"error":{"message":"backend down"}}');
    send(res, 200, 'application/json', JSON.stringify(GROUNDED));
  });
}
// Without the shell sandbox: Gemini's background PIDs are host PIDs that a later command kills,
// which holds only outside it (inside, each command has a PID namespace of its own, and a
// signal a command dies of comes back through bwrap); test/shell/sandbox.test.ts runs gemini there.
const { t, dir } = serverFixture({
  setup: setUp,
  shape: 'gemini',
  prefix: 'facet-gemini-shell-',
  args: () => [
    '--shell-sandbox',
    'none',
    '--web-allow-hosts',
    '127.0.0.1',
    '--search-provider',
    'gemini',
    '--gemini-api-key',
    'k',
    '--gemini-base-url',
    gemini.origin,
  ],
});
after(async () => {
  await site.close();
  await gemini.close();
});

const pgid = (text: string) => /Process Group PGID: (\d+)/.exec(text)?.[1];

describe('gemini run_shell_command', () => {
  test('output, exit code only when non-zero, PGID, untrusted wrapper', async () => {
    const r = await call('run_shell_command', { command: 'echo hi; echo err >&2' });
    assert.equal(
      r.text,
      `<untrusted_context>\nOutput: hi\nerr\nProcess Group PGID: ${pgid(r.text)}\n</untrusted_context>`,
    );
    const f = await call('run_shell_command', { command: 'printf "\\033[31mred\\033[0m"; exit 3' });
    assert.equal(f.error, '');
    assert.equal(
      f.text,
      `<untrusted_context>\nOutput: red\nExit Code: 3\nProcess Group PGID: ${pgid(f.text)}\n</untrusted_context>`,
    );
    assert.equal(f.display.exitCode, 3);
    const e = await call('run_shell_command', { command: 'true' });
    assert.equal(
      e.text,
      `<untrusted_context>\nOutput: (empty)\nProcess Group PGID: ${pgid(e.text)}\n</untrusted_context>`,
    );
  });

  test('signal as a number; dir_path; GEMINI_CLI in the environment', async () => {
    const s = await call('run_shell_command', { command: 'kill -TERM $$' });
    assert.match(
      s.text,
      /^<untrusted_context>\nOutput: \(empty\)\nSignal: 15\nProcess Group PGID: \d+\n<\/untrusted_context>$/,
    );
    const d = await call('run_shell_command', { command: 'pwd; echo $GEMINI_CLI $PAGER', dir_path: 'sub' });
    assert.match(d.text, new RegExp(`^<untrusted_context>\\nOutput: ${dir}/sub\\n1 cat\\n`));
  });

  test('background PIDs of processes left running', async () => {
    const r = await call('run_shell_command', { command: 'sleep 30 & echo started' });
    const m =
      /^<untrusted_context>\nOutput: started\nBackground PIDs: (\d+)\nProcess Group PGID: \d+\n<\/untrusted_context>$/.exec(
        r.text,
      );
    assert.ok(m, r.text);
    const kill = await call('run_shell_command', { command: `kill ${m[1]}` });
    assert.equal(kill.error, '');
  });

  test('command substitution is refused; bad dir_path; empty command', async () => {
    const s = await call('run_shell_command', { command: 'echo $(whoami)' });
    assert.equal(s.code, 'SECURITY_POLICY_FAILED');
    assert.equal(s.errorType, 'policy_violation');
    assert.equal(
      s.error,
      'Command refused: it uses command substitution ($(), backticks, <() or >()) outside single quotes, which this tool blocks for safety. Run the inner command on its own first, then use its output in a second command.',
    );
    const quoted = await call('run_shell_command', { command: "echo '$(not run)'" });
    assert.match(quoted.text, /^<untrusted_context>\nOutput: \$\(not run\)\n/);
    const out = await call('run_shell_command', { command: 'ls', dir_path: '/etc' });
    assert.equal(out.errorType, 'path_not_in_workspace');
    const empty = await call('run_shell_command', { command: '  ' });
    assert.equal(empty.code, 'INVALID_ARGUMENT');
    assert.equal(empty.errorType, 'invalid_tool_params');
  });

  test('large output keeps the first fifth and last four fifths', async () => {
    const r = await call('run_shell_command', { command: 'head -c 100000 /dev/zero | tr "\\0" a' });
    assert.match(
      r.text,
      /^<untrusted_context>\nOutput: Output too large\. Showing first 8000 and last 32000 characters\. For full output see: \S+\na{8000}\n\n\.\.\. \[60000 characters omitted\] \.\.\.\n\na{32000}\nProcess Group PGID: \d+\n<\/untrusted_context>$/,
    );
  });
});

describe('gemini background processes', () => {
  test('start, list, read, and an unknown PID', async () => {
    const none = await call('list_background_processes', {}, { session: 'bg' });
    assert.equal(none.text, 'No background processes found.');
    const fast = await call(
      'run_shell_command',
      { command: 'echo done', is_background: true, delay_ms: 2000 },
      { session: 'bg' },
    );
    assert.match(fast.text, /^<untrusted_context>\nOutput: done\nProcess Group PGID: \d+\n<\/untrusted_context>$/);
    const r = await call(
      'run_shell_command',
      { command: 'for i in 1 2 3 4 5; do echo line $i; done; sleep 30', is_background: true, delay_ms: 1500 },
      { session: 'bg' },
    );
    const m =
      /^<untrusted_context>\nCommand is running in background\. PID: (\d+)\. Initial output:\nline 1\nline 2\nline 3\nline 4\nline 5\n<\/untrusted_context>$/.exec(
        r.text,
      );
    assert.ok(m, r.text);
    const pid = Number(m[1]);
    const list = await call('list_background_processes', {}, { session: 'bg' });
    const lines = list.text.split('\n');
    assert.match(lines[0]!, /^- \[PID \d+\] EXITED: `echo done` \(Exit Code: 0\)$/);
    assert.equal(lines[1], `- [PID ${pid}] RUNNING: \`for i in 1 2 3 4 5; do echo line $i; done; sleep 30\``);
    const tail = await call('read_background_output', { pid, lines: 2 }, { session: 'bg' });
    assert.equal(tail.text, 'Showing last 2 of 5 lines:\nline 4\nline 5');
    const full = await call('read_background_output', { pid }, { session: 'bg' });
    assert.equal(full.text, 'Full Log Output:\nline 1\nline 2\nline 3\nline 4\nline 5');
    const other = await call('read_background_output', { pid }, { session: 'another' });
    assert.equal(other.code, 'NOT_FOUND');
    assert.equal(other.errorType, 'execution_failed');
    await call('run_shell_command', { command: `kill ${pid}` }, { session: 'bg' });
  });
});

describe('gemini web_fetch', () => {
  test('URLs come from the prompt; the page text is returned per URL', async () => {
    const r = await call('web_fetch', { prompt: `Summarise ${site.origin}/doc please` });
    assert.equal(
      r.text,
      `<untrusted_context>\nFetched content for the URLs in the prompt (returned as fetched, not summarised; apply the prompt to it yourself):\n\n--- ${site.origin}/doc ---\nSetup\n\nSet the timeout.\n</untrusted_context>`,
    );
  });

  test('failing URLs are listed as skipped; all skipped fails; no URL fails', async () => {
    const r = await call('web_fetch', { prompt: `${site.origin}/doc and ${site.origin}/missing` });
    assert.match(
      r.text,
      new RegExp(`\\n\\nSkipped URLs:\\n\\[Fetch failed: [^\\]]+\\] ${site.origin}/missing\\n</untrusted_context>$`),
    );
    const all = await call('web_fetch', { prompt: `${site.origin}/missing` });
    assert.equal(all.errorType, 'web_fetch_processing_error');
    assert.match(
      all.error,
      /^Error: All requested URLs were skipped: \[Fetch failed: .+\] http:\/\/127\.0\.0\.1:\d+\/missing$/,
    );
    const blocked = await call('web_fetch', { prompt: `${site.origin}/doc http://10.1.2.3/x` });
    assert.ok(blocked.text.endsWith('\n\nSkipped URLs:\n[Blocked Host] http://10.1.2.3/x\n</untrusted_context>'));
    const none = await call('web_fetch', { prompt: 'no links here' });
    assert.equal(none.errorType, 'web_fetch_no_url_in_prompt');
    assert.equal(none.code, 'INVALID_ARGUMENT');
    const bad = await call('web_fetch', { prompt: 'see ftp://example.com/x' });
    assert.equal(bad.errorType, 'invalid_tool_params');
  });

  test('the 250000-character budget is shared and cut content marked', async () => {
    const r = await call('web_fetch', { prompt: `${site.origin}/big ${site.origin}/doc` });
    assert.ok(
      r.text.includes(
        `--- ${site.origin}/big ---\n${'y'.repeat(125_000)}\n\n... [Content truncated due to size limit] ...\n\n--- ${site.origin}/doc ---`,
      ),
    );
  });
});

describe('gemini google_web_search', () => {
  test('citation markers at UTF-8 byte offsets and a Sources list', async () => {
    const r = await call('google_web_search', { query: 'undici' });
    assert.equal(
      r.text,
      'Web search results for "undici":\n\nUndici is Node’s HTTP client.[1][2] It powers fetch.[1]\n\nSources:\n[1] nodejs.org (https://nodejs.org/undici)\n[2] github.com (https://github.com/nodejs/undici)',
    );
    const empty = await call('google_web_search', { query: 'nothing at all' });
    assert.equal(empty.text, 'No search results or information found for query: "nothing at all"');
    const broken = await call('google_web_search', { query: 'server breaks' });
    assert.equal(broken.errorType, 'web_search_failed');
    assert.match(broken.error, /^Error during web search for query "server breaks": \[Gemini\] /);
  });
});
