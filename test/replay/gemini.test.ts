// Gemini CLI's own tool tests, replayed against Facet's gemini shape over gRPC: one server per
// upstream file. The grep suites run twice, with ripgrep and with the TypeScript fallback, since
// both must give Gemini's results. The ledger (verdicts, reasons, counts) is checked in
// ledger.test.ts.
import { after, before, describe } from 'node:test';
import { replay, type ReplaySuite } from './ledger.js';
import { startBench, stopBench } from './gemini-bench.js';
import { geminiEdit } from './gemini-edit.cases.js';
import { geminiWriteFile } from './gemini-write-file.cases.js';
import { geminiRipGrep } from './gemini-ripgrep.cases.js';
import { geminiReadManyFiles } from './gemini-read-many-files.cases.js';
import { geminiLs } from './gemini-ls.cases.js';
import { geminiGlob } from './gemini-glob.cases.js';
import { geminiReadFile } from './gemini-read-file.cases.js';
import { geminiLineEndings } from './gemini-line-endings.cases.js';
import { geminiWriteTodos } from './gemini-write-todos.cases.js';
import { geminiGrep } from './gemini-grep.cases.js';
import { geminiDiffUtils, geminiPlaceholders } from './gemini-snippets.cases.js';

const runs: Array<[ReplaySuite, string[]]> = [
  ...[
    geminiEdit,
    geminiWriteFile,
    geminiRipGrep,
    geminiReadManyFiles,
    geminiLs,
    geminiGlob,
    geminiReadFile,
    geminiLineEndings,
    geminiWriteTodos,
    geminiGrep,
    geminiDiffUtils,
    geminiPlaceholders,
  ].map((s): [ReplaySuite, string[]] => [s, []]),
  [geminiRipGrep, ['--grep-backend', 'fallback']],
  [geminiGrep, ['--grep-backend', 'fallback']],
];

for (const [s, flags] of runs) {
  describe(`${s.source}${flags.length ? ` (${flags.join(' ')})` : ''}`, () => {
    before(() => startBench(flags));
    after(() => stopBench());
    replay(s);
  });
}
