// What several core tools share: schema fragments, the freshness policy of require_read, and
// the words and fields of a diff the engine left out.
import type { FileDiff, FreshnessPolicy } from '../../engine/index.js';
import { diffNote } from '../common/diff-note.js';

export { defineTool, type Call, type Reply } from '../common/define.js';
export { TAGS } from '../tags.js';

/** Text returned by one fs.read at most, unless max_bytes says otherwise. */
export const READ_BUDGET = 1024 * 1024;

export const pathProp = { type: 'string', minLength: 1, description: 'File path, absolute or relative to the session directory.' } as const;
export const requireReadProp = { type: 'boolean', description: 'Refuse unless this session read the file and it is unchanged since (default false).' } as const;
export const policy = (requireRead?: boolean): FreshnessPolicy | undefined => (requireRead ? { requireRead: true, requireUnchanged: true } : undefined);

/** The structured fields of an omitted diff: the note, and whether the counts are exact. */
export function omission(d: FileDiff | undefined): Record<string, unknown> {
  return d?.omitted ? { diffOmitted: { reason: d.omitted.reason, exactCounts: d.omitted.exact, note: diffNote(d) } } : {};
}

/** The host's view of one file's change: its diff, or the note that stands in for it, and the line counts. */
export const changeHost = (d: FileDiff | undefined) => ({
  diff: d?.unified,
  diffNote: diffNote(d),
  counts: { added: d?.added ?? 0, removed: d?.removed ?? 0 },
});

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const ignoreProps = {
  hidden: { type: 'boolean', description: 'Include dot-files and dot-folders (default false); .git and other VCS folders stay skipped.' },
  no_ignore: { type: 'boolean', description: 'Do not honour .gitignore, .ignore, .rgignore, .git/info/exclude or ignore_files (default false).' },
  ignore_files: {
    type: 'array',
    items: { type: 'string', pattern: '^\\.[A-Za-z0-9._-]+$', maxLength: 100 },
    maxItems: 8,
    description: 'Extra per-directory ignore file names to honour, e.g. [".geminiignore"].',
  },
} as const;

/** The value a JSON Schema property (declared `as const`) accepts. */
type Value<P> = P extends { enum: readonly (infer E)[] }
  ? E
  : P extends { type: 'string' }
    ? string
    : P extends { type: 'integer' | 'number' }
      ? number
      : P extends { type: 'boolean' }
        ? boolean
        : P extends { type: 'array'; items: infer I }
          ? Value<I>[]
          : P extends { properties: object }
            ? ArgsOf<P>
            : P extends { additionalProperties: infer V }
              ? Record<string, Value<V>>
              : unknown;

type Required<S> = S extends { required: readonly (infer R)[] } ? R : never;

/** A tool's arguments as its input schema (declared `as const`) describes them: one source for both. */
export type ArgsOf<S> = S extends { properties: infer P }
  ? { -readonly [K in keyof P as K extends Required<S> ? K : never]: Value<P[K]> } & {
      -readonly [K in keyof P as K extends Required<S> ? never : K]?: Value<P[K]>;
    }
  : never;
