// Identity.sandbox_summary says exactly what is enforced: the web tools' address policy
// (with any allowed hosts), that shell commands are not network-restricted, and the shell
// allow/deny/route policy when one is configured.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { unary, withServer } from '../../helpers/server.js';

test('sandbox summary: shell policy and web allow-list as configured', async () => {
  const args = ['--shell-allow', 'git *,npm test', '--shell-deny', 'rm -rf *', '--shell-route', 'rg=search', '--web-allow-hosts', '10.0.0.0/8,intranet.local'];
  await withServer({ shape: 'core', args, prefix: 'facet-core-sandbox-' }, async (t, dir) => {
    const id = await unary(t.client.identity, t.client, {}, { shape: 'core' });
    assert.equal(
      id.sandboxSummary,
      `roots: ${dir}; writes and edits allowed inside the roots; ` +
        'shell: on (only commands matching git *, npm test, commands matching rm -rf * refused, rg commands refused and sent to search); ' +
        'web tools: public addresses plus 10.0.0.0/8, intranet.local; shell commands: not network-restricted',
    );
  });
});

test('sandbox summary: read-only has no shell, so no shell network clause', async () => {
  await withServer({ shape: 'core', args: ['--read-only', '--shell-deny', 'rm *'], prefix: 'facet-core-sandbox-' }, async (t, dir) => {
    const id = await unary(t.client.identity, t.client, {}, { shape: 'core' });
    assert.equal(
      id.sandboxSummary,
      `roots: ${dir}; read-only: writes, edits and shell are disabled; shell: off; web tools: public addresses only (private, loopback and metadata addresses refused)`,
    );
  });
});
