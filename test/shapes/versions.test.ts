// Shape versions over the real transports: an older release served beside the newest as
// NAME@VERSION (gRPC facet-shape, MCP /mcp/NAME@VERSION, --shape), built from a table of
// differences; both share the session; an unknown version is refused naming those served.
// The older release is this file's own (the table is replaced here by the newest and a fixture
// 2.1.100): node runs each test file in its own process, so this changes nothing elsewhere.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { status, type ServiceError } from '@grpc/grpc-js';
import { parseConfig } from '../../src/config.js';
import { createEngine } from '../../src/engine/index.js';
import { claudeDialect } from '../../src/shapes/claude/errors.js';
import { glob } from '../../src/shapes/claude/glob.js';
import { edit197 } from '../../src/shapes/claude/edit.js';
import { read } from '../../src/shapes/claude/read.js';
import { claudeReleases } from '../../src/shapes/claude/versions.js';
import { buildTools } from '../../src/shapes/common/define.js';
import { shapeOptionsOf } from '../../src/shapes/common/spec.js';
import { buildShapes, SHAPE_FACTORIES } from '../../src/shapes/index.js';
import { SHAPE_RELEASES, shapeListings, unknownShapeText, type ShapeReleases } from '../../src/shapes/release-table.js';
import type { ReleaseDiffs } from '../../src/shapes/release-diff.js';
import { applyReleaseDiff, buildReleases, SHAPE_DIFFS } from '../../src/shapes/versions.js';
import { connectHttp } from '../mcp/fixture.js';
import { callTool, serverFixture, tempDir, texts, unary, withServer } from '../helpers/server.js';

/** An engine's configuration whose state directory is a temporary one, removed with the test process. */
function engineConfig() {
  const state = tempDir('facet-versions-state-');
  process.once('exit', state.cleanup);
  return parseConfig(['--lsp', 'off', '--state-dir', state.dir], {});
}

const NEWEST = [
  'Read',
  'Write',
  'Edit',
  'Bash',
  'TaskStop',
  'Monitor',
  'Grep',
  'Glob',
  'WebFetch',
  'WebSearch',
  'NotebookEdit',
  'TaskCreate',
  'TaskGet',
  'TaskList',
  'TaskUpdate',
  'LSP',
  'EnterWorktree',
  'ExitWorktree',
  'Skill',
  'ListMcpResourcesTool',
  'ReadMcpResourceTool',
  'AskUserQuestion',
  'EnterPlanMode',
  'ExitPlanMode',
];
/** The older release: no Monitor or TaskGet, an LS after Read, a Read of its own and an Edit that needs a Read. */
const OLDER = [
  'Read',
  'LS',
  'Write',
  'Edit',
  'Bash',
  'TaskStop',
  'Grep',
  'Glob',
  'WebFetch',
  'WebSearch',
  'NotebookEdit',
  'TaskCreate',
  'TaskList',
  'TaskUpdate',
  'LSP',
  'EnterWorktree',
  'ExitWorktree',
  'Skill',
  'ListMcpResourcesTool',
  'ReadMcpResourceTool',
  'AskUserQuestion',
  'EnterPlanMode',
  'ExitPlanMode',
];

(SHAPE_RELEASES as Record<string, ShapeReleases>).claude = {
  ...claudeReleases,
  releases: [
    claudeReleases.releases[0],
    {
      version: '2.1.100',
      aliases: ['2.1.x'],
      package: '@anthropic-ai/claude-code',
      registry: 'npm',
      released: '2026-05-01',
    },
  ],
};
(SHAPE_DIFFS as Record<string, ReleaseDiffs>).claude = {
  '2.1.100': {
    removed: ['Monitor', 'TaskGet'],
    added: [
      { after: 'Read', tools: (env) => buildTools(env, claudeDialect, [glob]).map((t) => ({ ...t, name: 'LS' })) },
    ],
    replaced: (env) => [
      ...buildTools(env, claudeDialect, [read]).map((t) => ({ ...t, description: 'An older Read.' })),
      ...buildTools(env, claudeDialect, [edit197]),
    ],
    guide: (_roots, tools) => `Older tools: ${tools.map((t) => t.name).join(', ')}.`,
  },
};

const VERSIONS_SERVED = 'claude@2.1.332 (the newest, also "claude"), claude@2.1.100';

