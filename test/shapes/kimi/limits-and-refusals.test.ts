// Kimi shape branches the main goldens leave out, with exact texts and host blocks over
// gRPC: Grep type / multiline / include_ignored and "No matches found" pages (on both grep
// backends), the "Tool output is empty." framing, the Glob 1000-path cap, a Shell command killed by a signal, SearchWeb
// without a
// provider and at its 50,000-character cap, FetchURL's private-address refusal, binary and
// image bodies and cap, TaskStop of an unknown id, and writes outside the workspace.
import { resultItems } from '../../../src/registry/result.js';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { FailureCode } from '../../../src/gen/codefly/base/v0/failure.js';
import type { CallToolResponse } from '../../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { toResult } from '../../../src/shapes/common/define.js';
import { kimiOk } from '../../../src/shapes/kimi/v1/errors.js';
import { callTool, startTestServer, structured, tempDir, texts, type TestServer } from '../../helpers/server.js';
import { send, serve, type LoopbackServer } from '../../web/http-server.js';

let t: TestServer;
/** The same server with --grep-backend fallback. */
let tf: TestServer;
/** No search provider, and no private addresses allowed for fetches. */
let bare: TestServer;
let dir: string;
let cleanup: () => void;
let site: LoopbackServer;
let tavily: LoopbackServer;

const call = (name: string, args: Record<string, unknown>, server = () => t, session = 'kimi-branches') =>
  callTool(server().client, name, args, { shape: 'kimi@1.49', session });
const display = (res: CallToolResponse) => (structured(res) as { display: Record<string, unknown> }).display;
const MARKER = '[...truncated]';

before(async () => {
  ({ dir, cleanup } = tempDir('facet-kimi-branches-'));
  const w = (f: string, s: string | Buffer) => {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    writeFileSync(path.join(dir, f), s);
  };
  w('src/a.py', 'import os\nimport sys\n\ndef main():\n    print("TODO")\n');
  w('src/b.js', 'import x from "y";\n// TODO js\n');
  // A repository (rg applies .gitignore inside one) with an ignored build folder; version-control
  // folders stay out of every search, include_ignored or not.
  w('.git/config', 'import generated\n');
  w('.hg/store', 'import generated\n');
  w('.gitignore', 'build/\n');
  w('.env', 'only in secrets\n');
  w('build/out.py', 'import generated\n');
  for (let i = 0; i < 1005; i++) w(`many/f${String(i).padStart(4, '0')}.txt`, '');
  site = await serve((req, res) => {
    if (req.url === '/bin') return send(res, 200, 'application/octet-stream', Buffer.from([0, 1, 2, 3, 255]));
    if (req.url === '/img') return send(res, 200, 'image/png', Buffer.from('89504e470d0a1a0a', 'hex'));
    if (req.url === '/big') return send(res, 200, 'text/plain', 'z'.repeat(60_000));
    send(res, 404, 'text/plain', 'no');
  });
  tavily = await serve((_req, res) =>
    send(
      res,
      200,
      'application/json',
      JSON.stringify({
        results: [{ title: 'Big', url: 'https://big.example/', content: 'snip', raw_content: 'y'.repeat(60_000) }],
      }),
    ),
  );
  const flags = [
    '--root',
    dir,
    '--shape',
    'kimi',
    '--web-allow-hosts',
    '127.0.0.1',
    '--search-provider',
    'tavily',
    '--tavily-api-key',
    'k',
    '--tavily-base-url',
    tavily.origin,
  ];
  t = await startTestServer(flags);
  tf = await startTestServer([...flags, '--grep-backend', 'fallback']);
  bare = await startTestServer(['--root', dir, '--shape', 'kimi']);
});
after(async () => {
  await t.close();
  await tf.close();
  await bare.close();
  await site.close();
  await tavily.close();
  cleanup();
});

