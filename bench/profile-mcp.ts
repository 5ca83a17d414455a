// Where one MCP call's server time goes: starts `facet mcp --shape core --lsp off` under
// --cpu-prof, makes N calls of one op at concurrency 1 through the official SDK client, closes
// it and sums the profile (profile-summary). Not a *.bench.ts: run it by hand,
// `node dist/bench/profile-mcp.js [list|edit|read] [calls]`.
import { mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI, load } from './lib.js';
import { summariseProfile } from './profile-summary.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const work = path.resolve(here, '../../bench/.work/profile-mcp');
const profiles = path.resolve(here, '../../bench/.work/profiles');
const op = process.argv[2] ?? 'list';
const calls = Number(process.argv[3] ?? 5000);

rmSync(work, { recursive: true, force: true });
rmSync(profiles, { recursive: true, force: true });
mkdirSync(path.join(work, 'dir'), { recursive: true });
mkdirSync(profiles, { recursive: true });
const root = realpathSync(work);
// The subjects of mcp-calls: a 53-entry directory, a .ts file to edit, a 1 KB text.
for (let i = 0; i < 45; i++) writeFileSync(path.join(root, 'dir', `file${i}.ts`), `export const v${i} = ${i};\n`);
for (let i = 0; i < 8; i++) mkdirSync(path.join(root, 'dir', `sub${i}`));
writeFileSync(path.join(root, 'one-kb.txt'), `${'x'.repeat(63)}\n`.repeat(16));
const edited = path.join(root, 'edit.ts');
writeFileSync(edited, `export function add(a: number, b: number): number {\n  return a + b; // alpha\n}\n`);

const transport = new StdioClientTransport({
  command: process.execPath,
  args: [
    ...['--cpu-prof', '--cpu-prof-dir', profiles, '--cpu-prof-interval', '100'],
    ...[CLI, 'mcp', '--shape', 'core', '--root', root, '--lsp', 'off', '--log-level', 'info'],
  ],
  stderr: 'ignore',
});
const client = new Client({ name: 'facet-profile', version: '0' });
await client.connect(transport);
let n = 0;
const args: () => { name: string; arguments: Record<string, unknown> } =
  op === 'list'
    ? () => ({ name: 'fs.list', arguments: { path: 'dir' } })
    : op === 'read'
      ? () => ({ name: 'fs.read', arguments: { path: 'one-kb.txt' } })
      : () => {
          const [from, to] = n++ % 2 === 0 ? ['alpha', 'beta'] : ['beta', 'alpha'];
          return { name: 'fs.edit', arguments: { path: edited, old_string: from, new_string: to } };
        };
if (op === 'edit') await client.callTool({ name: 'fs.read', arguments: { path: edited } });
const call = async () => {
  const r = (await client.callTool(args())) as { isError?: boolean; content: unknown };
  if (r.isError) throw new Error(`${op} failed: ${JSON.stringify(r.content).slice(0, 300)}`);
};
await load(1, 500, call);
const from = Number(process.hrtime.bigint() / 1000n);
const run = await load(1, calls, call);
const to = Number(process.hrtime.bigint() / 1000n);
await client.close();
// The profile is written as the server exits; close() does not wait for that.
for (let i = 0; i < 100 && !(await import('node:fs')).readdirSync(profiles).some((f) => f.endsWith('.cpuprofile')); i++)
  await new Promise((r) => setTimeout(r, 100));
summariseProfile(profiles, from, to, calls, `mcp ${op}`, run.latencies);
rmSync(work, { recursive: true, force: true });
