// write_file: a whole file, created or overwritten; an existing file must have been read in
// this session and be unchanged since.
import type { WriteResult } from '../../engine/index.js';
import type { ArgsOf } from '../kit/args/schema-args.js';
import { type Call, defineTool, type Reply } from '../common/define.js';
import { changeHost } from '../gemini-family/shared.js';
import { TAGS } from '../tags.js';
import { requireAbsolute } from './errors.js';
import { qwenObject } from '../gemini-family/schema.js';

const schema = qwenObject({ file_path: 'string', content: 'string' }, ['file_path', 'content']);
type Args = ArgsOf<typeof schema>;
/** 0.24.4 adds record_as_artifact (Facet keeps no artifact list: the flag is echoed in the host block). */
const schema0244 = qwenObject({ file_path: 'string', content: 'string', record_as_artifact: 'boolean' }, [
  'file_path',
  'content',
]);
type Args0244 = ArgsOf<typeof schema0244>;

const TABLE = {
  name: 'write_file',
  fields: { path: 'file_path' },
  summary: 'Create a file, or overwrite one already read in this session, with the full content given.',
  description: [
    'Writes `content` as the whole file at file_path (absolute), creating parent directories. Overwriting an existing',
    'file requires that this session read it with read_file and that it has not changed since; the write is atomic and',
    "keeps the file's encoding, BOM and line endings. For a change to part of a file use edit.",
  ],
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Create a new module',
      arguments: { file_path: '/home/user/project/src/util.py', content: 'def add(a, b):\n    return a + b\n' },
      expectedOutcome: 'Successfully created and wrote to new file.',
    },
  ],
  idempotency: 'idempotent' as const,
  errorModes: [
    'edit_requires_prior_read (CONFLICT): the file exists and was not read in this session; read it first.',
    'file_changed_since_read (CONFLICT): it changed after the read; read it again.',
    'invalid_tool_params: a relative path. target_is_directory: a directory. path_not_in_workspace: outside the workspace.',
  ],
  call(args: Args, c: Call) {
    return c.engine.files.write(c, requireAbsolute(args.file_path, 'file_path'), args.content, {
      freshness: { requireRead: true, requireUnchanged: true },
    });
  },
  format(r: WriteResult, args: Args0244): Reply {
    const text = r.created
      ? `Successfully created and wrote to new file: ${r.path}.`
      : `Successfully overwrote file: ${r.path}.`;
    const host = changeHost(text, r, { bytes: r.size });
    if (args.record_as_artifact !== true) return { text, host };
    return { text, host: { ...host, details: { ...host.details, recordAsArtifact: true } } };
  },
};

/** write_file as 0.15.10 declared it. */
export const writeFile01510 = defineTool<Args, WriteResult>({ ...TABLE, schema });
export const writeFile = defineTool<Args0244, WriteResult>({ ...TABLE, schema: schema0244 });
