// Claude Code 2.1.332's ListMcpResourcesTool and ReadMcpResourceTool answered from Facet's own
// resources: the cases of run S10 (vendors/claude/2.1.332.tests.md) with Facet as the one server,
// named as it names itself (the toolbox's Identity.name, "facet-claude"), each text exact. A
// binary resource (Facet serves none of its own) is added to the test's toolbox for that case.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import type { ResourceProvider, ToolboxSpec } from '../../../src/registry/types.js';
import { CLAUDE_PLUS, claudePlus } from '../../helpers/claude-toolbox.js';
import { serverFixture, unary } from '../../helpers/server.js';
import { result } from './harness.js';

const LOGO = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const plus = claudePlus();
after(() => plus.close());
const spec = plus.specs.get(CLAUDE_PLUS)!;
const own = spec.resources!;
const withLogo: ResourceProvider = {
  list: async (ctx) => [
    ...(await own.list(ctx)),
    { uri: 'facet://logo', name: 'logo', description: '', mimeType: 'image/png' },
  ],
  read: (uri, ctx) =>
    uri === 'facet://logo' ? Promise.resolve([{ blob: { mediaType: 'image/png', data: LOGO } }]) : own.read(uri, ctx),
};
const served: ToolboxSpec = { ...spec, resources: withLogo };

const { t, dir, call } = serverFixture({
  prefix: 'facet-claude-mcp-res-',
  extraSpecs: new Map([[CLAUDE_PLUS, served]]),
  setup: (d) => writeFileSync(path.join(d, 'CLAUDE.md'), '# Readme\nhello'),
});
const tool = async (name: string, args: Record<string, unknown>) =>
  result(await call(name, args, { shape: CLAUDE_PLUS, session: 'mcp-res' }));

test('the server is Facet under the name it gives MCP clients', async () => {
  const id = await unary(t.client.identity, t.client, {}, { shape: CLAUDE_PLUS });
  assert.equal(id.name, 'facet-claude');
});

test('S10: list (all, by server, unknown server), read text and binary, a missing resource, an unknown server', async () => {
  const resources = [
    {
      name: 'roots',
      uri: 'facet://roots',
      description: 'The directories this toolbox may touch.',
      mimeType: 'application/json',
      server: 'facet-claude',
    },
    {
      name: 'CLAUDE.md',
      uri: `file://${dir}/CLAUDE.md`,
      description: `Agent instructions in ${dir} (14 bytes).`,
      mimeType: 'text/markdown',
      server: 'facet-claude',
    },
    { name: 'logo', uri: 'facet://logo', mimeType: 'image/png', server: 'facet-claude' },
  ];
  const listed = await tool('ListMcpResourcesTool', {});
  assert.deepEqual([listed.text, listed.error], [JSON.stringify(resources), '']);
  assert.equal((await tool('ListMcpResourcesTool', { server: 'facet-claude' })).text, JSON.stringify(resources));
  const nope = await tool('ListMcpResourcesTool', { server: 'nope' });
  assert.equal(nope.text, 'Server "nope" not found. Available servers: facet-claude');
  assert.notEqual(nope.error, '');

  const readme = await tool('ReadMcpResourceTool', { server: 'facet-claude', uri: `file://${dir}/CLAUDE.md` });
  assert.deepEqual(
    [readme.text, readme.error],
    [
      JSON.stringify({
        contents: [{ uri: `file://${dir}/CLAUDE.md`, mimeType: 'text/markdown', text: '# Readme\nhello' }],
      }),
      '',
    ],
  );
  const roots = await tool('ReadMcpResourceTool', { server: 'facet-claude', uri: 'facet://roots' });
  assert.equal(
    roots.text,
    JSON.stringify({
      contents: [{ uri: 'facet://roots', mimeType: 'application/json', text: JSON.stringify({ roots: [dir] }) }],
    }),
  );
  const logo = await tool('ReadMcpResourceTool', { server: 'facet-claude', uri: 'facet://logo' });
  assert.equal(
    logo.text,
    JSON.stringify({
      contents: [
        {
          uri: 'facet://logo',
          mimeType: 'image/png',
          text: '[Resource from facet-claude at facet://logo] Binary content (image/png, 8 bytes)',
        },
      ],
    }),
  );
  assert.deepEqual(logo.blobs, [{ mediaType: 'image/png', data: LOGO }]);

  const missing = await tool('ReadMcpResourceTool', { server: 'facet-claude', uri: 'facet://missing' });
  assert.deepEqual(
    [missing.text, missing.error],
    [
      'Resource not found: facet://missing \u2014 it may have been deleted or the URI is stale. Re-run ListMcpResourcesTool to refresh.',
      '',
    ],
  );
  const unknown = await tool('ReadMcpResourceTool', { server: 'nope', uri: 'x://y' });
  assert.equal(unknown.text, 'Server "nope" not found. Available servers: facet-claude');
  assert.notEqual(unknown.error, '');
});

test('a file outside the roots is no resource, whatever its URI', async () => {
  const r = await tool('ReadMcpResourceTool', { server: 'facet-claude', uri: 'file:///etc/hostname' });
  assert.equal(
    r.text,
    'Resource not found: file:///etc/hostname \u2014 it may have been deleted or the URI is stale. Re-run ListMcpResourcesTool to refresh.',
  );
});
