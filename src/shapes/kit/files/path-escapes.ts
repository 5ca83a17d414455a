// Paths as models write them: shell escapes to undo, and glob patterns that name a path.
import path from 'node:path';
import type { Scope } from '../../../engine/index.js';

/**
 * A path with shell escapes ("my\\ file.txt", "v\\(2\\)") as the path it names: a backslash
 * before a space or a shell special character is dropped; other backslashes stay.
 */
export const unescapeShellPath = (p: string): string => p.replace(/\\([ \t()[\]{}&;|<>!$`'"*?#~])/g, '$1');

const GLOB_CHARS = /[*?[\]{}()!+@]/g;

/**
 * A glob pattern that names an existing path literally ("app/[id]/page.tsx", relative to
 * `dir`, itself relative to `cwd`) with its glob characters escaped, so it finds that path; any
 * other pattern as it is.
 */
export async function literalPattern(scope: Scope, pattern: string, cwd: string, dir?: string): Promise<string> {
  if (pattern.trim() === '' || !new RegExp(GLOB_CHARS.source).test(pattern)) return pattern;
  const base = dir !== undefined ? path.resolve(cwd, dir) : cwd;
  const literal = await scope.resolve(pattern, base, 'pattern').catch(() => undefined);
  return literal?.exists ? pattern.replace(GLOB_CHARS, '\\$&') : pattern;
}
