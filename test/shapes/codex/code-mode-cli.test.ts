// Code mode from the shipped command line: `facet mcp` runs the bundled build, where the
// script's child program is sent as source text. Anything the bundler rewrites in it (a
// renamed require, a helper it hoists) breaks every exec, so one real exec goes through it.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { connectStdio } from '../../mcp/fixture.js';

test('exec runs a script through the shipped facet mcp', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'facet-codemode-cli-'));
  const c = await connectStdio('codex', root, { args: ['--codex-tool-mode', 'code'] });
  try {
    const r = (await c.client.callTool({ name: 'exec', arguments: { input: 'text(6 * 7)' } })) as {
      content: { type: string; text: string }[];
      isError?: boolean;
    };
    const items = r.content.map((x) => x.text);
    assert.equal(items.length, 2, c.stderr());
    assert.match(items[0], /^Script completed\nWall time \d+\.\d seconds\nOutput:\n$/);
    assert.equal(items[1], '42');
  } finally {
    await c.close();
    rmSync(root, { recursive: true, force: true });
  }
});
