// The live bash of Anthropic's bash tool dies with the server, however the server ends: a
// SIGKILLed server leaves neither the shell nor the command it was running (whose stdin is
// /dev/null, so nothing else would end it), and a shell that exits by itself leaves nothing.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { groupAlive } from '../../../src/engine/shell/kill.js';
import { callTool, spawnServer, tempDir } from '../../helpers/server.js';
import { eventually, marker, procsWith } from '../../shell/procs.js';

test("a SIGKILLed server takes its live bash and the command it runs with it; a shell's own exit leaves nothing", async () => {
  const { dir, cleanup } = tempDir();
  const m = marker();
  const server = await spawnServer(['--root', dir, '--shape', 'anthropic', '--lsp', 'off']);
  try {
    const call = (command: string) => callTool(server.client, 'bash', { command }, { session: 'live' });
    // A shell that exits by itself: what it started in the background and the watchdog go too.
    assert.equal(
      (await call(`echo $$ > shell-1.pid; sleep 1${m}1 & exit 0`)).error,
      'bash has exited with returncode 0\n<system>The next command starts a new bash session.</system>',
    );
    // (In the bubblewrap sandbox $$ is the shell's pid in its own namespace: the marker is the
    // check that holds either way, and the kill may still be under way when the call answers.)
    const first = Number(readFileSync(path.join(dir, 'shell-1.pid'), 'utf8'));
    assert.equal(
      await eventually(() => procsWith(`1${m}1`).length === 0 && !groupAlive(first)),
      true,
      `left: ${procsWith(`1${m}1`).join(', ')}`,
    );

    const running = call(`echo $$ > shell-2.pid; sleep ${m}`).catch(() => undefined);
    assert.equal(await eventually(() => procsWith(m).length === 1), true, 'the command runs');
    const shell = Number(readFileSync(path.join(dir, 'shell-2.pid'), 'utf8'));
    server.child.kill('SIGKILL');
    await running;
    assert.equal(
      await eventually(() => procsWith(m).length === 0 && !groupAlive(shell)),
      true,
      `left: ${procsWith(m).join(', ')}`,
    );
  } finally {
    server.client.close();
    server.child.kill('SIGKILL');
    for (const pid of procsWith(m)) process.kill(pid, 'SIGKILL');
    cleanup();
  }
});
