// Kimi Code's own tool tests (vendors/kimi/2.1.0.tests.md: 583 declarations in 23 files of
// MoonshotAI/kimi-code@d723cc4, agent-core-v2) and the behaviours observed of 2.1.0
// (vendors/kimi/2.1.0.json), replayed against the kimi shape: real server, real files, real
// processes. The vendor's tests call its tool classes over a mocked file system and process
// runner; here each replayed case makes the same situation on disk and asserts the exact text the
// model sees (the "Wall time" figure is the only part normalized).
//
// The ledger (LEDGER below, checked by the last test): every case is matched (a test here named
// after it), a deliberate difference (named, with the reason), or skipped (with why, per file).
// Totals: matched 164, deliberate 42, skipped 377 (583); besides, 13 behaviours of the 2.1.0 capture
// (named "2.1.0: …") are replayed.
//
// Deliberate differences, by reason:
// - Scope: Kimi Code reads and writes absolute paths anywhere (and ~/ to the home directory, skill
//   roots and additional_dirs by relative traversal); Facet refuses what lies outside its roots.
// - Read's line model: the 0.38 tests pin "Max N lines reached.", "Max N bytes reached." and
//   "Lines [..] were truncated." (1000 lines, 100 KiB, 2000-char lines); 2.1.0 replaced them with
//   the max_chars budget and column fragments (the capture), which Facet follows.
// - Lone carriage returns split lines in Facet (the mixed-ending view shows CRLF's \r only); invalid
//   UTF-8 is decoded as the encoding detected instead of refused.
// - Bash's process details (argv "cd '<cwd>' && …", Git Bash on Windows, SSH channels, task limits
//   killing with SIGTERM, a 10-minute default deadline) are the engine's; the texts replayed match.
// - Grep's glob is matched against paths relative to the search root (Kimi Code matches the
//   absolute path, so "src/**/*.ts" finds nothing there); the tool's error_modes say so.
// - ReadMediaFile sends files as they are: no downsampling, no region crop (refused in words),
//   no video upload.
// - Unknown tools are refused with Facet's registry words (the registry, not the shape, answers).
// - The person answers through the host (engine.host): accept, decline (with a message: Kimi Code's
//   "Revise" with feedback), cancel. Kimi Code's "Reject and Exit", its auto mode (plan approved
//   without review) and background questions have no counterpart; ExitPlanMode's option labels are
//   refused only by the schema (the facts hold neither the reserved labels nor the words); empty
//   headers and option descriptions are left out of the host's form.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { FailureCode } from '../../../src/gen/codefly/base/v0/failure.js';
import { InputAction, type AnswerInputRequest } from '../../../src/gen/facet/toolbox/v1/stream.js';
import { grpcHost } from '../../helpers/host-clients.js';
import { callTool, serverFixture, texts, unary } from '../../helpers/server.js';

const FAILED = '<system>ERROR: Tool execution failed.</system>\n';
const WALL = /^Wall time: \d+\.\d{3} seconds\n/;

interface Got {
  text: string;
  parts: string[];
  failed: boolean;
  code: string;
}

/** Per-file ledger of the vendor's cases: the total, the deliberate differences, and why the rest is skipped. */
const LEDGER: Record<string, { total: number; deliberate: string[]; skipped: string }> = {
  'read.test.ts': {
    total: 49,
    deliberate: [
      'rejects relative traversal before reading',
      'allows relative traversal into a skill root the session catalog provides',
      'allows explicit absolute paths outside the workspace',
      'expands leading tilde paths using the kaos home directory',
      'reads files inside additional_dirs via absolute path',
      'makes mixed carriage returns visible instead of normalizing them',
      'rejects invalid UTF-8 instead of returning replacement characters',
      'truncates long lines and surfaces the affected line numbers',
      'checks the byte cap before adding the next rendered line',
      'reads through bounded byte preflight and streams line iteration without full readText',
      'caps default reads at MAX_LINES',
      'tail byte truncation keeps the newest lines closest to EOF',
      'tail n_lines is applied before byte truncation',
      'tail mode reports absolute line numbers when long lines are truncated',
      'returns an empty successful output when line_offset is beyond EOF',
    ],
    skipped:
      'metadata and permission-rule matching (exposes metadata, glob path semantics, cap constants in the description, runtime availability), the symlinked-stat mock, the 10 MiB UTF-16 refusal (a fixture too big to be useful here), extensionless/fake image sniffing of the mock backend, BOM-less and BE UTF-16 variants (the engine decodes them; covered by the LE case)',
  },
  'edit.test.ts': {
    total: 25,
    deliberate: [
      'expands leading tilde paths using the kaos home directory',
      'rejects relative traversal edits before reading',
      'allows absolute edits outside the workspace under default policy',
      'allows absolute edits to a sibling dir that merely shares the work-dir prefix',
    ],
    skipped:
      'approval-panel display and access declarations, the runtime-filesystem selection and HostFsError mapping of the mocks, the non-UTF-8 refusal (the engine transcodes)',
  },
  'write.test.ts': {
    total: 22,
    deliberate: [
      'expands leading tilde paths using the kaos home directory',
      'allows explicit absolute writes outside the workspace',
      'rejects relative traversal writes before fs I/O',
      'allows absolute writes to a sibling dir that merely shares the work-dir prefix',
    ],
    skipped:
      'metadata, approval display and permission globs; injected mkdir/write failures (permission denied, disk full, ENOENT surfaced by writeText) that need a mocked file system',
  },
  'bash.test.ts': {
    total: 48,
    deliberate: [
      'runs through runner.spawn, injects cwd, noninteractive env, and closes stdin',
      'uses Git Bash semantics on Windows',
      'kills a spawned background command when the task limit is reached',
      'rejects one of two concurrent background commands when the task limit is reached',
      'timeout-stops a background task after the default 10 minute deadline',
    ],
    skipped:
      'description and schema rendering, Windows nul-redirect rewriting, mocked runner failures (wait rejects, stream read errors, premature close, SSH channels), abort signals, the auto-background-off setting, tools disabled by configuration, telemetry and progress events, output-cap sentinels of the mocked 1 MiB buffer',
  },
  'grep.test.ts': {
    total: 86,
    deliberate: ['appends sensitive prefilter globs after user glob filters'],
    skipped:
      'ripgrep argv assertions (flags, --max-columns, -j retries, null-delimited parsing, Windows paths), DI registration, mocked mtime stats, timeouts and aborts of a fake rg, rg locating and install hints, parameter-description rendering',
  },
  'glob.test.ts': {
    total: 53,
    deliberate: ['keeps results absolute when searching an additional directory'],
    skipped:
      'rg argv and spawn mocks (sort flags, --no-ignore, EAGAIN retry, rg unavailable, exit-2 warnings), Windows descriptions and paths, MAX_MATCHES caps of the 0.38 build (2.1.0 pages by head_limit), splitCompletePaths internals, additionalDir and absolute-root cases outside the roots',
  },
  'task-tools.test.ts': {
    total: 39,
    deliberate: [],
    skipped:
      'agent tasks (no sub-agents here), mocked task services (persisted logs, injected snapshots, truncation of a 200 KiB fake log, format failures, wait races and aborts), progress updates, the wait_for flag, telemetry',
  },
  'todo-list.test.ts': {
    total: 6,
    deliberate: [],
    skipped: 'schema metadata and resolveExecution descriptions (UI)',
  },
  'goal-tools.test.ts': {
    total: 19,
    deliberate: [],
    skipped:
      'delayed executions across a replaced goal within one model batch, stop signals and turn control, sub-agent registration (Facet runs each call as it comes, one goal per session)',
  },
  'toolExecutor.test.ts': {
    total: 41,
    deliberate: ['records an error tool.result when the tool name is unknown'],
    skipped:
      'the agent loop: telemetry, hooks and vetoes, protocol events, batching and aborts, media parts, malformed JSON (Facet receives parsed arguments)',
  },
  'args-validator.test.ts': {
    total: 5,
    deliberate: [],
    skipped: 'format keywords (email, uri) and the type/enum subset on schemas no Kimi tool sends',
  },
  'toolResultTruncation.test.ts': {
    total: 4,
    deliberate: [],
    skipped: 'the spill service of arbitrary tools (Facet spills only Bash output, to its task log)',
  },
  'fetch-url.test.ts': { total: 7, deliberate: [], skipped: 'abort signals and mocked fetchers' },
  'local-fetch-url.test.ts': {
    total: 23,
    deliberate: [],
    skipped:
      "the provider's DNS pinning, proxies and mocked responses; Facet's web engine applies its own address policy, tested in test/web",
  },
  'read-media.test.ts': {
    total: 50,
    deliberate: [
      'downsamples large images and points the model to region readback',
      'reads image regions at native resolution',
      'rejects a region outside the image with the original size in the error',
      'uses the video uploader when provided',
    ],
    skipped:
      'compression budgets, EXIF rotation, telemetry, model capabilities and registrars, video upload channels, HEIC/AVIF conversion hints (Facet sends files as they are)',
  },
  'exit-plan-mode.test.ts': {
    total: 9,
    deliberate: [
      'rejects too many options, duplicate labels, reserved labels, and invalid labels',
      'marks the direct-execution output as auto-approved, not user-reviewed, in auto mode',
    ],
    skipped: 'plan revision history (recording, and its failure)',
  },
  'planGuard.test.ts': {
    total: 18,
    deliberate: ['exits plan mode with a stopping error result when the user chooses Reject and Exit'],
    skipped:
      "the executor's hook model: write accesses declared per call (a Write or Edit without a path fails the schema here), approval origins and telemetry, a review without a plan path or display, auto mode (Facet has none)",
  },
  'ask-user.test.ts': {
    total: 17,
    deliberate: [
      'passes empty headers and option descriptions through verbatim (v1 wire parity)',
      'background mode › returns a task_id immediately without awaiting the answer',
      'background mode › runs the question in the background task and settles completed with the answer',
      'background mode › settles killed when the background task is aborted',
    ],
    skipped:
      'telemetry, aborts, and a question service failure (here a question nobody answers in time: test/server/host-questions-kimi)',
  },
  'cron-tools.test.ts': {
    total: 29,
    deliberate: [],
    skipped: 'Cron* are not declared: they inject prompts into a conversation Facet does not own',
  },
  'skill.test.ts': {
    total: 11,
    deliberate: [],
    skipped: 'the skill service and catalog readiness, non-inline skill types, nested depth, busy-turn delivery',
  },
  'todoListReminder.test.ts': {
    total: 5,
    deliberate: [],
    skipped: 'reminders injected between model turns (Facet has no turns)',
  },
  'result-builder.test.ts': { total: 13, deliberate: [], skipped: 'an internal output accumulator' },
  'input-schema.test.ts': {
    total: 4,
    deliberate: [],
    skipped: 'zod to JSON Schema conversion (the fidelity test compares the schemas sent)',
  },
};

/** The replayed cases, by vendor file: filled as the tests below register. */
const MATCHED: Record<string, string[]> = {};

