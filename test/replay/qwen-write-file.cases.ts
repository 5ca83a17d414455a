// Qwen Code's write_file tests (packages/core/src/tools/write-file.test.ts), replayed through the
// qwen shape's write_file. Qwen's default read cache makes overwriting a file that was not read
// in the session an error (edit_requires_prior_read); the upstream tests run with a mock config
// that leaves that check out, so their blind overwrites are refused here, and each such case
// then shows the outcome after a read.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { replayServer } from './env.js';
import { outcome, type Outcome } from '../shapes/gemini/harness.js';

const server = replayServer('qwen@0.15.10');
const OUTSIDE = 'path_not_in_workspace: outside the workspace.';
const PRIOR_READ =
  'edit_requires_prior_read (CONFLICT): the file exists and was not read in this session; read it first.';
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

let n = 0;
async function qwen() {
  const e = await server.get();
  const d = path.join(e.root, `write-${++n}`);
  mkdirSync(d);
  const session = `write-${n}`;
  return {
    p: (rel: string) => path.join(d, rel),
    write: async (args: Record<string, unknown>): Promise<Outcome> =>
      outcome(await e.call('write_file', args, { session })),
    read: async (file: string): Promise<Outcome> =>
      outcome(await e.call('read_file', { file_path: file }, { session })),
  };
}

const na = (name: string, reason: string): ReplayCase => ({ name, verdict: 'not-applicable', reason });
const CONFIRM = "Qwen's confirmation prompt (its permission answer and the diff it shows before writing)";
const FS_MOCK = "makes Qwen's file-system service fail through a mock";
const ATTRIBUTION = "Qwen's commit-attribution bookkeeping; nothing reaches the model";

function refusedType(o: Outcome, code: string, type: string): void {
  assert.deepEqual([o.code, o.errorType], [code, type], o.error);
}

const outside = (name: string, file: () => string): ReplayCase => ({
  name,
  verdict: 'different',
  reason:
    'Qwen writes outside the workspace after asking the user; Facet never goes outside its roots and refuses (path_not_in_workspace)',
  errorModes: OUTSIDE,
  async run() {
    const { write } = await qwen();
    const f = file();
    const before = existsSync(f) ? readFileSync(f) : undefined;
    refusedType(await write({ file_path: f, content: 'hello' }), 'PERMISSION_DENIED', 'path_not_in_workspace');
    assert.deepEqual(existsSync(f) ? readFileSync(f) : undefined, before);
  },
});

/** An existing file overwritten: refused without a read (Qwen's default), then done after one. */
function overwrite(name: string, before: Buffer, content: string, after: Buffer): ReplayCase {
  return {
    name,
    verdict: 'different',
    reason:
      "the upstream mock config turns Qwen's prior-read check off; with Qwen's default, which Facet keeps, a file not read in the session is not overwritten",
    errorModes: PRIOR_READ,
    async run() {
      const { p, write, read } = await qwen();
      writeFileSync(p('existing.txt'), before);
      refusedType(await write({ file_path: p('existing.txt'), content }), 'CONFLICT', 'edit_requires_prior_read');
      assert.deepEqual(readFileSync(p('existing.txt')), before);
      await read(p('existing.txt'));
      const o = await write({ file_path: p('existing.txt'), content });
      assert.equal(o.text, `Successfully overwrote file: ${p('existing.txt')}.`);
      assert.deepEqual(readFileSync(p('existing.txt')), after);
    },
  };
}

