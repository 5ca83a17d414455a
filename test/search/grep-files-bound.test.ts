// A names-only search (Codex grep_files) under load: a file of matching lines made rg print and
// us parse every match (an 8 MB file: 338 MB of JSON, 15-28 s under load). It now stops each file
// at its first match; a search past its limit still answers TIMEOUT in band.
import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { EngineError, type GrepOptions } from '../../src/engine/index.js';
import { grep } from '../../src/engine/search/grep.js';
import { Scope } from '../../src/engine/scope.js';
import { matchingFiles } from '../../src/shapes/kit/search/matching-files.js';

const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'facet-grep-files-bound-')));
after(() => rmSync(dir, { recursive: true, force: true }));
const scope = Scope.fromRoots([dir]);
const file = path.join(dir, 'big.txt');
// 20,000 lines of 70 matches each.
writeFileSync(file, `${'x'.repeat(70)}\n`.repeat(20_000));
const SEARCH = { limit: 100, maxLimit: 2000, timeoutMs: 30_000 };

test('a names-only search reads one match per file', async () => {
  const asked: GrepOptions[] = [];
  const r = await matchingFiles(
    (o) => (asked.push(o), grep(scope, { ...o, cwd: dir })),
    { pattern: 'x', path: 'big.txt' },
    SEARCH,
  );
  assert.deepEqual(r.paths, [file]);
  assert.equal(asked[0]!.maxPerFile, 1);
  // rg itself stopped at the first matching line: one line read, not 20,000.
  const direct = await grep(scope, { ...asked[0]!, cwd: dir });
  assert.deepEqual([direct.totalFiles, direct.totalMatchLines], [1, 1]);
});

test('a names-only search past its time limit answers TIMEOUT in band', async () => {
  const late = await matchingFiles(
    (o) => grep(scope, { ...o, cwd: dir }),
    { pattern: 'x', path: 'big.txt' },
    { ...SEARCH, timeoutMs: 0 },
  ).then(
    () => undefined,
    (err: unknown) => err,
  );
  assert.ok(late instanceof EngineError);
  assert.deepEqual(
    [late.kind, late.message],
    ['timeout', 'the search ran past 0 seconds and was stopped; narrow `path` or `include`'],
  );
});
