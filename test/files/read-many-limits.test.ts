// read_many's bounds: more than MAX_PATTERNS include or exclude patterns are refused in band
// before any walk (fs.read_many and Gemini's read_many_files alike), and a read_many past its
// time limit answers timed_out. The limit here is zero so that the outcome, not the time, is asserted.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { MAX_PATTERNS, readMany } from '../../src/engine/files/read-many.js';
import { serverFixture } from '../helpers/server.js';
import { caller } from '../shapes/gemini/harness.js';
import { fixture } from './fixture.js';

const { t, dir } = serverFixture({ prefix: 'facet-read-many-limits-' });
const many = (n: number) => Array.from({ length: n }, (_, i) => `src/**/f${i}.ts`);
const ADVICE = 'use broader globs (such as "src/**/*.ts") or split the list over several calls';

test('more include patterns than the limit: INVALID_ARGUMENT naming the limit, in every dialect', async () => {
  writeFileSync(path.join(dir, 'a.txt'), 'a\n');
  const core = caller(() => t, 'core');
  const gemini = caller(() => t, 'gemini');
  const cases = [
    [
      core,
      'fs.read_many',
      { include: many(100_000) },
      '',
      `100000 include patterns given; at most 1000 are taken in one call: ${ADVICE}`,
    ],
    [
      core,
      'fs.read_many',
      { include: ['a.txt'], exclude: many(MAX_PATTERNS + 1) },
      '',
      `1001 exclude patterns given; at most 1000 are taken in one call: ${ADVICE}`,
    ],
    [
      gemini,
      'read_many_files',
      { include: many(100_000) },
      'invalid_tool_params',
      `Invalid parameters: 100000 include patterns given; at most 1000 are taken in one call: ${ADVICE}.`,
    ],
  ] as const;
  for (const [call, tool, args, type, error] of cases) {
    const r = await call(tool, args);
    assert.deepEqual([r.code, r.errorType, r.error], ['INVALID_ARGUMENT', type, error], tool);
  }
  const atLimit = await core('fs.read_many', { include: [...many(MAX_PATTERNS - 1), 'a.txt'] });
  assert.deepEqual([atLimit.code, atLimit.error], ['', '']);
});

test('a read_many past its time limit answers timed_out', async () => {
  const f = fixture();
  try {
    f.file('a.txt', 'a\n');
    const e = await readMany(f.scope, { include: ['*.txt'], timeLimitMs: 0 }).catch((err: unknown) => err);
    assert.deepEqual(
      [(e as { kind: string }).kind, (e as Error).message],
      ['timeout', 'reading the files ran out of time; narrow the patterns or read fewer files at once'],
    );
  } finally {
    f.cleanup();
  }
});
