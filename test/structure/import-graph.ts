// The import graph of a TypeScript source tree and the cycles in it, for the structure tests.
// Edges come from ts.preProcessFile, so `import type`, `export ... from` and dynamic
// `import()` all count: a cycle of type-only imports still ties the modules together.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Module → the modules it imports, all as paths relative to the tree's root. */
export type ImportGraph = Map<string, string[]>;

/** Every `.ts` file under `dir` (skipping `skip`, relative names) with its relative imports. */
export function importGraph(dir: string, skip: string[] = []): ImportGraph {
  const files: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (skip.includes(path.relative(dir, p))) continue;
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) files.push(p);
    }
  };
  walk(dir);
  const known = new Set(files.map((f) => path.relative(dir, f)));
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const from = path.relative(dir, file);
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const to = new Set<string>();
    for (const ref of info.importedFiles) {
      if (!ref.fileName.startsWith('.')) continue;
      // Sources import their siblings by the compiled name (`./x.js`).
      const target = path.relative(dir, path.resolve(path.dirname(file), ref.fileName.replace(/\.js$/, '.ts')));
      if (known.has(target)) to.add(target);
    }
    graph.set(from, [...to].sort());
  }
  return graph;
}

/**
 * One cycle per strongly connected component of more than one module (or a module that
 * imports itself), each as the path `a → b → … → a`, so a failure names the files to untie.
 */
export function findCycles(graph: ImportGraph): string[][] {
  // Tarjan's algorithm, iterative so a deep tree cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  for (const root of [...graph.keys()].sort()) {
    if (index.has(root)) continue;
    const work: { node: string; edge: number }[] = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const edges = graph.get(top.node) ?? [];
      if (top.edge < edges.length) {
        const to = edges[top.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== top.node);
        const selfLoop = component.length === 1 && (graph.get(top.node) ?? []).includes(top.node);
        if (component.length > 1 || selfLoop) components.push(component);
      }
    }
  }
  return components.map((c) => cycleWithin(graph, new Set(c)));
}

/** A shortest cycle through the alphabetically first module of a strongly connected component. */
function cycleWithin(graph: ImportGraph, members: Set<string>): string[] {
  const start = [...members].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const cycle = [start];
        for (let at: string | undefined = node; at !== start && at !== undefined; at = cameFrom.get(at))
          cycle.splice(1, 0, at);
        cycle.push(start);
        return cycle;
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}
