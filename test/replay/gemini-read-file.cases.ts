// Gemini CLI's read_file tests (packages/core/src/tools/read-file.test.ts), replayed over gRPC,
// each in a workspace of its own. Upstream's project temp directory in these cases lies inside
// its root (<root>/.temp), so it is part of the workspace here too.
import assert from 'node:assert/strict';
import { closeSync, ftruncateSync, openSync } from 'node:fs';
import path from 'node:path';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { callIn, fresh, files, tree } from './gemini-bench.js';
import type { Outcome } from '../shapes/gemini/harness.js';
import { PNG_3X2 } from '../helpers/png.js';
import { makePdf } from '../helpers/pdf.js';

const read = (ws: string, args: Record<string, unknown>): Promise<Outcome> => callIn([ws], 'read_file', args);

async function reads(
  t: Record<string, string | Buffer>,
  args: (ws: string) => Record<string, unknown>,
  text: string,
): Promise<Outcome> {
  const ws = tree(t);
  const o = await read(ws, args(ws));
  assert.equal(o.error, '', o.error);
  assert.equal(o.text, text);
  return o;
}

async function fails(
  t: Record<string, string | Buffer>,
  args: (ws: string) => Record<string, unknown>,
  code: string,
  errorType?: string,
): Promise<Outcome> {
  const ws = tree(t);
  const o = await read(ws, args(ws));
  assert.notEqual(o.error, '');
  assert.equal(o.code, code, o.error);
  if (errorType) assert.equal(o.errorType, errorType, o.error);
  return o;
}

const notice = (from: number, to: number, total: number) =>
  `\nIMPORTANT: The file content has been truncated.\nStatus: Showing lines ${from}-${to} of ${total} total lines.\nAction: To read more of the file, you can use the 'start_line' and 'end_line' parameters in a subsequent 'read_file' call. For example, to read the next section of the file, use start_line: ${to + 1}.\n\n--- FILE CONTENT (truncated) ---\n`;

const DESCRIPTION = "the invocation's description is the CLI's UI, not model-facing";
const SCHEMA =
  "snapshots the vendor's own description prose per model; Facet words its descriptions itself and serves one schema";
const JIT =
  'Gemini CLI appends project context files (GEMINI.md) found near the file read; Facet leaves context files to the host and appends nothing';
const IGNORE = { '.geminiignore': ['foo.*', 'ignored/'].join('\n') };

