// `facet tools`: the real binary prints the catalog a shape serves, the same one a gRPC
// ListTools / ListToolSummaries call on a running server answers with.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, test } from 'node:test';
import { promisify } from 'node:util';
import { ListToolsResponse } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { serverFixture, unary } from '../helpers/server.js';

const CLI = path.resolve('dist/src/cli.js');
const run = promisify(execFile);

describe('facet tools', () => {
  const { t: s, dir } = serverFixture();

  // The CLI runs in the root so both see the same configuration (tool texts name nothing else).
  const facet = (...args: string[]) =>
    run(process.execPath, [CLI, 'tools', ...args], {
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
    });

  test('--json prints the ListTools answer of that shape', async () => {
    for (const shape of ['grok', 'codex']) {
      const { stdout } = await facet('--shape', shape, '--json');
      const served = await unary(s.client.listTools, s.client, {}, { shape });
      assert.deepEqual(JSON.parse(stdout), ListToolsResponse.toJSON(served), shape);
    }
  });

  test('text: a count line, then one line per tool with its summary, destructive ones marked', async () => {
    const { stdout } = await facet('--shape', 'grok');
    const served = (await unary(s.client.listToolSummaries, s.client, { tagsFilter: [] }, { shape: 'grok' })).tools;
    const width = Math.max(...served.map((t) => t.name.length));
    const expected =
      [
        `grok: ${served.length} tools`,
        ...served.map((t) => `${t.name.padEnd(width)}  ${t.description}${t.destructive ? ' [destructive]' : ''}`),
      ].join('\n') + '\n';
    assert.equal(stdout, expected);
    assert.equal(stdout.split('\n')[0], 'grok: 10 tools');
    assert.match(stdout, /\nbash {2,}.+ \[destructive\]\n/);
  });

  test('without --shape: the default shape, core; --read-only drops destructive tools', async () => {
    const all = (await facet()).stdout;
    assert.match(all, /^core: \d+ tools\n/);
    assert.match(all, /\nshell\.run /);
    const ro = (await facet('--read-only')).stdout;
    assert.doesNotMatch(ro, /shell\.run|\[destructive\]/);
    assert.match(ro, /\nfs\.read /);
  });

  test('more than one shape, or an unknown one, is refused with exit code 2', async () => {
    await assert.rejects(facet('--shape', 'kimi,grok'), (e: { code: number; stderr: string }) => {
      assert.equal(e.code, 2);
      assert.equal(e.stderr, 'facet: --shape: tools shows one shape at a time, got kimi, grok\n');
      return true;
    });
    await assert.rejects(facet('--shape', 'klingon'), (e: { code: number; stderr: string }) => {
      assert.equal(e.code, 2);
      assert.match(e.stderr, /^facet: --shape: unknown shape "klingon"/);
      return true;
    });
  });
});