// Both backends give the same texts here (rg when auto finds it, and the pure-TypeScript fallback).
for (const backend of ['auto', 'fallback'] as const) {
  describe(`kimi Grep branches (--grep-backend ${backend})`, () => {
    const grep = (args: Record<string, unknown>) =>
      call('Grep', args, () => (backend === 'auto' ? t : tf), `grep-${backend}`);

    test('type filters by ripgrep file type; an unknown type is refused', async () => {
      const res = await grep({ pattern: 'import', type: 'py' });
      assert.deepEqual(texts(res), ['src/a.py']);
      assert.deepEqual(display(res), {
        tool: 'Grep',
        counts: { files: 1, matches: 2, matchLines: 2 },
        truncated: false,
      });
      const bad = await grep({ pattern: 'import', type: 'nosuch' });
      assert.equal(bad.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
      assert.deepEqual(texts(bad), ['<system>ERROR: unknown file type "nosuch".</system>']);
      assert.deepEqual(display(bad), { tool: 'Grep' });
    });

    test('multiline lets a match (and ".") span lines', async () => {
      const res = await grep({ pattern: 'os.import', multiline: true, output_mode: 'content' });
      assert.deepEqual(texts(res), ['src/a.py:1:import os\nsrc/a.py:2:import sys']);
      assert.deepEqual(display(res), {
        tool: 'Grep',
        counts: { files: 1, matches: 1, matchLines: 2 },
        truncated: false,
      });
      assert.deepEqual(texts(await grep({ pattern: 'os.import', output_mode: 'content' })), [
        '<system>No matches found</system>',
      ]);
    });

    test(".gitignore'd files are skipped unless include_ignored; .git and .hg always", async () => {
      assert.deepEqual(texts(await grep({ pattern: 'import generated' })), ['<system>No matches found</system>']);
      const res = await grep({ pattern: 'import generated', include_ignored: true });
      assert.deepEqual(texts(res), ['build/out.py']);
      assert.deepEqual(display(res), {
        tool: 'Grep',
        counts: { files: 1, matches: 1, matchLines: 1 },
        truncated: false,
      });
    });

    test('nothing to show reads "No matches found", then the other notes (as Kimi CLI)', async () => {
      // A page past the end.
      const past = await grep({ pattern: 'import', output_mode: 'content', offset: 50 });
      assert.equal(past.error, '');
      assert.deepEqual(texts(past), ['<system>No matches found</system>']);
      assert.deepEqual(display(past), {
        tool: 'Grep',
        counts: { files: 2, matches: 3, matchLines: 3 },
        truncated: false,
      });
      assert.deepEqual(texts(await grep({ pattern: 'import', output_mode: 'count_matches', offset: 50 })), [
        '<system>No matches found. Found 3 total occurrences across 2 files.</system>',
      ]);
      // No match at all in count mode still states the total.
      assert.deepEqual(texts(await grep({ pattern: 'zzz_nothing', output_mode: 'count_matches' })), [
        '<system>No matches found. Found 0 total occurrences across 0 files.</system>',
      ]);
      // Matches only in a secrets file.
      assert.deepEqual(texts(await grep({ pattern: 'only in secrets' })), [
        '<system>No matches found. Left out 1 sensitive file(s) (.env) to protect secrets; they may hold credentials or private keys.</system>',
      ]);
    });
  });
}

describe('kimi result framing', () => {
  // No Kimi tool here answers with neither a message nor output (Grep's empty page says "No
  // matches found", as Kimi CLI's does), so the framing is checked where it is built.
  test('a result with neither message nor output says "Tool output is empty."; a message alone or output alone stands as it is', () => {
    assert.deepEqual(resultItems(toResult('X', kimiOk('', ''))), [
      { text: '<system>Tool output is empty.</system>' },
      { structured: { display: { tool: 'X' } } },
    ]);
    assert.deepEqual(resultItems(toResult('X', kimiOk('note', 'out'))), [
      { text: '<system>note</system>' },
      { text: 'out' },
      { structured: { display: { tool: 'X' } } },
    ]);
    assert.deepEqual(resultItems(toResult('X', kimiOk('', 'out'))), [
      { text: 'out' },
      { structured: { display: { tool: 'X' } } },
    ]);
  });
});

describe('kimi Glob cap', () => {
  test('at most 1000 paths, and the message says how many there were', async () => {
    const res = await call('Glob', { pattern: 'many/*.txt' });
    assert.deepEqual(texts(res), [
      '<system>Found 1005 matches for pattern `many/*.txt`. Only the first 1000 matches are returned; use a narrower pattern or directory to see the others.</system>',
      Array.from({ length: 1000 }, (_, i) => `many/f${String(i).padStart(4, '0')}.txt`).join('\n'),
    ]);
    assert.deepEqual(display(res), {
      tool: 'Glob',
      paths: [dir],
      counts: { matches: 1005, shown: 1000 },
      truncated: true,
    });
  });
});

describe('kimi Shell killed by a signal', () => {
  test('the exit code is the negative signal number, as Kimi CLI reports it; the signal is named and the output follows', async () => {
    const res = await call('Shell', { command: 'echo dying; kill -KILL $$' });
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_PROCESS_FAILED);
    assert.equal(res.failure?.process?.signal, 'SIGKILL');
    assert.deepEqual(texts(res), [
      '<system>ERROR: Command failed with exit code: -9. It was killed by SIGKILL.</system>',
      'dying\n',
    ]);
    const d = display(res) as { counts: { durationMs: number } };
    assert.equal(typeof d.counts.durationMs, 'number');
    assert.deepEqual(display(res), {
      tool: 'Shell',
      exitCode: null,
      signal: 'SIGKILL',
      truncated: false,
      counts: { outputBytes: 6, durationMs: d.counts.durationMs },
    });
  });
});

