// npm start: build when a source changed since the last build (or there is none), then run
// `facet serve` in this same process with the arguments given (npm start -- --root ...).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildReason } from './build-state.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reason = buildReason(root);
if (reason) {
  process.stderr.write(`facet: building (${reason})\n`);
  const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.json')], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  const b = spawnSync(process.execPath, [path.join(root, 'scripts/bundle.mjs')], { stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const cli = path.join(root, 'dist/src/cli.js');
process.argv = [process.argv[0], cli, 'serve', ...process.argv.slice(2)];
await import(pathToFileURL(cli).href);
