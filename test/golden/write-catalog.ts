// `npm run golden`: rewrites test/golden/catalog/<shape>@<version>.json from real servers, one
// per served release, and removes files of releases no longer served. Review the diff before committing it.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { captureCatalog, GOLDEN_DIR, goldenFile, REPO_ROOT, serialise, servedReleases } from './catalog-capture.js';

mkdirSync(GOLDEN_DIR, { recursive: true });
const changed: string[] = [];
const served = servedReleases();
for (const shape of served) {
  const file = goldenFile(shape);
  const text = serialise(await captureCatalog(shape));
  let before: string | undefined;
  try {
    before = readFileSync(file, 'utf8');
  } catch {
    // a new release: no file yet
  }
  if (before !== text) {
    writeFileSync(file, text);
    changed.push(path.relative(REPO_ROOT, file));
  }
}
for (const name of readdirSync(GOLDEN_DIR)) {
  if (name.endsWith('.json') && !served.includes(name.slice(0, -'.json'.length))) {
    rmSync(path.join(GOLDEN_DIR, name));
    changed.push(`${path.relative(REPO_ROOT, path.join(GOLDEN_DIR, name))} (removed)`);
  }
}
console.log(
  changed.length === 0
    ? 'catalog golden: no change'
    : `catalog golden: rewrote\n  ${changed.join('\n  ')}\nreview with: git diff --word-diff -- test/golden/catalog`,
);
