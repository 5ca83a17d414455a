// Gemini CLI's write_file tests (packages/core/src/tools/write-file.test.ts), replayed over gRPC.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { call, fresh, outside, read, roots } from './gemini-bench.js';

const NO_LLM =
  'mocks the model-based content correction (ensureCorrectFileContent); Facet writes the content as sent and makes no model calls';
const CONFIRM = "the confirmation step (diff preview, IDE diff view) is the CLI's UI";
const SPY =
  'fakes the failure by spying on the file service; the replay machine runs as root, so no real file refuses access, and no disk can be filled on purpose';

/** write_file succeeds: the text says created/overwrote, the file holds `content`. */
async function writes(file: string, content: string, created: boolean): Promise<string> {
  const o = await call('write_file', { file_path: file, content });
  assert.equal(o.error, '', o.error);
  const shown = path.isAbsolute(file) ? file : path.join(roots.main, file);
  const head = created
    ? `Successfully created and wrote to new file: ${shown}.`
    : `Successfully overwrote file: ${shown}.`;
  assert.ok(o.text.startsWith(`${head} Here is the updated code:\n`), o.text);
  assert.equal(read(shown), content);
  return o.text;
}

/** write_file is refused with Gemini's error type; a new path stays absent. */
async function fails(args: Record<string, unknown>, errorType: string, code = 'INVALID_ARGUMENT'): Promise<void> {
  const existed = typeof args.file_path === 'string' && args.file_path !== '' && existsSync(args.file_path);
  const o = await call('write_file', args);
  assert.notEqual(o.error, '');
  assert.equal(o.errorType, errorType, o.error);
  assert.equal(o.code, code);
  if (!existed && typeof args.file_path === 'string' && args.file_path !== '')
    assert.equal(existsSync(args.file_path), false, 'a refused write left a file');
}

