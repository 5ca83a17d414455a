// Web engine: (1) a guarded fetch of a small page versus a bare undici request on loopback
// (target ≤ 1.5× at p50: the guard, redirect handling and decoding cost little); (2) a
// 50 MB body read with a 1 MB cap versus downloaded whole (the cap must not download it);
// (3) the event loop's worst delay while a 2 MB HTML page is converted to Markdown (the
// worker thread keeps the server responsive; target ≤ 50 ms).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { WebEngine } from '../src/engine/web/index.js';
import { report, stats, time, verdict } from './lib.js';

const SMALL = 'hello world\n'.repeat(100);
const BIG = 50 * 1024 * 1024;
const HTML = `<html><body>${'<p>Some <b>bold</b> text and a <a href="/x">link</a>.</p>'.repeat(40_000)}</body></html>`;

const server = http.createServer((req, res) => {
  if (req.url === '/big') {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': BIG });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const pump = () => {
      while (sent < BIG) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    res.on('close', () => (sent = BIG));
    return pump();
  }
  if (req.url === '/html') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return res.end(HTML);
  }
  res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(SMALL) });
  res.end(SMALL);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const engine = new WebEngine({ allowHosts: ['127.0.0.1'], rateLimit: { requests: 0, windowMs: 1 } });
const bare = new Agent();
const N = 500;

// (1) small page
const guarded: number[] = [];
const plain: number[] = [];
for (let i = 0; i < 50; i++) {
  await engine.fetch(`${origin}/s`, { cache: false });
  await (await request(`${origin}/s`, { dispatcher: bare })).body.text();
}
for (let i = 0; i < N; i++) {
  guarded.push(await time(() => engine.fetch(`${origin}/s`, { cache: false })));
  plain.push(await time(async () => (await request(`${origin}/s`, { dispatcher: bare })).body.text()));
}
const g = stats(guarded);
const p = stats(plain);

// (2) 50 MB body
const capped = await time(() => engine.fetch(`${origin}/big`, { cache: false, maxBytes: 1024 * 1024 }));
const whole = await time(async () => {
  const res = await request(`${origin}/big`, { dispatcher: bare });
  for await (const _ of res.body) void _;
});

// (3) event loop delay during a large conversion
const h = monitorEventLoopDelay({ resolution: 5 });
h.enable();
const convertMs = await time(() => engine.fetch(`${origin}/html`, { cache: false }));
h.disable();
const maxDelayMs = h.max / 1e6;

report('web: guarded fetch vs bare undici (small page, loopback)', [
  { case: 'guarded p50 ms', value: g.p50 },
  { case: 'bare undici p50 ms', value: p.p50 },
  { case: 'ratio (target ≤ 1.5)', value: g.p50 / p.p50 },
  { case: 'verdict', value: verdict(g.p50 / p.p50, 1.5) },
]);
report('web: 50 MB body', [
  { case: '1 MB cap ms', value: capped },
  { case: 'whole download ms', value: whole },
  { case: 'ratio capped/whole', value: capped / whole },
]);
report(`web: ${(HTML.length / 1e6).toFixed(1)} MB HTML to Markdown`, [
  { case: 'conversion ms', value: convertMs },
  { case: 'max event-loop delay ms (target ≤ 50)', value: maxDelayMs },
  { case: 'verdict', value: verdict(maxDelayMs, 50) },
]);

server.closeAllConnections();
server.close();
await bare.close();
process.exit(0);