export const qwenWriteFile: ReplaySuite = {
  vendor: 'qwen',
  shape: 'qwen@0.15.10',
  tool: 'write_file',
  source: 'QwenLM/qwen-code packages/core/src/tools/write-file.test.ts @0103af52',
  cases: [
    {
      name: 'should return an invocation for a valid absolute path within root',
      verdict: 'matched',
      async run() {
        const { p, write } = await qwen();
        assert.equal((await write({ file_path: p('test.txt'), content: 'hello' })).code, '');
      },
    },
    {
      name: 'should throw an error for a relative path',
      verdict: 'matched',
      async run() {
        const { write } = await qwen();
        refusedType(
          await write({ file_path: 'test.txt', content: 'hello' }),
          'INVALID_ARGUMENT',
          'invalid_tool_params',
        );
      },
    },
    outside('should allow a path outside root (external path support)', () =>
      path.join(os.tmpdir(), `facet-replay-outside-${process.pid}-${n}.txt`),
    ),
    {
      name: 'should throw an error if path is a directory',
      verdict: 'matched',
      async run() {
        const { p, write } = await qwen();
        mkdirSync(p('a_directory'));
        refusedType(
          await write({ file_path: p('a_directory'), content: 'hello' }),
          'INVALID_ARGUMENT',
          'target_is_directory',
        );
      },
    },
    na(
      'should coerce null content into an empty string',
      'its assertion is vacuous (it checks that an arrow function is defined), so nothing observable is pinned',
    ),
    {
      name: 'should throw error if the file_path is empty',
      verdict: 'matched',
      async run() {
        const { write } = await qwen();
        refusedType(await write({ file_path: '', content: '' }), 'INVALID_ARGUMENT', 'invalid_tool_params');
      },
    },
    {
      name: 'should unescape shell-escaped spaces in file_path',
      verdict: 'matched',
      async run() {
        const { p, write } = await qwen();
        assert.equal(
          (await write({ file_path: p('my\\ file.txt'), content: 'hello' })).text,
          `Successfully created and wrote to new file: ${p('my file.txt')}.`,
        );
        assert.equal(readFileSync(p('my file.txt'), 'utf8'), 'hello');
      },
    },
    na('should always return ask from getDefaultPermission', CONFIRM),
    na('should throw if _getCorrectedFileContent returns an error', FS_MOCK),
    na('should request confirmation with diff for a new file', CONFIRM),
    na('should request confirmation with diff for an existing file', CONFIRM),
    na('should return error if _getCorrectedFileContent returns an error during execute', FS_MOCK),
    {
      name: 'should write a new file and return diff',
      verdict: 'matched',
      async run() {
        const { p, write } = await qwen();
        const o = await write({ file_path: p('execute_new_file.txt'), content: 'Proposed new content for execute.' });
        assert.equal(o.text, `Successfully created and wrote to new file: ${p('execute_new_file.txt')}.`);
        assert.equal(readFileSync(p('execute_new_file.txt'), 'utf8'), 'Proposed new content for execute.');
        assert.match(String(o.display.diff), /\+Proposed new content for execute\./);
      },
    },
    overwrite(
      'should overwrite an existing file and return diff',
      Buffer.from('Initial content for execute.'),
      'Proposed overwrite for execute.',
      Buffer.from('Proposed overwrite for execute.'),
    ),
    na('should treat metadata ENOENT as new file when readTextFile returned empty content', FS_MOCK),
    {
      name: 'should create directory if it does not exist',
      verdict: 'matched',
      async run() {
        const { p, write } = await qwen();
        const o = await write({
          file_path: p('new_dir_for_write/file_in_new_dir.txt'),
          content: 'Content in new directory',
        });
        assert.equal(o.code, '', o.error);
        assert.ok(statSync(p('new_dir_for_write')).isDirectory());
        assert.equal(readFileSync(p('new_dir_for_write/file_in_new_dir.txt'), 'utf8'), 'Content in new directory');
      },
    },
    na(
      'should include modification message when proposed content is modified',
      "modified_by_user is set by Qwen's confirmation UI when the user edits the proposed content; Facet has no such UI",
    ),
    ...(
      [
        'should not include modification message when proposed content is not modified',
        'should not include modification message when modified_by_user is not provided',
      ] as const
    ).map((name): ReplayCase => ({
      name,
      verdict: 'matched',
      async run() {
        const { p, write } = await qwen();
        const o = await write({ file_path: p('new_file_unmodified.txt'), content: 'New file content not modified' });
        assert.equal(o.text, `Successfully created and wrote to new file: ${p('new_file_unmodified.txt')}.`);
      },
    })),
    {
      name: 'should write to a file with spaces in its name when given an escaped path',
      verdict: 'matched',
      async run() {
        const { p, write } = await qwen();
        const o = await write({ file_path: p('my\\ spaced\\ write.txt'), content: 'Written via escaped path.' });
        assert.match(o.text, /^Successfully created and wrote/);
        assert.equal(readFileSync(p('my spaced write.txt'), 'utf8'), 'Written via escaped path.');
      },
    },
    {
      name: 'should validate paths are within workspace root',
      verdict: 'matched',
      async run() {
        const { p, write } = await qwen();
        assert.equal((await write({ file_path: p('file.txt'), content: 'test content' })).code, '');
      },
    },
    outside('should allow paths outside workspace root (external path support)', () => '/etc/passwd'),
    na('should return PERMISSION_DENIED error when write fails with EACCES', FS_MOCK),
    na('should return NO_SPACE_LEFT error when write fails with ENOSPC', FS_MOCK),
    na('should return TARGET_IS_DIRECTORY error when write fails with EISDIR', `${FS_MOCK} (and fakes fs.existsSync)`),
    na('should return FILE_WRITE_FAILURE for generic write errors', FS_MOCK),
    overwrite(
      'should preserve BOM when overwriting existing file with BOM',
      Buffer.concat([BOM, Buffer.from('original content')]),
      'new content',
      Buffer.concat([BOM, Buffer.from('new content')]),
    ),
    overwrite(
      'should not add BOM when overwriting existing file without BOM',
      Buffer.from('original content'),
      'new content',
      Buffer.from('new content'),
    ),
    {
      name: 'should use default encoding for new files',
      verdict: 'matched',
      async run() {
        const { p, write } = await qwen();
        await write({ file_path: p('new_file.txt'), content: 'new content' });
        assert.deepEqual(readFileSync(p('new_file.txt')), Buffer.from('new content'));
      },
    },
    na(
      'should use BOM for new files when defaultFileEncoding is utf-8-bom',
      "Qwen's defaultFileEncoding setting; Facet has no such setting (new files are UTF-8 without a BOM)",
    ),
    {
      name: 'records a write into the FileReadCache',
      verdict: 'matched',
      async run() {
        // What the record is for: a full read after the write gives the new bytes, not the unchanged note.
        const { p, write, read } = await qwen();
        assert.equal((await write({ file_path: p('cache-marker.txt'), content: 'fresh bytes' })).code, '');
        assert.equal((await read(p('cache-marker.txt'))).text, 'fresh bytes');
      },
    },
    na('records AI-originated writes in the attribution service', ATTRIBUTION),
    na('skips attribution when modified_by_user', ATTRIBUTION),
    na('marks aiCreated=false when overwriting an existing empty file', ATTRIBUTION),
  ],
};
