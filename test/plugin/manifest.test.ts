// `facet manifest`: the toolbox.codefly.yaml a codefly host loads (codefly-dev/core's
// resources.Toolbox: name, version, agent, sandbox, permissions).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { manifestCommand, scalar } from '../../src/manifest-command.js';
import { VERSION } from '../../src/version.js';
import { CLI } from './host.js';

const run = promisify(execFile);
const env = { PATH: process.env.PATH, HOME: process.env.HOME };
const actions = (yaml: string) => [...yaml.matchAll(/^ {4}- action: (\S+)$/gm)].map((m) => m[1]);

test('facet manifest --shape grok prints its toolbox.codefly.yaml', async () => {
  const { stdout, stderr } = await run(
    process.execPath,
    [
      CLI,
      'manifest',
      '--shape',
      'grok@0.0.34',
      '--root',
      '/srv/work',
      '--root',
      '/srv/docs',
      '--state-dir',
      '/var/lib/facet',
      '--publisher',
      'codefly.dev',
    ],
    { env, timeout: 20_000 },
  );
  assert.equal(stderr, '');
  assert.equal(
    stdout,
    `# toolbox.codefly.yaml: Facet ${VERSION} serving the grok@0.0.34 shape in codefly plugin mode (facet manifest)
name: facet-grok
version: ${VERSION}
description: "Grok CLI tools (view_file, create_file, str_replace_editor, bash, search, todo lists) with plain-text results. Follows Grok CLI 0.0.34 (@vibe-kit/grok-cli, released 2026-07-12)."
agent:
  kind: codefly:toolbox
  name: facet-grok
  publisher: codefly.dev
  version: ${VERSION}
sandbox:
  read_paths:
    - /srv/work
    - /srv/docs
  write_paths:
    - /srv/work
    - /srv/docs
    - /var/lib/facet
  network: open
permissions:
  required:
    - action: view_file
      reason: "Look at a file (its first 10 lines, or start_line-end_line) or list the names in a directory."
    - action: create_file
      reason: "Create a new file with the given content (refuses a file that already exists; edit those instead)."
    - action: str_replace_editor
      reason: "Replace text in an existing file: old_str must match once (or set replace_all); shows the diff."
    - action: bash
      reason: "Run a shell command (30 s limit) in the current directory; \\"cd <dir>\\" changes it for later calls."
    - action: search
      reason: "Find which files contain some text, or whose names match, in the workspace (a short list of files)."
    - action: create_todo_list
      reason: "Start a todo list for a multi-step task (replaces any list); each item has id, content, status, priority."
    - action: update_todo_list
      reason: "Change todo items by id (status, content or priority) and get the whole list back."
  risk_levels:
    create_file: high
    str_replace_editor: high
    bash: high
`,
  );
});

test('without --root and --state-dir the sandbox names codefly placeholders; read-only writes only state, needs only loopback', () => {
  const yaml = manifestCommand(['--shape', 'grok@0.0.34', '--read-only'], {});
  assert.ok(
    yaml.includes(
      'sandbox:\n  read_paths:\n    - "${WORKSPACE}"\n  write_paths:\n    - "${TMPDIR}/facet-state"\n  network: loopback\n',
    ),
    yaml,
  );
  assert.ok(yaml.includes('  publisher: facet\n'));
  assert.deepEqual(actions(yaml), ['view_file', 'search', 'create_todo_list', 'update_todo_list']);
  assert.doesNotMatch(yaml, /risk_levels/);
  assert.match(
    manifestCommand(['--shape', 'core'], {}),
    /write_paths:\n {4}- "\$\{WORKSPACE\}"\n {4}- "\$\{TMPDIR\}\/facet-state"\n/,
  );
});

test('every tool of a shape is one required action, and the name and version follow CODEFLY_TOOLBOX_*', () => {
  const yaml = manifestCommand(['--shape', 'claude'], {
    CODEFLY_TOOLBOX_NAME: 'claude-tools',
    CODEFLY_TOOLBOX_VERSION: '1.0',
  });
  assert.match(yaml, /\nname: claude-tools\nversion: "1\.0"\n/);
  assert.match(yaml, /\n {2}name: claude-tools\n/);
  assert.deepEqual(actions(yaml), [
    'Read',
    'Write',
    'Edit',
    'Bash',
    'TaskStop',
    'Monitor',
    'Grep',
    'Glob',
    'WebFetch',
    'WebSearch',
    'NotebookEdit',
    'TaskCreate',
    'TaskGet',
    'TaskList',
    'TaskUpdate',
    'LSP',
    'EnterWorktree',
    'ExitWorktree',
    'Skill',
    'ListMcpResourcesTool',
    'ReadMcpResourceTool',
    'AskUserQuestion',
    'EnterPlanMode',
    'ExitPlanMode',
  ]);
});

test('one shape at a time; a bad publisher is refused', async () => {
  const refused = (args: string[]) =>
    run(process.execPath, [CLI, 'manifest', ...args], { env, timeout: 20_000 }).then(
      () => assert.fail('printed'),
      (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
    );
  assert.deepEqual(await refused(['--shape', 'core,claude']), {
    code: 2,
    stderr: 'facet: --shape: manifest shows one shape at a time, got core, claude\n',
  });
  assert.deepEqual(await refused(['--publisher']), { code: 2, stderr: 'facet: --publisher needs a value\n' });
});

test('YAML scalars are plain only when YAML reads them back as the same string', () => {
  for (const s of ['facet-core', 'fs.read', '0.1.0', '1.2.3-rc.1', '/srv/work', 'codefly.dev'])
    assert.equal(scalar(s), s);
  for (const s of [
    '1.0',
    '12',
    'yes',
    'No',
    'null',
    '~',
    '${WORKSPACE}',
    'a: b',
    '#x',
    'x #y',
    '',
    ' lead',
    '-x',
    '.5',
    '@x',
    '"q"',
    'multi\nline',
  ])
    assert.equal(scalar(s), JSON.stringify(s), s);
});