describe('a shape served at two releases', () => {
  const { t, dir } = serverFixture({ shape: 'claude', args: ['--mcp-listen', '127.0.0.1:0'] });
  const names = async (shape: string) =>
    (await unary(t.client.listTools, t.client, {}, { shape })).tools.map((x) => x.name);

  test('NAME is the newest release, NAME@VERSION (or an alias) any served one, built from its differences', async () => {
    assert.deepEqual(await names('claude'), NEWEST);
    assert.deepEqual(await names('claude@2.1.332'), NEWEST);
    assert.deepEqual(await names('claude@2.1.100'), OLDER);
    assert.deepEqual(await names('claude@2.1.x'), OLDER);
    const described = await unary(t.client.describeTool, t.client, { name: 'Read' }, { shape: 'claude@2.1.100' });
    assert.match(described.tool!.description, /^An older Read\./);
    assert.deepEqual(described.tool!.tags.includes('claude'), true, 'the vendor tag is on every tool of every release');
    const ls = await unary(t.client.describeTool, t.client, { name: 'LS' }, { shape: 'claude@2.1.100' });
    assert.deepEqual(ls.tool!.tags.includes('claude'), true);
    const gone = await unary(t.client.describeTool, t.client, { name: 'Monitor' }, { shape: 'claude@2.1.100' });
    assert.equal(gone.tool, undefined);
  });

  test('Identity keeps the name facet-claude; its description ends with the release followed', async () => {
    const newest = await unary(t.client.identity, t.client, {}, { shape: 'claude' });
    const older = await unary(t.client.identity, t.client, {}, { shape: 'claude@2.1.100' });
    assert.equal(newest.name, 'facet-claude');
    assert.equal(older.name, 'facet-claude');
    assert.match(
      newest.description,
      / Follows Claude Code 2\.1\.332 \(@anthropic-ai\/claude-code, released 2026-11-24\)\.$/,
    );
    assert.match(
      older.description,
      / Follows Claude Code 2\.1\.100 \(@anthropic-ai\/claude-code, released 2026-05-01\)\.$/,
    );
    const guide = await unary(
      t.client.getPrompt,
      t.client,
      { name: 'tool-guide', arguments: {} },
      { shape: 'claude@2.1.100' },
    );
    assert.deepEqual(guide.messages[0]!.content[0]!.body, {
      $case: 'text',
      value: `Older tools: ${OLDER.join(', ')}.`,
    });
  });

  test('both releases share a session: a file Read under claude may be edited under claude@2.1.100', async () => {
    const file = path.join(dir, 'shared.txt');
    writeFileSync(file, 'alpha\n');
    const edit = { file_path: file, old_string: 'alpha', new_string: 'beta' };
    const other = await callTool(t.client, 'Edit', edit, { shape: 'claude@2.1.100', session: 'v2' });
    assert.match(texts(other).join('\n'), /has not been read in this session yet/);
    const readIt = await callTool(t.client, 'Read', { file_path: file }, { shape: 'claude', session: 'v1' });
    assert.equal(readIt.error, '');
    const edited = await callTool(t.client, 'Edit', edit, { shape: 'claude@2.1.100', session: 'v1' });
    assert.equal(edited.error, '', texts(edited).join('\n'));
    assert.doesNotMatch(texts(edited).join('\n'), /tool_use_error/);
  });

  test('an unknown version is INVALID_ARGUMENT naming the versions served; an unknown name lists the shapes', async () => {
    await assert.rejects(unary(t.client.listTools, t.client, {}, { shape: 'claude@9.9.9' }), (e: ServiceError) => {
      assert.equal(e.code, status.INVALID_ARGUMENT);
      assert.equal(
        e.details,
        `unknown version "9.9.9" of shape "claude" in facet-shape; this server serves: ${VERSIONS_SERVED}`,
      );
      return true;
    });
    await assert.rejects(
      callTool(t.client, 'Read', { file_path: 'x' }, { shape: 'gemini@0.61.0' }),
      (e: ServiceError) => {
        assert.equal(e.details, 'unknown shape "gemini@0.61.0" in facet-shape; this server serves: claude');
        return true;
      },
    );
  });

  test('MCP: /mcp/NAME@VERSION serves that release (encoded or not); an unknown version is 404 with a JSON-RPC error', async () => {
    for (const suffix of ['claude@2.1.100', 'claude%402.1.100']) {
      const c = await connectHttp(`${t.server.mcpUrl}/${suffix}`);
      try {
        assert.deepEqual(
          (await c.client.listTools()).tools.map((x) => x.name),
          OLDER,
        );
        assert.equal(c.client.getServerVersion()?.name, 'facet-claude');
      } finally {
        await c.close();
      }
    }
    const res = await fetch(`${t.server.mcpUrl}/claude@9`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    });
    assert.equal(res.status, 404);
    assert.deepEqual(await res.json(), {
      jsonrpc: '2.0',
      error: { code: -32000, message: `unknown version "9" of shape "claude"; this server serves: ${VERSIONS_SERVED}` },
      id: null,
    });
  });

  test('the facet://shapes resource lists the served releases, the same under every release', async () => {
    const expected = `${JSON.stringify(shapeListings(['claude']), null, 2)}\n`;
    for (const shape of ['claude', 'claude@2.1.100']) {
      const res = await unary(t.client.readResource, t.client, { uri: 'facet://shapes' }, { shape });
      assert.deepEqual(res.content, [{ body: { $case: 'text', value: expected } }]);
    }
    assert.deepEqual(JSON.parse(expected), [
      {
        name: 'claude',
        vendor: 'Claude Code',
        package: '@anthropic-ai/claude-code',
        version: '2.1.332',
        released: '2026-11-24',
        registry: 'npm',
        versions: ['2.1.332', '2.1.100'],
        aliases: { '2.1.x': '2.1.100' },
        versioning: 'a release of Claude Code (@anthropic-ai/claude-code)',
        upstream: { registry: 'npm', package: '@anthropic-ai/claude-code' },
      },
    ]);
  });
});

