// completion/complete: values for prompt arguments and resource-template variables. Paths
// complete from the directories under the session's roots (never outside them), shapes from
// those served here, tools from a shape's catalog. Arguments are recognised by name: one
// naming a path, file or directory completes paths; "shape" shapes; "tool" tools.
import { readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { CompleteResult } from '@modelcontextprotocol/sdk/types.js';
import type { Scope } from '../../engine/index.js';
import type { Runtime } from '../runtime.js';

/** The spec's cap on values in one completion result. */
const MAX_VALUES = 100;

export type CompletionKind = 'path' | 'shape' | 'tool' | 'none';

/** What an argument (or template variable) of this name holds. */
export function completionKind(name: string): CompletionKind {
  const n = name.toLowerCase();
  if (n === 'shape') return 'shape';
  if (n === 'tool' || n === 'tool_name' || n === 'toolname') return 'tool';
  if (/(^|_)(path|file|dir|directory|file_path|filepath)$/.test(n) || n === 'path' || n === 'cwd') return 'path';
  return 'none';
}

export function completion(values: string[]): CompleteResult {
  return {
    completion: { values: values.slice(0, MAX_VALUES), total: values.length, hasMore: values.length > MAX_VALUES },
  };
}

/** Names that start with `value`, sorted. */
export function startingWith(names: Iterable<string>, value: string): string[] {
  return [...names].filter((n) => n.startsWith(value)).sort();
}

/**
 * The names shapes are served by, each toolbox once: `core`, not also `core@0.1.0`, the same
 * toolbox under its newest release; an older release pinned apart (`claude@2.1.197` beside a
 * newer `claude`) is its own toolbox and is listed.
 */
export function servedShapes(runtime: Runtime): string[] {
  const seen = new Set<unknown>();
  const out: string[] = [];
  for (const [name, toolbox] of runtime.toolboxes) {
    if (seen.has(toolbox)) continue;
    seen.add(toolbox);
    out.push(name);
  }
  return out;
}

/** Tool names of `shape` (unknown shape: none) starting with `value`. */
export function toolNames(runtime: Runtime, shape: string, value: string): string[] {
  const toolbox = runtime.toolboxes.get(shape);
  return toolbox
    ? startingWith(
        toolbox.spec.tools.map((t) => t.name),
        value,
      )
    : [];
}

/**
 * Absolute paths under the scope's roots that start with `value`: the entries of the
 * directory `value` ends in (directories with a trailing slash; dot files only once the
 * prefix starts with a dot), or, above the roots, the roots themselves.
 */
export async function pathCompletions(scope: Scope, value: string): Promise<string[]> {
  const roots = scope.roots.map((r) => `${r}/`);
  if (!path.isAbsolute(value)) return startingWith(roots, value);
  const slash = value.lastIndexOf('/');
  const dir = slash <= 0 ? '/' : value.slice(0, slash);
  const prefix = value.slice(slash + 1);
  // The directory's real path must be in scope: a link out of the roots lists nothing beyond them.
  const real = await realpath(dir).catch(() => undefined);
  if (real === undefined || !scope.contains(real)) return startingWith(roots, value);
  const entries = await readdir(real, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const e of entries) {
    if (!e.name.startsWith(prefix) || (e.name.startsWith('.') && !prefix.startsWith('.'))) continue;
    const full = path.join(dir, e.name);
    out.push(e.isDirectory() ? `${full}/` : full);
  }
  return out.sort();
}
