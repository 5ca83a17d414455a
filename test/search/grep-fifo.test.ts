// A search given a FIFO as its path: ripgrep would block opening it until the call's time
// budget ran out; it is refused in band at once, as reads refuse it, in every dialect. A FIFO
// met while walking a directory is skipped and the search answers.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { serverFixture } from '../helpers/server.js';
import { caller } from '../shapes/gemini/harness.js';

const { t, dir } = serverFixture({ prefix: 'facet-grep-fifo-' });

test('grep on a FIFO answers in band; a FIFO inside a searched directory is skipped', async () => {
  execFileSync('mkfifo', [path.join(dir, 'pipe')]);
  writeFileSync(path.join(dir, 'a.txt'), 'needle\n');
  const cases = [
    ['codex@0.169.0', 'grep_files', { pattern: 'needle', path: 'pipe' }],
    ['core', 'search.grep', { pattern: 'needle', paths: ['pipe'] }],
    ['gemini', 'grep_search', { pattern: 'needle', dir_path: 'pipe' }],
    ['claude', 'Grep', { pattern: 'needle', path: 'pipe' }],
  ] as const;
  const seen: string[][] = [];
  for (const [shape, tool, args] of cases) {
    const r = await caller(() => t, shape)(tool, args, { deadlineMs: 60_000 });
    seen.push([tool, r.code, r.error]);
  }
  assert.deepEqual(seen, [
    ['grep_files', 'INVALID_ARGUMENT', 'pipe is not a regular file'],
    ['search.grep', 'INVALID_ARGUMENT', 'pipe is not a regular file'],
    ['grep_search', 'INVALID_ARGUMENT', 'Invalid parameters: pipe is not a regular file.'],
    ['Grep', 'INVALID_ARGUMENT', '<tool_use_error>Pipe is not a regular file.</tool_use_error>'],
  ]);
  const walk = await caller(() => t, 'codex@0.169.0')('grep_files', { pattern: 'needle' });
  assert.deepEqual([walk.code, walk.text], ['', `${path.join(dir, 'a.txt')}`]);
});