const cases: ReplayCase[] = [
  {
    name: 'should return an invocation for valid params (absolute path within root)',
    verdict: 'matched',
    run: async () => void (await reads({ 'test.txt': 'hi' }, (ws) => ({ file_path: path.join(ws, 'test.txt') }), 'hi')),
  },
  {
    name: 'should return an invocation for valid params (relative path within root)',
    verdict: 'matched',
    run: async () => void (await reads({ 'test.txt': 'hi' }, () => ({ file_path: 'test.txt' }), 'hi')),
  },
  {
    name: 'should throw error if path is outside root',
    verdict: 'matched',
    run: async () =>
      void (await fails({}, () => ({ file_path: '/outside/root.txt' }), 'PERMISSION_DENIED', 'path_not_in_workspace')),
  },
  {
    name: 'should allow access to files in project temp directory',
    verdict: 'matched',
    run: async () =>
      void (await reads(
        { '.temp/temp-file.txt': 'temp' },
        (ws) => ({ file_path: path.join(ws, '.temp', 'temp-file.txt') }),
        'temp',
      )),
  },
  {
    name: 'should show temp directory in error message when path is outside workspace and temp dir',
    verdict: 'matched',
    run: async () =>
      void (await fails(
        {},
        () => ({ file_path: '/completely/outside/path.txt' }),
        'PERMISSION_DENIED',
        'path_not_in_workspace',
      )),
  },
  {
    name: 'should throw error if path is empty',
    verdict: 'matched',
    run: async () => void (await fails({}, () => ({ file_path: '' }), 'INVALID_ARGUMENT', 'invalid_tool_params')),
  },
  {
    name: 'should throw error if start_line is less than 1',
    verdict: 'matched',
    run: async () =>
      assert.match(
        (await fails({ 'test.txt': 'x' }, () => ({ file_path: 'test.txt', start_line: 0 }), 'INVALID_ARGUMENT')).error,
        /start_line/,
      ),
  },
  {
    name: 'should throw error if end_line is less than 1',
    verdict: 'matched',
    run: async () =>
      assert.match(
        (await fails({ 'test.txt': 'x' }, () => ({ file_path: 'test.txt', end_line: 0 }), 'INVALID_ARGUMENT')).error,
        /end_line/,
      ),
  },
  {
    name: 'should throw error if start_line is greater than end_line',
    verdict: 'matched',
    run: async () =>
      assert.match(
        (
          await fails(
            { 'test.txt': 'x' },
            (ws) => ({ file_path: path.join(ws, 'test.txt'), start_line: 10, end_line: 5 }),
            'INVALID_ARGUMENT',
            'invalid_tool_params',
          )
        ).error,
        /start_line cannot be greater than end_line/,
      ),
  },
  { name: 'should return relative path without ranges', verdict: 'not-applicable', reason: DESCRIPTION },
  { name: 'should return shortened path when file path is deep', verdict: 'not-applicable', reason: DESCRIPTION },
  { name: 'should handle non-normalized file paths correctly', verdict: 'not-applicable', reason: DESCRIPTION },
  { name: 'should return . if path is the root directory', verdict: 'not-applicable', reason: DESCRIPTION },
  {
    name: 'should successfully read a file with a relative path',
    verdict: 'matched',
    run: async () =>
      void (await reads(
        { 'textfile.txt': 'This is a test file.' },
        () => ({ file_path: 'textfile.txt' }),
        'This is a test file.',
      )),
  },
  {
    name: 'should return error if file does not exist',
    verdict: 'matched',
    run: async () =>
      void (await fails({}, (ws) => ({ file_path: path.join(ws, 'nonexistent.txt') }), 'NOT_FOUND', 'file_not_found')),
  },
  {
    name: 'should return success result for a text file',
    verdict: 'matched',
    run: async () =>
      void (await reads(
        { 'textfile.txt': 'This is a test file.' },
        (ws) => ({ file_path: path.join(ws, 'textfile.txt') }),
        'This is a test file.',
      )),
  },
  {
    name: 'should return error if path is a directory',
    verdict: 'matched',
    run: async () =>
      void (await fails(
        { 'directory/.keep': '' },
        (ws) => ({ file_path: path.join(ws, 'directory') }),
        'INVALID_ARGUMENT',
        'target_is_directory',
      )),
  },
  {
    name: 'should return error for a file that is too large',
    verdict: 'matched',
    run: async () => {
      const ws = fresh();
      const fd = openSync(path.join(ws, 'largefile.txt'), 'w');
      ftruncateSync(fd, 21 * 1024 * 1024); // a 21 MB file without writing 21 MB
      closeSync(fd);
      const o = await read(ws, { file_path: path.join(ws, 'largefile.txt') });
      assert.equal(o.errorType, 'file_too_large');
      assert.match(o.error, /File size exceeds the 20MB limit/);
    },
  },
  {
    name: 'should handle text file with lines exceeding maximum length',
    verdict: 'matched',
    run: async () =>
      void (await reads(
        { 'longlines.txt': `Short line\n${'a'.repeat(2500)}\nAnother short line` },
        (ws) => ({ file_path: path.join(ws, 'longlines.txt') }),
        `${notice(1, 3, 3)}Short line\n${'a'.repeat(2000)}... [truncated]\nAnother short line`,
      )),
  },
  {
    name: 'should handle image file and return appropriate content',
    verdict: 'matched',
    run: async () =>
      assert.deepEqual(
        (await reads({ 'image.png': PNG_3X2 }, (ws) => ({ file_path: path.join(ws, 'image.png') }), '')).blobs,
        [{ mediaType: 'image/png', data: PNG_3X2 }],
      ),
  },
  {
    name: 'should handle PDF file and return appropriate content',
    verdict: 'matched',
    run: async () => {
      const pdf = makePdf(1);
      assert.deepEqual(
        (await reads({ 'document.pdf': pdf }, (ws) => ({ file_path: path.join(ws, 'document.pdf') }), '')).blobs,
        [{ mediaType: 'application/pdf', data: pdf }],
      );
    },
  },
  {
    name: 'should handle binary file and skip content',
    verdict: 'matched',
    run: async () =>
      void (await reads(
        { 'binary.bin': Buffer.from([0x00, 0xff, 0x00, 0xff]) },
        (ws) => ({ file_path: path.join(ws, 'binary.bin') }),
        'Cannot display content of binary file: binary.bin',
      )),
  },
  {
    name: 'should handle SVG file as text',
    verdict: 'matched',
    run: async () =>
      void (await reads(
        { 'image.svg': '<svg><circle cx="50" cy="50" r="40"/></svg>' },
        (ws) => ({ file_path: path.join(ws, 'image.svg') }),
        '<svg><circle cx="50" cy="50" r="40"/></svg>',
      )),
  },
  {
    name: 'should handle large SVG file',
    verdict: 'matched',
    run: async () =>
      void (await reads(
        { 'large.svg': '<svg>' + 'x'.repeat(1024 * 1024 + 1) + '</svg>' },
        (ws) => ({ file_path: path.join(ws, 'large.svg') }),
        'Cannot display content of SVG file larger than 1MB: large.svg',
      )),
  },
  {
    name: 'should handle empty file',
    verdict: 'matched',
    run: async () => void (await reads({ 'empty.txt': '' }, (ws) => ({ file_path: path.join(ws, 'empty.txt') }), '')),
  },
  {
    name: 'should support start_line and end_line for text files',
    verdict: 'matched',
    run: async () => {
      const lines = Array.from({ length: 20 }, (_, i) => `Line ${i + 1}`);
      await reads(
        { 'paginated.txt': lines.join('\n') },
        (ws) => ({ file_path: path.join(ws, 'paginated.txt'), start_line: 6, end_line: 8 }),
        `${notice(6, 8, 20)}Line 6\nLine 7\nLine 8`,
      );
    },
  },
  {
    name: 'should successfully read files from project temp directory',
    verdict: 'matched',
    run: async () =>
      void (await reads(
        { '.temp/temp-output.txt': 'This is temporary output content' },
        (ws) => ({ file_path: path.join(ws, '.temp', 'temp-output.txt') }),
        'This is temporary output content',
      )),
  },
  {
    name: 'should throw error if path is ignored by a .geminiignore pattern',
    verdict: 'matched',
    run: async () =>
      void (await fails(
        { ...IGNORE, 'foo.bar': 'content' },
        (ws) => ({ file_path: path.join(ws, 'foo.bar') }),
        'INVALID_ARGUMENT',
        'invalid_tool_params',
      )),
  },
  {
    name: 'should throw error if file is in an ignored directory',
    verdict: 'matched',
    run: async () =>
      void (await fails(
        { ...IGNORE, 'ignored/file.txt': 'content' },
        (ws) => ({ file_path: path.join(ws, 'ignored', 'file.txt') }),
        'INVALID_ARGUMENT',
        'invalid_tool_params',
      )),
  },
  {
    name: 'should allow reading non-ignored files',
    verdict: 'matched',
    run: async () =>
      void (await reads(
        { ...IGNORE, 'allowed.txt': 'content' },
        (ws) => ({ file_path: path.join(ws, 'allowed.txt') }),
        'content',
      )),
  },
  {
    name: 'should allow reading ignored files if respectGeminiIgnore is false',
    verdict: 'not-applicable',
    reason: "respectGeminiIgnore is the CLI user's setting, not a tool argument",
  },
  { name: 'should return the base schema when no modelId is provided', verdict: 'not-applicable', reason: SCHEMA },
  {
    name: 'should return the schema from the resolver when modelId is provided',
    verdict: 'not-applicable',
    reason: SCHEMA,
  },
  {
    name: 'should return the Gemini 3 schema when a Gemini 3 modelId is provided',
    verdict: 'not-applicable',
    reason: SCHEMA,
  },
  {
    name: 'should append JIT context to output when enabled and context is found',
    verdict: 'different',
    reason: JIT,
    errorModes: 'no GEMINI.md context is appended',
    run: async () =>
      void (await reads(
        { 'GEMINI.md': 'Use the useAuth hook.', 'jit-test.txt': 'JIT test content.' },
        (ws) => ({ file_path: path.join(ws, 'jit-test.txt') }),
        'JIT test content.',
      )),
  },
  {
    name: 'should not append JIT context when disabled',
    verdict: 'matched',
    run: async () =>
      void (await reads(
        { 'jit-disabled-test.txt': 'No JIT content.' },
        (ws) => ({ file_path: path.join(ws, 'jit-disabled-test.txt') }),
        'No JIT content.',
      )),
  },
  {
    name: 'should append JIT context as Part array for non-string llmContent (binary files)',
    verdict: 'different',
    reason: JIT,
    errorModes: 'no GEMINI.md context is appended',
    run: async () => {
      const ws = fresh();
      files(ws, { 'GEMINI.md': 'Auth rules: use httpOnly cookies.', 'test-image.png': PNG_3X2 });
      const o = await read(ws, { file_path: path.join(ws, 'test-image.png') });
      assert.equal(o.text, '');
      assert.deepEqual(o.blobs, [{ mediaType: 'image/png', data: PNG_3X2 }]);
    },
  },
];

export const geminiReadFile: ReplaySuite = {
  vendor: 'gemini',
  shape: 'gemini',
  tool: 'read_file',
  source:
    'google-gemini/gemini-cli packages/core/src/tools/read-file.test.ts @5411f113ca (0.56.0-nightly; 0.61.0 not in the snapshot)',
  cases,
};
