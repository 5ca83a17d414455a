// The catalog golden: the catalog of every served release of every shape (NAME@VERSION) as a host
// reads it from a real server must equal its reviewed file in test/golden/catalog/. A change to a name, schema,
// description, tag or example is
// a change to what models see: it fails here until `npm run golden` rewrites the file and the diff
// is reviewed and committed. This test never writes the files.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import {
  ACCEPT_COMMAND,
  captureCatalog,
  GOLDEN_DIR,
  goldenFile,
  REPO_ROOT,
  serialise,
  servedReleases,
} from './catalog-capture.js';
import { jsonDifferences } from './json-diff.js';

const SHOWN = 10;

function mismatch(shape: string, expectedText: string | undefined, actualText: string): string | undefined {
  if (expectedText === actualText) return undefined;
  const file = path.relative(REPO_ROOT, goldenFile(shape));
  const accept = `If the change is intended, run \`${ACCEPT_COMMAND}\`, review \`git diff -- ${file}\` and commit it.`;
  if (expectedText === undefined) return `${shape}: no golden file ${file}. ${accept}`;
  let expected: unknown;
  try {
    expected = JSON.parse(expectedText);
  } catch (err) {
    return `${shape}: ${file} is not JSON (${(err as Error).message}). ${accept}`;
  }
  const diffs = jsonDifferences(expected, JSON.parse(actualText), SHOWN + 1);
  if (diffs.length === 0)
    return `${shape}: ${file} holds the same catalog but not as \`${ACCEPT_COMMAND}\` writes it (spacing, key order). ${accept}`;
  const lines = diffs
    .slice(0, SHOWN)
    .flatMap((d) => [`  at ${d.path}`, `    golden: ${d.expected}`, `    served: ${d.actual}`]);
  const more = diffs.length > SHOWN ? [`  ... and more`] : [];
  return [
    `${shape}: the served catalog differs from ${file}; first difference at ${diffs[0]!.path}`,
    ...lines,
    ...more,
    accept,
  ].join('\n');
}

describe('catalog golden', () => {
  for (const shape of servedReleases()) {
    test(`${shape}: the served catalog equals test/golden/catalog/${shape}.json`, async () => {
      const actual = serialise(await captureCatalog(shape));
      let expected: string | undefined;
      try {
        expected = readFileSync(goldenFile(shape), 'utf8');
      } catch {
        expected = undefined;
      }
      const problem = mismatch(shape, expected, actual);
      if (problem) assert.fail(problem);
    });
  }

  test('there is a golden file for each served release of each shape and for nothing else', () => {
    const files = readdirSync(GOLDEN_DIR).sort();
    assert.deepEqual(
      files,
      servedReleases()
        .map((s) => `${s}.json`)
        .sort(),
      `stale or missing golden files in ${GOLDEN_DIR}: run \`${ACCEPT_COMMAND}\``,
    );
  });

  test('a changed catalog is reported at its first differing path, with the command that accepts it', async () => {
    const grok = servedReleases().find((s) => s.startsWith('grok@'))!;
    const catalog = await captureCatalog(grok);
    const golden = serialise(catalog);
    // A renamed tool: the name is a plain string in every shape, whatever its texts look like.
    const second = catalog.tools[1] as { name: string };
    const name = second.name;
    second.name = `${name}_renamed`;
    const report = mismatch(grok, golden, serialise(catalog));
    assert.ok(report, 'a renamed tool must be reported');
    const lines = report.split('\n');
    assert.equal(
      lines[0],
      `${grok}: the served catalog differs from test/golden/catalog/${grok}.json; first difference at tools[1:${name}].name`,
    );
    assert.deepEqual(lines.slice(1, 4), [
      `  at tools[1:${name}].name`,
      `    golden: "${name}" (differs at character ${name.length + 1})`,
      `    served: "${name}_renamed"`,
    ]);
    assert.equal(
      lines.at(-1),
      `If the change is intended, run \`npm run golden\`, review \`git diff -- test/golden/catalog/${grok}.json\` and commit it.`,
    );
    assert.equal(mismatch(grok, golden, golden), undefined);
  });
});
