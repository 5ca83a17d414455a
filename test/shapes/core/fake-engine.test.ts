// The seam between shapes and the engine: a shape's tool built over a stand-in engine (no
// server, no disk) passes the call's context and its own arguments through, and words the
// engine's structured answer. What the real engine reads is tested in test/files.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Session, type Engine, type EngineContext, type EngineReadOptions, type ReadResult, type Scope } from '../../../src/engine/index.js';
import type { ContentResult, HandlerContext } from '../../../src/registry/types.js';
import { fakeEngine as loudEngine } from '../../helpers/fake-engine.js';
import { readTool } from '../../../src/shapes/core/read.js';
import { statTool } from '../../../src/shapes/core/stat.js';

interface Seen {
  ctx: EngineContext;
  path: string;
  opts?: EngineReadOptions;
}

function fakeEngine(seen: Seen[]): Engine {
  const canned: ReadResult = {
    kind: 'text',
    path: '/project/src/a.ts',
    relative: 'src/a.ts',
    size: 24,
    mtimeMs: 0,
    encoding: 'utf-8',
    bom: false,
    lineEnding: 'lf',
    lines: ['const a = 1;', 'export { a };'],
    eols: ['\n', '\n'],
    startLine: 3,
    endLine: 4,
    totalLines: 9,
    hasMore: true,
    stoppedBy: 'limit',
    truncatedLines: [],
    pastEnd: false,
    complete: false,
  };
  const files: Partial<Engine['files']> = {
    read: (ctx, path, opts) => {
      seen.push({ ctx, path, opts });
      return Promise.resolve(canned);
    },
    stat: (ctx, path) => {
      seen.push({ ctx, path });
      return Promise.resolve({ path: `/project/${path}`, exists: true, isFile: true, isDirectory: false, size: 1234, mtimeMs: Date.UTC(2026, 0, 2, 3, 4, 5) });
    },
  };
  // Only the files part is used by these tools; the rest fails loudly if touched.
  return loudEngine({ files });
}

function context(): HandlerContext {
  const quiet = { debug: () => undefined, warn: () => undefined };
  // A scope the stand-in never looks into: the shape must hand it over untouched.
  const scope = { roots: ['/project'] } as unknown as Scope;
  return { signal: new AbortController().signal, session: new Session('s1'), scope, shape: 'core', logger: quiet };
}

test('core fs.read over a fake engine: context and range go in, the canned lines and block come out', async () => {
  const seen: Seen[] = [];
  const ctx = context();
  const r = await readTool(fakeEngine(seen)).handler({ path: 'src/a.ts', offset: 3, limit: 2 }, ctx);
  assert.deepEqual((r as ContentResult).content, [
    { text: 'const a = 1;\nexport { a };' },
    {
      structured: {
        path: '/project/src/a.ts',
        kind: 'text',
        size: 24,
        startLine: 3,
        endLine: 4,
        hasMore: true,
        totalLines: 9,
        encoding: 'utf-8',
        lineEnding: 'lf',
      },
    },
  ]);
  assert.equal(seen.length, 1);
  assert.equal(seen[0]!.ctx, ctx, 'the handler context is the engine context');
  assert.equal(seen[0]!.path, 'src/a.ts');
  assert.deepEqual(seen[0]!.opts, {
    start: 3,
    limit: 2,
    maxLineChars: undefined,
    countTotal: undefined,
    notebooks: true,
    budget: { unit: 'bytes', max: 1024 * 1024, overflow: 'exclude' },
  });
});

test("core fs.stat over a fake engine words the engine's answer", async () => {
  const seen: Seen[] = [];
  const ctx = context();
  const r = await statTool(fakeEngine(seen)).handler({ path: 'package-lock.json' }, ctx);
  assert.deepEqual((r as ContentResult).content, [
    { text: '/project/package-lock.json is a file of 1234 bytes, modified 2026-01-02T03:04:05.000Z' },
    { structured: { path: '/project/package-lock.json', exists: true, isFile: true, isDirectory: false, size: 1234, mtimeMs: Date.UTC(2026, 0, 2, 3, 4, 5) } },
  ]);
  assert.deepEqual(
    seen.map((s) => [s.ctx === ctx, s.path]),
    [[true, 'package-lock.json']],
  );
});
