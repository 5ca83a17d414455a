// The fake engine stands in for every area of the real one: a call to an area the test did not
// fake fails naming itself, and a faked call answers as given.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fakeEngine } from './fake-engine.js';

test('every engine area, memory and code included, fails loudly when not faked', () => {
  const engine = fakeEngine() as unknown as Record<string, Record<string, () => unknown>>;
  for (const [area, call] of [
    ['files', 'read'],
    ['memory', 'command'],
    ['search', 'grep'],
    ['todos', 'get'],
    ['context', 'find'],
    ['shell', 'run'],
    ['web', 'fetch'],
    ['code', 'diagnostics'],
  ] as const) {
    assert.throws(() => engine[area]![call]!(), {
      message: `fake engine: ${area}.${call} was called but the test did not fake it`,
    });
  }
  assert.throws(() => fakeEngine().close(), { message: 'fake engine: close was called but the test did not fake it' });
});

test('a faked memory call answers as given', async () => {
  const engine = fakeEngine({ memory: { command: async () => ({ text: 'ok' }) as never } });
  assert.deepEqual(await engine.memory.command({} as never, {} as never), { text: 'ok' });
});
