// Code mode in process, over a real engine: a nested call meets the session's plan mode as a
// direct one would, and cancelling an exec call kills its script's process.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { parseConfig } from '../../../src/config.js';
import { createEngine, Scope, Session } from '../../../src/engine/index.js';
import { enterPlanMode } from '../../../src/engine/plan-mode.js';
import { Toolbox } from '../../../src/registry/toolbox.js';
import { codexShape } from '../../../src/shapes/codex/index.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'facet-codexsess-'));
const config = parseConfig(['--lsp', 'off', '--codex-tool-mode', 'code', '--root', root], {});
const engine = createEngine(config);
const box = new Toolbox(codexShape(config, engine));
const quiet = { debug: () => undefined, warn: () => undefined };
after(async () => {
  await engine.close();
  rmSync(root, { recursive: true, force: true });
});

const ctxOf = (session: Session, signal = new AbortController().signal) => ({
  signal,
  session,
  scope: Scope.fromRoots([root]),
  shape: 'codex',
  logger: quiet,
});

test('plan mode refuses a nested apply_patch in its own words, thrown into the script', async () => {
  const session = new Session('plan');
  enterPlanMode(session, { since: Date.now(), dialect: 'test', refusal: (tool) => `planning: ${tool} refused` });
  const { result } = await box.call(
    'exec',
    {
      input:
        'try { await tools.apply_patch("*** Begin Patch\\n*** Add File: p.txt\\n+x\\n*** End Patch\\n") } catch (e) { text(e) }',
    },
    ctxOf(session),
  );
  assert.deepEqual(result.parts, ['planning: apply_patch refused']);
  assert.equal(existsSync(path.join(root, 'p.txt')), false);
});

test('cancelling an exec call kills its script', async () => {
  const ac = new AbortController();
  const session = new Session('cancel');
  const call = box.call('exec', { input: 'while (true) {}' }, ctxOf(session, ac.signal));
  // The call is cancelled once the script runs: its process is the only facet-script child.
  const { execSync } = await import('node:child_process');
  const children = () =>
    execSync(`ps -o pid=,args= --ppid ${process.pid}`)
      .toString()
      .split('\n')
      .filter((l) => l.includes('--experimental-permission'));
  while (children().length === 0) await new Promise((r) => setTimeout(r, 20));
  ac.abort();
  const { result } = await call;
  assert.equal(result.text.split('\n')[0], 'Script failed');
  assert.deepEqual(result.parts, ['Script error:\nthe call was cancelled and the script stopped']);
  assert.deepEqual(children(), []);
});
