// Checks the replay ledger itself and prints its counts: every case has a verdict with
// what that verdict needs, and every deliberate difference is told in the tool's
// error_modes. The cases themselves run in test/replay/<vendor>.test.ts.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { parseConfig } from '../../src/config.js';
import { buildShapes } from '../../src/shapes/index.js';
import { servedReleases } from '../../src/shapes/versions.js';
import { createEngine } from '../../src/engine/index.js';
import type { ReplaySuite } from './ledger.js';

const here = path.dirname(fileURLToPath(import.meta.url));

async function suites(): Promise<ReplaySuite[]> {
  const out: ReplaySuite[] = [];
  for (const f of readdirSync(here)
    .filter((n) => n.endsWith('.cases.js'))
    .sort()) {
    const mod = (await import(pathToFileURL(path.join(here, f)).href)) as Record<string, unknown>;
    for (const v of Object.values(mod))
      if (v && typeof v === 'object' && 'cases' in v && 'vendor' in v) out.push(v as ReplaySuite);
  }
  return out;
}

test('every replayed vendor case has a verdict, its reason, and a run where it runs', async (t) => {
  const all = await suites();
  const config = parseConfig(['--root', here], {});
  const engine = createEngine(config);
  const shapes = buildShapes(config, engine);
  const rows: string[] = [];
  const totals = { matched: 0, different: 0, 'not-applicable': 0 };
  for (const s of all) {
    // A suite pinned to a release (NAME@VERSION) is checked against that release's tools.
    const [name] = s.shape.split('@');
    const spec = shapes.has(s.shape)
      ? shapes.get(s.shape)
      : new Map(servedReleases(s.shape, shapes.get(name!)!, config, engine)).get(s.shape);
    const tool = spec?.tools.find((d) => d.name === s.tool);
    assert.ok(tool, `${s.source}: shape ${s.shape} has no tool ${s.tool}`);
    const names = new Set<string>();
    const counts = { matched: 0, different: 0, 'not-applicable': 0 };
    for (const c of s.cases) {
      const where = `${s.source}: "${c.name}"`;
      assert.ok(!names.has(c.name), `${where} is listed twice`);
      names.add(c.name);
      counts[c.verdict] += 1;
      if (c.verdict === 'not-applicable') {
        assert.ok(c.reason, `${where}: a not-applicable case says why`);
        assert.equal(c.run, undefined, `${where}: a not-applicable case does not run`);
      } else {
        assert.equal(typeof c.run, 'function', `${where}: a ${c.verdict} case runs`);
      }
      if (c.verdict === 'different') {
        assert.ok(c.reason && c.errorModes, `${where}: a deliberate difference says why and where error_modes tell it`);
        assert.ok(
          tool.errorModes.includes(c.errorModes),
          `${where}: ${s.tool}'s error_modes do not say "${c.errorModes}"`,
        );
      }
    }
    for (const k of Object.keys(totals) as Array<keyof typeof totals>) totals[k] += counts[k];
    rows.push(
      `${s.vendor} ${s.tool} (${s.source}): ${counts.matched} matched, ${counts.different} different, ${counts['not-applicable']} not applicable`,
    );
  }
  rows.push(
    `total: ${totals.matched} matched, ${totals.different} deliberately different, ${totals['not-applicable']} not applicable, 0 mismatches (a mismatch fails its replay test)`,
  );
  for (const r of rows) t.diagnostic(r);
  assert.ok(all.length > 0, 'no replay suites found');
});
