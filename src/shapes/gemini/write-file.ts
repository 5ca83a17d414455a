// write_file: the whole file, refused when the content holds an omission placeholder;
// answered with the "Here is the updated code:" snippet around the change.
import type { WriteResult } from '../../engine/index.js';
import type { ArgsOf } from '../kit/args/schema-args.js';
import { changeSnippet } from '../kit/files/snippet.js';
import { placeholders } from '../kit/files/placeholders.js';
import { defineTool } from '../common/define.js';
import { changeHost } from '../gemini-family/shared.js';
import { refuseNul, refusePlaceholder, TAGS_WRITE } from './reading.js';
import { object } from '../gemini-family/schema.js';

const schema = object({ file_path: 'string', content: 'string' }, ['file_path', 'content']);
type Args = ArgsOf<typeof schema>;

export const writeFile = defineTool<Args, WriteResult>({
  name: 'write_file',
  fields: { path: 'file_path' },
  summary: 'Create a file, or replace all of an existing file, with the given content.',
  description: [
    'Writes `content` as the whole file at file_path (relative paths start at the session directory), creating missing',
    'parent directories. An existing file keeps its encoding and CRLF line endings. The write is atomic: a failure',
    'leaves the old file intact. Content with placeholders for omitted code ("// ... rest of methods ...") is refused:',
    'always give the complete file. For a small change in a large file use replace.',
  ],
  schema,
  tags: TAGS_WRITE,
  examples: [
    {
      description: 'Create a test file',
      arguments: { file_path: 'test/math.test.js', content: "import assert from 'node:assert';\n" },
      expectedOutcome: 'Successfully created and wrote to new file.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'target_is_directory: the path is a directory. path_not_in_workspace: outside the workspace roots.',
    'invalid_tool_params: the content holds an omission placeholder; send the complete content.',
    'file_write_failure / no_space_left / permission_denied: the file system refused the write; nothing was changed.',
    'invalid_tool_params: file_path holds a NUL byte (Gemini CLI drops it silently; Facet refuses). Not done: no GEMINI.md context is appended.',
  ],
  async call(args, c) {
    refuseNul(args.file_path, 'file_path');
    refusePlaceholder(placeholders(args.content)[0], 'content', 'write the complete file content instead');
    return c.engine.files.write(c, args.file_path, args.content);
  },
  format(r, args) {
    const head = r.created
      ? `Successfully created and wrote to new file: ${r.path}.`
      : `Successfully overwrote file: ${r.path}.`;
    const code = changeSnippet(!r.created && (r.previousSize ?? 0) > 0, args.content, r.diff);
    return {
      text: `${head} Here is the updated code:\n${code}`,
      host: changeHost(head, r, { bytes: r.size }),
    };
  },
});
