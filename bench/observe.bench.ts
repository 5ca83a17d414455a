// What observing a call costs: CPU per tool call in the toolbox with no observer, with
// metrics (--metrics-listen: the change record is carried through AsyncLocalStorage, which on
// Node 20 turns on promise hooks), and with metrics and the audit log (content hashes before
// and after each write, one write(2) per line). CPU (process.cpuUsage), not wall time: the
// machine may be shared. Read call: fs.stat; write call: fs.write of 1 KB.
import { mkdirSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfig } from '../src/config.js';
import { createEngine } from '../src/engine/index.js';
import { Scope } from '../src/engine/scope.js';
import { Session } from '../src/engine/session.js';
import { Toolbox } from '../src/registry/toolbox.js';
import type { RequestContext } from '../src/registry/types.js';
import { Observability } from '../src/server/observe/observer.js';
import { buildShapes } from '../src/shapes/index.js';
import { fmt, report } from './lib.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const work = path.resolve(here, '../../bench/.work/observe');
rmSync(work, { recursive: true, force: true });
mkdirSync(path.join(work, 'root'), { recursive: true });
const root = realpathSync(path.join(work, 'root'));
const N = 3000;
const content = 'x'.repeat(1023) + '\n';

async function measure(label: string, args: string[]): Promise<Array<Record<string, string | number>>> {
  const config = parseConfig(['--root', root, '--shape', 'core', ...args], {});
  const obs = new Observability(config);
  const spec = buildShapes(config, createEngine(config)).get('core')!;
  const toolbox = new Toolbox(spec, obs.active ? obs : undefined);
  const session = new Session('bench');
  const ctx = (): RequestContext => ({
    signal: new AbortController().signal,
    session,
    scope: Scope.fromRoots([root]),
    shape: 'core',
    logger: { debug: () => undefined, warn: () => undefined },
    transport: { system: 'grpc', method: 'codefly.services.toolbox.v0.Toolbox/CallTool' },
  });
  const rows: Array<Record<string, string | number>> = [];
  for (const [tool, argsOf] of [
    ['fs.stat', () => ({ path: 'f.txt' })],
    ['fs.write', (i: number) => ({ path: `w${i % 20}.txt`, content })],
  ] as const) {
    await toolbox.call('fs.write', { path: 'f.txt', content }, ctx());
    for (let i = 0; i < 200; i++) await toolbox.call(tool, argsOf(i), ctx()); // warm-up
    const before = process.cpuUsage();
    for (let i = 0; i < N; i++) await toolbox.call(tool, argsOf(i), ctx());
    const used = process.cpuUsage(before);
    rows.push({ observer: label, tool, calls: N, cpu_us_per_call: fmt((used.user + used.system) / N, 1) });
  }
  await obs.close();
  return rows;
}

const rows = [
  ...(await measure('none', [])),
  ...(await measure('metrics', ['--metrics-listen', '127.0.0.1:0'])),
  ...(await measure('metrics+audit', [
    '--metrics-listen',
    '127.0.0.1:0',
    '--audit-log',
    path.join(work, 'audit.jsonl'),
  ])),
];
report('CPU per tool call by observer (toolbox only, no transport)', rows);
rmSync(work, { recursive: true, force: true });
