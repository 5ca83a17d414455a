// What Facet tells a language server of a change, and waiting for a late report: didSave only
// when the server asked for it (with the text only when it asked for that), and whenLate
// resolving once a check that was not waited for has its report.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { parseConfig } from '../../../src/config.js';
import { createEngine, type Engine } from '../../../src/engine/index.js';
import { Scope } from '../../../src/engine/scope.js';
import { Session } from '../../../src/engine/session.js';
import { Toolbox } from '../../../src/registry/toolbox.js';
import { buildShapes } from '../../../src/shapes/index.js';
import { tempDir } from '../../helpers/server.js';
import { fakeServers } from './fake-servers.js';

const LIMIT = { timeout: 60_000 };
let dir: string;
let cleanup: () => void;
let servers: ReturnType<typeof fakeServers>;
const engines: Engine[] = [];

before(() => {
  ({ dir, cleanup } = tempDir('facet-lsp-sync-'));
  servers = fakeServers(dir);
});

after(async () => {
  for (const e of engines) await e.close();
  cleanup?.();
});

function coreWith(command: string) {
  const config = parseConfig([
    '--root',
    dir,
    '--lsp',
    'on',
    '--lsp-server',
    `python=${command}`,
    '--lsp-diagnostics-ms',
    '20000',
    '--lsp-diagnostics-ratio',
    '1000000',
  ]);
  const engine = createEngine(config);
  engines.push(engine);
  const core = new Toolbox(buildShapes(config, engine).get('core')!);
  const session = new Session('sync', dir);
  const ctx = {
    signal: new AbortController().signal,
    session,
    scope: Scope.fromRoots([dir]),
    shape: 'core',
    logger: { debug: () => undefined, warn: () => undefined },
  };
  const edit = async (file: string, from: string, to: string) => {
    const r = await core.callTool('fs.edit', { path: file, old_string: from, new_string: to }, ctx as never);
    assert.equal(r.response.error, '');
    return r.response;
  };
  return { engine, session, edit };
}

/** The document messages the recording server was sent from line `from` of its log: method, +text when one came. */
const received = (log: string, from = 0) =>
  readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .slice(from)
    .map((l) => JSON.parse(l) as { method: string; text: boolean })
    .filter((m) => m.method.startsWith('textDocument/'))
    .map((m) => `${m.method}${m.text ? '+text' : ''}`);

for (const [sync, expected] of [
  ['full', ['textDocument/didChange+text']],
  ['save', ['textDocument/didChange+text', 'textDocument/didSave']],
  ['save-text', ['textDocument/didChange+text', 'textDocument/didSave+text']],
] as const) {
  test(`textDocumentSync ${sync}: a warm edit sends ${expected.join(', ')}`, LIMIT, async () => {
    const name = `s${engines.length}`;
    const log = path.join(dir, `${name}.log`);
    writeFileSync(path.join(dir, `${name}.py`), 'a = 1\n');
    const { edit, engine, session } = coreWith(`${process.execPath} ${servers.recording} ${log} ${sync}`);
    // The first edit finds the server starting: it answers at once, and its check's report waits for a later call.
    const first = await edit(`${name}.py`, '= 1', '= 2');
    assert.match(JSON.stringify(first.content), /is still starting; they come with a later call/);
    await engine.code.whenLate(session);
    assert.equal(engine.code.takeLate(session).length, 1);
    const lines = readFileSync(log, 'utf8').trim().split('\n').length;
    const warm = await edit(`${name}.py`, '= 2', '= 3');
    // Checked within the edit: its diagnostics came in its answer.
    assert.match(JSON.stringify(warm.content), /"server":"recording-server.mjs","introduced":\[\]\}\],"missing":\[\]/);
    assert.deepEqual(received(log, lines), expected);
  });
}
