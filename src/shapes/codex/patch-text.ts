// What Codex CLI 0.171.0's apply_patch tool answers: "Exit code: 0", the wall time and the
// summary of the files changed, or the verification failure in its words (they differ from the
// apply_patch CLI's). The whole patch is verified before anything is written, as the tool does.
import path from 'node:path';
import type { EngineError } from '../../engine/index.js';
import { workingDir } from '../kit/files/working-dir.js';
import type { PatchRun } from '../kit/files/patch-run.js';
import { errorTable, type Call } from '../common/define.js';
import { patchSummary } from './patch.js';

const VERIFY = 'apply_patch verification failed: ';
const HEADERS = "Valid hunk headers: '*** Add File: {path}', '*** Delete File: {path}', '*** Update File: {path}'";
const NO_FILE = 'No such file or directory (os error 2)';

/** A parse failure's reason as the vendor words it (the engine's own reason where the vendor has none). */
function parseReason(f: { reason: string; text?: string }): string {
  const header = /^'(.*)' is not a valid hunk header/.exec(f.reason);
  if (header) return `'${header[1]}' is not a valid hunk header. ${HEADERS}`;
  const empty = /^update hunk for '(.*)' is empty$/.exec(f.reason);
  if (empty) return `Update file hunk for path '${empty[1]}' is empty`;
  return f.reason.replace(/^the (first|last) line/, (m) => m[0]!.toUpperCase() + m.slice(1));
}

/** The failures of a patch, by condition; `abs` makes a path of the patch absolute, as the vendor prints it. */
const words = (abs: (p: string) => string) =>
  errorTable<unknown>({
    empty_patch: () => 'patch rejected: empty patch',
    invalid_patch: ({ facts: f }) =>
      f.line !== undefined && !/^the (first|last) line/.test(f.reason)
        ? `${VERIFY}invalid hunk at line ${f.line}, ${parseReason(f)}`
        : `${VERIFY}invalid patch: ${parseReason(f)}`,
    lines_not_found: ({ facts: f }) => `${VERIFY}Failed to find expected lines in ${abs(f.path)}:\n${f.expected}`,
    context_not_found: ({ facts: f }) => `${VERIFY}Failed to find context '${f.context}' in ${abs(f.path)}`,
    file_missing: (e) =>
      /deletes/.test(e.message)
        ? `${VERIFY}Failed to read ${abs(e.facts.path)}: ${NO_FILE}`
        : `${VERIFY}Failed to read file to update ${abs(e.facts.path)}: ${NO_FILE}`,
  });

/** The model-facing text of a failed patch. */
function failureText(err: EngineError, c: Call, cwd: string): string {
  if (err.condition === 'patch_without_apply_patch' || err.condition === 'escalation_refused') return err.message;
  const said = words((p) => path.resolve(cwd, p))(err, undefined, c);
  return typeof said === 'string' ? said : `${VERIFY}${err.message}`;
}

/** "Exit code: 0\nWall time: <s> seconds\nOutput:\n" and the summary, or the failure's words. */
export function patchToolText(run: PatchRun, c: Call, cwd = workingDir(c)): string {
  if (!run.result) return failureText(run.error!, c, cwd);
  return `Exit code: 0\nWall time: ${run.durationSeconds} seconds\nOutput:\n${patchSummary(run.result)}`;
}
