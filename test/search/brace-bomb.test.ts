// A glob whose {a,b} alternatives multiply out past MAX_BRACE_VARIANTS is refused in band before
// fast-glob expands it: "{a,b}" forty times made 2^40 patterns and took the server's heap (4 GB).
// The counts are asserted exactly; the call answers without the expansion ever being built.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { braceVariants, expandBraces } from '../../src/engine/search/filters.js';
import { serverFixture } from '../helpers/server.js';
import { caller } from '../shapes/gemini/harness.js';

const { t } = serverFixture({ prefix: 'facet-brace-bomb-' });
const BOMB = '{a,b}'.repeat(40);

test('braceVariants counts what expandBraces makes, without making it', () => {
  for (const g of ['*.{ts,tsx}', '{a,{b,c}}/{x,y}', 'plain', '\\{a,b}', '{solo}', '{a,b}'.repeat(6)])
    assert.equal(braceVariants(g), expandBraces(g).length, g);
  assert.equal(braceVariants(BOMB), 2 ** 40);
});

test('a brace bomb answers INVALID_ARGUMENT in band in glob and read_many', async () => {
  const gemini = caller(() => t, 'gemini');
  const core = caller(() => t, 'core');
  const words = (field: string) =>
    `the {…} alternatives of a ${field} pattern make 1099511627776 patterns; at most 1024 are taken: use fewer alternatives or a wildcard`;
  const seen = [
    await gemini('glob', { pattern: BOMB }),
    await gemini('read_many_files', { include: [BOMB] }),
    await core('fs.read_many', { include: ['*.txt'], exclude: [BOMB] }),
  ].map((r) => [r.code, r.error]);
  assert.deepEqual(seen, [
    ['INVALID_ARGUMENT', `Invalid parameters: ${words('pattern')}.`],
    ['INVALID_ARGUMENT', `Invalid parameters: ${words('include')}.`],
    ['INVALID_ARGUMENT', words('exclude')],
  ]);
});
