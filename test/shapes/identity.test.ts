// Identity, resources and the tool-guide prompt of every shape, from one server that serves
// them all (facet-shape picks one per call): the shape's name and sandbox, its own context
// files and no other shape's, read through the scope checks, and the guide rendered with the
// session's roots and the tools on offer.
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { status, type ServiceError } from '@grpc/grpc-js';
import { ALL_SHAPES } from '../../src/config.js';
import { VERSION } from '../../src/version.js';
import { startTestServer, tempDir, unary, type TestServer } from '../helpers/server.js';

const CONTEXT_FILES: Record<string, string[]> = {
  core: ['AGENTS.md'],
  claude: ['CLAUDE.md', 'AGENTS.md'],
  codex: ['AGENTS.md'],
  gemini: ['GEMINI.md', 'AGENTS.md'],
  qwen: ['QWEN.md', 'AGENTS.md'],
  kimi: ['AGENTS.md'],
  grok: ['AGENTS.md'],
  anthropic: ['CLAUDE.md', 'AGENTS.md'],
  openai: ['AGENTS.md'],
};
const EVERY_FILE = ['AGENTS.md', 'CLAUDE.md', 'GEMINI.md', 'QWEN.md'];
const body = (name: string) => `# ${name}\nInstructions kept in ${name}.\n`;
const WEB = 'web tools: public addresses only (private, loopback and metadata addresses refused)';

function promptText(res: {
  messages: Array<{ content: Array<{ body?: { $case: string; value?: unknown } }> }>;
}): string {
  const b = res.messages[0]?.content[0]?.body;
  return b?.$case === 'text' ? String(b.value) : '';
}

describe('identity, resources and prompts of every shape', () => {
  let t: TestServer;
  let ro: TestServer;
  let linked: TestServer;
  let dir: string;
  let second: string;
  let linkedDir: string;
  const cleanups: Array<() => void> = [];

  before(async () => {
    const a = tempDir();
    const b = tempDir();
    const outside = tempDir();
    const l = tempDir();
    cleanups.push(a.cleanup, b.cleanup, outside.cleanup, l.cleanup);
    dir = a.dir;
    second = b.dir;
    linkedDir = l.dir;
    for (const f of EVERY_FILE) {
      writeFileSync(path.join(dir, f), body(f));
      writeFileSync(path.join(outside.dir, f), 'instructions from outside the roots');
      // Every context file of the third root leads out of it.
      symlinkSync(path.join(outside.dir, f), path.join(linkedDir, f));
    }
    // Context files are looked for at the top of each root, not deeper.
    mkdirSync(path.join(dir, 'sub'));
    writeFileSync(path.join(dir, 'sub', 'AGENTS.md'), 'nested');
    // Without the shell sandbox, so the summary is the same on every machine (test/shell/sandbox.test.ts has it with
    // bwrap).
    t = await startTestServer(['--root', dir, '--root', second, '--shape', 'all', '--shell-sandbox', 'none']);
    ro = await startTestServer(['--root', dir, '--shape', 'all', '--read-only']);
    linked = await startTestServer(['--root', linkedDir, '--shape', 'all']);
  });
  after(async () => {
    await Promise.all([t.close(), ro.close(), linked.close()]);
    for (const c of cleanups) c();
  });

  for (const shape of ALL_SHAPES) {
    test(`${shape}: identity names the shape and its sandbox`, async () => {
      const id = await unary(t.client.identity, t.client, {}, { shape });
      assert.equal(id.name, `facet-${shape}`);
      assert.equal(id.version, VERSION);
      assert.ok(id.description.length > 20, id.description);
      assert.equal(
        id.sandboxSummary,
        `roots: ${dir}, ${second}; writes and edits allowed inside the roots; shell: on; shell sandbox: none (commands can read and write whatever the server's user can); ${WEB}; shell commands: not network-restricted`,
      );
      const roId = await unary(ro.client.identity, ro.client, {}, { shape });
      assert.equal(
        roId.sandboxSummary,
        `roots: ${dir}; read-only: writes, edits and shell are disabled; shell: off; ${WEB}`,
      );
    });

    test(`${shape}: resources are the roots and this shape's context files only`, async () => {
      const res = await unary(t.client.listResources, t.client, {}, { shape });
      assert.deepEqual(
        res.resources.map((r) => r.uri),
        ['facet://roots', ...CONTEXT_FILES[shape]!.map((f) => `file://${dir}/${f}`), 'facet://shapes'],
      );
      const roots = await unary(t.client.readResource, t.client, { uri: 'facet://roots' }, { shape });
      assert.deepEqual(roots.content, [{ body: { $case: 'text', value: JSON.stringify({ roots: [dir, second] }) } }]);
      for (const f of CONTEXT_FILES[shape]!) {
        const read = await unary(t.client.readResource, t.client, { uri: `file://${dir}/${f}` }, { shape });
        assert.deepEqual(read.content, [{ body: { $case: 'text', value: body(f) } }], f);
      }
      for (const f of EVERY_FILE.filter((x) => !CONTEXT_FILES[shape]!.includes(x))) {
        await assert.rejects(
          unary(t.client.readResource, t.client, { uri: `file://${dir}/${f}` }, { shape }),
          (e: ServiceError) => e.code === status.NOT_FOUND,
          f,
        );
      }
      await assert.rejects(
        unary(t.client.readResource, t.client, { uri: `file://${dir}/sub/AGENTS.md` }, { shape }),
        (e: ServiceError) => e.code === status.NOT_FOUND,
      );
    });

    test(`${shape}: context files that link out of the roots are neither listed nor readable`, async () => {
      const res = await unary(linked.client.listResources, linked.client, {}, { shape });
      assert.deepEqual(
        res.resources.map((r) => r.uri),
        ['facet://roots', 'facet://shapes'],
      );
      for (const f of CONTEXT_FILES[shape]!) {
        await assert.rejects(
          unary(linked.client.readResource, linked.client, { uri: `file://${linkedDir}/${f}` }, { shape }),
          (e: ServiceError) => e.code === status.NOT_FOUND,
          f,
        );
      }
    });

    test(`${shape}: the tool guide names the session's roots and the tools on offer`, async () => {
      const list = await unary(t.client.listPrompts, t.client, {}, { shape });
      assert.deepEqual(
        list.prompts.map((p) => p.name),
        ['tool-guide'],
      );
      const tools = await unary(t.client.listToolSummaries, t.client, { tagsFilter: [] }, { shape });
      const res = await unary(t.client.getPrompt, t.client, { name: 'tool-guide', arguments: {} }, { shape });
      assert.equal(res.description, `Tool guide for facet-${shape}`);
      const text = promptText(res);
      assert.ok(text.includes(`${dir}, ${second}`), text.slice(0, 200));
      assert.ok(text.endsWith(`\nTools: ${tools.tools.map((x) => x.name).join(', ')}.`), text.slice(-300));

      // A read-only server's guide offers only the tools that change nothing.
      const roTools = await unary(ro.client.listToolSummaries, ro.client, { tagsFilter: [] }, { shape });
      const safe = roTools.tools.map((x) => x.name);
      assert.ok(
        roTools.tools.every((x) => !x.destructive && !x.tags.includes('shell')),
        'read-only serves no change and no shell',
      );
      const roText = promptText(
        await unary(ro.client.getPrompt, ro.client, { name: 'tool-guide', arguments: {} }, { shape }),
      );
      assert.ok(roText.endsWith(`\nTools: ${safe.join(', ')}.`), roText.slice(-300));
      assert.ok(safe.length < tools.tools.length, 'every shape has tools that change things');
    });
  }
});
