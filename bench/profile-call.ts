// Where one small CallTool's server time goes: starts Facet under --cpu-prof, makes N calls of
// one tool at concurrency 1, stops it and sums the profile's self time by place (Facet's own
// files, grpc-js, pino, node internals, GC, idle) and by function. Not a *.bench.ts: run it by
// hand, `node dist/bench/profile-call.js [fs.read|search.grep|fs.edit|shell.run] [calls]`.
// The profile file stays in bench/.work/profiles for a closer look (Chrome DevTools).
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CallToolResponse } from '../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { callTool, load, startEcho, startFacet } from './lib.js';
import { summariseProfile } from './profile-summary.js';
import { smallCalls } from './small-calls.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const profiles = path.resolve(here, '../../bench/.work/profiles');
const echo = process.argv[2] === 'echo';
const tool = echo ? 'fs.read' : (process.argv[2] ?? 'fs.read');
const calls = Number(process.argv[3] ?? 20000);

const { subject, cleanup } = await smallCalls(tool);
rmSync(profiles, { recursive: true, force: true });
mkdirSync(profiles, { recursive: true });
const profiling = ['--cpu-prof', '--cpu-prof-dir', profiles, '--cpu-prof-interval', '100'];
// `echo` profiles the reference instead: the bare grpc-js server answering fs.read's bytes.
const server = echo
  ? await (async () => {
      const plain = await startFacet(subject.facetArgs);
      const bytes = CallToolResponse.encode(await callTool(plain.client, 'fs.read', { path: 'small.txt' })).finish();
      await plain.stop();
      return startEcho(bytes, [], profiling);
    })()
  : await startFacet(subject.facetArgs, {}, profiling);
const call =
  'client' in server
    ? (await subject.prepare?.(server.client), () => callTool(server.client, subject.tool, subject.args()))
    : server.call;
await load(1, 500, call);
// The window of the measured calls on the monotonic clock the profile's timestamps use, so
// start-up and warm-up (module loading, schema compiling, JIT) are left out.
const from = Number(process.hrtime.bigint() / 1000n);
const run = await load(1, calls, call);
const to = Number(process.hrtime.bigint() / 1000n);
await server.stop();
cleanup();

summariseProfile(profiles, from, to, calls, echo ? 'echo' : tool, run.latencies);
