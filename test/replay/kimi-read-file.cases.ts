// Kimi CLI's ReadFile tests (tests/tools/test_read_file.py), replayed through the kimi shape's
// ReadFile. The work directory is the server's root; a second root is the (test-run) home
// directory, for the "~" case. Parameter-model cases are replayed as calls with those values.
import assert from 'node:assert/strict';
import { unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { replayServer } from './env.js';
import { kimiResult, type KimiResult } from './kimi-harness.js';

const server = replayServer('kimi@1.49', () => ['--root', os.homedir()]);
const MAX_LINES = 1000;
const MAX_LINE_LENGTH = 2000;
const MAX_BYTES = 100 << 10;
const SAMPLE =
  'Line 1: Hello World\nLine 2: This is a test file\nLine 3: With multiple lines\nLine 4: For testing purposes\nLine 5: End of file';
const NUMBERED = (n: number, text: string) => `${String(n).padStart(6)}\t${text}`;

let n = 0;
async function kimi() {
  const e = await server.get();
  const session = `read-${++n}`;
  const read = async (args: Record<string, unknown>): Promise<KimiResult> =>
    kimiResult(await e.call('ReadFile', args, { session }));
  return { e, read, p: (rel: string) => path.join(e.root, rel) };
}

/** Kimi's sample.txt, written fresh. */
async function sample() {
  const k = await kimi();
  k.e.write({ 'sample.txt': SAMPLE });
  return { ...k, file: k.p('sample.txt') };
}

const ok = (r: KimiResult) => assert.equal(r.isError, false, r.message);

export const kimiReadFile: ReplaySuite = {
  vendor: 'kimi',
  shape: 'kimi@1.49',
  tool: 'ReadFile',
  source: 'MoonshotAI/kimi-cli tests/tools/test_read_file.py @4a550eff',
  cases: [
    {
      name: 'test_read_entire_file',
      verdict: 'matched',
      async run() {
        const { read, file } = await sample();
        const r = await read({ path: file });
        ok(r);
        assert.equal(
          r.output,
          SAMPLE.split('\n')
            .map((l, i) => NUMBERED(i + 1, l))
            .join('\n'),
        );
        assert.equal(
          r.message,
          '5 lines read from file starting from line 1. Total lines in file: 5. End of file reached.',
        );
      },
    },
    {
      name: 'test_read_with_line_offset',
      verdict: 'matched',
      async run() {
        const { read, file } = await sample();
        const r = await read({ path: file, line_offset: 3 });
        assert.equal(r.output, [3, 4, 5].map((i) => NUMBERED(i, SAMPLE.split('\n')[i - 1]!)).join('\n'));
        assert.equal(
          r.message,
          '3 lines read from file starting from line 3. Total lines in file: 5. End of file reached.',
        );
      },
    },
    {
      name: 'test_read_with_n_lines',
      verdict: 'matched',
      async run() {
        const { read, file } = await sample();
        const r = await read({ path: file, n_lines: 2 });
        assert.equal(
          r.output,
          `${NUMBERED(1, 'Line 1: Hello World')}\n${NUMBERED(2, 'Line 2: This is a test file')}\n`,
        );
        assert.equal(r.message, '2 lines read from file starting from line 1. Total lines in file: 5.');
      },
    },
    {
      name: 'test_read_with_line_offset_and_n_lines',
      verdict: 'matched',
      async run() {
        const { read, file } = await sample();
        const r = await read({ path: file, line_offset: 2, n_lines: 2 });
        assert.equal(
          r.output,
          `${NUMBERED(2, 'Line 2: This is a test file')}\n${NUMBERED(3, 'Line 3: With multiple lines')}\n`,
        );
        assert.equal(r.message, '2 lines read from file starting from line 2. Total lines in file: 5.');
      },
    },
    {
      name: 'test_read_nonexistent_file',
      verdict: 'matched',
      async run() {
        const { read, p } = await kimi();
        const r = await read({ path: p('nonexistent.txt') });
        assert.deepEqual([r.isError, r.code], [true, 'NOT_FOUND']);
      },
    },
    {
      name: 'test_read_directory_instead_of_file',
      verdict: 'matched',
      async run() {
        const { read, e } = await kimi();
        const r = await read({ path: e.root });
        assert.deepEqual([r.isError, r.code], [true, 'INVALID_ARGUMENT']);
      },
    },
    {
      name: 'test_read_with_relative_path',
      verdict: 'matched',
      async run() {
        const { read } = await sample();
        const r = await read({ path: 'sample.txt' });
        assert.equal(
          r.message,
          '5 lines read from file starting from line 1. Total lines in file: 5. End of file reached.',
        );
        assert.equal(
          r.output,
          SAMPLE.split('\n')
            .map((l, i) => NUMBERED(i + 1, l))
            .join('\n'),
        );
      },
    },
    {
      name: 'test_read_with_relative_path_outside_work_dir',
      verdict: 'matched',
      async run() {
        const { read } = await kimi();
        const r = await read({ path: path.join('..', 'outside_file.txt') });
        assert.equal(r.isError, true);
        assert.equal(r.output, '');
      },
    },
    {
      name: 'test_read_empty_file',
      verdict: 'matched',
      async run() {
        const { read, e, p } = await kimi();
        e.write({ 'empty.txt': '' });
        const r = await read({ path: p('empty.txt') });
        ok(r);
        assert.equal(r.output, '');
        assert.equal(r.message, 'No lines read from file. Total lines in file: 0. End of file reached.');
      },
    },
    ...(
      [
        [
          'test_read_image_file',
          'sample.png',
          Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.from('pngdata')]),
          'image',
        ],
        [
          'test_read_extensionless_image_file',
          'sample',
          Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.from('pngdata')]),
          'image',
        ],
        [
          'test_read_video_file',
          'sample.mp4',
          Buffer.from('\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom', 'latin1'),
          'video',
        ],
      ] as const
    ).map(([name, file, data, kind]): ReplayCase => ({
      name,
      verdict: 'matched',
      async run() {
        const { read, e, p } = await kimi();
        e.write({ [file]: data });
        const r = await read({ path: p(file) });
        assert.deepEqual([r.isError, r.code], [true, 'INVALID_ARGUMENT']);
        // Same facts as Kimi's message: the kind of file, and that another tool reads images and videos.
        assert.ok(
          r.message.startsWith(`\`${p(file)}\` is ${kind === 'image' ? 'an image' : 'a video'} file`),
          r.message,
        );
        assert.ok(r.message.includes('images and videos'), r.message);
      },
    })),
    {
      name: 'test_read_line_offset_beyond_file_length',
      verdict: 'matched',
      async run() {
        const { read, file } = await sample();
        const r = await read({ path: file, line_offset: 10 });
        ok(r);
        assert.equal(r.output, '');
        assert.equal(r.message, 'No lines read from file. Total lines in file: 5. End of file reached.');
      },
    },
    {
      name: 'test_read_unicode_file',
      verdict: 'matched',
      async run() {
        const { read, e, p } = await kimi();
        e.write({ 'unicode.txt': 'Hello 世界 🌍\nUnicode test: café, naïve, résumé' });
        const r = await read({ path: p('unicode.txt') });
        assert.equal(r.output, `${NUMBERED(1, 'Hello 世界 🌍')}\n${NUMBERED(2, 'Unicode test: café, naïve, résumé')}`);
        assert.equal(
          r.message,
          '2 lines read from file starting from line 1. Total lines in file: 2. End of file reached.',
        );
      },
    },
    {
      name: 'test_read_edge_cases',
      verdict: 'matched',
      async run() {
        const { read, file } = await sample();
        const a = await read({ path: file, line_offset: 1 });
        assert.equal(
          a.output,
          SAMPLE.split('\n')
            .map((l, i) => NUMBERED(i + 1, l))
            .join('\n'),
        );
        assert.equal(
          a.message,
          '5 lines read from file starting from line 1. Total lines in file: 5. End of file reached.',
        );
        const b = await read({ path: file, line_offset: 5 });
        assert.equal(b.output, '     5\tLine 5: End of file');
        assert.equal(
          b.message,
          '1 lines read from file starting from line 5. Total lines in file: 5. End of file reached.',
        );
        const c = await read({ path: file, line_offset: 2, n_lines: 1 });
        assert.equal(c.output, '     2\tLine 2: This is a test file\n');
        assert.equal(c.message, '1 lines read from file starting from line 2. Total lines in file: 5.');
      },
    },
    {
      name: 'test_line_truncation_and_messaging',
      verdict: 'matched',
      async run() {
        const { read, e, p } = await kimi();
        e.write({ 'single_long_line.txt': 'A'.repeat(2500) + ' This should be truncated' });
        const one = await read({ path: p('single_long_line.txt') });
        ok(one);
        assert.ok(one.message.includes('1 lines read from'), one.message);
        assert.ok(one.output.endsWith('...'));
        assert.equal(one.output.split('\t', 2)[1]!.length, MAX_LINE_LENGTH);
        e.write({ 'multi_truncation_test.txt': `${'A'.repeat(2500)}\nShort line\n${'B'.repeat(3000)}` });
        const multi = await read({ path: p('multi_truncation_test.txt') });
        assert.equal(
          multi.message,
          '3 lines read from file starting from line 1. Total lines in file: 3. End of file reached. Lines [1, 3] were truncated.',
        );
        assert.deepEqual(
          multi.output.split('\n').map((l) => l.slice(-20)),
          ['AAAAAAAAAAAAAAAAA...', '     2\tShort line', 'BBBBBBBBBBBBBBBBB...'],
        );
      },
    },
    {
      name: 'test_parameter_validation_line_offset',
      verdict: 'matched',
      async run() {
        const { read, file } = await sample();
        assert.equal((await read({ path: file, line_offset: 0 })).code, 'INVALID_ARGUMENT');
        ok(await read({ path: file, line_offset: -1 }));
        assert.equal((await read({ path: file, line_offset: -(MAX_LINES + 1) })).code, 'INVALID_ARGUMENT');
        ok(await read({ path: file, line_offset: -MAX_LINES }));
      },
    },
    {
      name: 'test_parameter_validation_n_lines',
      verdict: 'matched',
      async run() {
        const { read, file } = await sample();
        assert.equal((await read({ path: file, n_lines: 0 })).code, 'INVALID_ARGUMENT');
        assert.equal((await read({ path: file, n_lines: -1 })).code, 'INVALID_ARGUMENT');
      },
    },
    {
      name: 'test_max_lines_boundary',
      verdict: 'matched',
      async run() {
        const { read, e, p } = await kimi();
        e.write({ 'large_file.txt': Array.from({ length: MAX_LINES + 9 }, (_, i) => `Line ${i + 1}`).join('\n') });
        const r = await read({ path: p('large_file.txt'), n_lines: MAX_LINES + 5 });
        ok(r);
        assert.ok(r.message.includes(`Max ${MAX_LINES} lines reached`), r.message);
        assert.equal(r.output.split('\n').filter((l) => l.trim()).length, MAX_LINES);
      },
    },
    {
      name: 'test_max_bytes_boundary',
      verdict: 'matched',
      async run() {
        const { read, e, p } = await kimi();
        e.write({
          'large_bytes.txt': Array(Math.floor(MAX_BYTES / 1000) + 5)
            .fill('A'.repeat(1000))
            .join('\n'),
        });
        const r = await read({ path: p('large_bytes.txt') });
        ok(r);
        assert.ok(r.message.includes(`Max ${MAX_BYTES} bytes reached`), r.message);
      },
    },
    {
      name: 'test_read_with_tilde_path_expansion',
      verdict: 'matched',
      async run() {
        // The home directory is the test run's own (the runner sets HOME), served as a second root.
        const { read } = await kimi();
        const file = path.join(os.homedir(), '.test_expanduser_temp');
        writeFileSync(file, 'Test content for tilde expansion');
        try {
          const r = await read({ path: '~/.test_expanduser_temp' });
          ok(r);
          assert.ok(r.output.includes('Test content for tilde expansion'));
          assert.equal(
            r.message,
            '1 lines read from file starting from line 1. Total lines in file: 1. End of file reached.',
          );
        } finally {
          unlinkSync(file);
        }
      },
    },
    {
      name: 'test_read_rejects_sensitive_file',
      verdict: 'matched',
      async run() {
        const { read, e, p } = await kimi();
        e.write({ '.env': 'SECRET_KEY=hunter2\n' });
        const r = await read({ path: p('.env') });
        assert.equal(r.isError, true);
        const m = r.message.toLowerCase();
        assert.ok(m.includes('sensitive') || m.includes('secrets'), r.message);
        assert.ok(m.includes('blocked') || m.includes('protect'), r.message);
      },
    },
    {
      name: 'test_read_allows_non_sensitive_dotfile',
      verdict: 'matched',
      async run() {
        const { read, e, p } = await kimi();
        e.write({ '.gitignore': 'node_modules/\n' });
        const r = await read({ path: p('.gitignore') });
        ok(r);
        assert.ok(r.output.includes('node_modules'));
      },
    },
    {
      name: 'test_read_tail_basic',
      verdict: 'matched',
      async run() {
        const { read, file } = await sample();
        const r = await read({ path: file, line_offset: -3 });
        ok(r);
        assert.ok(
          r.output.includes('     3\tLine 3: With multiple lines\n') &&
            r.output.includes('     4\tLine 4: For testing purposes\n') &&
            r.output.includes('     5\tLine 5: End of file'),
        );
        assert.ok(!r.output.includes('Line 1:') && !r.output.includes('Line 2:'));
        assert.ok(r.message.includes('Total lines in file: 5.'));
      },
    },
    {
      name: 'test_read_tail_with_n_lines',
      verdict: 'matched',
      async run() {
        const { read, file } = await sample();
        const r = await read({ path: file, line_offset: -5, n_lines: 2 });
        assert.ok(
          r.output.includes('     1\tLine 1: Hello World\n') &&
            r.output.includes('     2\tLine 2: This is a test file\n'),
        );
        assert.ok(!r.output.includes('Line 3:'));
        assert.ok(r.message.includes('Total lines in file: 5.'));
      },
    },
    {
      name: 'test_read_tail_exceeds_file',
      verdict: 'matched',
      async run() {
        const { read, file } = await sample();
        const r = await read({ path: file, line_offset: -100 });
        ok(r);
        assert.ok(
          r.output.includes('     1\tLine 1: Hello World\n') && r.output.includes('     5\tLine 5: End of file'),
        );
        assert.ok(r.message.includes('Total lines in file: 5.'));
      },
    },
    {
      name: 'test_read_tail_empty_file',
      verdict: 'matched',
      async run() {
        const { read, e, p } = await kimi();
        e.write({ 'empty_tail.txt': '' });
        const r = await read({ path: p('empty_tail.txt'), line_offset: -10 });
        ok(r);
        assert.equal(r.output, '');
        assert.ok(r.message.includes('Total lines in file: 0.'), r.message);
      },
    },
    {
      name: 'test_read_total_lines_with_positive_offset',
      verdict: 'matched',
      async run() {
        const { read, file } = await sample();
        const r = await read({ path: file, line_offset: 3, n_lines: 1 });
        assert.ok(r.output.includes('     3\tLine 3: With multiple lines'));
        assert.ok(!r.output.includes('Line 1:') && !r.output.includes('Line 4:'));
        assert.ok(r.message.includes('Total lines in file: 5.'));
      },
    },
    {
      name: 'test_read_tail_last_line',
      verdict: 'matched',
      async run() {
        const { read, file } = await sample();
        const r = await read({ path: file, line_offset: -1 });
        assert.equal(r.output, '     5\tLine 5: End of file');
        for (const part of [
          '1 lines read from file starting from line 5.',
          'Total lines in file: 5.',
          'End of file reached.',
        ])
          assert.ok(r.message.includes(part), r.message);
      },
    },
    {
      name: 'test_read_tail_max_lines',
      verdict: 'matched',
      async run() {
        const { read, e, p } = await kimi();
        const total = MAX_LINES + 500;
        e.write({ 'tail_large.txt': Array.from({ length: total }, (_, i) => `Line ${i + 1}`).join('\n') });
        const r = await read({ path: p('tail_large.txt'), line_offset: -MAX_LINES });
        ok(r);
        assert.ok(r.message.includes(`Total lines in file: ${total}.`));
        const lines = r.output.split('\n').filter((l) => l.trim());
        assert.equal(lines.length, MAX_LINES);
        assert.ok(lines[0]!.endsWith(`Line ${total - MAX_LINES + 1}`));
      },
    },
    {
      name: 'test_read_tail_max_bytes',
      verdict: 'matched',
      async run() {
        const { read, e, p } = await kimi();
        const num = Math.floor(MAX_BYTES / 1001) + 20;
        e.write({
          'tail_bytes.txt': Array.from(
            { length: num },
            (_, i) => `${String(i + 1).padStart(4, '0')}${'B'.repeat(996)}`,
          ).join('\n'),
        });
        const r = await read({ path: p('tail_bytes.txt'), line_offset: -num });
        ok(r);
        assert.ok(r.message.includes(`Max ${MAX_BYTES} bytes reached`), r.message);
        assert.ok(r.message.includes(`Total lines in file: ${num}.`), r.message);
        const lines = r.output.split('\n').filter((l) => l.trim());
        assert.ok(lines.at(-1)!.split('\t', 2)[1]!.startsWith(String(num).padStart(4, '0')));
        assert.ok(!lines[0]!.split('\t', 2)[1]!.startsWith('0001'));
      },
    },
    {
      name: 'test_read_tail_n_lines_not_affected_by_byte_cap',
      verdict: 'matched',
      async run() {
        const { read, e, p } = await kimi();
        e.write({
          'tail_nlines_bytecap.txt': Array.from(
            { length: 500 },
            (_, i) => `${String(i + 1).padStart(4, '0')}${'X'.repeat(1996)}`,
          ).join('\n'),
        });
        const r = await read({ path: p('tail_nlines_bytecap.txt'), line_offset: -200, n_lines: 1 });
        ok(r);
        const lines = r.output.split('\n').filter((l) => l.trim());
        assert.equal(lines.length, 1);
        assert.ok(lines[0]!.split('\t', 2)[1]!.startsWith('0301'), lines[0]!.slice(0, 20));
        assert.ok(!r.message.includes('Max'), r.message);
      },
    },
    {
      name: 'test_read_tail_line_truncation',
      verdict: 'matched',
      async run() {
        const { read, e, p } = await kimi();
        e.write({
          'tail_truncation.txt': `Short line\n${'X'.repeat(2500)}\nShort line\n${'X'.repeat(2500)}\nShort line`,
        });
        const r = await read({ path: p('tail_truncation.txt'), line_offset: -3 });
        ok(r);
        assert.ok(r.message.includes('Total lines in file: 5.'));
        assert.ok(r.message.includes('Lines [4] were truncated.'), r.message);
        const line4 = r.output.split('\n').find((l) => l.trim().startsWith('4'))!;
        assert.ok(line4.split('\t', 2)[1]!.endsWith('...'));
      },
    },
  ],
};
