// Runs every compiled test file with node's test runner. Usage: node scripts/run-tests.mjs [filter...]
// (Node 20's --test takes no globs, so the files are listed here.)
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve('dist/test');
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (name.endsWith('.test.js')) files.push(p);
  }
};
walk(root);
const filters = process.argv.slice(2);
const chosen = files.filter((f) => filters.length === 0 || filters.some((x) => f.includes(x))).sort();
if (chosen.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const concurrency = process.env.FACET_TEST_CONCURRENCY ?? '2';
const r = spawnSync(process.execPath, ['--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...chosen], { stdio: 'inherit' });
process.exit(r.status ?? 1);
