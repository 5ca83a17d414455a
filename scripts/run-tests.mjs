// Runs every compiled test file with node's test runner, under a HOME and a TMPDIR of its own. Usage: node scripts/run-tests.mjs [filter...]
// (Node 20's --test takes no globs, so the files are listed here.)
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { once } from 'node:events';

const root = path.resolve('dist/test');
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    // A compiled test whose source was renamed or removed is stale: skip it.
    else if (
      name.endsWith('.test.js') &&
      existsSync(path.join(path.resolve('test'), path.relative(root, p)).replace(/\.js$/, '.ts'))
    )
      files.push(p);
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
// The tests also get a temporary directory of their own (TMPDIR, which os.tmpdir() and mktemp
// follow), empty at the start: whatever is left in it at the end was left by a test, and fails
// the run. Other programs on this machine may use the system's meanwhile; this one is ours alone.
const tmp = mkdtempSync(path.join(os.tmpdir(), 'facet-test-tmp-'));
const env = {
  ...process.env,
  HOME: home,
  TMPDIR: tmp,
  XDG_CONFIG_HOME: path.join(home, '.config'),
  XDG_CACHE_HOME: path.join(home, '.cache'),
};
delete env.BASH_ENV;
delete env.ENV;
const child = spawn(
  process.execPath,
  ['--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...chosen],
  { stdio: 'inherit', env },
);
// A run stopped from outside (Ctrl-C, a CI timeout, kill) stops its tests and still removes
// its HOME and TMPDIR, instead of leaving them in the machine's temporary directory.
let stoppedBy;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    stoppedBy = signal;
    child.kill(signal);
  });
}
const [code] = await once(child, 'exit');
if (stoppedBy) {
  rmSync(home, { recursive: true, force: true });
  rmSync(tmp, { recursive: true, force: true });
  process.kill(process.pid, stoppedBy);
}
const r = { status: code };
const left = readdirSync(tmp).sort();
// What a left directory holds (its first entries), to tell whose it is.
const leftIn = Object.fromEntries(
  left.map((n) => {
    const p = path.join(tmp, n);
    const inner = statSync(p).isDirectory() ? readdirSync(p, { recursive: true }).slice(0, 4) : [];
    return [n, inner.length > 0 ? ` (holds ${inner.join(', ')}${inner.length === 4 ? ', …' : ''})` : ''];
  }),
);
rmSync(home, { recursive: true, force: true });
rmSync(tmp, { recursive: true, force: true });
if (left.length > 0) {
  console.error(
    `\nthe tests left ${left.length} entries in their temporary directory (each test must remove what it makes):\n${left.map((n) => `  ${n}${leftIn[n]}`).join('\n')}`,
  );
  process.exit(1);
}
process.exit(r.status ?? 1);
