// One engine condition, one failure code, for fetches of a local site: each row is fetched by
// every shape's fetch tool, which must answer with the same FailureCode and retryable (the
// words differ, as each vendor words them; a few rows also pin the words).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import { callTool, startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { send, serve, type LoopbackServer } from '../web/http-server.js';

type Calls = Record<string, [tool: string, args: Record<string, unknown>]>;

const fetchers = (url: string): Calls => ({
  core: ['web.fetch', { url }],
  claude: ['WebFetch', { url, prompt: 'summarise' }],
  gemini: ['web_fetch', { prompt: `summarise ${url}` }],
  qwen: ['web_fetch', { url, prompt: 'summarise' }],
  kimi: ['FetchURL', { url }],
});

/**
 * Fetch failures from a local site, each row fetched by every shape's fetch tool in turn. The
 * engine allows 20 requests per host a minute, so each block has a server of its own and at
 * most four rows (the last row of the last block is that limit itself).
 */
function fetchFailures(
  title: string,
  rows: Array<
    [
      name: string,
      path: string,
      code: FailureCode,
      retryable: boolean,
      before?: (origin: string, s: TestServer) => Promise<void>,
      words?: (url: string) => Record<string, string>,
    ]
  >,
): void {
  describe(title, () => {
    let s: TestServer;
    let site: LoopbackServer;
    let cleanup: () => void;
    before(async () => {
      site = await serve((req, res) => {
        if (req.url === '/gone') return send(res, 404, 'text/html', '<p>no</p>');
        if (req.url === '/private') return send(res, 401, 'text/html', '<p>log in</p>');
        if (req.url === '/busy') return send(res, 429, 'text/html', '<p>later</p>');
        if (req.url === '/archive') return send(res, 200, 'application/zip', 'PK\u0003\u0004 not text');
        if (req.url === '/to-file') {
          res.writeHead(302, { location: 'file:///etc/passwd' });
          return res.end();
        }
        if (req.url?.startsWith('/ok')) return send(res, 200, 'text/html', '<p>fine</p>');
        send(res, 500, 'text/html', '<p>no</p>');
      });
      let dir: string;
      ({ dir, cleanup } = tempDir());
      // Loopback opened on purpose: the fetches reach the local site (and a closed port).
      s = await startTestServer(['--root', dir, '--web-allow-hosts', '127.0.0.1']);
    });
    after(async () => {
      await s.close();
      await site.close();
      cleanup();
    });

    for (const [name, where, code, retryable, prep, words] of rows) {
      test(name, async () => {
        const url = where.startsWith('http') ? where : `${site.origin}${where}`;
        if (prep) await prep(site.origin, s);
        const seen: Record<string, string> = {};
        const want: Record<string, string> = {};
        for (const [shape, [tool, args]] of Object.entries(fetchers(url))) {
          const res = await callTool(s.client, tool, args, { shape });
          seen[`${shape}/${tool}`] = `${FailureCode[res.failure?.code ?? 0]} retryable=${res.failure?.retryable}`;
          want[`${shape}/${tool}`] = `${FailureCode[code]} retryable=${retryable}`;
          const exact = words?.(url)[shape];
          if (exact !== undefined) assert.equal(res.error, exact, `${shape}/${tool} words`);
        }
        assert.deepEqual(seen, want);
      });
    }
  });
}

fetchFailures('web fetch failures have the same code and retryable in every shape', [
  ['connection refused', 'http://127.0.0.1:1/x', FailureCode.FAILURE_CODE_NETWORK_FAILED, true],
  ['HTTP 404', '/gone', FailureCode.FAILURE_CODE_NOT_FOUND, false],
  ['HTTP 500', '/broken', FailureCode.FAILURE_CODE_DEPENDENCY_UNAVAILABLE, true],
]);

fetchFailures('more web fetch failures, one code in every shape', [
  [
    'HTTP 401',
    '/private',
    FailureCode.FAILURE_CODE_PERMISSION_DENIED,
    false,
    undefined,
    // The site refused, not the file system (Qwen said so before); a URL keeps its case (Claude).
    (url) => ({
      qwen: `Error during fetch for ${url}: ${url} answered 401 Unauthorized`,
      claude: `<tool_use_error>${url} answered 401 Unauthorized.</tool_use_error>`,
    }),
  ],
  ['HTTP 429', '/busy', FailureCode.FAILURE_CODE_RATE_LIMITED, true],
  ['a binary type that cannot be shown as text', '/archive', FailureCode.FAILURE_CODE_UNSUPPORTED_OPERATION, false],
]);

fetchFailures('redirects and the per-host limit, one code in every shape', [
  ['a redirect to a file: URL', '/to-file', FailureCode.FAILURE_CODE_SECURITY_POLICY_FAILED, false],
  [
    "over the engine's request limit for one host",
    '/ok',
    FailureCode.FAILURE_CODE_RATE_LIMITED,
    true,
    async (origin, s) => {
      // Spend what is left of this host's 20 requests a minute (a new URL each time: pages are cached).
      for (let i = 0; i < 20; i++) {
        const res = await callTool(s.client, 'web.fetch', { url: `${origin}/ok?n=${i}` });
        if (res.failure?.code === FailureCode.FAILURE_CODE_RATE_LIMITED) return;
      }
      assert.fail('the limit was never reached');
    },
  ],
]);
