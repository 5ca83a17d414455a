// Every codex tool's catalog examples, read back through DescribeTool and called over gRPC
// once each, against a workspace laid out so that each example does what it promises.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { texts, unary } from '../../helpers/server.js';
import { codexEnv, sessionId, type CodexEnv } from './helpers.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let e: CodexEnv;
before(async () => {
  e = await codexEnv();
  const w = (p: string, s: string | Buffer) => {
    mkdirSync(path.dirname(path.join(e.dir, p)), { recursive: true });
    writeFileSync(path.join(e.dir, p), s);
  };
  w('app.py', 'def greet():\n    print("hi")\n');
  w('docs/screenshot.png', PNG);
  const main = ['def main():'];
  for (let i = 2; i <= 130; i++) main.push(i % 10 === 0 ? `def f${i}():` : `    x${i} = ${i}  # TODO`);
  w('src/main.py', main.join('\n') + '\n');
  w('src/lib.rs', 'fn parse_config() {}\n');
  for (let i = 0; i < 30; i++) w(`many/f${i}.txt`, 'x\n'); // list_dir's second page needs more than 25 entries
  w('package.json', JSON.stringify({ name: 'x', version: '1.0.0', scripts: { test: 'echo tests pass' } }));
});
after(() => e.close());

test('every example of every codex tool does what it says', async () => {
  const summaries = await unary(e.t.client.listToolSummaries, e.t.client, { tagsFilter: [] }, { shape: 'codex' });
  const names = summaries.tools.map((t) => t.name);
  assert.equal(names.length, 10);
  // write_stdin's examples need live processes: a Python prompt (from exec_command's example) and a short job to wait for.
  const ids: number[] = [];
  let called = 0;
  for (const name of ['exec_command', ...names.filter((n) => n !== 'exec_command')]) {
    const spec = (await unary(e.t.client.describeTool, e.t.client, { name }, { shape: 'codex' })).tool!;
    assert.ok(spec.examples.length >= 1, `${name} has examples`);
    for (const [k, ex] of spec.examples.entries()) {
      let args = JSON.parse(JSON.stringify(ex.arguments).replaceAll('/srv/app', e.dir)) as Record<string, unknown>;
      if (name === 'write_stdin') {
        if (ids.length < 2) ids.push(sessionId(await e.call('exec_command', { cmd: 'sleep 0.3; echo built', yield_time_ms: 250 })));
        args = { ...args, session_id: ids[k] };
      }
      const res = await e.call(name, args);
      called++;
      assert.equal(res.error, '', `${name}: ${ex.description}: ${res.error}`);
      const text = texts(res)[0] ?? '';
      if (name === 'exec_command' && args.tty) ids.unshift(sessionId(res));
      if (name === 'write_stdin' && k === 0) assert.match(text, /\b2\r?\n/);
      if (name === 'write_stdin' && k === 1) assert.match(text, /Process exited with code 0[\s\S]*built/);
      if (name === 'apply_patch') assert.match(JSON.parse(text).output, /A NOTES\.md\nM app\.py/);
      if (name === 'update_plan') assert.equal(text, 'Plan updated');
      if (name === 'grep_files' && k === 0) assert.equal(text, path.join(e.dir, 'src/lib.rs'));
      if (name === 'read_file' && k === 0) assert.equal(text.split('\n').length, 50);
      if (name === 'read_file' && k === 1) assert.match(text, /^L101: {5}x101 = 101[\s\S]*\nL120: def f120\(\):\n[\s\S]*\nL130: def f130\(\):$/);
      if (name === 'list_dir' && k === 0) assert.match(text, new RegExp(`^Absolute path: ${e.dir}\\n`));
      if (name === 'shell_command' && k === 1) assert.match(text, /tests pass/);
    }
  }
  assert.ok(called >= 16);
});
