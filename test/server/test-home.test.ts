// The suite never sees the machine's dotfiles: scripts/run-tests.mjs (npm test) gives it a HOME
// of its own, without BASH_ENV/ENV, and a TMPDIR of its own (checked for leftovers at the end);
// the servers and commands the tests start inherit them.
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { callTool, startTestServer, tempDir } from '../helpers/server.js';

test('the tests run under a temporary HOME and TMPDIR with no BASH_ENV or ENV (run them with npm test or scripts/run-tests.mjs)', () => {
  const [home, tmp] = [process.env.HOME ?? '', os.tmpdir()];
  assert.equal(process.env.TMPDIR, tmp);
  assert.match(path.basename(tmp), /^facet-test-tmp-/);
  assert.equal(path.dirname(home), path.dirname(tmp));
  assert.match(path.basename(home), /^facet-test-home-/);
  assert.equal(process.env.BASH_ENV, undefined);
  assert.equal(process.env.ENV, undefined);
});

test('a command run by a test server sees that HOME, which holds no shell start-up file', async () => {
  const { dir, cleanup } = tempDir();
  const s = await startTestServer(['--root', dir], process.env);
  try {
    const res = await callTool(s.client, 'shell.run', {
      command: 'echo "$HOME"; ls -A ~ | grep -c -E "^\\.(bashrc|bash_profile|profile)$"; true',
    });
    assert.equal(res.error, '');
    assert.equal(res.content[0]?.body?.$case === 'text' ? res.content[0].body.value : '', `${process.env.HOME}\n0\n`);
  } finally {
    await s.close();
    cleanup();
  }
});
