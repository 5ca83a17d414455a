// The source tree has no import cycle: modules that import each other cannot be understood,
// tested or loaded one at a time, and their load order decides what is undefined.
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { findCycles, importGraph, type ImportGraph } from './import-graph.js';

// dist/test/structure/ → the repository's root.
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

test('src/ has no import cycle', () => {
  const graph = importGraph(path.join(repo, 'src'), ['gen']);
  assert.ok(graph.size > 100, `expected the whole tree, read ${graph.size} modules`);
  const cycles = findCycles(graph).map((c) => c.join(' → '));
  assert.deepEqual(cycles, [], `import cycles in src/:\n${cycles.join('\n')}`);
});

test('the cycle finder names each cycle and ignores shared imports that are no cycle', () => {
  const graph: ImportGraph = new Map([
    ['a.ts', ['b.ts', 'shared.ts']],
    ['b.ts', ['c.ts', 'shared.ts']],
    ['c.ts', ['a.ts']],
    ['d.ts', ['d.ts']],
    ['e.ts', ['shared.ts', 'f.ts']],
    ['f.ts', ['shared.ts']],
    ['shared.ts', []],
  ]);
  assert.deepEqual(findCycles(graph), [
    ['a.ts', 'b.ts', 'c.ts', 'a.ts'],
    ['d.ts', 'd.ts'],
  ]);
  assert.deepEqual(
    findCycles(
      new Map([
        ['x.ts', ['y.ts']],
        ['y.ts', []],
      ]),
    ),
    [],
  );
});

test('the graph reads value, type and re-export imports by their compiled names', () => {
  const graph = importGraph(path.join(repo, 'test', 'structure'));
  assert.deepEqual(graph.get('imports.test.ts'), ['import-graph.ts']);
});

test('shapes import the engine through its entry only', () => {
  const graph = importGraph(path.join(repo, 'src'), ['gen']);
  const deep: string[] = [];
  for (const [from, to] of graph) {
    if (!from.startsWith('shapes/')) continue;
    for (const target of to)
      if (target.startsWith('engine/') && target !== 'engine/index.ts') deep.push(`${from} → ${target}`);
  }
  assert.deepEqual(deep, []);
});

test('the shapes kit imports itself and the engine entry only', () => {
  const graph = importGraph(path.join(repo, 'src'), ['gen']);
  const outside: string[] = [];
  for (const [from, to] of graph) {
    if (!from.startsWith('shapes/kit/')) continue;
    for (const target of to)
      if (!target.startsWith('shapes/kit/') && target !== 'engine/index.ts') outside.push(`${from} → ${target}`);
  }
  assert.deepEqual(outside, []);
});

test('the engine imports nothing of the layers above it', () => {
  const graph = importGraph(path.join(repo, 'src'), ['gen']);
  const upward: string[] = [];
  for (const [from, to] of graph) {
    if (!from.startsWith('engine/')) continue;
    for (const target of to) if (!target.startsWith('engine/')) upward.push(`${from} → ${target}`);
  }
  assert.deepEqual(upward, []);
});