describe('Kimi Code 2.1.0 replayed against kimi', () => {
  const { t, dir } = serverFixture({ shape: 'kimi', prefix: 'facet-kimi-replay-' });
  const at = (rel: string) => path.join(dir, rel);
  const write = (rel: string, body: string | Buffer) => {
    mkdirSync(path.dirname(at(rel)), { recursive: true });
    writeFileSync(at(rel), body);
  };
  const call = async (name: string, args: Record<string, unknown>, session = 'replay'): Promise<Got> => {
    const res = await callTool(t.client, name, args, { shape: 'kimi', session, deadlineMs: 60_000 });
    const all = texts(res);
    return {
      text: (all[0] ?? '').replace(WALL, 'Wall time: X seconds\n'),
      parts: all.slice(1),
      failed: res.failure !== undefined,
      code: res.failure ? FailureCode[res.failure.code]!.replace('FAILURE_CODE_', '') : '',
    };
  };
  const replay = (file: string, name: string, run: () => Promise<void>) => {
    (MATCHED[file] ??= []).push(name);
    test(`${file} › ${name}`, run);
  };
  const status = (n: number, from: number, total: number, end = true, extra = '') =>
    `<system>${n} line${n === 1 ? '' : 's'} read from file starting from line ${from}. Total lines in file: ${total}. Requested range complete. Effective max_chars: 100000.${extra}${end ? ' End of file reached.' : ''}</system>`;
  const failed = (text: string) => `${FAILED}${text}`;
  const ABCDE = 'a\nb\nc\nd\ne\n';

  // ---- Read
  replay('read.test.ts', 'reads text content with stable one-based line numbers', async () => {
    write('r/a.txt', 'line1\nline2\nline3\n');
    assert.equal((await call('Read', { path: 'r/a.txt' })).text, `1\tline1\n2\tline2\n3\tline3\n${status(3, 1, 3)}`);
  });
  replay('read.test.ts', 'normalizes pure CRLF files to the LF model view', async () => {
    write('r/crlf.txt', 'alpha\r\nbeta\r\n');
    assert.equal((await call('Read', { path: 'r/crlf.txt' })).text, `1\talpha\n2\tbeta\n${status(2, 1, 2)}`);
  });
  replay('read.test.ts', 'respects one-based line_offset and positive n_lines', async () => {
    write('r/abcde.txt', ABCDE);
    const got = await call('Read', { path: 'r/abcde.txt', line_offset: 2, n_lines: 2 });
    assert.equal(got.text, `2\tb\n3\tc\n${status(2, 2, 5, false)}`);
  });
  replay('read.test.ts', 'supports negative line_offset as tail mode with absolute line numbers', async () => {
    write('r/abcde.txt', ABCDE);
    const got = await call('Read', { path: 'r/abcde.txt', line_offset: -3 });
    assert.equal(got.text, `3\tc\n4\td\n5\te\n${status(3, 3, 5)}`);
  });
  replay('read.test.ts', 'applies n_lines from the start of the negative line_offset tail window', async () => {
    write('r/abcde.txt', ABCDE);
    const got = await call('Read', { path: 'r/abcde.txt', line_offset: -5, n_lines: 2 });
    assert.equal(got.text, `1\ta\n2\tb\n${status(2, 1, 5, false)}`);
  });
  replay('read.test.ts', 'returns a friendly error for missing files before sniffing bytes', async () => {
    const got = await call('Read', { path: 'r/missing.txt' });
    assert.deepEqual([got.text, got.code], [failed('"r/missing.txt" does not exist.'), 'NOT_FOUND']);
  });
  replay('read.test.ts', 'reports nonexistent files with the expected does-not-exist phrasing', async () => {
    assert.equal((await call('Read', { path: 'ghost.txt' })).text, failed('"ghost.txt" does not exist.'));
  });
  replay('read.test.ts', 'returns a friendly error for directories before sniffing bytes', async () => {
    mkdirSync(at('r/src'), { recursive: true });
    assert.equal((await call('Read', { path: 'r/src' })).text, failed('"r/src" is not a file.'));
  });
  replay('read.test.ts', 'blocks sensitive files independently from workspace access', async () => {
    write('r/.env', 'SECRET=1\n');
    const got = await call('Read', { path: 'r/.env' });
    assert.equal(
      got.text,
      failed(
        '"r/.env" matches a sensitive-file pattern (keys, tokens, credentials); it is blocked to protect secrets.',
      ),
    );
  });
  replay('read.test.ts', 'rejects image files before text decoding', async () => {
    write('r/sample.png', Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'));
    assert.equal(
      (await call('Read', { path: 'r/sample.png' })).text,
      failed(
        '"r/sample.png" is an image file. Only text files can be read; use ReadMediaFile for image and video files.',
      ),
    );
  });
  replay('read.test.ts', 'rejects video files before text decoding', async () => {
    write('r/sample.mp4', Buffer.concat([Buffer.from('000000186674797069736f6d', 'hex'), Buffer.alloc(32)]));
    assert.equal(
      (await call('Read', { path: 'r/sample.mp4' })).text,
      failed(
        '"r/sample.mp4" is a video file. Only text files can be read; use ReadMediaFile for image and video files.',
      ),
    );
  });
  for (const [name, file] of [
    ['rejects NUL-containing binary files before text decoding', 'r/blob.bin'],
    ['rejects NUL bytes that appear after the preflight header', 'r/blob-with-late-nul'],
  ] as const) {
    replay('read.test.ts', name, async () => {
      write(
        file,
        file.endsWith('nul')
          ? Buffer.concat([Buffer.alloc(9000, 'a'), Buffer.from([0, 1, 2])])
          : Buffer.from([0, 1, 2, 0, 255]),
      );
      const got = await call('Read', { path: file });
      assert.equal(
        got.text,
        failed(
          `"${file}" is not a text file (it holds binary data). Only text files can be read; inspect it with Bash and Python tools instead.`,
        ),
      );
    });
  }
  replay('read.test.ts', 'reads a UTF-16 LE file with BOM by transcoding to UTF-8', async () => {
    write('r/notes.TXT', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hello\nworld\n', 'utf16le')]));
    const got = await call('Read', { path: 'r/notes.TXT' });
    assert.equal(
      got.text,
      `1\thello\n2\tworld\n${status(2, 1, 2, true, '').replace('</system>', ' Detected file encoding: UTF-16 LE; content transcoded to UTF-8 for display. Edit and Write save UTF-8, so rewrite the whole file if its encoding must stay.</system>')}`,
    );
  });
  replay('read.test.ts', 'returns empty output and Total lines: 0 for an empty file', async () => {
    write('r/empty.txt', '');
    assert.equal((await call('Read', { path: 'r/empty.txt' })).text, status(0, 1, 0));
  });
  replay('read.test.ts', 'tail mode on an empty file returns empty output without erroring', async () => {
    write('r/empty.txt', '');
    const got = await call('Read', { path: 'r/empty.txt', line_offset: -10 });
    assert.equal(got.failed, false);
    assert.match(got.text, /Total lines in file: 0\./);
  });
  replay('read.test.ts', 'reads unicode (CJK + emoji + accented Latin) without loss', async () => {
    write('r/unicode.txt', 'Hello 世界 🌍\nUnicode test: café, naïve, résumé\n');
    assert.equal(
      (await call('Read', { path: 'r/unicode.txt' })).text,
      `1\tHello 世界 🌍\n2\tUnicode test: café, naïve, résumé\n${status(2, 1, 2)}`,
    );
  });
  replay('read.test.ts', 'schema validation rejects n_lines=0 and n_lines=-1 with an n_lines-keyed error', async () => {
    for (const n of [0, -1]) {
      const got = await call('Read', { path: 'r/a.txt', n_lines: n });
      assert.deepEqual(
        [got.text, got.code],
        [failed('Invalid args for tool "Read": /n_lines must be > 0'), 'INVALID_ARGUMENT'],
      );
    }
  });
  replay('read.test.ts', 'schema validation accepts -1 and -MAX_LINES but rejects -(MAX_LINES + 1)', async () => {
    // 2.1.0 has no line cap: any negative offset is a tail (the 0.38 bound is gone); 0 is refused.
    write('r/abcde.txt', ABCDE);
    assert.equal((await call('Read', { path: 'r/abcde.txt', line_offset: -1001 })).failed, false);
    assert.equal(
      (await call('Read', { path: 'r/abcde.txt', line_offset: 0 })).text,
      failed(
        'Invalid args for tool "Read": /line_offset must be >= 1; /line_offset must be < 0; /line_offset must match a schema in anyOf',
      ),
    );
  });
  replay('read.test.ts', 'exposes current metadata and schema', async () => {
    const got = await call('Read', { path: 'r/a.txt', extra: true });
    assert.equal(got.text, failed(`Invalid args for tool "Read": must NOT have additional property 'extra'`));
  });
  replay('read.test.ts', 'reads non-sensitive dotfiles like .gitignore successfully', async () => {
    write('r/.gitignore', 'node_modules/\n');
    assert.equal((await call('Read', { path: 'r/.gitignore' })).text, `1\tnode_modules/\n${status(1, 1, 1)}`);
  });
  replay('read.test.ts', 'negative line_offset exceeding total lines returns the entire file', async () => {
    write('r/abcde.txt', ABCDE);
    const got = await call('Read', { path: 'r/abcde.txt', line_offset: -100 });
    assert.equal(got.text, `1\ta\n2\tb\n3\tc\n4\td\n5\te\n${status(5, 1, 5)}`);
  });
  replay('read.test.ts', 'line_offset=-1 returns only the last line with its absolute line number', async () => {
    write('r/abcde.txt', ABCDE);
    assert.equal((await call('Read', { path: 'r/abcde.txt', line_offset: -1 })).text, `5\te\n${status(1, 5, 5)}`);
  });
  replay('read.test.ts', 'reads a BOM-marked UTF-16 file whose content has no zero bytes (CJK-only)', async () => {
    write('r/cjk.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('你好世界', 'utf16le')]));
    const got = await call('Read', { path: 'r/cjk.txt' });
    assert.match(got.text, /^1\t你好世界\n<system>.* Detected file encoding: UTF-16 LE;/);
  });
  replay('read.test.ts', 'paginates transcoded UTF-16 files in tail mode', async () => {
    write('r/tail16.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('one\ntwo\nthree\n', 'utf16le')]));
    const got = await call('Read', { path: 'r/tail16.txt', line_offset: -1 });
    assert.match(
      got.text,
      /^3\tthree\n<system>1 line read from file starting from line 3\. .*Detected file encoding: UTF-16 LE/,
    );
  });
  // 2.1.0's budget, as captured (vendors/kimi/2.1.0.json, Read).
  replay('read.test.ts', '2.1.0: max_chars cuts the read and the status names the next Read', async () => {
    write('r/long.txt', Array.from({ length: 399 }, (_, i) => `${'x'.repeat(60)} ${i + 1}`).join('\n') + '\n');
    const got = await call('Read', { path: 'r/long.txt', max_chars: 500 });
    const lines = got.text.split('\n');
    const shown = lines.length - 1;
    assert.ok(got.text.length <= 500, String(got.text.length));
    assert.equal(
      lines[shown],
      `<system>${shown} lines read from file starting from line 1. Total lines in file: 399. Character limit reached. Effective max_chars: 500. Next Read: {"path":"r/long.txt","line_offset":${shown + 1},"max_chars":500}</system>`,
    );
    assert.equal(lines[0], `1\t${'x'.repeat(60)} 1`);
  });
  replay('read.test.ts', '2.1.0: a max_chars over the maximum is capped and the status says so', async () => {
    write('r/a.txt', 'line1\nline2\nline3\n');
    const got = await call('Read', { path: 'r/a.txt', max_chars: 900000 });
    assert.equal(
      got.text,
      '1\tline1\n2\tline2\n3\tline3\n<system>3 lines read from file starting from line 1. Total lines in file: 3. Requested range complete. Effective max_chars: 500000. Requested max_chars=900000 was capped at the configured maximum 500000. End of file reached.</system>',
    );
  });
  replay('read.test.ts', '2.1.0: a first line longer than the budget is read in column fragments', async () => {
    write('r/wide.txt', `${'y'.repeat(1000)}\nz\n`);
    const got = await call('Read', { path: 'r/wide.txt', max_chars: 400 });
    const m =
      /^1\t(y+)\n<system>1 line read from file starting from line 1\. Total lines in file: 2\. Line 1 fragment: columns \[0, (\d+)\) of 1000\. Line continues\. Character limit reached\. Effective max_chars: 400\. Next Read: \{"path":"r\/wide\.txt","line_offset":1,"column_offset":(\d+),"max_chars":400\}<\/system>$/.exec(
        got.text,
      );
    assert.ok(m, got.text);
    assert.equal(m[1]!.length, Number(m[2]));
    assert.equal(m[2], m[3]);
    const next = await call('Read', {
      path: 'r/wide.txt',
      line_offset: 1,
      column_offset: Number(m[3]),
      max_chars: 400,
    });
    assert.match(next.text, new RegExp(`Line 1 fragment: columns \\[${m[3]}, \\d+\\) of 1000\\.`));
  });
  replay('read.test.ts', '2.1.0: a max_chars too small for one character and the status is refused', async () => {
    write('r/a.txt', 'line1\nline2\nline3\n');
    const got = await call('Read', { path: 'r/a.txt', max_chars: 20 });
    assert.equal(got.text, failed('max_chars=20 is too small for file text and the Read status. Increase max_chars.'));
  });

  // ---- Edit
  const edit = (args: Record<string, unknown>) => call('Edit', args);
  replay('edit.test.ts', 'replaces a unique first occurrence and writes the updated content', async () => {
    write('e/a.txt', 'alpha beta gamma');
    assert.equal(
      (await edit({ path: 'e/a.txt', old_string: 'beta', new_string: 'gamma' })).text,
      'Replaced 1 occurrence in e/a.txt',
    );
    assert.equal(readFileSync(at('e/a.txt'), 'utf8'), 'alpha gamma gamma');
  });
  replay('edit.test.ts', 'treats replacement dollar sequences literally for single edits', async () => {
    write('e/d.txt', 'alpha beta gamma');
    await edit({ path: 'e/d.txt', old_string: 'beta', new_string: "$& $$ $` $'" });
    assert.equal(readFileSync(at('e/d.txt'), 'utf8'), "alpha $& $$ $` $' gamma");
  });
  replay('edit.test.ts', 'treats replacement dollar sequences literally for replace_all edits', async () => {
    write('e/d2.txt', 'a b a');
    const got = await edit({ path: 'e/d2.txt', old_string: 'a', new_string: '$&', replace_all: true });
    assert.equal(got.text, 'Replaced 2 occurrences in e/d2.txt');
    assert.equal(readFileSync(at('e/d2.txt'), 'utf8'), '$& b $&');
  });
  replay('edit.test.ts', 'matches pure CRLF files through the LF model view and writes back CRLF', async () => {
    write('e/crlf.txt', 'alpha\r\nbeta\r\ngamma\r\n');
    assert.equal((await edit({ path: 'e/crlf.txt', old_string: 'alpha\nbeta', new_string: 'one\ntwo' })).failed, false);
    assert.equal(readFileSync(at('e/crlf.txt'), 'utf8'), 'one\r\ntwo\r\ngamma\r\n');
  });
  replay('edit.test.ts', 'does not double carriage returns when editing pure CRLF files', async () => {
    write('e/crlf2.txt', 'alpha\r\nbeta\r\n');
    await edit({ path: 'e/crlf2.txt', old_string: 'alpha\nbeta', new_string: 'one\r\ntwo' });
    assert.equal(readFileSync(at('e/crlf2.txt'), 'utf8'), 'one\r\ntwo\r\n');
  });
  replay('edit.test.ts', 'replace_all replaces every occurrence', async () => {
    write('e/all.txt', 'a b a');
    assert.equal(
      (await edit({ path: 'e/all.txt', old_string: 'a', new_string: 'x', replace_all: true })).text,
      'Replaced 2 occurrences in e/all.txt',
    );
    assert.equal(readFileSync(at('e/all.txt'), 'utf8'), 'x b x');
  });
  replay('edit.test.ts', 'rejects no-op edits before file I/O', async () => {
    const got = await edit({ path: 'e/none.txt', old_string: 'same', new_string: 'same', replace_all: true });
    assert.equal(got.text, failed('No changes to make: old_string and new_string are exactly the same.'));
  });
  replay('edit.test.ts', 'errors when old_string is missing', async () => {
    write('e/m.txt', 'alpha beta');
    assert.equal(
      (await edit({ path: 'e/m.txt', old_string: 'delta', new_string: 'gamma' })).text,
      failed(
        'old_string not found in e/m.txt, the file contents may be out of date. Please use the Read Tool to reload the content.\n',
      ),
    );
  });
  replay('edit.test.ts', 'errors when old_string is not unique and replace_all is false', async () => {
    write('e/u.txt', 'same same');
    assert.equal(
      (await edit({ path: 'e/u.txt', old_string: 'same', new_string: 'other' })).text,
      failed(
        'old_string is not unique in e/u.txt (found 2 occurrences). To replace every occurrence, set replace_all=true. To replace only one occurrence, include more surrounding context in old_string.',
      ),
    );
  });
  replay('edit.test.ts', 'replaces unicode strings (CJK) and round-trips the surrounding text', async () => {
    write('e/u8.txt', 'Hello 世界! café');
    await edit({ path: 'e/u8.txt', old_string: '世界', new_string: '地球' });
    assert.equal(readFileSync(at('e/u8.txt'), 'utf8'), 'Hello 地球! café');
  });
  replay('edit.test.ts', 'leaves the file byte-identical when old_string is not present', async () => {
    write('e/n.txt', 'keep\r\nthis');
    await edit({ path: 'e/n.txt', old_string: 'notfound', new_string: 'replacement' });
    assert.equal(readFileSync(at('e/n.txt'), 'utf8'), 'keep\r\nthis');
  });
  for (const name of [
    'errors with an is-not-a-file phrasing when the path resolves to a directory',
    'maps a HostFsError-wrapped EISDIR to the is-not-a-file phrasing',
  ]) {
    replay('edit.test.ts', name, async () => {
      mkdirSync(at('e/dir'), { recursive: true });
      assert.equal(
        (await edit({ path: 'e/dir', old_string: 'old', new_string: 'new' })).text,
        failed('"e/dir" is not a file.'),
      );
    });
  }
  replay('edit.test.ts', 'replaces a substring with an empty new_string (deletion)', async () => {
    write('e/del.txt', 'Hello world!');
    await edit({ path: 'e/del.txt', old_string: 'world', new_string: '' });
    assert.equal(readFileSync(at('e/del.txt'), 'utf8'), 'Hello !');
  });
  replay('edit.test.ts', 'keeps mixed line ending files on the raw exact path', async () => {
    write('e/mixed.txt', 'alpha\r\nbeta\ngamma\r\n');
    const got = await edit({ path: 'e/mixed.txt', old_string: 'alpha\nbeta', new_string: 'one\ntwo' });
    assert.match(got.text, /old_string not found/);
  });
  replay('edit.test.ts', 'allows exact raw edits in mixed line ending files without normalizing the rest', async () => {
    write('e/mixed2.txt', 'alpha\r\nbeta\ngamma\r\n');
    await edit({ path: 'e/mixed2.txt', old_string: 'alpha\r\nbeta', new_string: 'one\r\ntwo' });
    assert.equal(readFileSync(at('e/mixed2.txt'), 'utf8'), 'one\r\ntwo\ngamma\r\n');
  });
  replay('edit.test.ts', 'executes against the selected runtime filesystem instead of the App filesystem', async () => {
    write('e/rt.txt', 'runtime content');
    assert.equal(
      (await edit({ path: 'e/rt.txt', old_string: 'content', new_string: 'generation' })).text,
      'Replaced 1 occurrence in e/rt.txt',
    );
    assert.equal(readFileSync(at('e/rt.txt'), 'utf8'), 'runtime generation');
  });
  replay('edit.test.ts', '2.1.0: a missing file', async () => {
    assert.equal(
      (await edit({ path: 'e/ghost.txt', old_string: 'a', new_string: 'b' })).text,
      failed('read failed: path does not exist'),
    );
  });

  // ---- Write
  replay('write.test.ts', 'writes content through fs and reports bytes written', async () => {
    assert.equal((await call('Write', { path: 'w/new.txt', content: 'hello' })).text, 'Wrote 5 bytes to w/new.txt');
    assert.equal(readFileSync(at('w/new.txt'), 'utf8'), 'hello');
  });
  replay('write.test.ts', 'appends content through appendText without reading existing bytes', async () => {
    write('w/existing.txt', 'first');
    assert.equal(
      (await call('Write', { path: 'w/existing.txt', content: '\nhello', mode: 'append' })).text,
      'Appended 6 bytes to w/existing.txt',
    );
    assert.equal(readFileSync(at('w/existing.txt'), 'utf8'), 'first\nhello');
  });
  replay('write.test.ts', 'reports the real UTF-8 byte count for non-ASCII content', async () => {
    assert.equal(
      (await call('Write', { path: 'w/jp.txt', content: 'こんにちは世' })).text,
      'Wrote 18 bytes to w/jp.txt',
    );
  });
  replay('write.test.ts', 'reports the real UTF-8 byte count for content with surrogate-pair emoji', async () => {
    assert.equal((await call('Write', { path: 'w/emoji.txt', content: 'hi🙂' })).text, 'Wrote 6 bytes to w/emoji.txt');
  });
  replay('write.test.ts', 'reports the real UTF-8 byte count for non-ASCII append content', async () => {
    assert.equal(
      (await call('Write', { path: 'w/menu.txt', content: 'café', mode: 'append' })).text,
      'Appended 5 bytes to w/menu.txt',
    );
  });
  for (const name of [
    'creates missing parent directories automatically before writing',
    'writes when the parent directory exists',
  ]) {
    replay('write.test.ts', name, async () => {
      assert.equal(
        (await call('Write', { path: 'w/missing-dir/file.txt', content: 'data' })).text,
        'Wrote 4 bytes to w/missing-dir/file.txt',
      );
      assert.equal(readFileSync(at('w/missing-dir/file.txt'), 'utf8'), 'data');
    });
  }
  replay('write.test.ts', 'rejects writing when the parent path is not a directory', async () => {
    write('w/a-file', 'x');
    const got = await call('Write', { path: 'w/a-file/child.txt', content: 'data' });
    assert.equal(got.failed, true);
    assert.equal(readFileSync(at('w/a-file'), 'utf8'), 'x');
  });
  replay('write.test.ts', 'blocks sensitive file writes', async () => {
    const got = await call('Write', { path: 'w/id_rsa', content: 'key' });
    assert.equal(
      got.text,
      failed(
        '"w/id_rsa" matches a sensitive-file pattern (keys, tokens, credentials); it is blocked to protect secrets.',
      ),
    );
  });
  replay(
    'write.test.ts',
    'round-trips unicode content (CJK + emoji + accented Latin) through fs.writeText',
    async () => {
      const content = 'Hello 世界 🌍\ncafé\n';
      await call('Write', { path: 'w/unicode.txt', content });
      assert.equal(readFileSync(at('w/unicode.txt'), 'utf8'), content);
    },
  );
  replay('write.test.ts', 'writes empty content as a zero-byte file via fs.writeText("")', async () => {
    assert.equal((await call('Write', { path: 'w/empty.txt', content: '' })).text, 'Wrote 0 bytes to w/empty.txt');
    assert.equal(readFileSync(at('w/empty.txt'), 'utf8'), '');
  });
  replay('write.test.ts', 'appending to a nonexistent file creates it with just the appended bytes', async () => {
    assert.equal(
      (await call('Write', { path: 'w/new-append.txt', content: 'New content', mode: 'append' })).text,
      'Appended 11 bytes to w/new-append.txt',
    );
    assert.equal(readFileSync(at('w/new-append.txt'), 'utf8'), 'New content');
  });
  replay('write.test.ts', 'exposes current metadata and schema', async () => {
    assert.equal(
      (await call('Write', { path: 'w/bad.txt', content: 'hello', mode: 'bad' })).text,
      failed('Invalid args for tool "Write": /mode must be equal to one of the allowed values'),
    );
  });

  // ---- Bash
  replay('bash.test.ts', 'returns stderr and marks non-zero exit codes as tool errors', async () => {
    const got = await call('Bash', { command: 'echo boom >&2; exit 2', timeout: 60 });
    assert.deepEqual(
      [got.text, got.code],
      [`Wall time: X seconds\n${FAILED}boom\nCommand failed with exit code: 2.`, 'PROCESS_FAILED'],
    );
  });
  replay('bash.test.ts', 'returns both stdout and stderr when a command succeeds', async () => {
    assert.equal((await call('Bash', { command: 'echo hi; echo err >&2' })).text, 'Wall time: X seconds\nhi\nerr\n');
  });
  replay('bash.test.ts', 'returns both stdout and stderr when a command fails', async () => {
    const got = await call('Bash', { command: 'echo partial; echo boom >&2; exit 2' });
    assert.equal(got.text, `Wall time: X seconds\n${FAILED}partial\nboom\nCommand failed with exit code: 2.`);
  });
  replay('bash.test.ts', 'preserves foreground stdout and stderr arrival order', async () => {
    const got = await call('Bash', { command: 'echo 1; echo 2 >&2; echo 3; echo 4 >&2' });
    assert.equal(got.text, 'Wall time: X seconds\n1\n2\n3\n4\n');
  });
  replay('bash.test.ts', '2.1.0: a command with no output, and one exiting 3 without output', async () => {
    assert.equal(
      (await call('Bash', { command: 'true' })).text,
      'Wall time: X seconds\nCommand executed successfully.',
    );
    assert.equal(
      (await call('Bash', { command: 'exit 3' })).text,
      `Wall time: X seconds\n${FAILED}Process exited with code 3\nCommand failed with exit code: 3.`,
    );
  });
  replay('bash.test.ts', 'uses args.cwd when provided', async () => {
    mkdirSync(at('b/project'), { recursive: true });
    assert.equal(
      (await call('Bash', { command: 'pwd', cwd: 'b/project' })).text,
      `Wall time: X seconds\n${at('b/project')}\n`,
    );
  });
  replay('bash.test.ts', 'uses the kaos cwd as the default working directory', async () => {
    assert.equal((await call('Bash', { command: 'pwd' }, 'cwd')).text, `Wall time: X seconds\n${dir}\n`);
  });
  for (const name of ['rejects empty-string commands at the schema layer', '2.1.0: an empty command']) {
    replay('bash.test.ts', name, async () => {
      assert.equal(
        (await call('Bash', { command: '' })).text,
        failed('Invalid args for tool "Bash": /command must NOT have fewer than 1 characters'),
      );
      assert.equal(
        (await call('Bash', { command: '  ' })).text,
        `Wall time: X seconds\n${FAILED}Command cannot be empty.`,
      );
    });
  }
  for (const name of [
    'requires background tools to be enabled and description for background commands',
    'rejects background command without description (description-required guard)',
  ]) {
    replay('bash.test.ts', name, async () => {
      const got = await call('Bash', { command: 'sleep 1', run_in_background: true });
      assert.equal(got.text, `Wall time: X seconds\n${FAILED}description is required when run_in_background is true.`);
    });
  }
  for (const name of [
    'registers background commands and returns a task id',
    'reports background task startup with task_id, status, automatic_notification, and a human-shell hint',
  ]) {
    replay('bash.test.ts', name, async () => {
      const got = await call(
        'Bash',
        { command: 'true', run_in_background: true, description: 'long running task' },
        name,
      );
      assert.match(
        got.text,
        /^Wall time: X seconds\ntask_id: bash-[0-9a-f]{8}\npid: \d+\ndescription: long running task\nstatus: running\nautomatic_notification: true\nnext_step: The completion arrives automatically in a later turn — do NOT wait, poll, or call TaskOutput on it; continue with your current work\.\nnext_step: Use TaskStop only if the task must be cancelled\.\nhuman_shell_hint: The task is visible in the background-task panel\.$/,
      );
      const id = /task_id: (\S+)/.exec(got.text)![1]!;
      await call('WaitFor', { timeout: 30, task_id: id }, name);
    });
  }
  for (const name of [
    'interprets small timeout values as seconds at runtime',
    'moves a timed-out foreground command to the background instead of killing it',
    'can detach a foreground command through the background service',
  ]) {
    replay('bash.test.ts', name, async () => {
      const s = `detach-${name.length}`;
      const got = await call(
        'Bash',
        { command: `echo before; while [ ! -e ${at(`b/go-${s}`)} ]; do sleep 0.1; done; echo after`, timeout: 1 },
        s,
      );
      const m =
        /^Wall time: X seconds\ntask_id: (bash-[0-9a-f]{8})\npid: \d+\ndescription: Bash: echo before; while .*\nstatus: running\nautomatic_notification: true\nnext_step: The task now runs in the background\. You will be automatically notified when it completes — do NOT wait, poll, or call TaskOutput on it; continue with your current work\.\nhuman_shell_hint: The task is visible in the background-task panel\.$/.exec(
          got.text,
        );
      assert.ok(m, got.text);
      const listed = (await call('TaskList', {}, s)).text;
      assert.match(
        listed,
        new RegExp(`^active_background_tasks: 1\nWall time: \\d+\\.\\d{3} seconds\ntask_id: ${m[1]}\n`),
      );
      assert.match(listed, /\ndetached: true\ntimeout_ms: 0\n/);
      write(`b/go-${s}`, '');
      const waited = (await call('WaitFor', { timeout: 30, task_id: m[1] }, s)).text;
      assert.match(waited, /\n\[output\]\nbefore\nafter\n$/);
    });
  }
  replay('bash.test.ts', '2.1.0: a background completion arrives as a notification after a later result', async () => {
    const s = 'notify';
    const got = await call('Bash', { command: 'echo done', run_in_background: true, description: 'say done' }, s);
    const id = /task_id: (\S+)/.exec(got.text)![1]!;
    // Polled without WaitFor (which would deliver it): the result after the end carries the notification.
    let seen = '';
    for (let i = 0; i < 600 && !seen.includes('<notification'); i++) {
      seen = (await call('TodoList', {}, s)).text;
      if (!seen.includes('<notification')) await new Promise((r) => setTimeout(r, 20));
    }
    assert.match(
      seen,
      new RegExp(
        `^Current todo list:\n\n<notification id="task:${id}:completed" category="task" type="task.completed" source_kind="background_task" source_id="${id}">\nTitle: Background process completed\nSeverity: info\nWall time: \\d+\\.\\d{3} seconds\nsay done completed\\.\n</notification>$`,
      ),
    );
    // Told once.
    assert.equal((await call('TodoList', {}, s)).text, 'Current todo list:');
  });

  // ---- Grep
  const grepFiles = () => {
    write('g/a.ts', 'hit one\nplain\n');
    write('g/b.ts', 'nothing\n');
    write('g/sub/c.ts', 'pre1\npre2\nTestClass here\npost1\npost2\n');
  };
  replay('grep.test.ts', 'returns an explicit non-sensitive message when ripgrep finds no matches', async () => {
    grepFiles();
    assert.equal(
      (await call('Grep', { pattern: 'missing-zzz', path: 'g' })).text,
      'Wall time: X seconds\nNo non-sensitive matches found',
    );
  });
  replay('grep.test.ts', 'searches only the current workspace when path is omitted', async () => {
    grepFiles();
    assert.match((await call('Grep', { pattern: 'TestClass' })).text, /^Wall time: X seconds\ng\/sub\/c\.ts$/);
  });
  replay('grep.test.ts', 'includes lines before the match for -B without -C', async () => {
    grepFiles();
    const got = await call('Grep', { pattern: 'TestClass', path: 'g', output_mode: 'content', '-B': 2 });
    assert.equal(got.text, 'Wall time: X seconds\ng/sub/c.ts-1-pre1\ng/sub/c.ts-2-pre2\ng/sub/c.ts:3:TestClass here');
  });
  replay('grep.test.ts', 'includes lines after the match for -A without -C', async () => {
    grepFiles();
    const got = await call('Grep', { pattern: 'TestClass', path: 'g', output_mode: 'content', '-A': 2 });
    assert.equal(got.text, 'Wall time: X seconds\ng/sub/c.ts:3:TestClass here\ng/sub/c.ts-4-post1\ng/sub/c.ts-5-post2');
  });
  replay('grep.test.ts', 'applies offset and head_limit after rg output is collected', async () => {
    write('g2/a.ts', 'hit\n');
    write('g2/b.ts', '\nhit\n');
    write('g2/c.ts', '\n\nhit\n');
    write('g2/d.ts', '\n\n\nhit\n');
    const got = await call('Grep', { pattern: 'hit', path: 'g2', output_mode: 'content', offset: 1, head_limit: 2 });
    assert.equal(
      got.text,
      'Wall time: X seconds\ng2/b.ts:2:hit\ng2/c.ts:3:hit\nResults truncated to 2 lines (total: 4). Use offset=3 to see more.',
    );
  });
  replay('grep.test.ts', 'treats head_limit zero as unlimited', async () => {
    for (let i = 0; i < 260; i++) write(`g3/f${String(i).padStart(3, '0')}.txt`, 'hit\n');
    const all = await call('Grep', { pattern: 'hit', path: 'g3', head_limit: 0 });
    assert.equal(all.text.split('\n').length, 261);
    assert.doesNotMatch(all.text, /Results truncated/);
  });
  replay('grep.test.ts', 'limits grep output to 250 lines by default', async () => {
    for (let i = 0; i < 260; i++) write(`g3/f${String(i).padStart(3, '0')}.txt`, 'hit\n');
    const got = (await call('Grep', { pattern: 'hit', path: 'g3' })).text.split('\n');
    assert.equal(got.length, 252);
    assert.equal(got[251], 'Results truncated to 250 lines (total: 260). Use offset=250 to see more.');
  });
  replay('grep.test.ts', 'appends the count-mode summary and pagination to the model-visible output', async () => {
    for (let i = 0; i < 10; i++) write(`g4/f${i}.txt`, 'word word word\n');
    const got = await call('Grep', { pattern: 'word', path: 'g4', output_mode: 'count_matches', head_limit: 3 });
    const lines = got.text.split('\n');
    assert.equal(lines[1], 'Found 30 total occurrences across 10 files.');
    assert.equal(lines.length, 6);
    assert.equal(lines[5], 'Results truncated to 3 lines (total: 10). Use offset=3 to see more.');
  });
  replay('grep.test.ts', 'matches a pattern spanning a newline when multiline is set', async () => {
    write('g5/m.py', 'This is a\n    multiline\n');
    const got = await call('Grep', {
      pattern: 'This is a\\n    multiline',
      path: 'g5',
      output_mode: 'content',
      multiline: true,
    });
    assert.equal(got.text, 'Wall time: X seconds\ng5/m.py:1:This is a\ng5/m.py:2:    multiline');
  });
  for (const name of [
    'reports a descriptive failure when the regex is unparseable',
    'surfaces ripgrep parse errors with stderr detail',
  ]) {
    replay('grep.test.ts', name, async () => {
      const got = await call('Grep', { pattern: '[invalid', path: 'g' });
      assert.match(
        got.text,
        /^Wall time: X seconds\n<system>ERROR: Tool execution failed\.<\/system>\nFailed to grep: /,
      );
    });
  }
  replay('grep.test.ts', 'returns content when searching a single file path', async () => {
    write('g6/target.py', 'print("hello")\n');
    assert.equal(
      (await call('Grep', { pattern: 'hello', path: 'g6/target.py', output_mode: 'content' })).text,
      'Wall time: X seconds\ng6/target.py:1:print("hello")',
    );
  });
  replay('grep.test.ts', 'returns a clean no-match result when offset exceeds total entries', async () => {
    grepFiles();
    assert.equal(
      (await call('Grep', { pattern: 'hit', path: 'g', offset: 100 })).text,
      'Wall time: X seconds\nNo non-sensitive matches found',
    );
  });
  replay('grep.test.ts', 'drops the line-number column when "-n" is explicitly false', async () => {
    write('g6/target.py', 'print("hello")\n');
    assert.equal(
      (await call('Grep', { pattern: 'hello', path: 'g6', output_mode: 'content', '-n': false })).text,
      'Wall time: X seconds\ng6/target.py:print("hello")',
    );
  });
  for (const name of [
    'preserves the sensitive-filter warning when every match is sensitive',
    'explains when every grep result is filtered as sensitive',
  ]) {
    replay('grep.test.ts', name, async () => {
      write('g7/.env', 'ONLY_IN_ENV=1\n');
      assert.equal(
        (await call('Grep', { pattern: 'ONLY_IN_ENV', path: 'g7' })).text,
        'Wall time: X seconds\nNo non-sensitive matches found\nFiltered 1 sensitive file(s): .env',
      );
    });
  }
  replay('grep.test.ts', 'filters sensitive files from content output and appends a warning', async () => {
    write('g8/.env', 'SECRET=hit\n');
    write('g8/main.ts', 'hit\n');
    assert.equal(
      (await call('Grep', { pattern: 'hit', path: 'g8', output_mode: 'content' })).text,
      'Wall time: X seconds\ng8/main.ts:1:hit\nFiltered 1 sensitive file(s): .env',
    );
  });
  replay('grep.test.ts', 'does not flag .env.example as sensitive', async () => {
    write('g9/.env.example', 'API_KEY=\n');
    assert.equal(
      (await call('Grep', { pattern: 'API_KEY', path: 'g9' })).text,
      'Wall time: X seconds\ng9/.env.example',
    );
  });
  replay('grep.test.ts', 'output_mode enum value › rejects the legacy count value', async () => {
    assert.equal(
      (await call('Grep', { pattern: 'x', output_mode: 'count' })).text,
      failed('Invalid args for tool "Grep": /output_mode must be equal to one of the allowed values'),
    );
  });

  // ---- Glob
  replay('glob.test.ts', 'surfaces an explicit no-match message when rg exits 1', async () => {
    write('gl/a.ts', '');
    assert.equal((await call('Glob', { pattern: '*.xyz', path: 'gl' })).text, 'Wall time: X seconds\nNo matches found');
  });
  replay('glob.test.ts', 'reports "does not exist" when the search directory is missing', async () => {
    assert.equal(
      (await call('Glob', { pattern: '*.py', path: 'gl/nonexistent' })).text,
      `Wall time: X seconds\n${FAILED}gl/nonexistent does not exist`,
    );
  });
  replay('glob.test.ts', 'reports "is not a directory" when the search target is a file', async () => {
    write('gl/file.txt', 'x');
    assert.equal(
      (await call('Glob', { pattern: '*.py', path: 'gl/file.txt' })).text,
      `Wall time: X seconds\n${FAILED}gl/file.txt is not a directory`,
    );
  });
  replay('glob.test.ts', 'matches dotfiles like .gitlab-ci.yml under a simple "*.yml" pattern', async () => {
    write('gy/.gitlab-ci.yml', '');
    write('gy/config.yml', '');
    const got = (await call('Glob', { pattern: '*.yml', path: 'gy' })).text.split('\n').slice(1).sort();
    assert.deepEqual(got, ['.gitlab-ci.yml', 'config.yml']);
  });
  replay('glob.test.ts', 'descends into hidden directories under a recursive pattern', async () => {
    write('gh/src/.config/settings.yml', '');
    assert.equal(
      (await call('Glob', { pattern: 'src/**/*.yml', path: 'gh' })).text,
      'Wall time: X seconds\nsrc/.config/settings.yml',
    );
  });
  replay('glob.test.ts', 'matches files inside an explicitly addressed hidden directory', async () => {
    write('gg/.github/workflows/ci.yml', '');
    assert.equal(
      (await call('Glob', { pattern: '.github/**/*.yml', path: 'gg' })).text,
      'Wall time: X seconds\n.github/workflows/ci.yml',
    );
  });
  replay('glob.test.ts', 'allows a relative path argument that resolves inside the workspace', async () => {
    write('relative/path/test.py', '');
    assert.equal(
      (await call('Glob', { pattern: '*.py', path: 'relative/path' })).text,
      'Wall time: X seconds\ntest.py',
    );
  });
  replay(
    'glob.test.ts',
    'GlobTool integration (real ripgrep) › treats a bare pattern (no slash) as recursive across subdirectories',
    async () => {
      write('gr/root.ts', '');
      write('gr/src/a.ts', '');
      write('gr/src/sub/b.ts', '');
      const got = (await call('Glob', { pattern: '*.ts', path: 'gr' })).text.split('\n').slice(1).sort();
      assert.deepEqual(got, ['root.ts', 'src/a.ts', 'src/sub/b.ts']);
    },
  );
  replay(
    'glob.test.ts',
    'GlobTool integration (real ripgrep) › matches brace alternatives across directories',
    async () => {
      write('gb/src/a.ts', '');
      write('gb/test/a.ts', '');
      write('gb/other/a.ts', '');
      const got = (await call('Glob', { pattern: '{src,test}/*.ts', path: 'gb' })).text.split('\n').slice(1).sort();
      assert.deepEqual(got, ['src/a.ts', 'test/a.ts']);
    },
  );
  replay('glob.test.ts', 'filters sensitive files from results', async () => {
    write('gs/src/a.ts', '');
    write('gs/src/.env', '');
    assert.equal(
      (await call('Glob', { pattern: 'src/**', path: 'gs' })).text,
      'Wall time: X seconds\nsrc/a.ts\nFiltered 1 sensitive file(s): .env',
    );
  });
  replay('glob.test.ts', '2.1.0: head_limit pages with the notices before the paths', async () => {
    for (let i = 1; i <= 5; i++) write(`gp/f${i}.txt`, '');
    const got = await call('Glob', { pattern: '*.txt', path: 'gp', head_limit: 2 });
    assert.match(
      got.text,
      /^Wall time: X seconds\nShowing matches 1–2 of 5\.\nContinue with the same search arguments and offset=2\.\nTo remove the match-count limit, omit offset and use head_limit=0\.\nf\d\.txt\nf\d\.txt$/,
    );
  });
  replay(
    'glob.test.ts',
    'is files-only and exposes include_ignored; include_dirs is deprecated and ignored',
    async () => {
      write('gd/sub/x.md', '');
      assert.equal(
        (await call('Glob', { pattern: '*', path: 'gd', include_dirs: true })).text,
        'Wall time: X seconds\nsub/x.md',
      );
    },
  );

  // ---- Task tools
  for (const [name, tool] of [
    ['TaskOutputTool › returns error for unknown task', 'TaskOutput'],
    ['TaskStopTool › returns error for unknown task', 'TaskStop'],
  ] as const) {
    replay('task-tools.test.ts', name, async () => {
      assert.equal((await call(tool, { task_id: 'bash-unknown0' })).text, failed('Task not found: bash-unknown0'));
    });
  }
  replay(
    'task-tools.test.ts',
    'WaitForTool › returns error and tracks task_not_found for an unknown task_id',
    async () => {
      assert.equal(
        (await call('WaitFor', { timeout: 10, task_id: 'bash-unknown0' })).text,
        failed('Task not found: bash-unknown0'),
      );
    },
  );
  replay('task-tools.test.ts', 'TaskListTool › returns the empty active-task message', async () => {
    assert.equal((await call('TaskList', {}, 'empty')).text, 'active_background_tasks: 0\nNo background tasks found.');
  });
  replay(
    'task-tools.test.ts',
    'WaitForTool › returns immediately without waiting when no background tasks are running',
    async () => {
      assert.equal(
        (await call('WaitFor', { timeout: 10 }, 'none')).text,
        'wait_status: no_tasks\ntimeout_ms: 10000\nNo background tasks are running, so there is nothing to wait for. Finished tasks report back via automatic notification.',
      );
    },
  );
  replay(
    'task-tools.test.ts',
    'TaskOutputTool › rejects stale block/timeout args at the validator instead of waiting',
    async () => {
      assert.equal(
        (await call('TaskOutput', { task_id: 'bash-1', block: true, timeout: 1 })).text,
        failed(
          `Invalid args for tool "TaskOutput": must NOT have additional property 'block'; must NOT have additional property 'timeout'`,
        ),
      );
    },
  );
  const startTask = async (s: string, command: string, description: string) => {
    const got = await call('Bash', { command, run_in_background: true, description }, s);
    return /task_id: (\S+)/.exec(got.text)![1]!;
  };
  replay('task-tools.test.ts', 'TaskListTool › lists active process tasks', async () => {
    const s = 'list';
    const gate = at('t/gate-list');
    const id = await startTask(s, `while [ ! -e ${gate} ]; do sleep 0.1; done`, 'running list');
    const got = (await call('TaskList', {}, s)).text;
    assert.match(
      got,
      new RegExp(
        `^active_background_tasks: 1\nWall time: \\d+\\.\\d{3} seconds\ntask_id: ${id}\ndescription: running list\nstatus: running\ndetached: false\ntimeout_ms: 600000\nkind: process\ncommand: while .*\npid: \\d+$`,
      ),
    );
    write('t/gate-list', '');
    await call('WaitFor', { timeout: 30, task_id: id }, s);
  });
  replay('task-tools.test.ts', 'TaskListTool › honours the limit parameter', async () => {
    const s = 'limit';
    const gate = at('t/gate-limit');
    const a = await startTask(s, `while [ ! -e ${gate} ]; do sleep 0.1; done`, 'first');
    const b = await startTask(s, `while [ ! -e ${gate} ]; do sleep 0.1; done`, 'second');
    const got = (await call('TaskList', { limit: 1 }, s)).text;
    assert.match(got, new RegExp(`^active_background_tasks: 1\n.*\ntask_id: ${a}\n`));
    assert.doesNotMatch(got, new RegExp(b));
    write('t/gate-limit', '');
    await call('WaitFor', { timeout: 30, task_id: a }, s);
    await call('WaitFor', { timeout: 30, task_id: b }, s);
  });
  replay('task-tools.test.ts', 'TaskOutputTool › returns not_ready for non-blocking running tasks', async () => {
    const s = 'notready';
    const gate = at('t/gate-nr');
    const id = await startTask(s, `echo started; while [ ! -e ${gate} ]; do sleep 0.1; done`, 'wait for gate');
    const got = (await call('TaskOutput', { task_id: id }, s)).text;
    assert.match(
      got,
      /^retrieval_status: not_ready\nWall time: .*\ntask_id: .*\ndescription: wait for gate\nstatus: running\n/,
    );
    assert.match(got, /\nnext_step: The task is still running/);
    write('t/gate-nr', '');
    await call('WaitFor', { timeout: 30, task_id: id }, s);
  });
  replay('task-tools.test.ts', 'TaskOutputTool › returns live output when no persisted log is available', async () => {
    const s = 'live';
    const id = await startTask(s, 'echo DETACHED-PAYLOAD-LINE', 'payload');
    await call('WaitFor', { timeout: 30, task_id: id }, s);
    const got = (await call('TaskOutput', { task_id: id }, s)).text;
    assert.match(got, /^retrieval_status: success\n/);
    assert.match(got, /\nstatus: completed\n/);
    assert.match(
      got,
      /\noutput_size_bytes: 22\noutput_preview_bytes: 22\noutput_truncated: false\nfull_output_available: true\nfull_output_tool: Read\n/,
    );
    assert.match(got, /\n\n\[output\]\nDETACHED-PAYLOAD-LINE\n$/);
  });
  replay(
    'task-tools.test.ts',
    'TaskOutputTool › does not advertise output_path when the persisted log file does not exist',
    async () => {
      const s = 'silent';
      const id = await startTask(s, 'true', 'silent');
      await call('WaitFor', { timeout: 30, task_id: id }, s);
      const got = (await call('TaskOutput', { task_id: id }, s)).text;
      assert.match(
        got,
        /\noutput_size_bytes: 0\n[\s\S]*\nfull_output_available: false\n[\s\S]*\n\[output\]\n\[no output available\]$/,
      );
    },
  );
  replay(
    'task-tools.test.ts',
    'TaskStopTool › stops a running task, records the reason, and suppresses terminal notification',
    async () => {
      const s = 'stop';
      const id = await startTask(s, 'sleep 60', 'sleeper');
      const got = (await call('TaskStop', { task_id: id, reason: 'custom stop reason' }, s)).text;
      assert.match(
        got,
        new RegExp(`^Wall time: X seconds\ntask_id: ${id}\nstatus: killed\nreason: custom stop reason$`),
      );
      const all = (await call('TaskList', { active_only: false }, s)).text;
      assert.match(all, /\nstop_reason: custom stop reason\nterminal_reason: stopped$/);
      assert.doesNotMatch(all, /<notification/);
    },
  );
  replay(
    'task-tools.test.ts',
    'TaskStopTool › returns info when task is already terminal without suppressing notification',
    async () => {
      const s = 'stopped-already';
      const id = await startTask(s, 'true', 'quick');
      await call('WaitFor', { timeout: 30, task_id: id }, s);
      const got = (await call('TaskStop', { task_id: id }, s)).text;
      assert.match(got, new RegExp(`\ntask_id: ${id}\nstatus: completed\nreason: Task already in terminal state$`));
    },
  );
  replay(
    'task-tools.test.ts',
    'WaitForTool › returns a finished task immediately and marks it delivered via wait',
    async () => {
      const s = 'done';
      const id = await startTask(s, 'echo DONE-OUTPUT', 'done task');
      const first = (await call('WaitFor', { timeout: 10, task_id: id }, s)).text;
      assert.match(
        first,
        new RegExp(
          `^wait_status: completed\ntask_id: ${id}\nwaited_ms: \\d+\ntimeout_ms: 10000\n\n\\[finished\\]\nWall time: `,
        ),
      );
      assert.match(first, /\n\n\[output\]\nDONE-OUTPUT\n$/);
      // Delivered by the wait: no notification follows the next result.
      assert.equal((await call('TodoList', {}, s)).text, 'Current todo list:');
    },
  );
  replay('task-tools.test.ts', 'WaitForTool › waits for any running task when task_id is omitted', async () => {
    const s = 'any';
    const gate = at('t/gate-any');
    const a = await startTask(s, 'echo A-OUT', 'a');
    const b = await startTask(s, `while [ ! -e ${gate} ]; do sleep 0.1; done`, 'b');
    const got = (await call('WaitFor', { timeout: 30 }, s)).text;
    assert.match(got, new RegExp(`^wait_status: completed\ntask_id: ${a}\n`));
    assert.match(got, /\n\[output\]\nA-OUT\n\n\[still_running\]\nactive_background_tasks: 1\n/);
    assert.match(got, new RegExp(`task_id: ${b}`));
    write('t/gate-any', '');
    await call('WaitFor', { timeout: 30, task_id: b }, s);
  });
  for (const name of [
    'WaitForTool › returns the still-running list on timeout without marking anything delivered',
    'WaitForTool (harness) › returns from a wait on a task that never settles once the timeout elapses',
  ]) {
    replay('task-tools.test.ts', name, async () => {
      const s = `timeout-${name.length}`;
      const id = await startTask(s, 'sleep 60', 'never');
      const got = (await call('WaitFor', { timeout: 1, task_id: id }, s)).text;
      assert.match(
        got,
        new RegExp(
          `^wait_status: timed_out\nwaited_ms: \\d+\ntimeout_ms: 1000\nThe wait ended before the task finished — a timeout is not an error\\. Call WaitFor again to keep waiting, or continue with other work; completion also arrives via automatic notification\\.\n\n\\[still_running\\]\nactive_background_tasks: 1\nWall time: .*\ntask_id: ${id}\n`,
        ),
      );
      await call('TaskStop', { task_id: id }, s);
    });
  }

  // ---- TodoList
  replay(
    'todo-list.test.ts',
    'write mode replaces the list and defensively copies todos into the service',
    async () => {
      const got = await call(
        'TodoList',
        {
          todos: [
            { title: 'first', status: 'pending' },
            { title: 'second', status: 'in_progress' },
          ],
        },
        'todo',
      );
      assert.equal(
        got.text,
        'Todo list updated.\nCurrent todo list:\n  [pending] first\n  [in_progress] second\n\nEnsure that you continue to use the todo list to track progress. Mark tasks done immediately after finishing them, and keep exactly one task in_progress when work is underway.',
      );
    },
  );
  replay('todo-list.test.ts', 'query mode renders the current list without mutating it', async () => {
    await call('TodoList', { todos: [{ title: 'existing', status: 'in_progress' }] }, 'todo-q');
    assert.equal((await call('TodoList', {}, 'todo-q')).text, 'Current todo list:\n  [in_progress] existing');
    assert.equal((await call('TodoList', {}, 'todo-q')).text, 'Current todo list:\n  [in_progress] existing');
  });
  replay('todo-list.test.ts', 'renders a done todo with a marker matching the status enum value', async () => {
    await call('TodoList', { todos: [{ title: 'shipped', status: 'done' }] }, 'todo-d');
    assert.equal((await call('TodoList', {}, 'todo-d')).text, 'Current todo list:\n  [done] shipped');
  });
  replay('todo-list.test.ts', 'clear mode empties the list without adding the progress-tracking reminder', async () => {
    await call('TodoList', { todos: [{ title: 'x', status: 'pending' }] }, 'todo-c');
    assert.equal((await call('TodoList', { todos: [] }, 'todo-c')).text, 'Todo list cleared.');
  });
  replay('todo-list.test.ts', 'has name, description, and parameters from the current schema', async () => {
    assert.equal(
      (await call('TodoList', { todos: [{ title: 'x', status: 'wip' }] })).text,
      failed('Invalid args for tool "TodoList": /todos/0/status must be equal to one of the allowed values'),
    );
  });

  // ---- Goals
  replay('goal-tools.test.ts', 'SetGoalBudget reports no current goal without failing', async () => {
    const got = await call('SetGoalBudget', { value: 20, unit: 'turns' }, 'g0');
    assert.deepEqual([got.text, got.failed], ['Goal budget not set: no current goal.', false]);
  });
  replay('goal-tools.test.ts', 'SetGoalBudget leaves the turn running when the requested limit has room', async () => {
    await call('CreateGoal', { objective: 'work' }, 'g1');
    assert.equal((await call('SetGoalBudget', { value: 5, unit: 'turns' }, 'g1')).text, 'Goal budget set: 5 turns.');
  });
  replay('goal-tools.test.ts', 'UpdateGoal accepts only active / complete / blocked statuses', async () => {
    assert.equal(
      (await call('UpdateGoal', { status: 'x' })).text,
      failed('Invalid args for tool "UpdateGoal": /status must be equal to one of the allowed values'),
    );
  });
  replay('goal-tools.test.ts', 'UpdateGoal forbids model-driven goal pauses', async () => {
    assert.match((await call('UpdateGoal', { status: 'paused' })).text, /Invalid args for tool "UpdateGoal": \/status/);
  });
  replay(
    'goal-tools.test.ts',
    'UpdateGoal complete returns the completion summary prompt and stops the turn',
    async () => {
      await call('CreateGoal', { objective: 'ship it' }, 'g2');
      assert.equal(
        (await call('UpdateGoal', { status: 'complete' }, 'g2')).text,
        'Goal completed successfully.\nWorked 0 turns over 0s, using 0 tokens.\n\nWrite a concise final message for the user. State that the goal is complete, summarize the main work completed, and mention any validation you ran. Do not call more goal tools.',
      );
      assert.equal((await call('GetGoal', {}, 'g2')).text, '{\n  "goal": null\n}');
    },
  );
  replay('goal-tools.test.ts', 'UpdateGoal blocked returns the blocked-reason prompt and stops the turn', async () => {
    await call('CreateGoal', { objective: 'ship it' }, 'g3');
    const got = (await call('UpdateGoal', { status: 'blocked' }, 'g3')).text;
    assert.match(got, /^Goal blocked\.\nWorked 0 turns over 0s, using 0 tokens\.\n\n.*concrete blocker/);
  });
  replay(
    'goal-tools.test.ts',
    'UpdateGoal reports no active goal when completing/blocking/resuming without one',
    async () => {
      const s = 'g4';
      assert.equal((await call('UpdateGoal', { status: 'complete' }, s)).text, 'Goal not completed: no active goal.');
      assert.equal((await call('UpdateGoal', { status: 'blocked' }, s)).text, 'Goal not blocked: no active goal.');
      assert.equal((await call('UpdateGoal', { status: 'active' }, s)).text, 'Goal not resumed: no current goal.');
    },
  );
  replay('goal-tools.test.ts', '2.1.0: CreateGoal twice, and GetGoal', async () => {
    const s = 'g5';
    const created = JSON.parse(
      (await call('CreateGoal', { objective: 'ship', completionCriterion: 'tests pass' }, s)).text,
    ) as {
      goal: Record<string, unknown>;
    };
    assert.deepEqual(Object.keys(created.goal), [
      'objective',
      'completionCriterion',
      'status',
      'turnsUsed',
      'tokensUsed',
      'wallClockMs',
      'budget',
    ]);
    assert.deepEqual(
      [created.goal.objective, created.goal.completionCriterion, created.goal.status],
      ['ship', 'tests pass', 'active'],
    );
    assert.equal(
      (await call('CreateGoal', { objective: 'again' }, s)).text,
      failed('Tool "CreateGoal" failed: A goal already exists; use replace to start a new one'),
    );
    await call('SetGoalBudget', { value: 2, unit: 'minutes' }, s);
    const got = JSON.parse((await call('GetGoal', {}, s)).text) as { goal: { budget: Record<string, unknown> } };
    assert.equal(got.goal.budget.wallClockBudgetMs, 120000);
    assert.equal(got.goal.budget.turnBudget, null);
    assert.equal((await call('CreateGoal', { objective: 'new', replace: true }, s)).failed, false);
  });

  // ---- toolExecutor and args-validator
  replay('toolExecutor.test.ts', 'records an error tool.result when args fail tool parameter validation', async () => {
    assert.equal(
      (await call('SetGoalBudget', { value: 'bad', unit: 'turns' })).text,
      failed('Invalid args for tool "SetGoalBudget": /value must be number'),
    );
  });
  replay('args-validator.test.ts', 'keeps required / additionalProperties messages', async () => {
    assert.equal(
      (await call('WaitFor', { b: 1 })).text,
      failed(
        `Invalid args for tool "WaitFor": must have required property 'timeout'; must NOT have additional property 'b'`,
      ),
    );
  });

  // ---- Skill
  const skill = (name: string, body: string, front = '') =>
    write(
      `.kimi-code/skills/${name}/SKILL.md`,
      `---\nname: ${name}\ndescription: ${name} skill\n${front}---\n\n${body}\n`,
    );
  replay('skill.test.ts', 'SkillTool › returns a tool error when the skill is unknown', async () => {
    assert.equal(
      (await call('Skill', { skill: 'missing' })).text,
      failed('Skill "missing" not found in the current skill listing.'),
    );
  });
  replay('skill.test.ts', 'SkillTool › rejects skills that disable model invocation', async () => {
    skill('private', 'secret steps', 'disable-model-invocation: true\n');
    assert.equal(
      (await call('Skill', { skill: 'private' })).text,
      failed('Skill "private" can only be triggered by the user (model invocation is disabled).'),
    );
  });
  replay(
    'skill.test.ts',
    'SkillTool › loads inline skills through the model-tool wrapper without exposing the body in output',
    async () => {
      skill('commit', '# Commit\nCommit $1 with message $0. All: $ARGUMENTS');
      const got = await call('Skill', { skill: 'commit', args: 'Alice "Bob Smith"' });
      assert.equal(got.text, 'Skill "commit" loaded inline. Follow its instructions.');
      assert.deepEqual(got.parts, [
        `Skill tool loaded instructions for this request. Follow them.\n\n<skill-loaded name="commit" trigger="model-tool" source="project" dir="${at('.kimi-code/skills/commit')}" args="Alice &quot;Bob Smith&quot;">\n# Commit\nCommit Bob Smith with message Alice. All: Alice "Bob Smith"\n</skill-loaded>`,
      ]);
    },
  );
  replay('skill.test.ts', '2.1.0: a body without placeholders gets the arguments as a last line', async () => {
    skill('plain', 'Do the thing.');
    const got = await call('Skill', { skill: 'plain', args: 'src/app.ts' });
    assert.match(got.parts[0]!, /\nDo the thing\.\n\nARGUMENTS: src\/app\.ts\n<\/skill-loaded>$/);
  });

  // ---- AskUserQuestion, EnterPlanMode, ExitPlanMode: the host answers on the gRPC stream
  const host = grpcHost(t);
  /** A call the host answers with `reply` (an AnswerInput) once its question arrives. */
  const answered = async (
    name: string,
    args: Record<string, unknown>,
    reply: Partial<AnswerInputRequest>,
    session = 'asking',
  ) => {
    const s = host.stream(name, args, session);
    const q = await s.question;
    await host.answerInput({ ...reply, id: q.id }, session);
    const res = await s.final;
    return { text: texts(res)[0] ?? '', failed: res.failure !== undefined, question: q };
  };
  /** AskUserQuestion's schema as the server lists it. */
  const askSchema = async () => {
    const { tools } = await unary(t.client.listTools, t.client, {}, { shape: 'kimi' });
    return tools.find((x) => x.name === 'AskUserQuestion')!.inputSchema!;
  };
  const accept = (content: Record<string, unknown> = {}) => ({ action: InputAction.INPUT_ACTION_ACCEPT, content });
  const DB = {
    question: 'Which database?',
    header: 'Storage',
    options: [
      { label: 'Postgres', description: 'Relational storage' },
      { label: 'SQLite', description: 'Embedded storage' },
    ],
    multi_select: false,
  };
  const NO_QUESTIONS =
    'The connected client does not support interactive questions. Do NOT call this tool again. Ask the user directly in your text response instead.';
  replay('ask-user.test.ts', 'exposes current metadata and schema', async () => {
    const listed = await askSchema();
    assert.equal(listed.properties.questions.type, 'array');
    const one = await call('AskUserQuestion', { questions: [{ ...DB, options: [DB.options[0]] }] });
    assert.equal(
      one.text,
      failed('Invalid args for tool "AskUserQuestion": /questions/0/options must NOT have fewer than 2 items'),
    );
    const none = await call('AskUserQuestion', { questions: [] });
    assert.equal(
      none.text,
      failed('Invalid args for tool "AskUserQuestion": /questions must NOT have fewer than 1 items'),
    );
  });
  replay('ask-user.test.ts', 'rejects empty question text and empty option labels at the schema layer', async () => {
    assert.equal(
      (await call('AskUserQuestion', { questions: [{ ...DB, question: '' }] })).text,
      failed('Invalid args for tool "AskUserQuestion": /questions/0/question must NOT have fewer than 1 characters'),
    );
    const emptyLabel = { ...DB, options: [{ label: '' }, { label: 'B' }] };
    assert.equal(
      (await call('AskUserQuestion', { questions: [emptyLabel] })).text,
      failed(
        'Invalid args for tool "AskUserQuestion": /questions/0/options/0/label must NOT have fewer than 1 characters',
      ),
    );
  });
  replay('ask-user.test.ts', 'rejects duplicate question texts across questions (schema + execution)', async () => {
    const got = await call('AskUserQuestion', { questions: [DB, DB] });
    assert.deepEqual(
      [got.text, got.failed],
      [failed('Questions must be unique: "Which database?" is asked more than once.'), true],
    );
  });
  replay('ask-user.test.ts', 'rejects duplicate option labels within one question (schema + execution)', async () => {
    const twice = { ...DB, options: [{ label: 'Postgres' }, { label: 'Postgres', description: 'Same label again' }] };
    assert.equal(
      (await call('AskUserQuestion', { questions: [twice] })).text,
      failed('Option labels must be unique within a question: "Postgres" appears more than once in "Which database?".'),
    );
  });
  replay('ask-user.test.ts', 'allows the same option label to appear in different questions', async () => {
    const got = await answered(
      'AskUserQuestion',
      { questions: [DB, { ...DB, question: 'Which cache?' }] },
      accept({ q1: 'Postgres', q2: 'Postgres' }),
    );
    assert.deepEqual(
      [got.text, got.failed],
      ['{"answers":{"Which database?":"Postgres","Which cache?":"Postgres"}}', false],
    );
  });
  replay('ask-user.test.ts', 'builds the v1-aligned schema including an optional background flag', async () => {
    const listed = await askSchema();
    assert.deepEqual(listed.properties.background, {
      default: false,
      type: 'boolean',
    });
  });
  replay('ask-user.test.ts', 'dispatches questions through the session question service', async () => {
    const got = await answered(
      'AskUserQuestion',
      { questions: [{ ...DB, multi_select: true }] },
      accept({ q1: ['Postgres'] }),
    );
    assert.equal(got.text, '{"answers":{"Which database?":"Postgres"}}');
    assert.deepEqual([got.question.kind, got.question.message], ['questions', 'Which database?']);
    const q1 = (got.question.form as any).properties.q1;
    assert.deepEqual([q1.type, q1.title, q1.description], ['array', 'Which database?', 'Storage']);
  });
  replay(
    'ask-user.test.ts',
    'tracks the structured question answer method without leaking it into output',
    async () => {
      const got = await answered('AskUserQuestion', { questions: [DB] }, accept({ q1: 'SQLite' }));
      assert.equal(got.text, '{"answers":{"Which database?":"SQLite"}}');
    },
  );
  replay('ask-user.test.ts', 'returns a dismissed message when every question is dismissed', async () => {
    const got = await answered(
      'AskUserQuestion',
      { questions: [DB, { ...DB, question: 'Which cache?' }] },
      { action: InputAction.INPUT_ACTION_CANCEL },
    );
    assert.deepEqual(
      [got.text, got.failed],
      ['{"answers":{},"note":"User dismissed the question without answering."}', false],
    );
  });
  replay('ask-user.test.ts', 'returns a distinct hard error when the host signals unsupported', async () => {
    const got = await call('AskUserQuestion', { questions: [DB] });
    assert.deepEqual([got.text, got.failed], [failed(NO_QUESTIONS), true]);
  });

  const PLAN = 'plan-session';
  let planFile = '';
  const EXITED = 'Exited plan mode. Plan mode deactivated. All tools are now available.';
  replay('planGuard.test.ts', '2.1.0: EnterPlanMode names the plan file and the workflow', async () => {
    const got = await call('EnterPlanMode', {}, PLAN);
    planFile = /^Plan file: (.*)$/m.exec(got.text)![1]!;
    assert.match(planFile, new RegExp(`^${dir}/\\.kimi-code/plans/plan-[0-9a-f]{8}\\.md$`));
    assert.equal(
      got.text.split('\n').slice(3).join('\n'),
      '\n1. Use read-only tools (Read, Grep, Glob) to investigate the codebase. Use Bash only when needed.\n2. Design a concrete, step-by-step plan.\n3. Write the plan to the plan file with Write or Edit.\n4. When the plan is ready, call ExitPlanMode for user approval.\n\nDo NOT edit files other than the plan file while plan mode is active.\nUse Bash only when needed; Bash follows the normal permission mode and rules.',
    );
  });
  replay('planGuard.test.ts', '2.1.0: EnterPlanMode again says plan mode is already active', async () => {
    const got = await call('EnterPlanMode', {}, PLAN);
    assert.deepEqual(
      [got.text, got.failed],
      ['Plan mode is already active. Use ExitPlanMode when the plan is ready.', false],
    );
  });
  replay('planGuard.test.ts', '2.1.0: Write outside the plan file is refused in plan mode', async () => {
    const got = await call('Write', { path: 'p/main.ts', content: 'x' }, PLAN);
    assert.deepEqual(
      [got.text, got.failed],
      [
        failed(
          `Plan mode is active. You may only write to the current plan file: ${planFile}. Call ExitPlanMode to exit plan mode before editing other files.`,
        ),
        true,
      ],
    );
  });
  replay('planGuard.test.ts', 'blocks TaskStop while plan mode is active', async () => {
    const got = await call('TaskStop', { task_id: 'bash-abc12345' }, PLAN);
    assert.equal(
      got.text,
      failed(
        'TaskStop is not available in plan mode. Call ExitPlanMode to exit plan mode before stopping a background task.',
      ),
    );
  });
  replay('exit-plan-mode.test.ts', 'skips revision recording when the plan content is empty', async () => {
    await call('Write', { path: planFile, content: '   ' }, PLAN);
    const got = await call('ExitPlanMode', {}, PLAN);
    assert.deepEqual(
      [got.text, got.failed],
      [failed(`No plan file found. Write your plan to ${planFile} first, then call ExitPlanMode.`), true],
    );
  });
  replay('planGuard.test.ts', 'skips the review when the plan is empty', async () => {
    assert.match((await call('ExitPlanMode', {}, PLAN)).text, /No plan file found/);
  });
  replay(
    'planGuard.test.ts',
    'lets multiple writes through when every write access targets the active plan file',
    async () => {
      assert.equal((await call('Write', { path: planFile, content: '# Plan\n' }, PLAN)).failed, false);
      const edit = await call('Edit', { path: planFile, old_string: '# Plan', new_string: '# Plan' + '\n' }, PLAN);
      assert.equal(edit.text, `Replaced 1 occurrence in ${planFile}`);
      await call('Write', { path: planFile, content: '# Plan' }, PLAN);
    },
  );
  replay('exit-plan-mode.test.ts', 'accepts 1-3 options and rejects inline plan fallback', async () => {
    assert.equal(
      (await call('ExitPlanMode', { plan: 'Plan' }, PLAN)).text,
      failed('Invalid args for tool "ExitPlanMode": must NOT have additional property \'plan\''),
    );
  });
  replay(
    'planGuard.test.ts',
    'keeps plan mode active with a stopping error result when the user rejects the plan',
    async () => {
      const got = await answered('ExitPlanMode', {}, { action: InputAction.INPUT_ACTION_DECLINE }, PLAN);
      assert.deepEqual([got.text, got.failed], [failed('Plan rejected by user. Plan mode remains active.'), true]);
    },
  );
  replay(
    'planGuard.test.ts',
    'keeps plan mode active with the feedback result when the user requests revisions',
    async () => {
      const got = await answered(
        'ExitPlanMode',
        {},
        { action: InputAction.INPUT_ACTION_DECLINE, message: 'Add verification.' },
        PLAN,
      );
      assert.deepEqual(
        [got.text, got.failed],
        [
          `User feedback: Add verification.\n\nPlan mode remains active. Revise the plan in ${planFile}, then call ExitPlanMode again.`,
          false,
        ],
      );
    },
  );
  replay(
    'planGuard.test.ts',
    'keeps plan mode active with a dismissed result when the approval is cancelled',
    async () => {
      const got = await answered('ExitPlanMode', {}, { action: InputAction.INPUT_ACTION_CANCEL }, PLAN);
      assert.deepEqual([got.text, got.failed], ['Plan approval dismissed. Plan mode remains active.', false]);
      assert.equal((await call('TaskStop', { task_id: 'bash-abc12345' }, PLAN)).failed, true);
    },
  );
  replay('planGuard.test.ts', 'approves with the chosen option prefix and tracks the chosen option', async () => {
    const options = [
      { label: 'Approach A', description: 'Small change.' },
      { label: 'Approach B', description: 'Larger change.' },
    ];
    const got = await answered('ExitPlanMode', { options }, accept({ approach: 'Approach B' }), PLAN);
    assert.equal(
      got.text,
      `${EXITED}\nSelected approach: Approach B\nExecute ONLY the selected approach; set the other options aside.\nPlan saved to: ${planFile}\n\n## Approved Plan:\n# Plan`,
    );
  });
  replay('planGuard.test.ts', 'abstains on everything once plan mode has exited', async () => {
    const got = await call('Write', { path: 'p/main.ts', content: 'x' }, PLAN);
    assert.deepEqual([got.text, got.failed], ['Wrote 1 bytes to p/main.ts', false]);
  });
  replay('planGuard.test.ts', 'skips the review when no plan is active', async () => {
    const got = await call('ExitPlanMode', {}, PLAN);
    assert.equal(
      got.text,
      failed('ExitPlanMode can only be called while plan mode is active. Use EnterPlanMode (or /plan) first.'),
    );
  });
  /** Enters plan mode in a fresh session with `plan` written to its plan file; the plan file. */
  const planned = async (session: string, plan: string) => {
    const file = /^Plan file: (.*)$/m.exec((await call('EnterPlanMode', {}, session)).text)![1]!;
    await call('Write', { path: file, content: plan }, session);
    return file;
  };
  replay('exit-plan-mode.test.ts', 'treats a single option as plain plan approval', async () => {
    const file = await planned('plan-one', '# Plan');
    const options = [{ label: 'Approach A', description: 'Only path' }];
    const got = await answered('ExitPlanMode', { options }, accept(), 'plan-one');
    assert.deepEqual(got.question.form, { type: 'object', properties: {} });
    assert.equal(got.text, `${EXITED}\nPlan saved to: ${file}\n\n## Approved Plan:\n# Plan`);
  });
  replay(
    'exit-plan-mode.test.ts',
    'keeps the user-approved output when a rule lets the call through outside auto mode',
    async () => {
      await planned('plan-two', '# Plan');
      const got = await answered('ExitPlanMode', {}, accept(), 'plan-two');
      assert.match(got.text, /## Approved Plan:/);
      assert.doesNotMatch(got.text, /auto-approved/);
    },
  );
  replay(
    'exit-plan-mode.test.ts',
    'returns success without a "User feedback:" prefix when revise has no feedback',
    async () => {
      await planned('plan-three', '# Plan');
      const options = [{ label: 'Approach A' }, { label: 'Approach B' }];
      const got = await answered('ExitPlanMode', { options }, accept(), 'plan-three');
      assert.equal(got.failed, false);
      assert.doesNotMatch(got.text, /User feedback:|Selected approach:/);
    },
  );
  replay('planGuard.test.ts', 'approves without a selected label and saves the plan path into the output', async () => {
    const file = await planned('plan-four', '# Draft Plan');
    const got = await answered('ExitPlanMode', {}, accept(), 'plan-four');
    assert.equal(got.text, `${EXITED}\nPlan saved to: ${file}\n\n## Approved Plan:\n# Draft Plan`);
    assert.equal(readFileSync(file, 'utf8'), '# Draft Plan');
  });

  // ---- ReadMediaFile
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000004000000030806000000b4f4ae3c0000000d49444154789c63f8cf00000301010018dd8db00000000049454e44ae426082',
    'hex',
  );
  replay('read-media.test.ts', 'returns a text/image/text wrap plus a <system> note for PNG files', async () => {
    write('m/sample.png', png);
    const got = await call('ReadMediaFile', { path: 'm/sample.png' });
    assert.equal(got.text, `<image path="${at('m/sample.png')}">`);
    assert.deepEqual(got.parts, [
      '</image>',
      `<system>Read image file. Mime type: image/png. Size: ${png.length} bytes. Original dimensions: 4x3 pixels. If you need to output coordinates, output relative coordinates first and compute absolute coordinates using the original image size. If you generate or edit images or videos via commands or scripts, read the result back immediately before continuing.</system>`,
    ]);
  });
  replay('read-media.test.ts', 'redirects text files to the Read tool', async () => {
    write('m/note.txt', 'hello\n');
    assert.equal(
      (await call('ReadMediaFile', { path: 'm/note.txt' })).text,
      failed('"m/note.txt" is a text file. Use Read to read text files.'),
    );
  });
  replay('read-media.test.ts', 'rejects unsupported binary formats', async () => {
    write('m/archive.zip', Buffer.from([0x50, 0x4b, 3, 4, 0, 0, 0, 0, 0xff, 0]));
    assert.equal(
      (await call('ReadMediaFile', { path: 'm/archive.zip' })).text,
      failed('"m/archive.zip" is not a supported image or video file.'),
    );
  });
  replay('read-media.test.ts', 'rejects empty files', async () => {
    write('m/empty.png', '');
    assert.equal((await call('ReadMediaFile', { path: 'm/empty.png' })).text, failed('"m/empty.png" is empty.'));
  });
  replay('read-media.test.ts', 'rejects region and full_resolution for videos', async () => {
    write('m/clip.mp4', Buffer.concat([Buffer.from('000000186674797069736f6d', 'hex'), Buffer.alloc(32)]));
    assert.equal(
      (await call('ReadMediaFile', { path: 'm/clip.mp4', full_resolution: true })).text,
      failed('region and full_resolution apply only to image files.'),
    );
  });
  replay('read-media.test.ts', 'wraps a video as a data URL when no uploader is provided', async () => {
    write('m/clip.mp4', Buffer.concat([Buffer.from('000000186674797069736f6d', 'hex'), Buffer.alloc(32)]));
    const got = await call('ReadMediaFile', { path: 'm/clip.mp4' });
    assert.equal(got.text, `<video path="${at('m/clip.mp4')}">`);
    assert.match(got.parts[1]!, /^<system>Read video file\. Mime type: video\/mp4\. Size: 44 bytes\. If you need/);
  });

  test('the ledger: every case of the 23 files is matched, a deliberate difference, or skipped', () => {
    let matched = 0;
    let deliberate = 0;
    let skipped = 0;
    for (const [file, l] of Object.entries(LEDGER)) {
      const m = new Set(MATCHED[file] ?? []).size;
      const own = (MATCHED[file] ?? []).filter((n) => n.startsWith('2.1.0:')).length;
      const fromFile = m - own;
      assert.ok(fromFile + l.deliberate.length <= l.total, file);
      matched += fromFile;
      deliberate += l.deliberate.length;
      skipped += l.total - fromFile - l.deliberate.length;
    }
    assert.equal(
      Object.values(LEDGER).reduce((n, l) => n + l.total, 0),
      583,
    );
    assert.deepEqual({ matched, deliberate, skipped }, { matched: 164, deliberate: 42, skipped: 377 });
  });
});
