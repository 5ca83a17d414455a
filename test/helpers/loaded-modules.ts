// What a spawned Facet has loaded: a preload records every module URL the ESM loader resolves
// and, on SIGUSR2, every CommonJS module in require's cache; dist/bundle-meta.json maps each
// loaded bundle chunk back to the sources and packages bundled into it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ChildProcess } from 'node:child_process';

/** Writes the preload into `dir` and returns the node flags that load it (the log goes to $LOADED_LOG). */
export function preloadFlags(dir: string): string[] {
  const hooks = path.join(dir, 'hooks.mjs');
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  appendFileSync(process.env.LOADED_LOG, r.url + '\\n');
  return r;
}\n`,
  );
  const preload = path.join(dir, 'preload.mjs');
  writeFileSync(
    preload,
    `import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
register(${JSON.stringify(pathToFileURL(hooks).href)});
const require = createRequire(import.meta.url);
process.on('SIGUSR2', () => appendFileSync(process.env.LOADED_LOG, Object.keys(require.cache).join('\\n') + '\\nDUMPED\\n'));\n`,
  );
  return ['--import', preload];
}

/** Everything `child` (started with preloadFlags and LOADED_LOG=`log`) has loaded so far, bundled sources included. */
export async function loadedBy(child: ChildProcess, log: string): Promise<string> {
  const before = readFileSync(log, 'utf8').split('DUMPED').length;
  child.kill('SIGUSR2');
  for (let i = 0; i < 400 && readFileSync(log, 'utf8').split('DUMPED').length === before; i++)
    await new Promise((r) => setTimeout(r, 25));
  return withBundledInputs(readFileSync(log, 'utf8'));
}

/** `loaded` with, after each bundle output it names, the sources bundled into that output. */
function withBundledInputs(loaded: string): string {
  const bundled = JSON.parse(readFileSync('dist/bundle-meta.json', 'utf8')) as {
    outputs: Record<string, { inputs: Record<string, unknown> }>;
  };
  const inputs = Object.entries(bundled.outputs)
    .filter(([out]) => out.endsWith('.js') && loaded.includes(`/${out}`))
    .flatMap(([, o]) => Object.keys(o.inputs).map((i) => `/${i}`));
  return `${loaded}\n${inputs.join('\n')}`;
}

/** The packages of `names` that `loaded` (as loadedBy gives it) holds. */
export const packagesIn = (loaded: string, names: readonly string[]): string[] =>
  names.filter((p) => loaded.includes(`/node_modules/${p}/`));