test('--shape NAME@VERSION serves that release alone, as the default; an alias is stored as its version', async () => {
  assert.deepEqual(parseConfig(['--shape', 'claude@2.1.x,core'], {}).shapes, ['claude@2.1.100', 'core']);
  await withServer({ shape: 'claude@2.1.x' }, async (t) => {
    assert.deepEqual(
      (await unary(t.client.listTools, t.client, {})).tools.map((x) => x.name),
      OLDER,
    );
    await assert.rejects(unary(t.client.listTools, t.client, {}, { shape: 'claude' }), (e: ServiceError) => {
      assert.equal(e.details, 'unknown shape "claude" in facet-shape; this server serves: claude@2.1.100');
      return true;
    });
    await assert.rejects(unary(t.client.listTools, t.client, {}, { shape: 'claude@2.1.332' }), (e: ServiceError) => {
      assert.equal(
        e.details,
        'unknown version "2.1.332" of shape "claude" in facet-shape; this server serves: claude@2.1.100',
      );
      return true;
    });
  });
});

test('--shape with an unknown version is refused, naming the versions', () => {
  assert.throws(() => parseConfig(['--shape', 'claude@3'], {}), {
    message: `--shape: unknown version "3" of shape "claude" (served: ${VERSIONS_SERVED})`,
  });
  assert.throws(() => parseConfig([], { FACET_SHAPE: 'kimi@2.0.2' }), {
    message:
      'FACET_SHAPE: unknown version "2.0.2" of shape "kimi" (served: kimi@2.1.0 (the newest, also "kimi"), kimi@1.49)',
  });
  assert.throws(() => parseConfig(['--shape', 'klingon@1'], {}), {
    message: /^--shape: unknown shape "klingon@1" \(known: core, claude/,
  });
});

test('the served keys of every shape: NAME, each NAME@VERSION and its aliases, one spec per release', () => {
  const config = engineConfig();
  const specs = buildShapes(config, createEngine(config));
  const expected = Object.entries(SHAPE_RELEASES).flatMap(([name, r]) => [
    name,
    ...r.releases.flatMap((x) => [x.version, ...(x.aliases ?? [])].map((v) => `${name}@${v}`)),
  ]);
  assert.deepEqual([...specs.keys()], expected);
  assert.ok(expected.includes('kimi@1.x') && expected.includes('claude@2.1.100'));
  assert.equal(specs.get('claude'), specs.get('claude@2.1.332'));
  assert.equal(specs.get('claude@2.1.100'), specs.get('claude@2.1.x'));
  assert.notEqual(specs.get('claude'), specs.get('claude@2.1.100'));
  assert.equal(specs.get('kimi'), specs.get('kimi@2.1.0'));
  assert.equal(specs.get('kimi@1.49'), specs.get('kimi@1.x'));
  assert.notEqual(specs.get('kimi'), specs.get('kimi@1.x'));
});

test('every shipped table: versions and aliases unique, a diff for each older release only, dates well formed', () => {
  for (const [name, r] of Object.entries(SHAPE_RELEASES)) {
    assert.ok(SHAPE_FACTORIES[name], name);
    // The newest release is the shape as index.ts builds it; each older one is its differences.
    assert.deepEqual(
      Object.keys(SHAPE_DIFFS[name] ?? {}).sort(),
      r.releases
        .slice(1)
        .map((x) => x.version)
        .sort(),
      name,
    );
    const spellings = r.releases.flatMap((x) => [x.version, ...(x.aliases ?? [])]);
    assert.equal(new Set(spellings).size, spellings.length, `${name}: ${spellings.join(', ')}`);
    for (const x of r.releases) {
      assert.match(x.version, /^[\w.-]+$/, `${name}@${x.version}`);
      if (x.released) assert.match(x.released, /^\d{4}-\d{2}-\d{2}$/, `${name}@${x.version}`);
    }
  }
});

test('a table that does not fit its newer neighbour is refused, naming the release and the tool', () => {
  const config = engineConfig();
  const engine = createEngine(config);
  const env = { config, engine };
  const opts = shapeOptionsOf(SHAPE_FACTORIES.claude!(config, engine))!;
  const missing: ShapeReleases = {
    ...SHAPE_RELEASES.claude!,
    releases: [...SHAPE_RELEASES.claude!.releases, { version: '1.0.0', package: 'x', registry: 'npm' }],
  };
  assert.throws(
    () => buildReleases('claude', SHAPE_FACTORIES.claude!(config, engine), missing, new Set([2]), config, engine),
    {
      message: 'claude@1.0.0: no differences listed for it (src/shapes/claude/diffs.ts)',
    },
  );
  assert.throws(() => applyReleaseDiff(opts, { removed: ['LS'] }, env, 'claude@1'), {
    message: 'claude@1: removes LS, which its newer neighbour does not serve',
  });
  assert.throws(
    () =>
      applyReleaseDiff(
        opts,
        { replaced: (e) => buildTools(e, claudeDialect, [glob]).map((x) => ({ ...x, name: 'LS' })) },
        env,
        'claude@1',
      ),
    {
      message: 'claude@1: replaces LS, which its newer neighbour does not serve',
    },
  );
  assert.throws(
    () => applyReleaseDiff(opts, { added: [{ tools: (e) => buildTools(e, claudeDialect, [glob]) }] }, env, 'claude@1'),
    {
      message: 'claude@1: adds Glob, which its newer neighbour serves already (replace it instead)',
    },
  );
  assert.throws(
    () =>
      applyReleaseDiff(
        opts,
        {
          added: [
            { after: 'Nope', tools: (e) => buildTools(e, claudeDialect, [glob]).map((x) => ({ ...x, name: 'LS' })) },
          ],
        },
        env,
        'claude@1',
      ),
    { message: 'claude@1: adds tools after Nope, which it does not serve' },
  );
  const unchanged = applyReleaseDiff(opts, {}, env, 'claude@1');
  assert.deepEqual(
    unchanged.tools.map((x) => x.name),
    NEWEST,
  );
});

test('unknownShapeText lists shapes as configured, without aliases or the releases of a shape served whole', () => {
  const keys = ['core', 'core@0.1.0', 'kimi', 'kimi@2.1.0', 'kimi@1.49', 'kimi@1.x', 'claude@2.1.100', 'claude@2.1.x'];
  assert.equal(unknownShapeText('x', keys), 'unknown shape "x"; this server serves: core, kimi, claude@2.1.100');
  assert.equal(
    unknownShapeText('kimi@2', keys, ' in facet-shape'),
    'unknown version "2" of shape "kimi" in facet-shape; this server serves: kimi@2.1.0 (the newest, also "kimi"), kimi@1.49',
  );
});
