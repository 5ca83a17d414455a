// fs.write: a whole file written atomically (or appended to), with the diff against the old content.
import { diffHost, lineCounts } from '../kit/files/diff-host.js';
import { diffOmission } from '../kit/files/change-view.js';
import { diffOrNote } from '../kit/files/diff-note.js';
import type { WriteResult } from '../../engine/index.js';
import { type ArgsOf, defineTool, pathProp, policy, requireReadProp, TAGS } from './shared.js';

const schema = {
  type: 'object',
  properties: {
    path: pathProp,
    content: { type: 'string', description: 'The full new content (or the text to append).' },
    mode: { type: 'string', enum: ['overwrite', 'append', 'create'], description: 'Default overwrite.' },
    line_ending: {
      type: 'string',
      enum: ['keep', 'lf', 'crlf', 'asis'],
      description: "Default keep (the existing file's).",
    },
    require_read: requireReadProp,
  },
  required: ['path', 'content'],
  additionalProperties: false,
} as const;

export const writeTool = defineTool<ArgsOf<typeof schema>, WriteResult>({
  name: 'fs.write',
  summary: 'Create a file or replace its whole content, when writing a new file or rewriting one.',
  description: [
    'Writes `content` atomically (temporary file, fsync, rename; the old mode kept; missing parent',
    'directories created). An existing file keeps its encoding, BOM and uniform line endings unless',
    '`line_ending` says otherwise. `mode` append adds to the end; create refuses an existing file.',
    'Returns a diff against the old content and the changed line numbers (a diff over 256 KiB, or',
    'too slow to compute, is left out: the counts of added and removed lines and a note stand in for it).',
    'For small changes to a large file use fs.edit. Overwrite and create can be repeated safely; append adds again each time.',
  ],
  schema,
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Create a small config file',
      arguments: { path: 'config/app.json', content: '{"debug": false}\n' },
      expectedOutcome: 'Created config/app.json.',
    },
  ],
  // overwrite and create can be repeated safely; append adds the text again each time.
  idempotency: 'side_effecting',
  errorModes: [
    'PERMISSION_DENIED: the path (or a link on it) leads outside the roots.',
    'ALREADY_EXISTS: mode create and the file exists.',
    'INVALID_ARGUMENT: the path is a directory, its parent is a file, or the existing file is binary.',
    'RESOURCE_EXHAUSTED: the existing file is over the size limit for modifying a file (facts.maxBytes).',
    'CONFLICT: require_read and the file was not read, only partly read, or changed since (facts.condition says which).',
  ],
  call: (args, c) =>
    c.engine.files.write(c, args.path, args.content, {
      mode: args.mode,
      lineEnding: args.line_ending,
      freshness: policy(args.require_read),
    }),
  format(r, args) {
    const d = r.diff;
    const head = `${r.created ? 'Created' : args.mode === 'append' ? 'Appended to' : 'Wrote'} ${r.relative} (${r.size} bytes).`;
    const data = {
      path: r.path,
      created: r.created,
      size: r.size,
      encoding: r.encoding,
      lineEnding: r.lineEnding,
      ...lineCounts(d),
      changedLines: d?.changedLines ?? [],
      diff: d?.unified ?? '',
      ...diffOmission(d),
      ...(r.encodingChangedFrom ? { encodingChangedFrom: r.encodingChangedFrom } : {}),
    };
    return {
      text: d && diffOrNote(d) ? `${head}\n${diffOrNote(d)}` : head,
      data,
      host: { summary: head, ...diffHost(r.path, d) },
    };
  },
});
