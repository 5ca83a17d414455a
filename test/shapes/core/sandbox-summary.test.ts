// Identity.sandbox_summary says exactly what is enforced: the web tools' address policy
// (with any allowed hosts), the shell sandbox and whether commands reach the network, and the shell
// allow/deny/route policy when one is configured.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseConfig } from '../../../src/config.js';
import { sandboxSummary } from '../../../src/shapes/sandbox.js';
import { unary, withServer } from '../../helpers/server.js';

test('sandbox summary: shell policy and web allow-list as configured', async () => {
  const args = [
    '--shell-sandbox',
    'none',
    '--shell-allow',
    'git *,npm test',
    '--shell-deny',
    'rm -rf *',
    '--shell-route',
    'rg=search',
    '--web-allow-hosts',
    '10.0.0.0/8,intranet.local',
  ];
  await withServer({ shape: 'core', args, prefix: 'facet-core-sandbox-' }, async (t, dir) => {
    const id = await unary(t.client.identity, t.client, {}, { shape: 'core' });
    assert.equal(
      id.sandboxSummary,
      `roots: ${dir}; writes and edits allowed inside the roots; ` +
        'shell: on (only commands matching git *, npm test, commands matching rm -rf * refused, rg commands refused and sent to search); ' +
        "shell sandbox: none (commands can read and write whatever the server's user can); " +
        'web tools: public addresses plus 10.0.0.0/8, intranet.local; shell commands: not network-restricted',
    );
  });
});

test('sandbox summary: read-only has no shell, so no shell network clause', async () => {
  await withServer(
    { shape: 'core', args: ['--read-only', '--shell-deny', 'rm *'], prefix: 'facet-core-sandbox-' },
    async (t, dir) => {
      const id = await unary(t.client.identity, t.client, {}, { shape: 'core' });
      assert.equal(
        id.sandboxSummary,
        `roots: ${dir}; read-only: writes, edits and shell are disabled; shell: off; web tools: public addresses only (private, loopback and metadata addresses refused)`,
      );
    },
  );
});

test('sandbox summary: auto without a usable bubblewrap says the shell is unconfined, and why', () => {
  const saved = process.env.PATH;
  // No bwrap on this PATH: the start-up probe (kept per PATH) falls back as on a machine without it.
  process.env.PATH = '/nonexistent';
  try {
    const config = parseConfig(['--root', '/'], {});
    assert.equal(
      sandboxSummary(config, ['/']),
      'roots: /; writes and edits allowed inside the roots; shell: on; ' +
        "shell sandbox: none, bubblewrap cannot run here (bwrap was not found on PATH (install the bubblewrap package)): commands can read and write whatever the server's user can; " +
        'web tools: public addresses only (private, loopback and metadata addresses refused); shell commands: not network-restricted',
    );
  } finally {
    process.env.PATH = saved;
  }
});
