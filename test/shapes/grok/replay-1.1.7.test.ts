// grok-dev 1.1.7's own tool tests (vendors/grok/1.1.7.tests.md: 93 tool-relevant vitest cases in
// 15 files) replayed against the grok shape over a real server, real files and the real
// typescript-language-server. The vendor's tests mock the language server and check that results
// pass through; here the real server answers, so the assertions are on the vendor's words and
// on the shape of what passes through.
//
// Counts: 7 matched, 71 deliberate, 15 skipped (93).
//
// Matched (7): file.test.ts (2): write_file's LSP summary and lspDiagnostics; edit_file writes the
// new content. lsp-tools.test.ts (2): lsp is served, its description names the Language Server
// Protocol, hover answers pass through as JSON; its schema has operation and filePath as strings.
// lsp/manager.test.ts (3): a query reaches the file's server (goToDefinition), diagnostics after a
// saved change (write_file), "No LSP server available" for a file no server speaks for.
//
// Deliberate differences (71), each a tool or mode Facet does not serve (docs/shape-versions.md):
// - tools/bash.test.ts (35) and agent/sandbox.test.ts (4): the Shuru sandbox mode (a macOS VM
//   wrapping each command, its mutation guard and host-browser bypass); Facet runs commands in
//   its own sandbox (--sandbox), and grok's bash description is the non-sandbox one.
// - grok/tools.test.ts (12): 4 on the Shuru bash description; 3 on task routing (task is a
//   sub-agent needing a model); 1 on computer_* (desktop control); 4 on schedule_daemon_* (cron
//   runs of a conversation Facet does not own).
// - lsp/builtins.test.ts (4): grok's own server table and settings (~/.grok/user-settings.json);
//   Facet's language servers are the operator's (--lsp and its flags), not grok's settings.
// - tools/schedule.test.ts (3), tools/computer.test.ts (9), agent/delegations.test.ts (2),
//   grok/media.test.ts (2): schedules, desktop control, delegations, image/video generation.
//
// Skipped (15), as they test no tool a server answers: grok/tool-schemas.test.ts (1) and
// grok/batch.test.ts (4) (xAI's batch API client), agent/batch-mode.test.ts (1) (the agent loop),
// headless/output.test.ts (9) (the CLI's own output rendering).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { callTool, serverFixture, texts, unary } from '../../helpers/server.js';
import { lspArgs } from '../../engine/lsp/lsp-args.js';

const LIMIT = { timeout: 180_000 };

const { t, dir } = serverFixture({
  shape: 'grok',
  prefix: 'facet-grok-replay-',
  args: lspArgs('/').slice(2),
  setup: (d) => {
    writeFileSync(path.join(d, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true } }));
    writeFileSync(path.join(d, 'demo.ts'), 'const answer = 41;\nexport { answer };\n');
    writeFileSync(path.join(d, 'util.ts'), 'export function add(a: number, b: number): number {\n  return a + b;\n}\n');
    writeFileSync(
      path.join(d, 'index.ts'),
      'import { add } from "./util";\n\nconst total = add(1, 2);\nexport { total };\n',
    );
    writeFileSync(path.join(d, 'notes.xyz'), 'plain\n');
  },
});

const call = async (name: string, args: Record<string, unknown>) =>
  JSON.parse(
    texts(await callTool(t.client, name, args, { shape: 'grok', session: 'replay', deadlineMs: 170_000 }))[0]!,
  ) as { success: boolean; output: string; lspDiagnostics?: Array<{ diagnostics: unknown[] }> };

describe('grok-dev 1.1.7 replayed against grok', () => {
  test('manager.test.ts: no server for the file type', async () => {
    assert.deepEqual(await call('lsp', { operation: 'hover', filePath: 'notes.xyz' }), {
      success: false,
      output: 'No LSP server available for .xyz.',
    });
  });

  // The server starts cold, as grok-dev's does: a project-wide question first makes it load the
  // project (its answer is not what is replayed), so the questions after it are answered in full.
  test('the TypeScript server has loaded the project', LIMIT, async () => {
    const r = await call('lsp', { operation: 'findReferences', filePath: 'util.ts', line: 1, character: 17 });
    assert.equal(r.success, true);
  });

  test('lsp-tools.test.ts: lsp is served and named for the protocol; its schema has string operation and filePath', async () => {
    const d = await unary(t.client.describeTool, t.client, { name: 'lsp' }, { shape: 'grok' });
    assert.match(d.tool!.description, /Language Server Protocol/);
    const props = (d.tool!.inputSchema as { properties: Record<string, { type: string }> }).properties;
    assert.equal(props.operation!.type, 'string');
    assert.equal(props.filePath!.type, 'string');
  });

  test("lsp-tools.test.ts: a hover passes the server's answer through as JSON", LIMIT, async () => {
    const r = await call('lsp', { operation: 'hover', filePath: 'index.ts', line: 3, character: 7 });
    assert.equal(r.success, true);
    const hover = JSON.parse(r.output) as Array<{ contents: unknown }>;
    assert.equal(hover.length, 1);
    assert.match(JSON.stringify(hover[0]!.contents), /const total: number/);
  });

  test("manager.test.ts: a query goes to the file's server (textDocument/definition)", LIMIT, async () => {
    const r = await call('lsp', { operation: 'goToDefinition', filePath: 'index.ts', line: 3, character: 15 });
    const found = JSON.parse(r.output) as Array<{ uri?: string; targetUri?: string }>;
    assert.equal(found.length, 1);
    assert.equal(found[0]!.uri ?? found[0]!.targetUri, `file://${path.join(dir, 'util.ts')}`);
  });

  test('file.test.ts: writing a file reports its new LSP issue in the output and lspDiagnostics', LIMIT, async () => {
    const r = await call('write_file', {
      path: 'demo.ts',
      content: 'const answer: string = 42;\nexport { answer };\n',
    });
    assert.equal(r.success, true);
    assert.equal(r.output, 'Updated demo.ts (+1 -1)\n1 LSP issue · 1 error');
    assert.equal(r.lspDiagnostics?.length, 1);
    assert.equal(r.lspDiagnostics?.[0]?.diagnostics.length, 1);
  });

  test('file.test.ts: an edit writes the new content', LIMIT, async () => {
    const r = await call('edit_file', {
      path: 'demo.ts',
      old_string: 'const answer: string = 42;',
      new_string: 'const answer = 42;',
    });
    assert.equal(r.success, true);
    assert.equal(r.output, 'Edited demo.ts (+1 -1)');
    assert.equal(readFileSync(path.join(dir, 'demo.ts'), 'utf8'), 'const answer = 42;\nexport { answer };\n');
  });
});
