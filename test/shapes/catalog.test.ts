// Catalog quality of every shape, read over gRPC as a host sees it: a one-line summary that
// fits, a long description, the vendor tag on every vendor tool, tags that agree with the
// destructive flag, at least one example, idempotency and error modes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ALL_SHAPES } from '../../src/config.js';
import { serverFixture, unary, type TestServer } from '../helpers/server.js';

/** A long description shorter than this cannot carry the contract, limits and when not to use the tool. */
const MIN_DESCRIPTION = 200;

/** What a host would find wanting in the tools `shape` serves (of `only` when given): one line per problem. */
async function catalogProblems(t: TestServer, shape: string, only?: (name: string) => boolean): Promise<string[]> {
  const summaries = await unary(t.client.listToolSummaries, t.client, { tagsFilter: [] }, { shape });
  assert.ok(summaries.tools.length > 0);
  const problems: string[] = [];
  for (const s of summaries.tools.filter((x) => !only || only(x.name))) {
    const where = `${shape}/${s.name}`;
    if (s.description.length === 0 || s.description.length > 120 || s.description.includes('\n'))
      problems.push(`${where}: summary must be one line of 1–120 characters (${s.description.length})`);
    const { tool, error } = await unary(t.client.describeTool, t.client, { name: s.name }, { shape });
    assert.equal(error, '', where);
    const spec = tool!;
    if (spec.description.length < MIN_DESCRIPTION)
      problems.push(`${where}: long description has ${spec.description.length} characters`);
    if (shape !== 'core' && !spec.tags.includes(shape))
      problems.push(`${where}: no "${shape}" vendor tag in ${spec.tags.join(',')}`);
    if (spec.tags[0] !== `facet-${shape}`) problems.push(`${where}: toolbox tag not first (${spec.tags.join(',')})`);
    if (spec.destructive !== spec.tags.includes('destructive'))
      problems.push(`${where}: destructive=${spec.destructive} but tags ${spec.tags.join(',')}`);
    if (spec.tags.includes('read-only') && spec.destructive) problems.push(`${where}: both read-only and destructive`);
    if (spec.destructive !== s.destructive) problems.push(`${where}: summary and spec disagree on destructive`);
    if (spec.examples.length === 0) problems.push(`${where}: no example`);
    if (!['idempotent', 'side_effecting'].includes(spec.idempotency))
      problems.push(`${where}: idempotency "${spec.idempotency}"`);
    if (spec.errorModes.trim().length === 0) problems.push(`${where}: no error modes`);
  }
  return problems;
}

describe('catalog quality of every shape', () => {
  const { t } = serverFixture();

  for (const shape of ALL_SHAPES) {
    test(`${shape}: every tool is described, tagged and exemplified`, async () => {
      assert.deepEqual(await catalogProblems(t, shape), []);
    });
  }

  test("a vendor tag selects exactly that vendor's tools", async () => {
    for (const shape of ALL_SHAPES.filter((s) => s !== 'core')) {
      const all = await unary(t.client.listToolSummaries, t.client, { tagsFilter: [] }, { shape });
      const tagged = await unary(t.client.listToolSummaries, t.client, { tagsFilter: [shape] }, { shape });
      assert.deepEqual(
        tagged.tools.map((x) => x.name),
        all.tools.map((x) => x.name),
        shape,
      );
    }
  });
});

describe('catalog quality of the tools a host opts in to', () => {
  const { t } = serverFixture({ args: ['--gemini-tracker'] });

  test('gemini --gemini-tracker: the tracker tools are described, tagged and exemplified', async () => {
    assert.deepEqual(await catalogProblems(t, 'gemini', (name) => name.startsWith('tracker_')), []);
  });
});
