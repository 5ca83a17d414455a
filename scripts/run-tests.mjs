// Runs every compiled test file with node's test runner, under a HOME of its own. Usage: node scripts/run-tests.mjs [filter...]
// (Node 20's --test takes no globs, so the files are listed here.)
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve('dist/test');
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    // A compiled test whose source was renamed or removed is stale: skip it.
    else if (name.endsWith('.test.js') && existsSync(path.join(path.resolve('test'), path.relative(root, p)).replace(/\.js$/, '.ts'))) files.push(p);
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
// The tests run with HOME=<a new temporary directory>, never the machine's: a slow or chatty
// ~/.bashrc, a user's ~/.npmrc or git config would change what commands print. npm gets a
// quiet config of its own (no update notice, which depends on the network).
const home = mkdtempSync(path.join(os.tmpdir(), 'facet-test-home-'));
writeFileSync(path.join(home, '.npmrc'), 'update-notifier=false\nfund=false\naudit=false\n');
const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_CACHE_HOME: path.join(home, '.cache') };
delete env.BASH_ENV;
delete env.ENV;
const r = spawnSync(process.execPath, ['--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...chosen], { stdio: 'inherit', env });
rmSync(home, { recursive: true, force: true });
process.exit(r.status ?? 1);
