// `facet shapes` and --shape NAME@VERSION on the real binary: the served shapes with the release
// each follows, as text and as the facet://shapes JSON; an unknown version exits 2 naming those served.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, test } from 'node:test';
import { promisify } from 'node:util';
import { ALL_SHAPES } from '../../src/config.js';
import { shapeListings } from '../../src/shapes/release-table.js';
import { tempDir } from '../helpers/server.js';

const CLI = path.resolve('dist/src/cli.js');
const run = promisify(execFile);

describe('facet shapes', () => {
  const facet = async (...args: string[]) => {
    const { dir, cleanup } = tempDir('facet-shapes-');
    try {
      return await run(process.execPath, [CLI, ...args], { cwd: dir, env: { PATH: process.env.PATH } });
    } finally {
      cleanup();
    }
  };
  const refused = (stderr: string) => (e: { code: number; stderr: string }) => {
    assert.equal(e.code, 2);
    assert.equal(e.stderr, stderr);
    return true;
  };

  test('--json: every shape with its vendor, package, newest release and served releases', async () => {
    const listed = JSON.parse((await facet('shapes', '--json')).stdout) as Array<Record<string, unknown>>;
    assert.deepEqual(listed, shapeListings(ALL_SHAPES));
    assert.deepEqual(
      listed.map((l) => [l.name, l.package, l.version]),
      [
        ['core', 'facet', '0.1.0'],
        ['claude', '@anthropic-ai/claude-code', '2.1.332'],
        ['codex', '@openai/codex', '0.171.0'],
        ['gemini', '@google/gemini-cli', '0.61.0'],
        ['qwen', '@qwen-code/qwen-code', '0.24.4'],
        ['kimi', '@moonshot-ai/kimi-code', '2.1.0'],
        ['grok', 'grok-dev', '1.1.7'],
        ['anthropic', 'Anthropic Messages API', '20250818'],
        ['openai', 'OpenAI Responses API', '2026-08-21'],
      ],
    );
    assert.deepEqual(listed[1], {
      name: 'claude',
      vendor: 'Claude Code',
      package: '@anthropic-ai/claude-code',
      version: '2.1.332',
      released: '2026-11-24',
      registry: 'npm',
      versions: ['2.1.332', '2.1.309', '2.1.197'],
      versioning: 'a release of Claude Code (@anthropic-ai/claude-code)',
      upstream: { registry: 'npm', package: '@anthropic-ai/claude-code' },
    });
  });

  test('text: one row per served shape; --shape narrows it, an alias pins its release', async () => {
    const { stdout } = await facet('shapes', '--shape', 'claude,kimi@1.x,grok');
    assert.equal(
      stdout,
      [
        'shape   version  package                    released    versions',
        'claude  2.1.332  @anthropic-ai/claude-code  2026-11-24  2.1.332, 2.1.309, 2.1.197',
        'kimi    1.49     kimi-cli                   -           1.49',
        'grok    1.1.7    grok-dev                   2026-05-15  1.1.7, 0.0.34',
        '',
      ].join('\n'),
    );
  });

  test('an unknown version exits 2 naming the versions served, in shapes, tools, manifest and mcp', async () => {
    const words =
      'facet: --shape: unknown version "2.1.400" of shape "claude" (served: claude@2.1.332 (the newest, also "claude"), claude@2.1.309, claude@2.1.197)\n';
    for (const command of ['shapes', 'tools', 'manifest', 'mcp']) {
      await assert.rejects(facet(command, '--shape', 'claude@2.1.400'), refused(words), command);
    }
  });

  test('tools and manifest show a pinned release', async () => {
    assert.equal((await facet('tools', '--shape', 'kimi@1.x')).stdout.split('\n')[0], 'kimi@1.49: 13 tools');
    const manifest = (await facet('manifest', '--shape', 'claude@2.1.197')).stdout;
    assert.match(manifest, /^# toolbox\.codefly\.yaml: Facet \S+ serving the claude@2\.1\.197 shape/);
    assert.match(manifest, /\nname: facet-claude\n/);
    assert.match(manifest, /Follows Claude Code 2\.1\.197 \(@anthropic-ai\/claude-code, released 2026-06-30\)\./);
  });
});