const cases: ReplayCase[] = [
  {
    name: 'should return an invocation for a valid absolute path within root',
    verdict: 'matched',
    run: async () => void (await writes(path.join(fresh(), 'test.txt'), 'hello', true)),
  },
  {
    name: 'should return an invocation for a valid relative path within root',
    verdict: 'matched',
    run: async () => void (await writes('relative-valid-test.txt', 'hello', true)),
  },
  {
    name: 'should throw an error for a path outside root',
    verdict: 'matched',
    run: () =>
      fails({ file_path: outside('outside-root.txt'), content: 'hello' }, 'path_not_in_workspace', 'PERMISSION_DENIED'),
  },
  {
    name: 'should throw an error if path is a directory',
    verdict: 'matched',
    run: async () => {
      const d = path.join(fresh(), 'a_directory');
      mkdirSync(d);
      await fails({ file_path: d, content: 'hello' }, 'target_is_directory');
    },
  },
  {
    name: 'should throw an error if the content is null',
    verdict: 'matched',
    run: async () => {
      const o = await call('write_file', { file_path: path.join(fresh(), 'a.txt'), content: null });
      assert.equal(o.code, 'INVALID_ARGUMENT');
      assert.match(o.error, /content/);
    },
  },
  {
    name: 'should throw error if the file_path is empty',
    verdict: 'matched',
    run: () => fails({ file_path: '', content: '' }, 'invalid_tool_params'),
  },
  {
    name: 'should throw an error if content includes an omission placeholder',
    verdict: 'matched',
    run: () =>
      fails(
        { file_path: path.join(fresh(), 'placeholder.txt'), content: '(rest of methods ...)' },
        'invalid_tool_params',
      ),
  },
  {
    name: 'should throw an error when multiline content includes omission placeholders',
    verdict: 'matched',
    run: () =>
      fails(
        {
          file_path: path.join(fresh(), 'service.ts'),
          content: 'class Service {\n  execute() {\n    return "run";\n  }\n\n  // rest of methods ...\n}',
        },
        'invalid_tool_params',
      ),
  },
  {
    name: 'should allow content with placeholder text in a normal string literal',
    verdict: 'matched',
    run: async () =>
      void (await writes(path.join(fresh(), 'valid-content.ts'), 'const note = "(rest of methods ...)";', true)),
  },
  { name: 'should call ensureCorrectFileContent for a new file', verdict: 'not-applicable', reason: NO_LLM },
  { name: 'should set aggressiveUnescape to false for gemini-3 models', verdict: 'not-applicable', reason: NO_LLM },
  { name: 'should call ensureCorrectFileContent for an existing file', verdict: 'not-applicable', reason: NO_LLM },
  {
    name: 'should not call ensureCorrectFileContent for .json files',
    verdict: 'matched',
    run: async () => void (await writes(path.join(fresh(), 'test.json'), '{"key": "value\\nwith\\nescapes"}', true)),
  },
  {
    name: 'should not call ensureCorrectFileContent for .ipynb files',
    verdict: 'matched',
    run: async () =>
      void (await writes(
        path.join(fresh(), 'test.ipynb'),
        '{"cells": [{"cell_type": "code", "source": ["print(\\"hello\\")"]}]}',
        true,
      )),
  },
  {
    name: 'should return error if reading an existing file fails (e.g. permissions)',
    verdict: 'not-applicable',
    reason: SPY,
  },
  ...[
    'should return false if _getCorrectedFileContent returns an error',
    'should request confirmation with diff for a new file (with corrected content)',
    'should request confirmation with diff for an existing file (with corrected content)',
    'should call openDiff and await it when in IDE mode and connected',
    'should not call openDiff if not in IDE mode',
    'should not call openDiff if IDE is not connected',
    'should update params.content with IDE content when onConfirm is called',
    'should not await ideConfirmation promise',
  ].map((name): ReplayCase => ({ name, verdict: 'not-applicable', reason: CONFIRM })),
  {
    name: 'should write a new file with a relative path',
    verdict: 'matched',
    run: async () => {
      const text = await writes('execute_relative_new_file.txt', 'Content for relative path file.', true);
      assert.equal(
        text,
        `Successfully created and wrote to new file: ${path.join(roots.main, 'execute_relative_new_file.txt')}. Here is the updated code:\nContent for relative path file.`,
      );
    },
  },
  {
    name: 'should return error if _getCorrectedFileContent returns an error during execute',
    verdict: 'not-applicable',
    reason: SPY,
  },
  {
    name: 'should write a new file with corrected content and return diff',
    verdict: 'not-applicable',
    reason: `${NO_LLM}; the written text is the mock's`,
  },
  {
    name: 'should overwrite an existing file with corrected content and return diff',
    verdict: 'not-applicable',
    reason: `${NO_LLM}; the written text is the mock's`,
  },
  {
    name: 'should create directory if it does not exist',
    verdict: 'matched',
    run: async () => {
      const dir = path.join(fresh(), 'new_dir_for_write');
      await writes(path.join(dir, 'file_in_new_dir.txt'), 'Content in new directory', true);
      assert.ok(statSync(dir).isDirectory());
    },
  },
  {
    name: 'should when modified_by_user is true include modification message',
    verdict: 'not-applicable',
    reason:
      'modified_by_user is set by the CLI when its user edits the proposal in the UI; it is not in the model-facing schema',
  },
  {
    name: 'should when modified_by_user is false include modification message',
    verdict: 'not-applicable',
    reason:
      'modified_by_user is set by the CLI when its user edits the proposal in the UI; it is not in the model-facing schema',
  },
  {
    name: 'should when modified_by_user is not provided include modification message',
    verdict: 'matched',
    run: async () =>
      assert.doesNotMatch(
        await writes(path.join(fresh(), 'new_file_undefined.txt'), 'New file content', true),
        /User modified the `content`/,
      ),
  },
  {
    name: 'should include the file content in llmContent',
    verdict: 'matched',
    run: async () => {
      const file = path.join(fresh(), 'content_check.txt');
      const text = await writes(file, 'This is the content that should be returned.', true);
      assert.equal(
        text,
        `Successfully created and wrote to new file: ${file}. Here is the updated code:\nThis is the content that should be returned.`,
      );
    },
  },
  {
    name: 'should return only changed lines plus context for large updates',
    verdict: 'matched',
    run: async () => {
      const file = path.join(fresh(), 'large_update.txt');
      const lines = Array.from({ length: 100 }, (_, i) => `Line ${i + 1}`);
      writeFileSync(file, lines.join('\n'));
      lines[50] = 'Line 51 Modified';
      const text = await writes(file, lines.join('\n'), false);
      assert.equal(
        text,
        `Successfully overwrote file: ${file}. Here is the updated code:\n...\n${lines.slice(45, 56).join('\n')}\n...`,
      );
    },
  },
  {
    name: 'should validate paths are within workspace root',
    verdict: 'matched',
    run: async () => void (await writes(path.join(fresh(), 'file.txt'), 'test content', true)),
  },
  {
    name: 'should reject paths outside workspace root',
    verdict: 'matched',
    run: () => fails({ file_path: '/etc/passwd', content: 'malicious' }, 'path_not_in_workspace', 'PERMISSION_DENIED'),
  },
  // Upstream's plans directory is a second workspace directory; here, the server's second root.
  {
    name: 'should allow paths within the plans directory',
    verdict: 'matched',
    run: async () => void (await writes(path.join(roots.second, 'my-plan.md'), '# My Plan', true)),
  },
  {
    name: 'should reject paths that try to escape the plans directory',
    verdict: 'matched',
    run: () =>
      fails(
        { file_path: path.join(roots.second, '..', 'escaped.txt'), content: 'malicious' },
        'path_not_in_workspace',
        'PERMISSION_DENIED',
      ),
  },
  {
    name: 'should return permission_denied error when write fails with EACCES',
    verdict: 'not-applicable',
    reason: SPY,
  },
  { name: 'should return no_space_left error when write fails with ENOSPC', verdict: 'not-applicable', reason: SPY },
  {
    name: 'should return target_is_directory error when write fails with EISDIR',
    verdict: 'matched',
    run: async () => {
      // Upstream fakes EISDIR at the write; a real directory at the path is the same condition.
      const d = path.join(fresh(), 'target_is_directory_file.txt');
      mkdirSync(d);
      await fails({ file_path: d, content: 'test content' }, 'target_is_directory');
    },
  },
  {
    name: 'should return file_write_failure error when write fails with undefined',
    verdict: 'not-applicable',
    reason: SPY,
  },
  {
    name: 'should call ensureCorrectFileContent with disableLLMCorrection=true for a new file when disabled',
    verdict: 'not-applicable',
    reason: NO_LLM,
  },
  {
    name: 'should call ensureCorrectFileContent with disableLLMCorrection=true for an existing file when disabled',
    verdict: 'not-applicable',
    reason: NO_LLM,
  },
  {
    name: 'should append JIT context to output when enabled and context is found',
    verdict: 'different',
    reason:
      'Gemini CLI appends project context files (GEMINI.md) found near the written file; Facet leaves context files to the host and appends nothing',
    errorModes: 'no GEMINI.md context is appended',
    run: async () => {
      const dir = fresh();
      writeFileSync(path.join(dir, 'GEMINI.md'), 'Use the useAuth hook.\n');
      const text = await writes(path.join(dir, 'jit-write-test.txt'), 'some content', true);
      assert.equal(
        text,
        `Successfully created and wrote to new file: ${path.join(dir, 'jit-write-test.txt')}. Here is the updated code:\nsome content`,
      );
    },
  },
  {
    name: 'should not append JIT context when disabled',
    verdict: 'matched',
    run: async () =>
      assert.doesNotMatch(
        await writes(path.join(fresh(), 'jit-disabled-write-test.txt'), 'some content', true),
        /Newly Discovered Project Context/,
      ),
  },
  {
    name: 'should correctly resolve nested paths in plan mode',
    verdict: 'not-applicable',
    reason: "plan mode is the CLI's approval mode with its own plans directory; Facet serves no plan mode",
  },
];

export const geminiWriteFile: ReplaySuite = {
  vendor: 'gemini',
  shape: 'gemini',
  tool: 'write_file',
  source:
    'google-gemini/gemini-cli packages/core/src/tools/write-file.test.ts @5411f113ca (0.56.0-nightly; 0.61.0 not in the snapshot)',
  cases,
};
