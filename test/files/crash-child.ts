// Child process for the crash test: rewrites one file through the engine, forever, each
// version a different length of one repeated letter, until it is killed.
import { Scope } from '../../src/engine/scope.js';
import { writeFile } from '../../src/engine/files/write.js';

export const letterFor = (v: number) => String.fromCharCode(65 + (v % 26));
export const lengthFor = (letter: string, base: number) => base + (letter.charCodeAt(0) - 65) * 4099;

async function main(): Promise<void> {
  const [root, name, baseArg] = process.argv.slice(2);
  if (!root || !name || !baseArg) return; // imported for its helpers
  const scope = Scope.fromRoots([root]);
  const base = Number(baseArg);
  for (let v = 1; ; v++) {
    const letter = letterFor(v);
    await writeFile(scope, name, letter.repeat(lengthFor(letter, base)), { diff: false });
    // Ready once the first write is done: it swept what an earlier child left behind.
    if (v === 1) process.stdout.write('ready\n');
  }
}

if (process.argv[1]?.endsWith('crash-child.js')) void main();
