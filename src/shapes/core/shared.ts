// What several core tools share: schema fragments, the freshness policy of require_read, and
// a change's reply.
import { diffHost } from '../kit/files/diff-host.js';
import { diffOmission } from '../kit/files/change-view.js';
import { diffOrNote } from '../kit/files/diff-note.js';
import type { FileDiff, FreshnessPolicy } from '../../engine/index.js';
import type { Reply } from '../common/define.js';

export { defineTool, type Call, type Reply } from '../common/define.js';
export { TAGS } from '../tags.js';
export { plural } from '../../engine/index.js';
export type { ArgsOf } from '../kit/args/schema-args.js';

/** Text returned by one fs.read at most, unless max_bytes says otherwise. */
export const READ_BUDGET = 1024 * 1024;

export const pathProp = {
  type: 'string',
  minLength: 1,
  description: 'File path, absolute or relative to the session directory.',
} as const;
export const requireReadProp = {
  type: 'boolean',
  description: 'Refuse unless this session read the file and it is unchanged since (default false).',
} as const;
export const policy = (requireRead?: boolean): FreshnessPolicy | undefined =>
  requireRead ? { requireRead: true, requireUnchanged: true } : undefined;

export const ignoreProps = {
  hidden: {
    type: 'boolean',
    description: 'Include dot-files and dot-folders (default false); .git and other VCS folders stay skipped.',
  },
  no_ignore: {
    type: 'boolean',
    description: 'Do not honour .gitignore, .ignore, .rgignore, .git/info/exclude or ignore_files (default false).',
  },
  ignore_files: {
    type: 'array',
    items: { type: 'string', pattern: '^\\.[A-Za-z0-9._-]+$', maxLength: 100 },
    maxItems: 8,
    description: 'Extra per-directory ignore file names to honour, e.g. [".geminiignore"].',
  },
} as const;

/**
 * A change to one file: the head line over its diff (or the note for it), `data` with the diff's fields, the host's
 * view.
 */
export const changeReply = (head: string, path: string, d: FileDiff, data: Record<string, unknown>): Reply => ({
  text: `${head}\n${diffOrNote(d)}`,
  data: { ...data, changedLines: d.changedLines, diff: d.unified, ...diffOmission(d) },
  host: { summary: head, ...diffHost(path, d) },
});
