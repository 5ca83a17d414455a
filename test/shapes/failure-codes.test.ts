// One engine condition, one failure code: for each condition that can be provoked here, every
// shape's tool for it answers with the same FailureCode and retryable (the words differ, as
// each vendor words them). A refused fetch is SECURITY_POLICY_FAILED and not retryable in
// every shape, Gemini's web_fetch included.
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import { callTool, startTestServer, structured, tempDir, texts, type TestServer } from '../helpers/server.js';

/** Keyed by shape, or by `shape:label` when one shape has several tools for the condition. */
type Calls = Record<string, [tool: string, args: Record<string, unknown>]>;
const shapeOf = (key: string) => key.split(':')[0]!;
/** The shape a key's call is served by: codex's cases use the set first served (read_file, shell_command, …). */
const servedAs = (shape: string) => (shape === 'codex' ? 'codex@0.169.0' : shape);

describe('the same condition has the same failure code and retryable in every shape', () => {
  let s: TestServer;
  let dir: string;
  let cleanup: () => void;
  before(async () => {
    ({ dir, cleanup } = tempDir());
    writeFileSync(path.join(dir, 'twice.txt'), 'x\nx\n');
    writeFileSync(path.join(dir, 'once.txt'), 'one\n');
    writeFileSync(path.join(dir, 'blob.bin'), Buffer.from([0, 1, 2, 0, 255, 0, 7]));
    // Over the whole-file read limits of Claude's Read (256 KB) and Gemini's (20 MB) read_file.
    writeFileSync(path.join(dir, 'huge.txt'), Buffer.alloc(21 * 1024 * 1024, 'x'));
    mkdirSync(path.join(dir, 'sub'));
    writeFileSync(path.join(dir, 'empty.png'), '');
    writeFileSync(path.join(dir, 'doc.pdf'), '%PDF-1.4\n%%EOF\n');
    writeFileSync(
      path.join(dir, 'nb.ipynb'),
      JSON.stringify({
        cells: [{ id: 'c1', cell_type: 'code', source: 'x', metadata: {}, outputs: [], execution_count: null }],
        metadata: {},
        nbformat: 4,
        nbformat_minor: 5,
      }),
    );
    symlinkSync(path.join(dir, 'loop2'), path.join(dir, 'loop1'));
    symlinkSync(path.join(dir, 'loop1'), path.join(dir, 'loop2'));
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
  const at = (name: string) => path.join(dir, name);
  /** Ids of the processes the stdin row starts, by shape. */
  const running: Record<string, string | number> = {};
  let fillJobs: Promise<void> | undefined;
  /** A fresh file per shape and tool, for conditions that depend on what one session did to it. */
  const own = (prefix: string, key: string) => at(`${prefix}-${key.replace(':', '-')}.txt`);
  const wholeRead = (key: string, file: string): [string, Record<string, unknown>] => {
    const shape = shapeOf(key);
    return [readTool[shape]![0], { [pathKey[shape] ?? 'file_path']: file }];
  };

  const conditions: Array<{
    name: string;
    code: FailureCode;
    retryable: boolean;
    calls: () => Calls;
    readFirst?: boolean;
    /** Runs before the call, in the call's own session. */
    prep?: (key: string, session: string) => Promise<void>;
    /** CallToolRequest.roots of the call. */
    roots?: () => string[];
    /** One session for every shape's call (default: one per call). */
    session?: string;
  }> = [
    {
      name: 'read outside the roots',
      code: FailureCode.FAILURE_CODE_PERMISSION_DENIED,
      retryable: false,
      calls: () => ({
        core: ['fs.read', { path: '/etc/hostname' }],
        claude: ['Read', { file_path: '/etc/hostname' }],
        gemini: ['read_file', { file_path: '/etc/hostname' }],
        qwen: ['read_file', { file_path: '/etc/hostname' }],
        'kimi@1.49': ['ReadFile', { path: '/etc/hostname' }],
        grok: ['read_file', { path: '/etc/hostname' }],
        codex: ['read_file', { file_path: '/etc/hostname' }],
      }),
    },
    {
      name: 'write outside the roots',
      code: FailureCode.FAILURE_CODE_PERMISSION_DENIED,
      retryable: false,
      calls: () => ({
        core: ['fs.write', { path: '/tmp/facet-outside.txt', content: 'a' }],
        claude: ['Write', { file_path: '/tmp/facet-outside.txt', content: 'a' }],
        gemini: ['write_file', { file_path: '/tmp/facet-outside.txt', content: 'a' }],
        qwen: ['write_file', { file_path: '/tmp/facet-outside.txt', content: 'a' }],
        'kimi@1.49': ['WriteFile', { path: '/tmp/facet-outside.txt', content: 'a' }],
        grok: ['write_file', { path: '/tmp/facet-outside.txt', content: 'a' }],
        codex: ['apply_patch', { input: '*** Begin Patch\n*** Add File: /tmp/facet-outside.txt\n+a\n*** End Patch' }],
      }),
    },
    {
      name: 'list or search outside the roots',
      code: FailureCode.FAILURE_CODE_PERMISSION_DENIED,
      retryable: false,
      calls: () => ({
        core: ['fs.list', { path: '/etc' }],
        claude: ['Grep', { pattern: 'x', path: '/etc' }],
        gemini: ['list_directory', { dir_path: '/etc' }],
        qwen: ['grep_search', { pattern: 'x', path: '/etc' }],
        'kimi@1.49': ['Glob', { pattern: '*', directory: '/etc' }],
        codex: ['list_dir', { dir_path: '/etc' }],
      }),
    },
    {
      name: 'shell working directory outside the roots',
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
      code: FailureCode.FAILURE_CODE_NOT_FOUND,
      retryable: false,
      calls: () => ({
        core: ['fs.read', { path: missing() }],
        claude: ['Read', { file_path: missing() }],
        gemini: ['read_file', { file_path: missing() }],
        qwen: ['read_file', { file_path: missing() }],
        'kimi@1.49': ['ReadFile', { path: missing() }],
        grok: ['read_file', { path: missing() }],
        codex: ['read_file', { file_path: missing() }],
      }),
    },
    {
      name: 'edit of a file that does not exist',
      code: FailureCode.FAILURE_CODE_NOT_FOUND,
      retryable: false,
      calls: () => ({
        core: ['fs.edit', { path: missing(), old_string: 'a', new_string: 'b' }],
        claude: ['Edit', { file_path: missing(), old_string: 'a', new_string: 'b' }],
        gemini: ['replace', { file_path: missing(), old_string: 'a', new_string: 'b', instruction: 'change a to b' }],
        qwen: ['edit', { file_path: missing(), old_string: 'a', new_string: 'b' }],
        'kimi@1.49': ['StrReplaceFile', { path: missing(), edit: { old: 'a', new: 'b' } }],
        grok: ['edit_file', { path: missing(), old_string: 'a', new_string: 'b' }],
        codex: ['apply_patch', { input: `*** Begin Patch\n*** Update File: ${missing()}\n@@\n-a\n+b\n*** End Patch` }],
      }),
    },
    {
      name: 'directory not found (listing, searching, shell working directory)',
      code: FailureCode.FAILURE_CODE_NOT_FOUND,
      retryable: false,
      calls: () => ({
        core: ['search.grep', { pattern: 'x', path: nodir() }],
        claude: ['Glob', { pattern: '*', path: nodir() }],
        gemini: ['run_shell_command', { command: 'pwd', dir_path: nodir() }],
        'qwen@0.15.10': ['list_directory', { path: nodir() }],
        'kimi@1.49': ['Grep', { pattern: 'x', path: nodir() }],
        codex: ['shell_command', { command: 'pwd', workdir: nodir() }],
      }),
    },
    {
      name: 'a directory where a file is expected',
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      calls: () => ({
        core: ['fs.read', { path: dir }],
        claude: ['Read', { file_path: dir }],
        gemini: ['read_file', { file_path: dir }],
        qwen: ['read_file', { file_path: dir }],
        'kimi@1.49': ['ReadFile', { path: dir }],
        codex: ['read_file', { file_path: dir }],
      }),
    },
    {
      name: 'no such background job or process in the session',
      code: FailureCode.FAILURE_CODE_NOT_FOUND,
      retryable: false,
      calls: () => ({
        core: ['shell.output', { id: 'nope' }],
        claude: ['TaskStop', { task_id: 'nope' }],
        gemini: ['read_background_output', { pid: 999999 }],
        qwen: ['task_stop', { task_id: 'nope' }],
        'kimi@1.49': ['TaskOutput', { task_id: 'nope' }],
        codex: ['write_stdin', { session_id: 999999 }],
      }),
    },
    {
      name: 'text to replace occurs more than once',
      code: FailureCode.FAILURE_CODE_CONFLICT,
      retryable: false,
      readFirst: true,
      calls: () => ({
        core: ['fs.edit', { path: twice(), old_string: 'x', new_string: 'y' }],
        claude: ['Edit', { file_path: twice(), old_string: 'x', new_string: 'y' }],
        gemini: ['replace', { file_path: twice(), old_string: 'x', new_string: 'y', instruction: 'change x to y' }],
        qwen: ['edit', { file_path: twice(), old_string: 'x', new_string: 'y' }],
        'kimi@1.49': ['StrReplaceFile', { path: twice(), edit: { old: 'x', new: 'y' } }],
        grok: ['edit_file', { path: twice(), old_string: 'x', new_string: 'y' }],
      }),
    },
    {
      name: 'text to replace not found',
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      readFirst: true,
      calls: () => ({
        core: ['fs.edit', { path: twice(), old_string: 'zzz', new_string: 'y' }],
        claude: ['Edit', { file_path: twice(), old_string: 'zzz', new_string: 'y' }],
        gemini: ['replace', { file_path: twice(), old_string: 'zzz', new_string: 'y', instruction: 'change zzz to y' }],
        qwen: ['edit', { file_path: twice(), old_string: 'zzz', new_string: 'y' }],
        'kimi@1.49': ['StrReplaceFile', { path: twice(), edit: { old: 'zzz', new: 'y' } }],
        grok: ['edit_file', { path: twice(), old_string: 'zzz', new_string: 'y' }],
      }),
    },
    {
      name: 'arguments that do not fit the schema',
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      calls: () => ({
        core: ['fs.read', { path: 5 }],
        claude: ['Read', { file_path: 5 }],
        gemini: ['read_file', { file_path: 5 }],
        qwen: ['read_file', { file_path: 5 }],
        'kimi@1.49': ['ReadFile', { path: 5 }],
        grok: ['read_file', { path: 5 }],
        codex: ['read_file', { file_path: 5 }],
      }),
    },
    {
      name: 'fetch of an address the policy refuses (loopback)',
      code: FailureCode.FAILURE_CODE_SECURITY_POLICY_FAILED,
      retryable: false,
      calls: () => ({
        core: ['web.fetch', { url: blocked }],
        claude: ['WebFetch', { url: blocked, prompt: 'summarise' }],
        gemini: ['web_fetch', { prompt: `summarise ${blocked}` }],
        qwen: ['web_fetch', { url: blocked, prompt: 'summarise' }],
        'kimi@1.49': ['FetchURL', { url: blocked }],
      }),
    },
    {
      name: 'command refused by the command policy',
      code: FailureCode.FAILURE_CODE_SECURITY_POLICY_FAILED,
      retryable: false,
      calls: () => ({
        core: ['shell.run', { command: 'rm -f x' }],
        claude: ['Bash', { command: 'rm -f x' }],
        gemini: ['run_shell_command', { command: 'rm -f x' }],
        qwen: ['run_shell_command', { command: 'rm -f x', is_background: false }],
        'kimi@1.49': ['Shell', { command: 'rm -f x' }],
        grok: ['bash', { command: 'rm -f x' }],
        codex: ['shell_command', { command: 'rm -f x' }],
      }),
    },
    {
      // Grok's bash has a fixed 30 s timeout (test/shapes/grok/branches.test.ts covers it).
      name: 'command timeout',
      code: FailureCode.FAILURE_CODE_TIMEOUT,
      retryable: true,
      calls: () => ({
        core: ['shell.run', { command: 'tail -f /dev/null', timeout_ms: 1000 }],
        // 2.1.309 and later move a timed-out command to the background instead (replay-2.1.332).
        'claude@2.1.197': ['Bash', { command: 'tail -f /dev/null', timeout: 1000 }],
        gemini: ['run_shell_command', { command: 'tail -f /dev/null' }],
        qwen: ['run_shell_command', { command: 'tail -f /dev/null', timeout: 1000, is_background: false }],
        'kimi@1.49': ['Shell', { command: 'tail -f /dev/null', timeout: 1 }],
        codex: ['shell', { command: ['tail', '-f', '/dev/null'], timeout_ms: 1000 }],
      }),
    },
    {
      name: 'file not read in this session before a change (read-before-edit)',
      code: FailureCode.FAILURE_CODE_CONFLICT,
      retryable: false,
      prep: async (key) => writeFileSync(own('unread', key), 'one\n'),
      calls: () => ({
        'core:edit': [
          'fs.edit',
          { path: own('unread', 'core:edit'), old_string: 'one', new_string: 'two', require_read: true },
        ],
        'core:write': ['fs.write', { path: own('unread', 'core:write'), content: 'two', require_read: true }],
        // 2.1.197: 2.1.332 edits and overwrites such files (replay-2.1.332.test.ts).
        'claude@2.1.197:edit': [
          'Edit',
          { file_path: own('unread', 'claude@2.1.197:edit'), old_string: 'one', new_string: 'two' },
        ],
        'claude@2.1.197:write': ['Write', { file_path: own('unread', 'claude@2.1.197:write'), content: 'two' }],
        'qwen:edit': ['edit', { file_path: own('unread', 'qwen:edit'), old_string: 'one', new_string: 'two' }],
        'qwen:write': ['write_file', { file_path: own('unread', 'qwen:write'), content: 'two' }],
      }),
    },
    {
      name: 'file changed on disk since it was read',
      code: FailureCode.FAILURE_CODE_CONFLICT,
      retryable: false,
      prep: async (key, session) => {
        const file = own('changed', key);
        writeFileSync(file, 'one\n');
        const [tool, args] = wholeRead(key, file);
        await callTool(s.client, tool, args, { shape: servedAs(shapeOf(key)), session });
        writeFileSync(file, 'one, changed by someone else\n');
        utimesSync(file, 5000, 5000);
      },
      calls: () => ({
        'core:edit': [
          'fs.edit',
          { path: own('changed', 'core:edit'), old_string: 'one', new_string: 'two', require_read: true },
        ],
        'core:write': ['fs.write', { path: own('changed', 'core:write'), content: 'two', require_read: true }],
        // 2.1.197: 2.1.332 edits and overwrites such files (replay-2.1.332.test.ts).
        'claude@2.1.197:edit': [
          'Edit',
          { file_path: own('changed', 'claude@2.1.197:edit'), old_string: 'one', new_string: 'two' },
        ],
        'claude@2.1.197:write': ['Write', { file_path: own('changed', 'claude@2.1.197:write'), content: 'two' }],
        'qwen:edit': ['edit', { file_path: own('changed', 'qwen:edit'), old_string: 'one', new_string: 'two' }],
        'qwen:write': ['write_file', { file_path: own('changed', 'qwen:write'), content: 'two' }],
      }),
    },
    {
      // Grok's str_replace_editor writes the unchanged text back, as Grok CLI does: no failure there.
      name: 'old and new text are the same',
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      readFirst: true,
      calls: () => ({
        core: ['fs.edit', { path: twice(), old_string: 'x', new_string: 'x', replace_all: true }],
        claude: ['Edit', { file_path: twice(), old_string: 'x', new_string: 'x', replace_all: true }],
        gemini: [
          'replace',
          { file_path: twice(), old_string: 'x', new_string: 'x', instruction: 'keep x', allow_multiple: true },
        ],
        qwen: ['edit', { file_path: twice(), old_string: 'x', new_string: 'x', replace_all: true }],
        'kimi@1.49': ['StrReplaceFile', { path: twice(), edit: { old: 'x', new: 'x', replace_all: true } }],
      }),
    },
    {
      name: 'a binary file given to a text editing tool',
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      calls: () => ({
        core: ['fs.edit', { path: at('blob.bin'), old_string: 'a', new_string: 'b' }],
        claude: ['Edit', { file_path: at('blob.bin'), old_string: 'a', new_string: 'b' }],
        gemini: [
          'replace',
          { file_path: at('blob.bin'), old_string: 'a', new_string: 'b', instruction: 'change a to b' },
        ],
        qwen: ['edit', { file_path: at('blob.bin'), old_string: 'a', new_string: 'b' }],
        'kimi@1.49': ['StrReplaceFile', { path: at('blob.bin'), edit: { old: 'a', new: 'b' } }],
        grok: ['edit_file', { path: at('blob.bin'), old_string: 'a', new_string: 'b' }],
        codex: [
          'apply_patch',
          { input: `*** Begin Patch\n*** Update File: ${at('blob.bin')}\n@@\n-a\n+b\n*** End Patch` },
        ],
      }),
    },
    {
      // Gemini's and Qwen's read_file and core's fs.read answer with a note instead, as their vendors do.
      name: 'a binary file given to a read tool that shows only text',
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      calls: () => ({
        claude: ['Read', { file_path: at('blob.bin') }],
        'kimi@1.49': ['ReadFile', { path: at('blob.bin') }],
        grok: ['read_file', { path: at('blob.bin') }],
        codex: ['read_file', { file_path: at('blob.bin') }],
      }),
    },
    {
      name: 'a file that is not media given to a media tool',
      code: FailureCode.FAILURE_CODE_UNSUPPORTED_OPERATION,
      retryable: false,
      calls: () => ({
        'kimi@1.49': ['ReadMediaFile', { path: at('once.txt') }],
        codex: ['view_image', { path: at('once.txt') }],
      }),
    },
    {
      name: 'an empty file given to a media tool',
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      calls: () => ({
        'kimi@1.49': ['ReadMediaFile', { path: at('empty.png') }],
        codex: ['view_image', { path: at('empty.png') }],
      }),
    },
    {
      name: 'an invalid regular expression',
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      calls: () => ({
        core: ['search.grep', { pattern: '(' }],
        claude: ['Grep', { pattern: '(' }],
        gemini: ['grep_search', { pattern: '(' }],
        qwen: ['grep_search', { pattern: '(' }],
        'kimi@1.49': ['Grep', { pattern: '(' }],
        // grok's grep answers a bad regex as ripgrep's exit 2: "No matches found.", a success (grok-dev 1.1.7).
        codex: ['grep_files', { pattern: '(' }],
      }),
    },
    {
      name: 'a glob that climbs with .. after a wildcard',
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      calls: () => ({
        core: ['search.glob', { pattern: '*/../../*' }],
        claude: ['Glob', { pattern: '*/../../*' }],
        gemini: ['glob', { pattern: '*/../../*' }],
        qwen: ['glob', { pattern: '*/../../*' }],
        'kimi@1.49': ['Glob', { pattern: '*/../../*' }],
      }),
    },
    {
      name: 'a new file that already exists (an empty old string, an added file, create_file)',
      code: FailureCode.FAILURE_CODE_ALREADY_EXISTS,
      retryable: false,
      readFirst: true,
      calls: () => ({
        'core:edit': ['fs.edit', { path: twice(), old_string: '', new_string: 'x' }],
        'core:patch': ['fs.apply_patch', { patch: `*** Begin Patch\n*** Add File: ${twice()}\n+x\n*** End Patch` }],
        claude: ['Edit', { file_path: twice(), old_string: '', new_string: 'x' }],
        gemini: ['replace', { file_path: twice(), old_string: '', new_string: 'x', instruction: 'create it' }],
        qwen: ['edit', { file_path: twice(), old_string: '', new_string: 'x' }],
        // grok-dev's write_file overwrites; Grok CLI 0.0.34's create_file refused.
        'grok@0.0.34': ['create_file', { path: twice(), content: 'x' }],
        codex: ['apply_patch', { input: `*** Begin Patch\n*** Add File: ${twice()}\n+x\n*** End Patch` }],
      }),
    },
    {
      name: 'a patch whose lines are not in the file',
      code: FailureCode.FAILURE_CODE_PRECONDITION_FAILED,
      retryable: false,
      calls: () => ({
        core: [
          'fs.apply_patch',
          { patch: `*** Begin Patch\n*** Update File: ${at('once.txt')}\n@@\n-absent\n+b\n*** End Patch` },
        ],
        codex: [
          'apply_patch',
          { input: `*** Begin Patch\n*** Update File: ${at('once.txt')}\n@@\n-absent\n+b\n*** End Patch` },
        ],
      }),
    },
    {
      name: 'a patch that does not parse, or changes nothing',
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      calls: () => ({
        'core:bad': ['fs.apply_patch', { patch: '*** Begin Patch\nnonsense\n*** End Patch' }],
        'core:empty': ['fs.apply_patch', { patch: '*** Begin Patch\n*** End Patch' }],
        'codex:bad': ['apply_patch', { input: '*** Begin Patch\nnonsense\n*** End Patch' }],
        'codex:empty': ['apply_patch', { input: '*** Begin Patch\n*** End Patch' }],
      }),
    },
    {
      name: 'PDF pages out of bounds (more than one call renders)',
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      calls: () => ({
        core: ['fs.read', { path: at('doc.pdf'), pages: '1-500' }],
        claude: ['Read', { file_path: at('doc.pdf'), pages: '1-500' }],
        qwen: ['read_file', { file_path: at('doc.pdf'), pages: '1-500' }],
      }),
    },
    {
      name: 'a notebook cell that does not exist',
      code: FailureCode.FAILURE_CODE_NOT_FOUND,
      retryable: false,
      prep: async (key, session) => {
        const [tool, args] = wholeRead(key, at('nb.ipynb'));
        await callTool(s.client, tool, args, { shape: servedAs(shapeOf(key)), session });
      },
      calls: () => ({
        core: ['fs.notebook_edit', { path: at('nb.ipynb'), cell_id: 'absent', new_source: 'y' }],
        claude: ['NotebookEdit', { notebook_path: at('nb.ipynb'), cell_id: 'absent', new_source: 'y' }],
      }),
    },
    {
      name: 'a notebook edit of a file that is no notebook',
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      readFirst: true,
      calls: () => ({
        core: ['fs.notebook_edit', { path: twice(), cell_id: 'absent', new_source: 'y' }],
        claude: ['NotebookEdit', { notebook_path: twice(), cell_id: 'absent', new_source: 'y' }],
      }),
    },
    {
      name: 'an update of a todo that does not exist',
      code: FailureCode.FAILURE_CODE_NOT_FOUND,
      retryable: false,
      calls: () => ({
        core: ['plan.todos', { updates: [{ id: 'absent', status: 'completed' }] }],
        'grok@0.0.34': ['update_todo_list', { updates: [{ id: 'absent', status: 'completed' }] }],
      }),
    },
    {
      name: 'a todo with no text',
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      calls: () => ({
        core: ['plan.todos', { todos: [{ id: '1', content: ' ', status: 'pending' }] }],
        'claude@2.1.197': ['TodoWrite', { todos: [{ content: ' ', status: 'pending', activeForm: 'a' }] }],
        gemini: ['write_todos', { todos: [{ description: ' ', status: 'pending' }] }],
        'qwen@0.15.10': ['todo_write', { todos: [{ id: '1', content: ' ', status: 'pending' }] }],
        'kimi@1.49': ['SetTodoList', { todos: [{ title: ' ', status: 'pending' }] }],
        codex: ['update_plan', { plan: [{ step: ' ', status: 'pending' }] }],
      }),
    },
    {
      name: 'a path longer than the system allows, or a symbolic link loop',
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      calls: () => ({
        'core:long': ['fs.read', { path: at('x'.repeat(5000)) }],
        'core:loop': ['fs.read', { path: at('loop1') }],
        'claude:long': ['Read', { file_path: at('x'.repeat(5000)) }],
        'claude:loop': ['Read', { file_path: at('loop1') }],
        'gemini:long': ['read_file', { file_path: at('x'.repeat(5000)) }],
        'gemini:loop': ['read_file', { file_path: at('loop1') }],
        'qwen:long': ['read_file', { file_path: at('x'.repeat(5000)) }],
        'qwen:loop': ['read_file', { file_path: at('loop1') }],
        'kimi@1.49:long': ['ReadFile', { path: at('x'.repeat(5000)) }],
        'kimi@1.49:loop': ['ReadFile', { path: at('loop1') }],
        'grok:long': ['read_file', { path: at('x'.repeat(5000)) }],
        'grok:loop': ['read_file', { path: at('loop1') }],
        'codex:long': ['read_file', { file_path: at('x'.repeat(5000)) }],
        'codex:loop': ['read_file', { file_path: at('loop1') }],
      }),
    },
    {
      name: 'call roots that name a file',
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      roots: () => [at('once.txt')],
      calls: () => ({
        core: ['fs.read', { path: at('once.txt') }],
        claude: ['Read', { file_path: at('once.txt') }],
        gemini: ['read_file', { file_path: at('once.txt') }],
        qwen: ['read_file', { file_path: at('once.txt') }],
        'kimi@1.49': ['ReadFile', { path: at('once.txt') }],
        grok: ['read_file', { path: at('once.txt') }],
        codex: ['read_file', { file_path: at('once.txt') }],
      }),
    },
    {
      name: 'call roots that widen the scope',
      code: FailureCode.FAILURE_CODE_PERMISSION_DENIED,
      retryable: false,
      roots: () => ['/etc'],
      calls: () => ({
        core: ['fs.read', { path: at('once.txt') }],
        claude: ['Read', { file_path: at('once.txt') }],
        gemini: ['read_file', { file_path: at('once.txt') }],
        qwen: ['read_file', { file_path: at('once.txt') }],
        'kimi@1.49': ['ReadFile', { path: at('once.txt') }],
        grok: ['read_file', { path: at('once.txt') }],
        codex: ['read_file', { file_path: at('once.txt') }],
      }),
    },
    {
      // Sessions are shared by every shape: core fills one with its 32 running jobs, then each
      // shape's way of starting a background command is refused there.
      name: 'a session already running as many jobs as it may',
      code: FailureCode.FAILURE_CODE_RESOURCE_EXHAUSTED,
      retryable: false,
      session: 'full of jobs',
      prep: async () => {
        fillJobs ??= (async () => {
          for (let i = 0; i < 32; i++) {
            const res = await callTool(
              s.client,
              'shell.start',
              { command: 'sleep 60' },
              { shape: 'core', session: 'full of jobs' },
            );
            assert.equal(res.error, '');
          }
        })();
        await fillJobs;
      },
      calls: () => ({
        core: ['shell.start', { command: 'sleep 60' }],
        claude: ['Bash', { command: 'sleep 60', run_in_background: true }],
        gemini: ['run_shell_command', { command: 'sleep 60', is_background: true }],
        qwen: ['run_shell_command', { command: 'sleep 60', is_background: true }],
        'kimi@1.49': ['Shell', { command: 'sleep 60', run_in_background: true, description: 'wait' }],
        codex: ['exec_command', { cmd: 'sleep 60', yield_time_ms: 250 }],
      }),
    },
    {
      name: 'a URL with a user name and password in it',
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      calls: () => ({
        core: ['web.fetch', { url: 'https://user:secret@example.com/x' }],
        claude: ['WebFetch', { url: 'https://user:secret@example.com/x', prompt: 'summarise' }],
        gemini: ['web_fetch', { prompt: 'summarise https://user:secret@example.com/x' }],
        qwen: ['web_fetch', { url: 'https://user:secret@example.com/x', prompt: 'summarise' }],
        'kimi@1.49': ['FetchURL', { url: 'https://user:secret@example.com/x' }],
      }),
    },
    {
      name: 'a file over the read limit (whole-file reads)',
      code: FailureCode.FAILURE_CODE_RESOURCE_EXHAUSTED,
      retryable: false,
      calls: () => ({
        claude: ['Read', { file_path: at('huge.txt') }],
        gemini: ['read_file', { file_path: at('huge.txt') }],
        // Qwen's read_file shows the first window of a text file over 10 MB (its own read-file test pins that).
      }),
    },
    {
      name: 'a file where a directory is expected (listing, searching, shell working directory)',
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      calls: () => ({
        'core:list': ['fs.list', { path: at('once.txt') }],
        'core:shell': ['shell.run', { command: 'pwd', workdir: at('once.txt') }],
        claude: ['Glob', { pattern: '*', path: at('once.txt') }],
        'gemini:list': ['list_directory', { dir_path: at('once.txt') }],
        'gemini:glob': ['glob', { pattern: '*', dir_path: at('once.txt') }],
        'gemini:shell': ['run_shell_command', { command: 'pwd', dir_path: at('once.txt') }],
        'qwen@0.15.10:list': ['list_directory', { path: at('once.txt') }],
        'qwen:shell': ['run_shell_command', { command: 'pwd', directory: at('once.txt'), is_background: false }],
        'kimi@1.49': ['Glob', { pattern: '*', directory: at('once.txt') }],
        grok: ['bash', { command: `cd ${at('once.txt')}` }],
        'codex:list': ['list_dir', { dir_path: at('once.txt') }],
        'codex:shell_command': ['shell_command', { command: 'pwd', workdir: at('once.txt') }],
        'codex:shell': ['shell', { command: ['pwd'], workdir: at('once.txt') }],
        'codex:exec': ['exec_command', { cmd: 'pwd', workdir: at('once.txt') }],
      }),
    },
    {
      name: 'a directory where a file is written or edited',
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      calls: () => ({
        'core:write': ['fs.write', { path: at('sub'), content: 'a' }],
        'core:edit': ['fs.edit', { path: at('sub'), old_string: 'a', new_string: 'b' }],
        'claude:write': ['Write', { file_path: at('sub'), content: 'a' }],
        'claude:edit': ['Edit', { file_path: at('sub'), old_string: 'a', new_string: 'b' }],
        'gemini:write': ['write_file', { file_path: at('sub'), content: 'a' }],
        'gemini:edit': [
          'replace',
          { file_path: at('sub'), old_string: 'a', new_string: 'b', instruction: 'change a to b' },
        ],
        'qwen:write': ['write_file', { file_path: at('sub'), content: 'a' }],
        'qwen:edit': ['edit', { file_path: at('sub'), old_string: 'a', new_string: 'b' }],
        'kimi@1.49:write': ['WriteFile', { path: at('sub'), content: 'a' }],
        'kimi@1.49:edit': ['StrReplaceFile', { path: at('sub'), edit: { old: 'a', new: 'b' } }],
        'grok:write': ['write_file', { path: at('sub'), content: 'a' }],
        'grok:edit': ['edit_file', { path: at('sub'), old_string: 'a', new_string: 'b' }],
        'codex:add': ['apply_patch', { input: `*** Begin Patch\n*** Add File: ${at('sub')}\n+a\n*** End Patch` }],
        'codex:update': [
          'apply_patch',
          { input: `*** Begin Patch\n*** Update File: ${at('sub')}\n@@\n-a\n+b\n*** End Patch` },
        ],
      }),
    },
    {
      name: 'a write whose parent is a file',
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      calls: () => ({
        core: ['fs.write', { path: at('once.txt/new.txt'), content: 'a' }],
        claude: ['Write', { file_path: at('once.txt/new.txt'), content: 'a' }],
        gemini: ['write_file', { file_path: at('once.txt/new.txt'), content: 'a' }],
        qwen: ['write_file', { file_path: at('once.txt/new.txt'), content: 'a' }],
        'kimi@1.49': ['WriteFile', { path: at('once.txt/new.txt'), content: 'a' }],
        grok: ['write_file', { path: at('once.txt/new.txt'), content: 'a' }],
        codex: [
          'apply_patch',
          { input: `*** Begin Patch\n*** Add File: ${at('once.txt/new.txt')}\n+a\n*** End Patch` },
        ],
      }),
    },
    {
      name: 'an empty path',
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      calls: () => ({
        core: ['fs.read', { path: '' }],
        claude: ['Read', { file_path: '' }],
        gemini: ['read_file', { file_path: '' }],
        qwen: ['read_file', { file_path: '' }],
        'kimi@1.49': ['ReadFile', { path: '' }],
        grok: ['read_file', { path: '' }],
        codex: ['read_file', { file_path: '' }],
      }),
    },
    {
      name: 'a relative path where the tool takes an absolute one',
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      calls: () => ({
        qwen: ['read_file', { file_path: 'once.txt' }],
        codex: ['read_file', { file_path: 'once.txt' }],
      }),
    },
    {
      name: 'a path with a NUL byte',
      code: FailureCode.FAILURE_CODE_PERMISSION_DENIED,
      retryable: false,
      calls: () => ({
        core: ['fs.read', { path: at('a\0b') }],
        claude: ['Read', { file_path: at('a\0b') }],
        gemini: ['read_file', { file_path: at('a\0b') }],
        qwen: ['read_file', { file_path: at('a\0b') }],
        'kimi@1.49': ['ReadFile', { path: at('a\0b') }],
        grok: ['read_file', { path: at('a\0b') }],
        codex: ['read_file', { file_path: at('a\0b') }],
      }),
    },
    {
      name: 'an empty command',
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      calls: () => ({
        core: ['shell.run', { command: ' ' }],
        claude: ['Bash', { command: ' ' }],
        gemini: ['run_shell_command', { command: ' ' }],
        qwen: ['run_shell_command', { command: ' ', is_background: false }],
        'kimi@1.49': ['Shell', { command: ' ' }],
        grok: ['bash', { command: ' ' }],
        'codex:shell_command': ['shell_command', { command: ' ' }],
        'codex:exec': ['exec_command', { cmd: ' ' }],
      }),
    },
    {
      name: 'input for a process whose standard input is closed',
      code: FailureCode.FAILURE_CODE_PRECONDITION_FAILED,
      retryable: false,
      prep: async (key, session) => {
        // A process that keeps running, started without open stdin (core) or without tty (codex).
        if (shapeOf(key) === 'core') {
          const started = await callTool(s.client, 'shell.start', { command: 'sleep 30' }, { shape: 'core', session });
          assert.equal(started.error, '', key);
          running.core = (structured(started)!.job as { id: string }).id;
        } else {
          const started = await callTool(
            s.client,
            'exec_command',
            { cmd: 'sleep 30', yield_time_ms: 250 },
            { shape: 'codex@0.169.0', session },
          );
          running.codex = Number(/Process running with session ID (\d+)/.exec(texts(started)[0]!)![1]);
        }
      },
      calls: () => ({
        core: ['shell.write', { id: String(running.core), chars: 'hello\n' }],
        codex: ['write_stdin', { session_id: running.codex, chars: 'hello\n' }],
      }),
    },
    {
      name: 'web search with no provider configured',
      code: FailureCode.FAILURE_CODE_DEPENDENCY_UNAVAILABLE,
      retryable: true,
      calls: () => ({
        core: ['web.search', { query: 'facet tools' }],
        claude: ['WebSearch', { query: 'facet tools' }],
        gemini: ['google_web_search', { query: 'facet tools' }],
        'kimi@1.49': ['SearchWeb', { query: 'facet tools' }],
      }),
    },
    {
      name: 'a URL that is not http or https',
      code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
      retryable: false,
      calls: () => ({
        core: ['web.fetch', { url: 'ftp://example.com/x' }],
        claude: ['WebFetch', { url: 'ftp://example.com/x', prompt: 'summarise' }],
        gemini: ['web_fetch', { prompt: 'summarise ftp://example.com/x' }],
        qwen: ['web_fetch', { url: 'ftp://example.com/x', prompt: 'summarise' }],
        'kimi@1.49': ['FetchURL', { url: 'ftp://example.com/x' }],
      }),
    },
    {
      name: 'a tool the shape does not have',
      code: FailureCode.FAILURE_CODE_NOT_FOUND,
      retryable: false,
      calls: () =>
        Object.fromEntries(
          ['core', 'claude', 'gemini', 'qwen', 'kimi', 'grok', 'codex'].map((shape) => [shape, ['no_such_tool', {}]]),
        ) as Calls,
    },
  ];

  const readTool: Calls = {
    core: ['fs.read', {}],
    claude: ['Read', {}],
    'claude@2.1.197': ['Read', {}],
    gemini: ['read_file', {}],
    qwen: ['read_file', {}],
    'kimi@1.49': ['ReadFile', {}],
    grok: ['read_file', {}],
  };
  const pathKey: Record<string, string> = { core: 'path', 'kimi@1.49': 'path', grok: 'path' };

  for (const c of conditions) {
    test(c.name, async () => {
      const seen: Record<string, string> = {};
      const want: Record<string, string> = {};
      await Promise.all(
        Object.keys(c.calls()).map(async (key) => {
          const shape = shapeOf(key);
          const session = c.session ?? `${c.name}-${key}`;
          if (c.readFirst && readTool[shape])
            await callTool(
              s.client,
              readTool[shape]![0],
              { [pathKey[shape] ?? 'file_path']: twice() },
              { shape: servedAs(shape), session },
            );
          if (c.prep) await c.prep(key, session);
          // Arguments are taken after prep, which may have named what they refer to.
          const [tool, args] = c.calls()[key]!;
          const res = await callTool(s.client, tool, args, { shape: servedAs(shape), session, roots: c.roots?.() });
          assert.notEqual(res.error, '', `${key}/${tool} has error text`);
          seen[`${key}/${tool}`] = `${FailureCode[res.failure?.code ?? 0]} retryable=${res.failure?.retryable}`;
          want[`${key}/${tool}`] = `${FailureCode[c.code]} retryable=${c.retryable}`;
        }),
      );
      assert.deepEqual(seen, want);
    });
  }
});
