// A child's stdout read through a socket into one reused buffer (engine/socket-stdout.ts), with
// real child processes: every byte arrives in order, EOF waits for every process holding the
// child's end, the listener's name is gone once connected, and a destroyed reader stops the child.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readlinkSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { socketStdout, spareMade } from '../../src/engine/socket-stdout.js';

// This file's own temporary directory, so the private directory made inside it can be looked at.
const tmp = mkdtempSync(path.join(os.tmpdir(), 'socket-stdout-test-'));
process.env.TMPDIR = tmp;
after(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs `args` with stdout through socketStdout; returns what was read, a copy of each read taken during its call. */
async function run(args: string[]): Promise<{ text: string; code: number | null }> {
  const parts: Buffer[] = [];
  const out = await socketStdout((chunk) => parts.push(Buffer.from(chunk)));
  assert.ok(out, 'the socket pair is made in a writable temporary directory');
  const child = spawn(args[0]!, args.slice(1), { stdio: ['ignore', out.childEnd, 'inherit'] });
  out.spawned();
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  await out.ended;
  return { text: Buffer.concat(parts).toString('utf8'), code };
}

test('every byte of a large output arrives in order, though each read reuses one buffer', async () => {
  // 4 MB in writes of uneven sizes, each line numbered: a reused buffer overwritten too early would garble it.
  const script = `let s=''; for (let i=0;i<200000;i++){ s+=String(i).padStart(7,'0')+' '+'abcdefghijkl'+'\\n'; if (s.length>30000+(i%7)*5000){process.stdout.write(s); s='';} } process.stdout.write(s);`;
  const { text, code } = await run([process.execPath, '-e', script]);
  assert.equal(code, 0);
  const lines = text.split('\n');
  assert.equal(lines.length, 200001);
  assert.equal(lines[200000], '');
  for (let i = 0; i < 200000; i += 9973) assert.equal(lines[i], `${String(i).padStart(7, '0')} abcdefghijkl`);
  assert.equal(text.length, 200000 * 21);
});

test('concurrent children each reach their own reader', async () => {
  // Twelve pairs made at once: a child's output landing in another reader would show here.
  const script = (i: number) => `const line='child ${i} '.repeat(50)+'\\n'; process.stdout.write(line.repeat(2000));`;
  const results = await Promise.all(Array.from({ length: 12 }, (_, i) => run([process.execPath, '-e', script(i)])));
  results.forEach(({ text, code }, i) => {
    assert.equal(code, 0);
    assert.equal(text, `${`child ${i} `.repeat(50)}\n`.repeat(2000));
  });
});

test('the end waits for every process that holds the child end, not only the child', async () => {
  // The shell exits at once; its background child writes later through the same descriptor.
  const { text, code } = await run(['sh', '-c', 'echo first; (sleep 0.3; echo second) &']);
  assert.equal(code, 0);
  assert.equal(text, 'first\nsecond\n');
});

/** How many sockets this process has open. */
function sockets(): number {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith('socket:');
    } catch {
      return false;
    }
  }).length;
}

test('listener names are removed once connected, in a directory only this user can enter; one pair is kept ready', async () => {
  await spareMade();
  const before = sockets();
  const out = await socketStdout(() => undefined);
  assert.ok(out);
  await spareMade();
  try {
    const made = readdirSync(tmp).filter((n) => n.startsWith('facet-out-'));
    assert.equal(made.length, 1);
    const dir = path.join(tmp, made[0]!);
    assert.equal(statSync(dir).mode & 0o777, 0o700);
    assert.deepEqual(readdirSync(dir), []);
    // The pair in use is the one that was kept ready; a new one is ready in its place.
    assert.equal(sockets(), before + 2);
  } finally {
    out.destroy();
  }
  await out.ended;
  assert.equal(sockets(), before);
});

test('destroying the reader stops a child that keeps writing (it gets EPIPE)', async () => {
  let got = 0;
  const out = await socketStdout((chunk) => {
    got += chunk.length;
    if (got > 0) out?.destroy();
  });
  assert.ok(out);
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const b=Buffer.alloc(65536,120); (function w(){ process.stdout.write(b, (e)=>{ if(e) process.exit(7); else w(); }); })()`,
    ],
    {
      stdio: ['ignore', out.childEnd, 'ignore'],
    },
  );
  out.spawned();
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  await out.ended;
  assert.equal(code, 7);
  assert.ok(got > 0);
});

test('where no socket can be made (no such temporary directory), it says so and the caller reads a pipe', async () => {
  const script = `process.env.TMPDIR = '/nonexistent/facet-test'; const { socketStdout } = await import(${JSON.stringify(new URL('../../src/engine/socket-stdout.js', import.meta.url).href)}); const a = await socketStdout(() => {}); const b = await socketStdout(() => {}); console.log(String(a) + ' ' + String(b));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let text = '';
  child.stdout.on('data', (d: Buffer) => (text += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.equal(code, 0);
  assert.equal(text, 'undefined undefined\n');
});
