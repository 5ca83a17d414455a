// What Kimi's file and search tools share: "~" expansion, the path the host block names even
// when the call failed early, words for the file conditions, nullable parameters, the working directory.
import path from 'node:path';
import { engineFailure, type EngineError } from '../../../engine/index.js';
import { expandHome } from '../../kit/files/home.js';
import type { Call, Reply, Wording } from '../../common/define.js';
import { kimiFail, kimiMessage } from './errors.js';

/** The path argument with "~" expanded; '' when the arguments had none (a failure before the call). */
export const pathOf = (args: { path?: unknown }): string =>
  typeof args.path === 'string' ? expandHome(args.path) : '';

export function checkPath(p: string): string {
  if (p === '') throw engineFailure('empty_path', 'the path is empty', {}, { field: 'path' });
  return p;
}

/** The absolute path the host block names for `p`, even when the call failed before resolving it. */
const hostPaths = (c: Call, p: string): string[] | undefined =>
  p === '' || p.includes('\0') ? undefined : [path.resolve(c.session.cwd ?? c.scope.primary, p)];

function fileMessage(err: EngineError, p: string): string {
  switch (err.condition) {
    case 'parent_missing':
      return `The directory holding \`${p}\` does not exist; create it first (for example with Shell: mkdir -p).`;
    case 'sensitive_file':
      return `\`${p}\` matches a pattern of files that hold secrets (keys, tokens, credentials); reading it is blocked to protect them. Ask the user for the values you need.`;
    case 'media_file':
      return `\`${p}\` is ${err.facts.kind === 'video' ? 'a video' : 'an image'} file, and ReadFile reads text only; use a tool for images and videos (ReadMediaFile) instead.`;
    case 'binary_file':
      return `\`${p}\` does not look like a text file, so it cannot be read here; inspect it with shell tools (file, xxd, unzip -l...) instead.`;
    case 'empty_path':
      return 'The path is empty; give the file to use.';
  }
  if (err.condition === 'not_media' && err.facts.kind === 'text')
    return `\`${p}\` is a text file, not an image or video; read it with ReadFile.`;
  return kimiMessage(err);
}

/** A file tool's words: its own (if any) first, then the file conditions, with the path in the host block. */
export const fileWording =
  <A extends { path: string }>(own?: (err: EngineError, p: string, args: A) => string | undefined): Wording<A> =>
  (err, args, c): Reply => {
    const p = pathOf(args);
    return kimiFail(own?.(err, p, args) ?? fileMessage(err, p), '', { paths: hostPaths(c, p) });
  };

export const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }], default: null });
