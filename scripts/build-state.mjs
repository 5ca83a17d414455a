// Whether dist/ is older than the sources it is built from, so `npm start` builds only then.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The first input (under src/, or tsconfig.json) changed after dist/src/cli.js was written, or why a build is due; undefined when up to date. */
export function buildReason(root) {
  const built = statSync(path.join(root, 'dist/src/cli.js'), { throwIfNoEntry: false });
  if (!built) return 'no build yet';
  const stamp = built.mtimeMs;
  const tsconfig = path.join(root, 'tsconfig.json');
  if (statSync(tsconfig).mtimeMs > stamp) return 'tsconfig.json changed';
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        const found = walk(p);
        if (found) return found;
      } else if (entry.name.endsWith('.ts') && statSync(p).mtimeMs > stamp) {
        return `${path.relative(root, p)} changed`;
      }
    }
    return undefined;
  };
  return walk(path.join(root, 'src'));
}
