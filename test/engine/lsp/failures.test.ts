// A language server that never answers, one that crashes mid-request, and one that is missing:
// in each case the edit succeeds at once, noting that the server is starting, and a later call
// says why its diagnostics are missing; the code tools fail in band, never hang. A server that
// starts late: its diagnostics come with a later call of the session.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { CallToolResponse } from '../../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { callTool, startTestServer, tempDir, texts, type TestServer } from '../../helpers/server.js';
import { fakeServers } from './fake-servers.js';

const LIMIT = { timeout: 60_000 };
let dir: string;
let cleanup: () => void;
let servers: { silent: string; crashing: string; gated: string };
const started: TestServer[] = [];

before(() => {
  ({ dir, cleanup } = tempDir('facet-lsp-fail-'));
  servers = fakeServers(dir);
});

after(async () => {
  for (const t of started) await t.close();
  cleanup?.();
});

async function serverWith(language: string, command: string, extra: string[] = []): Promise<TestServer> {
  const t = await startTestServer([
    '--root',
    dir,
    '--lsp',
    'on',
    '--lsp-server',
    `${language}=${command}`,
    '--lsp-diagnostics-ms',
    '20000',
    // A warm server is waited for however long the edit itself took.
    '--lsp-diagnostics-ratio',
    '1000000',
    ...extra,
  ]);
  started.push(t);
  return t;
}

const edit = (t: TestServer, file: string, from: string, to: string): Promise<CallToolResponse> =>
  callTool(
    t.client,
    'fs.edit',
    { path: file, old_string: from, new_string: to },
    { shape: 'core', deadlineMs: 30_000 },
  );

/**
 * The text of the first read of `file` whose answer carries diagnostics: those of an edit made
 * while its server was starting come with a later call of the session, once checked.
 */
async function laterNote(t: TestServer, file: string): Promise<string> {
  for (;;) {
    const r = await callTool(t.client, 'fs.read', { path: file }, { shape: 'core', deadlineMs: 30_000 });
    const text = texts(r)[0]!;
    const at = text.search(/\n\n(Diagnostics for|New diagnostics)/);
    if (at >= 0) return text.slice(at + 2);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const STARTING = 'is still starting; they come with a later call.';

test('a server that never answers: the edit is written, noting that the server is still starting', LIMIT, async () => {
  writeFileSync(path.join(dir, 'silent.ts'), 'export const a = 1;\n');
  const t = await serverWith('typescript', `${process.execPath} ${servers.silent}`, [
    '--lsp-start-timeout-ms',
    '5000',
    '--lsp-diagnostics-ms',
    '400',
  ]);
  const r = await edit(t, 'silent.ts', '= 1', '= 2');
  assert.equal(r.error, '');
  assert.equal(readFileSync(path.join(dir, 'silent.ts'), 'utf8'), 'export const a = 2;\n');
  assert.ok(
    texts(r)[0]!.endsWith(`\n\nDiagnostics for silent.ts are missing: silent-server.mjs ${STARTING}`),
    texts(r)[0],
  );
  // A code tool waits out the start-up bound, then fails in band naming it.
  const d = await callTool(t.client, 'code.diagnostics', { path: 'silent.ts' }, { shape: 'core', deadlineMs: 30_000 });
  // The edit's diagnostics, missing for the same reason, come with this call or the next.
  const [error, ...late] = d.error.split('\n\n');
  assert.equal(error, 'silent-server.mjs did not finish starting within 5000 ms');
  assert.equal(
    late.length > 0 ? late.join('\n\n') : await laterNote(t, 'silent.ts'),
    'Diagnostics for silent.ts are missing: silent-server.mjs did not finish starting within 5000 ms.',
  );
});

test('a server that crashes on the first document: the edit is written, noting the crash', LIMIT, async () => {
  writeFileSync(path.join(dir, 'crash.py'), 'a = 1\n');
  const t = await serverWith('python', `${process.execPath} ${servers.crashing}`);
  const r = await edit(t, 'crash.py', '= 1', '= 2');
  assert.equal(r.error, '');
  assert.equal(readFileSync(path.join(dir, 'crash.py'), 'utf8'), 'a = 2\n');
  assert.ok(texts(r)[0]!.endsWith(`\n\nDiagnostics for crash.py are missing: crashing-server.mjs ${STARTING}`));
  assert.equal(
    await laterNote(t, 'crash.py'),
    'Diagnostics for crash.py are missing: crashing-server.mjs exited (code 3).',
  );
  // Restarts wait out a backoff rather than respawning on every edit.
  const again = await edit(t, 'crash.py', '= 2', '= 3');
  assert.equal(again.error, '');
  assert.match(
    texts(again)[0]!,
    /\n\nDiagnostics for crash\.py are missing: crashing-server\.mjs exited \(code 3\)(; next start in \d+ s)?\.$/,
  );
});

test('a missing server: the edit is written, noting that the server could not start', LIMIT, async () => {
  writeFileSync(path.join(dir, 'gone.py'), 'a = 1\n');
  const t = await serverWith('python', path.join(dir, 'no-such-server'));
  const r = await edit(t, 'gone.py', '= 1', '= 2');
  assert.equal(r.error, '');
  assert.equal(readFileSync(path.join(dir, 'gone.py'), 'utf8'), 'a = 2\n');
  assert.ok(texts(r)[0]!.endsWith(`\n\nDiagnostics for gone.py are missing: no-such-server ${STARTING}`), texts(r)[0]);
  assert.equal(
    await laterNote(t, 'gone.py'),
    `Diagnostics for gone.py are missing: no-such-server could not start: spawn ${path.join(dir, 'no-such-server')} ENOENT.`,
  );
});

test('an edit does not wait for a starting server; its diagnostics come with a later call', LIMIT, async () => {
  writeFileSync(path.join(dir, 'late.ts'), 'export const a = 1;\n');
  const gate = path.join(dir, 'gate');
  const t = await serverWith('typescript', `${process.execPath} ${servers.gated} ${gate}`);
  // The server cannot finish starting before the gate opens: the edit answers all the same.
  const r = await edit(t, 'late.ts', '= 1;', '= 1; // BAD');
  assert.equal(r.error, '');
  assert.equal(readFileSync(path.join(dir, 'late.ts'), 'utf8'), 'export const a = 1; // BAD\n');
  assert.ok(texts(r)[0]!.endsWith(`\n\nDiagnostics for late.ts are missing: gated-server.mjs ${STARTING}`));
  assert.equal(existsSync(gate), false);
  writeFileSync(gate, '');
  assert.equal(await laterNote(t, 'late.ts'), 'New diagnostics from this change:\nlate.ts:1:1: error: BAD is bad');
  // Handed out once; the server is warm now, so the next edit carries its own diagnostics.
  const next = await edit(t, 'late.ts', '= 1; // BAD', '= 1; // BAD\nexport const b = 2; // BAD');
  assert.ok(
    texts(next)[0]!.endsWith('\n\nNew diagnostics from this change:\nlate.ts:2:1: error: BAD is bad'),
    texts(next)[0],
  );
});
