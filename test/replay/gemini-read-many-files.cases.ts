// Gemini CLI's read_many_files tests (packages/core/src/tools/read-many-files.test.ts), replayed
// over gRPC. Each case runs in a workspace of its own holding upstream's .geminiignore ("foo.*").
// Upstream checks the tool's parts; Gemini's model sees the text parts joined by line breaks and
// the data parts beside them, which is what the replay pins.
import assert from 'node:assert/strict';
import path from 'node:path';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { callIn, outside, tree } from './gemini-bench.js';
import type { Outcome } from '../shapes/gemini/harness.js';
import { PNG_3X2 } from '../helpers/png.js';
import { makePdf } from '../helpers/pdf.js';

const END = '\n--- End of content ---';
const NONE = 'No files matching the criteria were found or all were skipped.';
const PDF = makePdf(1);

/** A workspace with upstream's .geminiignore and `files`; read_many_files run in it. */
async function readIn(
  files: Record<string, string | Buffer>,
  args: Record<string, unknown>,
): Promise<{ o: Outcome; ws: string }> {
  const ws = tree({ '.geminiignore': 'foo.*', ...files });
  const o = await callIn([ws], 'read_many_files', args);
  return { o, ws };
}

const part = (abs: string, body: string) => `--- ${abs} ---\n\n${body}\n\n`;
/** The model text of these text parts. */
const joined = (...parts: string[]) => [...parts, END].join('\n');

async function reads(
  files: Record<string, string | Buffer>,
  args: Record<string, unknown>,
  expected: (ws: string) => string,
): Promise<Outcome> {
  const { o, ws } = await readIn(files, args);
  assert.equal(o.error, '', o.error);
  assert.equal(o.text, expected(ws));
  return o;
}

async function invalid(args: Record<string, unknown>, field: RegExp): Promise<void> {
  const { o } = await readIn({}, args);
  assert.equal(o.code, 'INVALID_ARGUMENT', o.error);
  assert.match(o.error, field);
}

const attaches =
  (files: Record<string, Buffer>, include: string[], data: Buffer, mediaType: string): (() => Promise<void>) =>
  async () => {
    const o = await reads(files, { include }, () => END);
    assert.deepEqual(o.blobs, [{ mediaType, data }]);
  };

const OUTSIDE =
  'Gemini CLI lets a pattern reach outside the workspace and skips what it finds there unread; Facet refuses the call (path_not_in_workspace), so no walk of the file system starts outside the roots';

