// Qwen Code's read_file tests (packages/core/src/tools/read-file.test.ts), replayed through
// the qwen shape's read_file on a real server. Cases that drive Qwen's invocation objects,
// permission prompts, mocked vision model or in-memory cache directly do not apply.
import assert from 'node:assert/strict';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { replayServer } from './env.js';
import { outcome, type Outcome } from '../shapes/gemini/harness.js';

const server = replayServer('qwen@0.15.10');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const OUTSIDE = 'path_not_in_workspace (PERMISSION_DENIED): outside the workspace roots';

let n = 0;
/** read_file in a session of its own (each upstream case has a fresh tool and cache). */
async function reader() {
  const e = await server.get();
  const session = `read-${++n}`;
  return {
    e,
    p: (rel: string) => path.join(e.root, rel),
    read: async (args: Record<string, unknown>): Promise<Outcome> =>
      outcome(await e.call('read_file', args, { session })),
    call: async (tool: string, args: Record<string, unknown>): Promise<Outcome> =>
      outcome(await e.call(tool, args, { session })),
  };
}

function refused(o: Outcome, code: string, type: string): void {
  assert.deepEqual([o.code, o.errorType], [code, type], o.error);
}

const invalid = (name: string, args: (root: string) => Record<string, unknown>): ReplayCase => ({
  name,
  verdict: 'matched',
  async run() {
    const { read, e } = await reader();
    refused(await read(args(e.root)), 'INVALID_ARGUMENT', 'invalid_tool_params');
  },
});

const na = (name: string, reason: string): ReplayCase => ({ name, verdict: 'not-applicable', reason });
const PERMISSION =
  "Qwen's per-call permission answer (allow / ask) for its approval prompt; this server has no prompt: inside the roots it reads, outside it refuses";
const DESCRIPTION = "the invocation's one-line description for Qwen's UI";
const BRIDGE = "drives Qwen's vision bridge with a mocked vision model and mocked PDF rendering";
const CACHE_API = "calls Qwen's in-memory read cache object directly";

/** A file outside the roots is refused: Facet does not go beyond them. */
const outside = (name: string, file: () => string): ReplayCase => ({
  name,
  verdict: 'different',
  reason:
    'Qwen reads files outside the workspace after asking the user; Facet never goes outside its roots and refuses (path_not_in_workspace)',
  errorModes: OUTSIDE,
  async run() {
    const { read } = await reader();
    refused(await read({ file_path: file() }), 'PERMISSION_DENIED', 'path_not_in_workspace');
  },
});

