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

export function fakeServers(dir: string): { silent: string; crashing: string } {
  const silent = path.join(dir, 'silent-server.mjs');
  const crashing = path.join(dir, 'crashing-server.mjs');
  writeFileSync(silent, `${framing}\nfunction onMessage() {}\n`);
  writeFileSync(
    crashing,
    `${framing}\nfunction onMessage(m) {\n  if (m.method === 'initialize') send({ jsonrpc: '2.0', id: m.id, result: { capabilities: { textDocumentSync: 1 } } });\n  else if (m.method === 'textDocument/didOpen') process.exit(3);\n}\n`,
  );
  return { silent, crashing };
}
