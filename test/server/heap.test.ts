// The heap growth bound set when `facet serve` starts: applied by default, and left alone when
// the operator passed heap flags of their own (on the command line or in NODE_OPTIONS).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const HEAP = pathToFileURL(path.resolve('dist/src/heap.js')).href;
const probe = `import { boundHeapGrowth } from ${JSON.stringify(HEAP)}; process.stdout.write(String(boundHeapGrowth()));`;

async function applied(nodeArgs: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  const { stdout } = await run(process.execPath, [...nodeArgs, '--input-type=module', '-e', probe], {
    env: { ...process.env, NODE_OPTIONS: '', ...env },
  });
  return stdout;
}

test('the heap growing factor is bounded unless the operator chose heap flags', async () => {
  assert.equal(await applied([]), 'true');
  assert.equal(await applied(['--max-old-space-size=512']), 'false');
  assert.equal(await applied(['--heap-growing-percent=0']), 'false');
  assert.equal(await applied([], { NODE_OPTIONS: '--max-old-space-size=2048' }), 'false');
});