describe('kimi SearchWeb limits', () => {
  test('without a search provider the call fails and says what to do instead', async () => {
    const res = await call('SearchWeb', { query: 'anything' }, () => bare);
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_DEPENDENCY_UNAVAILABLE);
    assert.deepEqual(texts(res), [
      '<system>ERROR: Web search is not configured on this server (no search provider has credentials). Answer from what you know, or fetch a known page with FetchURL.</system>',
    ]);
    assert.deepEqual(display(res), { tool: 'SearchWeb' });
  });

  test('50,000 characters in all, no per-line cap, the cut line ending in the marker', async () => {
    const res = await call('SearchWeb', { query: 'big', include_content: true });
    const head = 'Title: Big\nDate: \nURL: https://big.example/\nSummary: snip\n\n';
    const body = `${head}${'y'.repeat(50_000 - head.length - MARKER.length - 1)}${MARKER}\n`;
    assert.equal(body.length, 50_000);
    assert.deepEqual(texts(res), ['<system>Output is truncated to fit in the message.</system>', body]);
    assert.deepEqual(display(res), {
      tool: 'SearchWeb',
      counts: { results: 1 },
      details: { provider: 'tavily', urls: ['https://big.example/'] },
      truncated: true,
    });
  });
});

describe('kimi FetchURL branches', () => {
  test('a loopback address is refused unless the server allows it', async () => {
    const res = await call('FetchURL', { url: `${site.origin}/bin` }, () => bare);
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_SECURITY_POLICY_FAILED);
    assert.deepEqual(texts(res), [
      '<system>ERROR: 127.0.0.1 is a loopback address, which web fetches may not reach.</system>',
    ]);
    assert.deepEqual(display(res), { tool: 'FetchURL' });
  });

  test('binary and image bodies are refused', async () => {
    const bin = await call('FetchURL', { url: `${site.origin}/bin` });
    assert.equal(bin.failure?.code, FailureCode.FAILURE_CODE_UNSUPPORTED_OPERATION);
    assert.deepEqual(texts(bin), [
      `<system>ERROR: ${site.origin}/bin is application/octet-stream, a binary type that cannot be shown as text.</system>`,
    ]);
    assert.deepEqual(display(bin), { tool: 'FetchURL' });
    const img = await call('FetchURL', { url: `${site.origin}/img` });
    assert.equal(img.failure?.code, FailureCode.FAILURE_CODE_UNSUPPORTED_OPERATION);
    assert.deepEqual(texts(img), [`<system>ERROR: ${site.origin}/img is an image (image/png).</system>`]);
  });

  test('a long page is cut at 50,000 characters and is then not called the full page', async () => {
    const res = await call('FetchURL', { url: `${site.origin}/big` });
    assert.deepEqual(texts(res), [
      '<system>Output is truncated to fit in the message.</system>',
      `${'z'.repeat(50_000 - MARKER.length)}${MARKER}`,
    ]);
    assert.deepEqual(display(res), {
      tool: 'FetchURL',
      details: { url: `${site.origin}/big`, finalUrl: `${site.origin}/big`, status: 200, mediaType: 'text/plain' },
      counts: { bytes: 60_000 },
      truncated: true,
    });
  });
});

describe('kimi TaskStop of an unknown task', () => {
  test('NOT_FOUND, naming TaskList', async () => {
    const res = await call('TaskStop', { task_id: 'ffffffff' });
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_NOT_FOUND);
    assert.deepEqual(texts(res), [
      '<system>ERROR: There is no background task `ffffffff` in this session; TaskList shows the tasks there are.</system>',
    ]);
    assert.deepEqual(display(res), { tool: 'TaskStop' });
  });
});

describe('kimi writes outside the workspace', () => {
  const outside = path.join(path.dirname(dir), `kimi-outside-${process.pid}.txt`);
  const cases: Array<[string, string, Record<string, unknown>]> = [
    ['WriteFile, absolute', 'WriteFile', { path: outside, content: 'x' }],
    [
      'WriteFile, relative climbing out',
      'WriteFile',
      { path: `../${path.basename(outside)}`, content: 'x', mode: 'append' },
    ],
    ['StrReplaceFile', 'StrReplaceFile', { path: outside, edit: { old: 'a', new: 'b' } }],
  ];
  for (const [name, tool, args] of cases) {
    test(`${name}: PERMISSION_DENIED naming the workspace, nothing written`, async () => {
      const res = await call(tool, args);
      assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_PERMISSION_DENIED);
      assert.deepEqual(texts(res), [
        `<system>ERROR: \`${String(args.path)}\` is outside the workspace (${dir}); use a path inside it.</system>`,
      ]);
      assert.deepEqual(display(res), { tool, paths: [outside] });
      assert.equal(existsSync(outside), false);
    });
  }
});
