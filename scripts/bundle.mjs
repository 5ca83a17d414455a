// The shipped command line as a few bundled files (issue 38): run after tsc by `npm run build`,
// it writes dist/src/cli.js over tsc's copy, so `facet`, `npm start` and every test that spawns
// the CLI run the bundle, while tests that import dist/src modules keep tsc's per-file output.
// Loading ~600 modules one by one (resolve, read, compile, link) was most of start-up; a bundle
// loads a handful. Code splitting keeps each command's path lazy: `facet mcp` loads the MCP
// chunk, `facet serve` the gRPC one, each only when its command runs.
//
// Layout: every output sits directly in dist/src, next to cli.js, so a module's
// `new URL('./files-worker.js', import.meta.url)` finds the bundled worker whichever chunk it
// landed in (and tsc's copy, next to its own module, when run unbundled).
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist/src');

/** Worker scripts, started by URL next to the module that starts them: each needs its own entry. */
const WORKERS = ['engine/files/files-worker', 'engine/search/fallback-worker', 'engine/web/convert-worker'];

/**
 * Left to node_modules: native addons (node-pty, sharp); packages that read their own files at
 * run time by __dirname (the health and reflection protos, proto-loader); language servers and
 * the TypeScript compiler, which run as their own processes and are only located here.
 */
const EXTERNAL = [
  '@lydell/node-pty',
  'sharp',
  'grpc-health-check',
  '@grpc/reflection',
  '@grpc/proto-loader',
  'protobufjs',
  'typescript',
  'pyright',
  'typescript-language-server',
];

/**
 * The MCP SDK's Server imports its ajv validator and builds one at construction: in the bundle
 * it gets Facet's stand-in (src/server/mcp/lazy-ajv-provider.ts), which requires the SDK's own
 * at the first schema, so `facet mcp` answers `initialize` without loading ajv (issue 38).
 */
const lazySdkAjv = {
  name: 'lazy-sdk-ajv',
  setup(b) {
    b.onResolve({ filter: /\/validation\/ajv-provider\.js$/ }, (args) =>
      /@modelcontextprotocol\/sdk\/dist\/esm\/server\//.test(args.importer)
        ? { path: path.join(root, 'src/server/mcp/lazy-ajv-provider.ts') }
        : undefined,
    );
  },
};

// Chunks of an earlier build would otherwise pile up beside the new ones.
for (const f of readdirSync(out)) if (/^chunk-.*\.js(\.map)?$/.test(f)) rmSync(path.join(out, f));

const result = await build({
  absWorkingDir: root,
  entryPoints: [
    { in: 'src/cli.ts', out: 'cli' },
    ...WORKERS.map((w) => ({ in: `src/${w}.ts`, out: path.basename(w) })),
  ],
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  external: EXTERNAL,
  chunkNames: 'chunk-[hash]',
  logLevel: 'warning',
  metafile: true,
  plugins: [lazySdkAjv],
  // Bundled CommonJS packages call require() for Node's built-ins; ESM has none, so each output file gets one.
  banner: {
    js: "import { createRequire as __facetCreateRequire } from 'node:module';\nconst require = __facetCreateRequire(import.meta.url);",
  },
});
// Which sources each output file holds: tests map the chunks a process loaded back to the packages in them.
writeFileSync(path.join(root, 'dist/bundle-meta.json'), JSON.stringify(result.metafile));
