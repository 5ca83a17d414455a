// Fake language servers for the failure tests, written into a temp dir: one that reads and
// never answers, one that answers initialize and dies on the first document it is sent.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const framing = `
let buf = Buffer.alloc(0);
const send = (m) => { const b = Buffer.from(JSON.stringify(m)); process.stdout.write('Content-Length: ' + b.length + '\\r\\n\\r\\n'); process.stdout.write(b); };
process.stdin.on('data', (d) => {
  buf = Buffer.concat([buf, d]);
  for (;;) {
    const head = buf.indexOf('\\r\\n\\r\\n');
    if (head === -1) return;
    const len = Number(/Content-Length: (\\d+)/i.exec(buf.subarray(0, head).toString())[1]);
    if (buf.length < head + 4 + len) return;
    const msg = JSON.parse(buf.subarray(head + 4, head + 4 + len).toString());
    buf = buf.subarray(head + 4 + len);
    onMessage(msg);
  }
});
`;

export function fakeServers(dir: string): { silent: string; crashing: string; gated: string; recording: string } {
  const silent = path.join(dir, 'silent-server.mjs');
  const crashing = path.join(dir, 'crashing-server.mjs');
  // Answers initialize only once the file named by its argument exists (the test opens the
  // gate), then reports one error on every line of a document that holds BAD.
  const gated = path.join(dir, 'gated-server.mjs');
  writeFileSync(
    gated,
    `${framing}
import { existsSync } from 'node:fs';
const gate = process.argv[2];
const pending = [];
let open = false;
const publish = (uri, text) => send({ jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri, diagnostics: text.split('\\n').flatMap((l, i) => l.includes('BAD') ? [{ range: { start: { line: i, character: 0 }, end: { line: i, character: 3 } }, severity: 1, message: 'BAD is bad', source: 'gated' }] : []) } });
function handle(m) {
  if (m.method === 'initialize') send({ jsonrpc: '2.0', id: m.id, result: { capabilities: { textDocumentSync: 1 } } });
  else if (m.method === 'textDocument/didOpen') publish(m.params.textDocument.uri, m.params.textDocument.text);
  else if (m.method === 'textDocument/didChange') publish(m.params.textDocument.uri, m.params.contentChanges.at(-1).text);
  else if (m.id !== undefined && m.method) send({ jsonrpc: '2.0', id: m.id, result: null });
}
function onMessage(m) { if (open) handle(m); else pending.push(m); }
const timer = setInterval(() => { if (existsSync(gate)) { clearInterval(timer); open = true; for (const m of pending.splice(0)) handle(m); } }, 20);
`,
  );
  // Appends each message's method (and whether it carried a document's text) to the file named by
  // its first argument; declares the textDocumentSync its second argument names (full: 1, save: with
  // save, save-text: with save and its text); publishes
  // no diagnostics for every document it is sent.
  const recording = path.join(dir, 'recording-server.mjs');
  writeFileSync(
    recording,
    `${framing}
import { appendFileSync } from 'node:fs';
const [log, sync] = process.argv.slice(2);
function onMessage(m) {
  if (m.method) appendFileSync(log, JSON.stringify({ method: m.method, text: typeof (m.params?.text ?? m.params?.textDocument?.text ?? m.params?.contentChanges?.[0]?.text) === 'string' }) + '\\n');
  if (m.method === 'initialize') send({ jsonrpc: '2.0', id: m.id, result: { capabilities: { textDocumentSync: { full: 1, save: { change: 1, save: true }, 'save-text': { change: 1, save: { includeText: true } } }[sync] } } });
  else if (m.method === 'textDocument/didOpen' || m.method === 'textDocument/didChange') send({ jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: m.params.textDocument.uri, diagnostics: [] } });
  else if (m.id !== undefined && m.method) send({ jsonrpc: '2.0', id: m.id, result: null });
}
`,
  );
  writeFileSync(silent, `${framing}\nfunction onMessage() {}\n`);
  writeFileSync(
    crashing,
    `${framing}\nfunction onMessage(m) {\n  if (m.method === 'initialize') send({ jsonrpc: '2.0', id: m.id, result: { capabilities: { textDocumentSync: 1 } } });\n  else if (m.method === 'textDocument/didOpen') process.exit(3);\n}\n`,
  );
  return { silent, crashing, gated, recording };
}
