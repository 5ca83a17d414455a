// One engine condition, one failure code: for each condition that can be provoked here, every
// shape's tool for it answers with the same FailureCode and retryable (the words differ, as
// each vendor words them). A refused fetch is SECURITY_POLICY_FAILED and not retryable in
// every shape, Gemini's web_fetch included.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { engineFailure, type Condition, type ConditionFacts } from '../../src/engine/errors.js';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import { toFailure } from '../../src/registry/failure.js';
import { callTool, startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { send, serve, type LoopbackServer } from '../web/http-server.js';

type Calls = Record<string, [tool: string, args: Record<string, unknown>]>;

/** The code and retryable the registry gives an engine condition, as the tests below print them. */
function byCondition(c: Condition): string {
  const f = toFailure(engineFailure(c, c, {} as ConditionFacts[typeof c]), 'probe');
  return `${FailureCode[f.code]} retryable=${f.retryable}`;
}

describe('the same condition has the same failure code and retryable in every shape', () => {
  let s: TestServer;
  let dir: string;
  let cleanup: () => void;
  before(async () => {
    ({ dir, cleanup } = tempDir());
    writeFileSync(path.join(dir, 'twice.txt'), 'x\nx\n');
    // Gemini's only shell timeout is the inactivity one: 1 s here.
    s = await startTestServer(['--root', dir, '--shell-deny', 'rm', '--shell-inactivity-ms', '1000']);
  });
  after(async () => {
    await s.close();
    cleanup();
  });

  const missing = () => path.join(dir, 'missing.txt');
  const nodir = () => path.join(dir, 'nodir');
  const twice = () => path.join(dir, 'twice.txt');
  const blocked = 'http://127.0.0.1:9/x'; // loopback: refused by the default address policy

  // `conditions`: the engine conditions behind the scenario (shapes may raise any of them); the
  // code expected on the wire is the one the condition table gives each.
  const conditions: Array<{ name: string; conditions: Condition[]; code: FailureCode; retryable: boolean; calls: () => Calls; readFirst?: boolean }> = [
    {
      name: 'read outside the roots',
      conditions: ['outside_roots'],
      code: FailureCode.FAILURE_CODE_PERMISSION_DENIED,
      retryable: false,
      calls: () => ({
        core: ['fs.read', { path: '/etc/hostname' }],
        claude: ['Read', { file_path: '/etc/hostname' }],
        gemini: ['read_file', { file_path: '/etc/hostname' }],
        qwen: ['read_file', { file_path: '/etc/hostname' }],
        kimi: ['ReadFile', { path: '/etc/hostname' }],
        grok: ['view_file', { path: '/etc/hostname' }],
        codex: ['read_file', { file_path: '/etc/hostname' }],
      }),
    },
    {
      name: 'write outside the roots',
      conditions: ['outside_roots'],
      code: FailureCode.FAILURE_CODE_PERMISSION_DENIED,
      retryable: false,
      calls: () => ({
        core: ['fs.write', { path: '/tmp/facet-outside.txt', content: 'a' }],
        claude: ['Write', { file_path: '/tmp/facet-outside.txt', content: 'a' }],
        gemini: ['write_file', { file_path: '/tmp/facet-outside.txt', content: 'a' }],
        qwen: ['write_file', { file_path: '/tmp/facet-outside.txt', content: 'a' }],
        kimi: ['WriteFile', { path: '/tmp/facet-outside.txt', content: 'a' }],
        grok: ['create_file', { path: '/tmp/facet-outside.txt', content: 'a' }],
        codex: ['apply_patch', { input: '*** Begin Patch\n*** Add File: /tmp/facet-outside.txt\n+a\n*** End Patch' }],
      }),
    },
    {
      name: 'list or search outside the roots',
      conditions: ['outside_roots'],
      code: FailureCode.FAILURE_CODE_PERMISSION_DENIED,
      retryable: false,
      calls: () => ({
        core: ['fs.list', { path: '/etc' }],
        claude: ['Grep', { pattern: 'x', path: '/etc' }],
        gemini: ['list_directory', { dir_path: '/etc' }],
        qwen: ['grep_search', { pattern: 'x', path: '/etc' }],
        kimi: ['Glob', { pattern: '*', directory: '/etc' }],
        codex: ['list_dir', { dir_path: '/etc' }],
      }),
    },
    {
      name: 'shell working directory outside the roots',
      conditions: ['outside_roots'],
      code: FailureCode.FAILURE_CODE_PERMISSION_DENIED,
      retryable: false,
      calls: () => ({
        core: ['shell.run', { command: 'pwd', workdir: '/etc' }],
        gemini: ['run_shell_command', { command: 'pwd', dir_path: '/etc' }],
        qwen: ['run_shell_command', { command: 'pwd', directory: '/etc', is_background: false }],
        codex: ['shell_command', { command: 'pwd', workdir: '/etc' }],
      }),
    },
    {
      name: 'file not found',
      conditions: ['path_missing', 'view_missing'],
      code: FailureCode.FAILURE_CODE_NOT_FOUND,
      retryable: false,
      calls: () => ({
        core: ['fs.read', { path: missing() }],
        claude: ['Read', { file_path: missing() }],
        gemini: ['read_file', { file_path: missing() }],
        qwen: ['read_file', { file_path: missing() }],
        kimi: ['ReadFile', { path: missing() }],
        grok: ['view_file', { path: missing() }],
        codex: ['read_file', { file_path: missing() }],
      }),
    },
    {
      name: 'edit of a file that does not exist',
      conditions: ['file_missing', 'path_missing'],
      code: FailureCode.FAILURE_CODE_NOT_FOUND,
      retryable: false,
      calls: () => ({
        core: ['fs.edit', { path: missing(), old_string: 'a', new_string: 'b' }],
        claude: ['Edit', { file_path: missing(), old_string: 'a', new_string: 'b' }],
        gemini: ['replace', { file_path: missing(), old_string: 'a', new_string: 'b', instruction: 'change a to b' }],
        qwen: ['edit', { file_path: missing(), old_string: 'a', new_string: 'b' }],
        kimi: ['StrReplaceFile', { path: missing(), edit: { old: 'a', new: 'b' } }],
        grok: ['str_replace_editor', { path: missing(), old_str: 'a', new_str: 'b' }],
        codex: ['apply_patch', { input: `*** Begin Patch\n*** Update File: ${missing()}\n@@\n-a\n+b\n*** End Patch` }],
      }),
    },
    {
      name: 'directory not found (listing, searching, shell working directory)',
      conditions: ['path_missing'],
      code: FailureCode.FAILURE_CODE_NOT_FOUND,
      retryable: false,
      calls: () => ({
        core: ['search.grep', { pattern: 'x', path: nodir() }],
        claude: ['Glob', { pattern: '*', path: nodir() }],
        gemini: ['run_shell_command', { command: 'pwd', dir_path: nodir() }],
        qwen: ['list_directory', { path: nodir() }],
        kimi: ['Grep', { pattern: 'x', path: nodir() }],
        codex: ['shell_command', { command: 'pwd', workdir: nodir() }],
      }),
    },
    {
      name: 'a directory where a file is expected',
      conditions: ['is_directory'],
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      calls: () => ({
        core: ['fs.read', { path: dir }],
        claude: ['Read', { file_path: dir }],
        gemini: ['read_file', { file_path: dir }],
        qwen: ['read_file', { file_path: dir }],
        kimi: ['ReadFile', { path: dir }],
        codex: ['read_file', { file_path: dir }],
      }),
    },
    {
      name: 'no such background job or process in the session',
      conditions: ['job_missing', 'unknown_process'],
      code: FailureCode.FAILURE_CODE_NOT_FOUND,
      retryable: false,
      calls: () => ({
        core: ['shell.output', { id: 'nope' }],
        claude: ['TaskStop', { task_id: 'nope' }],
        gemini: ['read_background_output', { pid: 999999 }],
        qwen: ['task_stop', { task_id: 'nope' }],
        kimi: ['TaskOutput', { task_id: 'nope' }],
        codex: ['write_stdin', { session_id: 999999 }],
      }),
    },
    {
      name: 'a file to write under a path whose parent is a file',
      conditions: ['parent_not_directory'],
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      calls: () => ({
        core: ['fs.write', { path: path.join(twice(), 'x.txt'), content: 'a' }],
        claude: ['Write', { file_path: path.join(twice(), 'x.txt'), content: 'a' }],
        gemini: ['write_file', { file_path: path.join(twice(), 'x.txt'), content: 'a' }],
        qwen: ['write_file', { file_path: path.join(twice(), 'x.txt'), content: 'a' }],
        kimi: ['WriteFile', { path: path.join(twice(), 'x.txt'), content: 'a' }],
        grok: ['create_file', { path: path.join(twice(), 'x.txt'), content: 'a' }],
        codex: ['apply_patch', { input: `*** Begin Patch\n*** Add File: ${path.join(twice(), 'x.txt')}\n+a\n*** End Patch` }],
      }),
    },
    {
      name: 'text to replace occurs more than once',
      conditions: ['ambiguous'],
      code: FailureCode.FAILURE_CODE_CONFLICT,
      retryable: false,
      readFirst: true,
      calls: () => ({
        core: ['fs.edit', { path: twice(), old_string: 'x', new_string: 'y' }],
        claude: ['Edit', { file_path: twice(), old_string: 'x', new_string: 'y' }],
        gemini: ['replace', { file_path: twice(), old_string: 'x', new_string: 'y', instruction: 'change x to y' }],
        qwen: ['edit', { file_path: twice(), old_string: 'x', new_string: 'y' }],
        kimi: ['StrReplaceFile', { path: twice(), edit: { old: 'x', new: 'y' } }],
        grok: ['str_replace_editor', { path: twice(), old_str: 'x', new_str: 'y' }],
      }),
    },
    {
      name: 'text to replace not found',
      conditions: ['no_match'],
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      readFirst: true,
      calls: () => ({
        core: ['fs.edit', { path: twice(), old_string: 'zzz', new_string: 'y' }],
        claude: ['Edit', { file_path: twice(), old_string: 'zzz', new_string: 'y' }],
        gemini: ['replace', { file_path: twice(), old_string: 'zzz', new_string: 'y', instruction: 'change zzz to y' }],
        qwen: ['edit', { file_path: twice(), old_string: 'zzz', new_string: 'y' }],
        kimi: ['StrReplaceFile', { path: twice(), edit: { old: 'zzz', new: 'y' } }],
        grok: ['str_replace_editor', { path: twice(), old_str: 'zzz', new_str: 'y' }],
      }),
    },
    {
      name: 'arguments that do not fit the schema',
      conditions: [],
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      calls: () => ({
        core: ['fs.read', { path: 5 }],
        claude: ['Read', { file_path: 5 }],
        gemini: ['read_file', { file_path: 5 }],
        qwen: ['read_file', { file_path: 5 }],
        kimi: ['ReadFile', { path: 5 }],
        grok: ['view_file', { path: 5 }],
        codex: ['read_file', { file_path: 5 }],
      }),
    },
    {
      name: 'fetch of an address the policy refuses (loopback)',
      conditions: ['blocked_destination'],
      code: FailureCode.FAILURE_CODE_SECURITY_POLICY_FAILED,
      retryable: false,
      calls: () => ({
        core: ['web.fetch', { url: blocked }],
        claude: ['WebFetch', { url: blocked, prompt: 'summarise' }],
        gemini: ['web_fetch', { prompt: `summarise ${blocked}` }],
        qwen: ['web_fetch', { url: blocked, prompt: 'summarise' }],
        kimi: ['FetchURL', { url: blocked }],
      }),
    },
    {
      name: 'command refused by the command policy',
      conditions: ['policy_denied'],
      code: FailureCode.FAILURE_CODE_SECURITY_POLICY_FAILED,
      retryable: false,
      calls: () => ({
        core: ['shell.run', { command: 'rm -f x' }],
        claude: ['Bash', { command: 'rm -f x' }],
        gemini: ['run_shell_command', { command: 'rm -f x' }],
        qwen: ['run_shell_command', { command: 'rm -f x', is_background: false }],
        kimi: ['Shell', { command: 'rm -f x' }],
        grok: ['bash', { command: 'rm -f x' }],
        codex: ['shell_command', { command: 'rm -f x' }],
      }),
    },
    {
      // Grok's bash has a fixed 30 s timeout (test/shapes/grok/branches.test.ts covers it).
      name: 'command timeout',
      conditions: ['timed_out'],
      code: FailureCode.FAILURE_CODE_TIMEOUT,
      retryable: true,
      calls: () => ({
        core: ['shell.run', { command: 'tail -f /dev/null', timeout_ms: 1000 }],
        claude: ['Bash', { command: 'tail -f /dev/null', timeout: 1000 }],
        gemini: ['run_shell_command', { command: 'tail -f /dev/null' }],
        qwen: ['run_shell_command', { command: 'tail -f /dev/null', timeout: 1000, is_background: false }],
        kimi: ['Shell', { command: 'tail -f /dev/null', timeout: 1 }],
        codex: ['shell', { command: ['tail', '-f', '/dev/null'], timeout_ms: 1000 }],
      }),
    },
  ];

  const readTool: Calls = {
    core: ['fs.read', {}],
    claude: ['Read', {}],
    gemini: ['read_file', {}],
    qwen: ['read_file', {}],
    kimi: ['ReadFile', {}],
    grok: ['view_file', {}],
  };
  const pathKey: Record<string, string> = { core: 'path', kimi: 'path', grok: 'path' };

  for (const c of conditions) {
    test(c.name, async () => {
      for (const cond of c.conditions) assert.equal(byCondition(cond), `${FailureCode[c.code]} retryable=${c.retryable}`, cond);
      const seen: Record<string, string> = {};
      const want: Record<string, string> = {};
      await Promise.all(
        Object.entries(c.calls()).map(async ([shape, [tool, args]]) => {
          const session = `${c.name}-${shape}`;
          if (c.readFirst) await callTool(s.client, readTool[shape]![0], { [pathKey[shape] ?? 'file_path']: twice() }, { shape, session });
          const res = await callTool(s.client, tool, args, { shape, session });
          assert.notEqual(res.error, '', `${shape}/${tool} has error text`);
          seen[`${shape}/${tool}`] = `${FailureCode[res.failure?.code ?? 0]} retryable=${res.failure?.retryable}`;
          want[`${shape}/${tool}`] = `${FailureCode[c.code]} retryable=${c.retryable}`;
        }),
      );
      assert.deepEqual(seen, want);
    });
  }
});

describe('web fetch failures have the same code and retryable in every shape', () => {
  let s: TestServer;
  let site: LoopbackServer;
  let cleanup: () => void;
  before(async () => {
    site = await serve((req, res) => send(res, req.url === '/gone' ? 404 : 500, 'text/html', '<p>no</p>'));
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

  const fetchers = (url: string): Calls => ({
    core: ['web.fetch', { url }],
    claude: ['WebFetch', { url, prompt: 'summarise' }],
    gemini: ['web_fetch', { prompt: `summarise ${url}` }],
    qwen: ['web_fetch', { url, prompt: 'summarise' }],
    kimi: ['FetchURL', { url }],
  });
  const rows: Array<[string, () => string, FailureCode, boolean, Condition]> = [
    ['connection refused', () => 'http://127.0.0.1:1/x', FailureCode.FAILURE_CODE_NETWORK_FAILED, true, 'fetch_failed'],
    ['HTTP 404', () => `${site.origin}/gone`, FailureCode.FAILURE_CODE_NOT_FOUND, false, 'http_not_found'],
    ['HTTP 500', () => `${site.origin}/broken`, FailureCode.FAILURE_CODE_DEPENDENCY_UNAVAILABLE, true, 'http_server_error'],
  ];
  for (const [name, url, code, retryable, condition] of rows) {
    test(name, async () => {
      assert.equal(byCondition(condition), `${FailureCode[code]} retryable=${retryable}`);
      const seen: Record<string, string> = {};
      const want: Record<string, string> = {};
      for (const [shape, [tool, args]] of Object.entries(fetchers(url()))) {
        const res = await callTool(s.client, tool, args, { shape });
        seen[`${shape}/${tool}`] = `${FailureCode[res.failure?.code ?? 0]} retryable=${res.failure?.retryable}`;
        want[`${shape}/${tool}`] = `${FailureCode[code]} retryable=${retryable}`;
      }
      assert.deepEqual(seen, want);
    });
  }
});
