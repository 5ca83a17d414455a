// Gemini CLI's own tool tests, replayed against Facet's gemini shape over gRPC: one server per
// upstream file. The ledger (verdicts, reasons, counts) is checked in ledger.test.ts.
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

const suites: ReplaySuite[] = [geminiEdit, geminiWriteFile, geminiRipGrep, geminiReadManyFiles, geminiLs, geminiGlob, geminiReadFile, geminiLineEndings, geminiWriteTodos, geminiGrep];

for (const s of suites) {
  describe(s.source, () => {
    before(() => startBench());
    after(() => stopBench());
    replay(s);
  });
}