const cases: ReplayCase[] = [
  {
    name: 'should return an invocation for valid relative paths within root',
    verdict: 'matched',
    run: async () => void (await reads({}, { include: ['file1.txt', 'subdir/file2.txt'] }, () => NONE)),
  },
  {
    name: 'should return an invocation for valid glob patterns within root',
    verdict: 'matched',
    run: async () => void (await reads({}, { include: ['*.txt', 'subdir/**/*.js'] }, () => NONE)),
  },
  {
    name: 'should return an invocation for paths trying to escape the root (e.g., ../) as execute handles this',
    verdict: 'different',
    reason: OUTSIDE,
    errorModes: 'Facet refuses the call',
    run: async () => {
      const { o } = await readIn({}, { include: ['../outside.txt'] });
      assert.equal(o.errorType, 'path_not_in_workspace');
      assert.equal(o.code, 'PERMISSION_DENIED');
    },
  },
  {
    name: 'should return an invocation for absolute paths as execute handles this',
    verdict: 'different',
    reason: OUTSIDE,
    errorModes: 'Facet refuses the call',
    run: async () => {
      const { o } = await readIn({}, { include: [outside('absolute.txt')] });
      assert.equal(o.errorType, 'path_not_in_workspace');
      assert.equal(o.code, 'PERMISSION_DENIED');
    },
  },
  {
    name: 'should throw error if paths array is empty',
    verdict: 'matched',
    run: () => invalid({ include: [] }, /include/),
  },
  {
    name: 'should return an invocation for valid exclude and include patterns',
    verdict: 'matched',
    run: async () =>
      void (await reads({}, { exclude: ['**/*.test.ts'], include: ['src/**/*.ts', 'src/utils/*.ts'] }, () => NONE)),
  },
  {
    name: 'should throw error if paths array contains an empty string',
    verdict: 'matched',
    run: () => invalid({ include: ['file1.txt', ''] }, /include/),
  },
  {
    name: 'should throw error if include array contains non-string elements',
    verdict: 'matched',
    run: () => invalid({ include: ['*.ts', 123] }, /include/),
  },
  {
    name: 'should throw error if exclude array contains non-string elements',
    verdict: 'matched',
    run: () => invalid({ include: ['file1.txt'], exclude: ['*.log', {}] }, /exclude/),
  },
  {
    name: 'should read a single specified file',
    verdict: 'matched',
    run: async () =>
      void (await reads({ 'file1.txt': 'Content of file1' }, { include: ['file1.txt'] }, (ws) =>
        joined(part(path.join(ws, 'file1.txt'), 'Content of file1')),
      )),
  },
  {
    name: 'should read multiple specified files',
    verdict: 'matched',
    run: async () =>
      void (await reads(
        { 'file1.txt': 'Content1', 'subdir/file2.js': 'Content2' },
        { include: ['file1.txt', 'subdir/file2.js'] },
        (ws) =>
          joined(part(path.join(ws, 'file1.txt'), 'Content1'), part(path.join(ws, 'subdir/file2.js'), 'Content2')),
      )),
  },
  {
    name: 'should handle glob patterns',
    verdict: 'matched',
    run: async () =>
      void (await reads(
        { 'file.txt': 'Text file', 'another.txt': 'Another text', 'sub/data.json': '{}' },
        { include: ['*.txt'] },
        (ws) =>
          joined(part(path.join(ws, 'another.txt'), 'Another text'), part(path.join(ws, 'file.txt'), 'Text file')),
      )),
  },
  {
    name: 'should respect exclude patterns',
    verdict: 'matched',
    run: async () =>
      void (await reads(
        { 'src/main.ts': 'Main content', 'src/main.test.ts': 'Test content' },
        { include: ['src/**/*.ts'], exclude: ['**/*.test.ts'] },
        (ws) => joined(part(path.join(ws, 'src/main.ts'), 'Main content')),
      )),
  },
  {
    name: 'should handle nonexistent specific files gracefully',
    verdict: 'matched',
    run: async () => void (await reads({}, { include: ['nonexistent-file.txt'] }, () => NONE)),
  },
  {
    name: 'should use default excludes',
    verdict: 'matched',
    run: async () =>
      void (await reads(
        { 'node_modules/some-lib/index.js': 'lib code', 'src/app.js': 'app code' },
        { include: ['**/*.js'] },
        (ws) => joined(part(path.join(ws, 'src/app.js'), 'app code')),
      )),
  },
  {
    name: 'should NOT use default excludes if useDefaultExcludes is false',
    verdict: 'matched',
    run: async () =>
      void (await reads(
        { 'dist/some-lib/index.js': 'lib code', 'src/app.js': 'app code' },
        { include: ['**/*.js'], useDefaultExcludes: false },
        (ws) =>
          joined(
            part(path.join(ws, 'dist/some-lib/index.js'), 'lib code'),
            part(path.join(ws, 'src/app.js'), 'app code'),
          ),
      )),
  },
  {
    name: 'should include images as inlineData parts if explicitly requested by extension',
    verdict: 'matched',
    run: attaches({ 'image.png': PNG_3X2 }, ['*.png'], PNG_3X2, 'image/png'),
  },
  {
    name: 'should include images as inlineData parts if explicitly requested by name',
    verdict: 'matched',
    run: attaches({ 'myExactImage.png': PNG_3X2 }, ['myExactImage.png'], PNG_3X2, 'image/png'),
  },
  {
    name: 'should skip PDF files if not explicitly requested by extension or name',
    verdict: 'matched',
    run: async () => {
      const { o, ws } = await readIn({ 'document.pdf': PDF, 'notes.txt': 'text notes' }, { include: ['*'] });
      assert.equal(
        o.text,
        joined(part(path.join(ws, '.geminiignore'), 'foo.*'), part(path.join(ws, 'notes.txt'), 'text notes')),
      );
      assert.deepEqual(o.blobs, []);
      assert.match(
        JSON.stringify(o.display.details),
        /document\.pdf \(an image, PDF or audio file is read only when a pattern names its extension or name\)/,
      );
    },
  },
  {
    name: 'should include PDF files as inlineData parts if explicitly requested by extension',
    verdict: 'matched',
    run: attaches({ 'important.pdf': PDF }, ['*.pdf'], PDF, 'application/pdf'),
  },
  {
    name: 'should include PDF files as inlineData parts if explicitly requested by name',
    verdict: 'matched',
    run: attaches({ 'report-final.pdf': PDF }, ['report-final.pdf'], PDF, 'application/pdf'),
  },
  {
    name: 'should return error if path is ignored by a .geminiignore pattern',
    verdict: 'matched',
    run: async () => {
      const o = await reads(
        { 'foo.bar': '', 'bar.ts': '', 'foo.quux': '' },
        { include: ['foo.bar', 'bar.ts', 'foo.quux'] },
        (ws) => joined(part(path.join(ws, 'bar.ts'), '')),
      );
      assert.deepEqual(
        (o.display.paths as string[]).map((p) => path.basename(p)),
        ['bar.ts'],
      );
    },
  },
  {
    name: 'should read files from multiple workspace directories',
    verdict: 'matched',
    run: async () => {
      const d1 = tree({ 'file1.txt': 'Content1' });
      const d2 = tree({ 'file2.txt': 'Content2' });
      const o = await callIn([d1, d2], 'read_many_files', { include: ['*.txt'] });
      assert.equal(
        o.text,
        joined(part(path.join(d1, 'file1.txt'), 'Content1'), part(path.join(d2, 'file2.txt'), 'Content2')),
      );
    },
  },
  {
    name: 'should add a warning for truncated files',
    verdict: 'matched',
    run: async () => {
      const long = Array.from({ length: 2500 }, (_, i) => `L${i}`);
      await reads({ 'file1.txt': 'Content1', 'large-file.txt': long.join('\n') }, { include: ['*.txt'] }, (ws) =>
        joined(
          part(path.join(ws, 'file1.txt'), 'Content1'),
          part(
            path.join(ws, 'large-file.txt'),
            `[WARNING: This file was truncated. To view the full content, use the 'read_file' tool on this specific file.]\n\n${long.slice(0, 2000).join('\n')}`,
          ),
        ),
      );
    },
  },
  {
    name: 'should read files with special characters like [] and () in the path',
    verdict: 'matched',
    run: async () => {
      const f = 'src/app/[test]/(dashboard)/testing/components/code.tsx';
      await reads({ [f]: 'Content of receive-detail' }, { include: [f] }, (ws) =>
        joined(part(path.join(ws, f), 'Content of receive-detail')),
      );
    },
  },
  {
    name: 'should read files with special characters in the name',
    verdict: 'matched',
    run: async () =>
      void (await reads(
        { 'file[1].txt': 'Content of file[1]', 'file1.txt': 'not this one' },
        { include: ['file[1].txt'] },
        (ws) => joined(part(path.join(ws, 'file[1].txt'), 'Content of file[1]')),
      )),
  },
  {
    name: 'should return an INVALID_TOOL_PARAMS error if no paths are provided',
    verdict: 'matched',
    run: () => invalid({ include: [] }, /include/),
  },
  {
    name: 'should return a READ_MANY_FILES_SEARCH_ERROR on glob failure',
    verdict: 'not-applicable',
    reason: 'mocks the glob library to throw; no real pattern makes the search itself fail',
  },
  {
    name: 'should process files in parallel',
    verdict: 'matched',
    run: async () => {
      const files = Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`file${i}.txt`, `Batch test ${i}`]));
      await reads(files, { include: Object.keys(files) }, (ws) =>
        joined(...Object.entries(files).map(([n, c]) => part(path.join(ws, n), c))),
      );
    },
  },
  {
    name: 'should handle batch processing errors gracefully',
    verdict: 'matched',
    run: async () => {
      const files = {
        'valid1.txt': 'Valid content 1',
        'valid2.txt': 'Valid content 2',
        'valid3.txt': 'Valid content 3',
      };
      await reads(files, { include: ['valid1.txt', 'valid2.txt', 'nonexistent-file.txt', 'valid3.txt'] }, (ws) =>
        joined(...Object.entries(files).map(([n, c]) => part(path.join(ws, n), c))),
      );
    },
  },
  {
    name: 'should execute file operations concurrently',
    verdict: 'not-applicable',
    reason: 'spies on an internal function to observe its scheduling; nothing a caller sees',
  },
  {
    name: 'should append JIT context to output when enabled and context is found',
    verdict: 'different',
    reason:
      'Gemini CLI appends project context files (GEMINI.md) found near the files read; Facet leaves context files to the host and appends nothing',
    errorModes: 'no GEMINI.md context is appended',
    run: async () =>
      void (await reads(
        { 'GEMINI.md': 'Use the useAuth hook.\n', 'jit-test.ts': 'const x = 1;' },
        { include: ['jit-test.ts'] },
        (ws) => joined(part(path.join(ws, 'jit-test.ts'), 'const x = 1;')),
      )),
  },
  {
    name: 'should not append JIT context when disabled',
    verdict: 'matched',
    run: async () =>
      assert.doesNotMatch(
        (
          await reads({ 'jit-disabled-test.ts': 'const y = 2;' }, { include: ['jit-disabled-test.ts'] }, (ws) =>
            joined(part(path.join(ws, 'jit-disabled-test.ts'), 'const y = 2;')),
          )
        ).text,
        /Newly Discovered Project Context/,
      ),
  },
  {
    name: 'should discover JIT context sequentially to avoid duplicate shared parent context',
    verdict: 'not-applicable',
    reason: 'mocks the context discovery to count its calls; Facet appends no project context (see the first JIT case)',
  },
];

export const geminiReadManyFiles: ReplaySuite = {
  vendor: 'gemini',
  shape: 'gemini',
  tool: 'read_many_files',
  source:
    'google-gemini/gemini-cli packages/core/src/tools/read-many-files.test.ts @5411f113ca (0.56.0-nightly; 0.61.0 not in the snapshot)',
  cases,
};
