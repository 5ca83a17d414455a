// The new areas on a real engine built from a parsed configuration: --skills-dir (repeated, or
// FACET_SKILLS_DIR comma-separated) reaches engine.skills; tasks, worktrees and the monitor are there.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { parseConfig } from '../../src/config.js';
import { createEngine, Scope, Session } from '../../src/engine/index.js';
import { tempDir } from '../helpers/server.js';

const { dir, cleanup } = tempDir('facet-areas-');
after(cleanup);

test('--skills-dir and FACET_SKILLS_DIR give the engine its skills directories', async () => {
  const a = path.join(dir, 'a');
  mkdirSync(path.join(a, 'hello'), { recursive: true });
  writeFileSync(path.join(a, 'hello', 'SKILL.md'), '---\ndescription: Says hello\n---\nHello $ARGUMENTS\n');
  const flags = parseConfig(
    ['--lsp', 'off', '--root', dir, '--state-dir', path.join(dir, '.state'), '--skills-dir', a, '--skills-dir', 'rel'],
    {},
  );
  assert.deepEqual(flags.skillsDirs, [a, path.resolve('rel')]);
  assert.deepEqual(parseConfig(['--lsp', 'off'], { FACET_SKILLS_DIR: `${a},/b` }).skillsDirs, [a, '/b']);
  assert.deepEqual(parseConfig(['--lsp', 'off'], {}).skillsDirs, []);
  const engine = createEngine(flags);
  try {
    const ctx = { scope: Scope.fromRoots([dir]), session: new Session('areas') };
    assert.deepEqual(engine.skills.dirs, [a, path.resolve('rel')]);
    assert.equal((await engine.skills.load(ctx, [], 'hello', 'you')).text, 'Hello you\n');
    assert.equal(engine.tasks.create(ctx, { subject: 's' }).id, '1');
    assert.equal(engine.worktrees.active(ctx), undefined);
    const m = await engine.shell.monitor(ctx, { command: 'true', description: 'd', timeoutMs: 10_000 });
    assert.equal(engine.shell.monitors(ctx)[0]?.id, m.job.id);
    await ctx.session.dispose();
  } finally {
    await engine.close();
  }
});