export const qwenReadFile: ReplaySuite = {
  vendor: 'qwen',
  shape: 'qwen@0.15.10',
  tool: 'read_file',
  source: 'QwenLM/qwen-code packages/core/src/tools/read-file.test.ts @00df1ac3',
  cases: [
    {
      name: 'should return an invocation for valid params (absolute path within root)',
      verdict: 'matched',
      async run() {
        // Valid parameters: the call gets as far as the file (which does not exist).
        const { read, p } = await reader();
        refused(await read({ file_path: p('test.txt') }), 'NOT_FOUND', 'file_not_found');
      },
    },
    invalid('should throw error if file path is relative', () => ({ file_path: 'relative/path.txt' })),
    {
      name: 'should unescape shell-escaped spaces in file_path',
      verdict: 'matched',
      async run() {
        const { read, e, p } = await reader();
        e.write({ 'my file.txt': 'spaced' });
        assert.equal((await read({ file_path: p('my\\ file.txt') })).text, 'spaced');
      },
    },
    outside('should allow path outside root (external path support)', () => '/outside/root.txt'),
    {
      name: 'should allow access to files in project temp directory',
      verdict: 'matched',
      async run() {
        const { read, p } = await reader();
        refused(await read({ file_path: p('.temp/temp-file.txt') }), 'NOT_FOUND', 'file_not_found');
      },
    },
    outside('should build an invocation for files in the OS temp directory', () =>
      path.join(os.tmpdir(), 'pr-review-context.md'),
    ),
    outside(
      'should allow path completely outside workspace (external path support)',
      () => '/completely/outside/path.txt',
    ),
    invalid('should throw error if path is empty', () => ({ file_path: '' })),
    invalid('should throw error if offset is negative', (r) => ({ file_path: path.join(r, 'test.txt'), offset: -1 })),
    invalid('should throw error if offset is fractional', (r) => ({
      file_path: path.join(r, 'test.txt'),
      offset: 1.5,
    })),
    {
      name: 'should allow zero offset',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        e.write({ 'zero.txt': 'a\nb' });
        assert.equal((await read({ file_path: p('zero.txt'), offset: 0 })).text, 'a\nb');
      },
    },
    invalid('should throw error if limit is not positive (0)', (r) => ({
      file_path: path.join(r, 'test.txt'),
      limit: 0,
    })),
    invalid('should throw error if limit is not positive (-1)', (r) => ({
      file_path: path.join(r, 'test.txt'),
      limit: -1,
    })),
    invalid('should throw error if limit is fractional (0.5)', (r) => ({
      file_path: path.join(r, 'test.txt'),
      limit: 0.5,
    })),
    invalid('should throw error if limit is fractional (1.5)', (r) => ({
      file_path: path.join(r, 'test.txt'),
      limit: 1.5,
    })),
    invalid('should reject offset or limit for notebook files', (r) => ({
      file_path: path.join(r, 'test.ipynb'),
      offset: 0,
      limit: 10,
    })),
    invalid('should reject pages for notebook files', (r) => ({ file_path: path.join(r, 'test.ipynb'), pages: '1' })),
    na('should return allow for paths within workspace', PERMISSION),
    na('should return ask for paths outside workspace', PERMISSION),
    na('should return allow for paths within temp directory', PERMISSION),
    na('should return allow for paths within the global qwen temp directory', PERMISSION),
    na('should return allow for paths within the user extensions directory', PERMISSION),
    na('should return ask for paths directly under the OS temp directory', PERMISSION),
    na('should return allow for paths within the subagent transcripts dir', PERMISSION),
    na('should return relative path without limit/offset', DESCRIPTION),
    na('should handle non-normalized file paths correctly', DESCRIPTION),
    na('should return . if path is the root directory', DESCRIPTION),
    {
      name: 'should return error if file does not exist',
      verdict: 'matched',
      async run() {
        const { read, p } = await reader();
        refused(await read({ file_path: p('nonexistent.txt') }), 'NOT_FOUND', 'file_not_found');
      },
    },
    {
      name: 'should return success result for a text file',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        e.write({ 'textfile.txt': 'This is a test file.' });
        const o = await read({ file_path: p('textfile.txt') });
        assert.equal(o.text, 'This is a test file.');
        assert.equal(o.code, '');
      },
    },
    {
      name: 'should read a file with spaces in its name when given an escaped path',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        e.write({ 'my spaced read.txt': 'Content with spaces in filename.' });
        assert.equal((await read({ file_path: p('my\\ spaced\\ read.txt') })).text, 'Content with spaces in filename.');
      },
    },
    {
      name: 'should return error if path is a directory',
      verdict: 'matched',
      async run() {
        const { read, p } = await reader();
        mkdirSync(p('directory'), { recursive: true });
        refused(await read({ file_path: p('directory') }), 'INVALID_ARGUMENT', 'target_is_directory');
      },
    },
    {
      name: 'should read and truncate a text file larger than 10MB',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        e.write({ 'largefile.txt': 'x'.repeat(11 * 1024 * 1024) });
        const o = await read({ file_path: p('largefile.txt') });
        assert.equal(o.code, '', o.error);
        assert.ok(o.text.startsWith('Showing lines 1-1 of at least 1 total lines'), o.text.slice(0, 80));
        assert.ok(o.text.endsWith('... [truncated]'), o.text.slice(-40));
        assert.equal(o.display.summary, 'Read lines 1-1 of at least 1 from largefile.txt (truncated)');
      },
    },
    na(
      'should propagate an aborted signal before reading',
      "hands Qwen's invocation an AbortSignal that is already aborted; a gRPC call cannot be sent already cancelled (cancellation is covered by the server's own tests)",
    ),
    na(
      'should handle text file with lines exceeding maximum length',
      "depends on the mock config's 2500-character output threshold (Qwen's default, which Facet serves, is 25000)",
    ),
    {
      name: 'should handle image file and return appropriate content',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        e.write({ 'image.png': PNG });
        const o = await read({ file_path: p('image.png') });
        assert.deepEqual(o.blobs, [{ mediaType: 'image/png', data: PNG }]);
        assert.equal((o.display.details as Record<string, unknown>).displayName, 'image.png');
        assert.equal(o.display.summary, 'Read image file: image.png');
      },
    },
    {
      name: 'should handle PDF file and return appropriate content',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        e.write({ 'document.pdf': '%PDF-1.4' });
        const o = await read({ file_path: p('document.pdf') });
        assert.deepEqual(o.blobs, [{ mediaType: 'application/pdf', data: Buffer.from('%PDF-1.4') }]);
        assert.equal((o.display.details as Record<string, unknown>).displayName, 'document.pdf');
        assert.equal(o.display.summary, 'Read pdf file: document.pdf');
      },
    },
    na('replaces candidate images with an untrusted transcription before returning', BRIDGE),
    na('does not present unknown continuation pages as certain', BRIDGE),
    na('restores the original PDF error after request failure', BRIDGE),
    na('restores the original PDF error after empty response', BRIDGE),
    na('restores the original PDF error after timeout', BRIDGE),
    na('restores the original PDF error after model selection changed', BRIDGE),
    na('fails closed when a successful bridge result still contains inlineData', BRIDGE),
    na('fails closed when a successful bridge result still contains fileData', BRIDGE),
    na('restores the PDF error when the bridge omits a rendered page', BRIDGE),
    na('restores the PDF error when the bridge throws before replacement', BRIDGE),
    na('propagates cancellation instead of restoring a PDF error', BRIDGE),
    na(
      'does not send ordinary images to the read_file bridge path',
      'configures a text-only model (no image modality); Facet serves the files and the host decides what its model can take',
    ),
    {
      name: 'should handle binary file and skip content',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        e.write({ 'binary.bin': Buffer.from([0x00, 0xff, 0x00, 0xff]) });
        assert.equal(
          (await read({ file_path: p('binary.bin') })).text,
          'Cannot display content of binary file: binary.bin',
        );
      },
    },
    {
      name: 'should handle SVG file as text',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        const svg = '<svg><circle cx="50" cy="50" r="40"/></svg>';
        e.write({ 'image.svg': svg });
        assert.equal((await read({ file_path: p('image.svg') })).text, svg);
      },
    },
    {
      name: 'should handle large SVG file',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        e.write({ 'large.svg': '<svg>' + 'x'.repeat(1024 * 1024 + 1) + '</svg>' });
        assert.equal(
          (await read({ file_path: p('large.svg') })).text,
          'Cannot display content of SVG file larger than 1MB: large.svg',
        );
      },
    },
    {
      name: 'should handle empty file',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        e.write({ 'empty.txt': '' });
        const o = await read({ file_path: p('empty.txt') });
        assert.deepEqual([o.text, o.code], ['', '']);
      },
    },
    {
      name: 'should handle Jupyter notebook file',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        const nb = {
          cells: [
            {
              cell_type: 'code',
              source: ['print("hello")'],
              execution_count: 1,
              outputs: [{ output_type: 'stream', text: ['hello\n'] }],
              metadata: {},
            },
          ],
          metadata: { language_info: { name: 'python' } },
        };
        e.write({ 'test.ipynb': JSON.stringify(nb) });
        const o = await read({ file_path: p('test.ipynb') });
        assert.ok(o.text.includes('Jupyter Notebook'), o.text);
        assert.ok(o.text.includes('print("hello")'), o.text);
        assert.ok(o.text.includes('hello'), o.text);
        assert.equal(o.display.summary, 'Read notebook: test.ipynb');
      },
    },
    {
      name: 'records truncated notebook reads as not full',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        const cells = Array.from({ length: 200 }, (_, i) => ({
          cell_type: 'code',
          source: ['x = ' + 'a'.repeat(600) + '\n'],
          execution_count: i + 1,
          outputs: [{ output_type: 'stream', text: ['result '.repeat(100)] }],
          metadata: {},
        }));
        e.write({ 'large.ipynb': JSON.stringify({ cells, metadata: { language_info: { name: 'python' } } }) });
        const o = await read({ file_path: p('large.ipynb') });
        assert.ok(o.text.includes('remaining cells truncated'));
        assert.ok(!o.text.includes('Showing lines'));
        // Not a full read: the next full read gives the notebook again, not the unchanged note.
        assert.ok((await read({ file_path: p('large.ipynb') })).text.includes('remaining cells truncated'));
      },
    },
    invalid('should reject invalid pages parameter', () => ({ file_path: '/tmp/test.pdf', pages: 'abc' })),
    invalid('should reject pages range exceeding 20', () => ({ file_path: '/tmp/test.pdf', pages: '1-25' })),
    invalid('should reject open-ended pages range', () => ({ file_path: '/tmp/test.pdf', pages: '3-' })),
    {
      name: 'should accept valid pages parameter',
      verdict: 'matched',
      async run() {
        // Valid: the call gets as far as the (missing) file.
        const { read, p } = await reader();
        refused(await read({ file_path: p('test.pdf'), pages: '1-5' }), 'NOT_FOUND', 'file_not_found');
      },
    },
    {
      name: 'should treat empty pages parameter as unset',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        e.write({ 'pages-empty.txt': 'plain' });
        assert.equal((await read({ file_path: p('pages-empty.txt'), pages: '' })).text, 'plain');
      },
    },
    {
      name: 'should support offset and limit for text files',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        e.write({ 'paginated.txt': Array.from({ length: 20 }, (_, i) => `Line ${i + 1}`).join('\n') });
        const o = await read({ file_path: p('paginated.txt'), offset: 5, limit: 3 });
        assert.equal(o.text, 'Showing lines 6-8 of 20 total lines.\n\n---\n\nLine 6\nLine 7\nLine 8');
        assert.equal(o.display.summary, 'Read lines 6-8 of 20 from paginated.txt');
      },
    },
    {
      name: 'should successfully read files from project temp directory',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        e.write({ '.temp/temp-output.txt': 'This is temporary output content' });
        assert.equal((await read({ file_path: p('.temp/temp-output.txt') })).text, 'This is temporary output content');
      },
    },
    outside('should read OS temp files after the invocation is executed', () =>
      path.join(os.tmpdir(), 'read-file-test-x', 'pr-review-context.md'),
    ),
    na(
      'returns a short error when a text-only model reads a large PDF without pages',
      'configures a text-only model (no PDF modality); Facet serves the PDF and the host decides what its model can take',
    ),
    {
      name: 'returns the file_unchanged placeholder on a second full Read of an unchanged text file',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        e.write({ 'note.txt': 'hello world' });
        assert.equal((await read({ file_path: p('note.txt') })).text, 'hello world');
        const second = await read({ file_path: p('note.txt') });
        assert.match(second.text, /unchanged since last read in this session/);
        assert.ok(!second.text.includes('hello world'));
      },
    },
    na(
      're-emits bytes (no placeholder) after the read was evicted from history by microcompaction (issue #4239)',
      "marks a read as evicted from Qwen's conversation history through its cache API; the history is the host's",
    ),
    na(
      'a partial read after eviction does NOT re-arm the placeholder (Codex P2)',
      "marks a read as evicted from Qwen's conversation history through its cache API; the history is the host's",
    ),
    {
      name: 'serves a fresh full Read after an external modification (stale)',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        e.write({ 'mut.txt': 'one' });
        await read({ file_path: p('mut.txt') });
        writeFileSync(p('mut.txt'), 'two');
        const future = new Date(Date.now() + 60_000);
        utimesSync(p('mut.txt'), future, future);
        assert.equal((await read({ file_path: p('mut.txt') })).text, 'two');
      },
    },
    na('forces a full Read after recordWrite even if mtime/size still match', CACHE_API),
    {
      name: 'never short-circuits a ranged Read (offset/limit set)',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        e.write({ 'multi.txt': 'a\nb\nc\nd\ne' });
        await read({ file_path: p('multi.txt') });
        assert.equal(
          (await read({ file_path: p('multi.txt'), offset: 1, limit: 2 })).text,
          'Showing lines 2-3 of 5 total lines.\n\n---\n\nb\nc',
        );
      },
    },
    na(
      'does not arm the placeholder if the first Read was truncated',
      "depends on the mock config's 500-line read limit (Qwen's default, which Facet serves, is 1000 lines)",
    ),
    {
      name: 'does not arm the placeholder if the first Read was ranged',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        e.write({ 'big.txt': 'a\nb\nc\nd\ne' });
        await read({ file_path: p('big.txt'), offset: 0, limit: 2 });
        assert.equal((await read({ file_path: p('big.txt') })).text, 'a\nb\nc\nd\ne');
      },
    },
    {
      name: 'does not return the placeholder for binary files',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        e.write({ 'blob.bin': Buffer.from([0x00, 0xff, 0x00, 0xff]) });
        assert.match((await read({ file_path: p('blob.bin') })).text, /Cannot display content of binary/);
        assert.match((await read({ file_path: p('blob.bin') })).text, /Cannot display content of binary/);
      },
    },
    na(
      'records an auto-memory read in the cache so a follow-up Edit can pass enforcement',
      "Qwen's auto-memory directory (QWEN_CODE_MEMORY_LOCAL) has no counterpart in Facet",
    ),
    {
      name: 'records SVG-as-text reads with cacheable=true so a follow-up Edit passes enforcement',
      verdict: 'matched',
      async run() {
        const { read, call, p, e } = await reader();
        e.write({ 'icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>\n' });
        assert.equal(
          (await read({ file_path: p('icon.svg') })).text,
          '<svg xmlns="http://www.w3.org/2000/svg"></svg>\n',
        );
        const ed = await call('edit', { file_path: p('icon.svg'), old_string: '></svg>', new_string: '><g/></svg>' });
        assert.equal(ed.code, '', ed.error);
      },
    },
    {
      name: 'records partial text reads with lastReadCacheable=true so a follow-up Edit passes enforcement (issue #3964)',
      verdict: 'matched',
      async run() {
        const { read, call, p, e } = await reader();
        e.write({ 'partial.kt': Array.from({ length: 50 }, (_, i) => `line ${i + 1}`).join('\n') });
        await read({ file_path: p('partial.kt'), offset: 10, limit: 5 });
        const ed = await call('edit', {
          file_path: p('partial.kt'),
          old_string: 'line 12\n',
          new_string: 'line twelve\n',
        });
        assert.equal(ed.code, '', ed.error);
      },
    },
    na(
      'records truncated full reads with lastReadCacheable=true (issue #3964)',
      "depends on the mock config's 500-line read limit (Qwen's default, which Facet serves, is 1000 lines)",
    ),
    {
      name: 'reads source-code files with binary-looking content as text (encrypted FS, issue #3964)',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        e.write({ 'src.cpp': '#include <iostream>\nint main() {}\n' });
        assert.ok((await read({ file_path: p('src.cpp') })).text.includes('#include'));
      },
    },
    {
      name: 'does not return the placeholder for image files',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        e.write({ 'pic.png': PNG });
        assert.equal((await read({ file_path: p('pic.png') })).blobs.length, 1);
        assert.equal((await read({ file_path: p('pic.png') })).blobs.length, 1);
      },
    },
    na(
      'completely bypasses the cache when getFileReadCacheDisabled() is true',
      'a Qwen setting that turns its read cache off; Facet has no such setting',
    ),
    {
      name: 'should throw error if path is ignored by a .qwenignore pattern',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        e.reset();
        e.write({ '.qwenignore': 'foo.*\nignored/', 'foo.bar': 'content' });
        refused(await read({ file_path: p('foo.bar') }), 'INVALID_ARGUMENT', 'invalid_tool_params');
      },
    },
    {
      name: 'should throw error if path is ignored by .agentignore or .aiignore',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        e.reset();
        e.write({
          '.agentignore': 'agent-secret.txt\n',
          '.aiignore': 'ai-secret.txt\n',
          'agent-secret.txt': 'content',
          'ai-secret.txt': 'content',
        });
        const a = await read({ file_path: p('agent-secret.txt') });
        refused(a, 'INVALID_ARGUMENT', 'invalid_tool_params');
        assert.match(a.error, /\.agentignore/);
        const b = await read({ file_path: p('ai-secret.txt') });
        refused(b, 'INVALID_ARGUMENT', 'invalid_tool_params');
        assert.match(b.error, /\.aiignore/);
        e.reset();
      },
    },
    na(
      'should throw error using configured custom ignore file display',
      "configures an extra ignore file name (.cursorignore) in Qwen's settings; Facet has no such setting",
    ),
    {
      name: 'should throw error if file is in an ignored directory',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        e.reset();
        e.write({ '.qwenignore': 'foo.*\nignored/', 'ignored/file.txt': 'content' });
        refused(await read({ file_path: p('ignored/file.txt') }), 'INVALID_ARGUMENT', 'invalid_tool_params');
        e.reset();
      },
    },
    {
      name: 'should allow reading non-ignored files',
      verdict: 'matched',
      async run() {
        const { read, p, e } = await reader();
        e.write({ '.qwenignore': 'foo.*\nignored/', 'allowed.txt': 'content' });
        assert.equal((await read({ file_path: p('allowed.txt') })).text, 'content');
        e.reset();
      },
    },
  ],
};
