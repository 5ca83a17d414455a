// A patch in Codex's words, whether sent to apply_patch or through a shell tool: the summary
// of what changed, or the failure and that nothing changed.
import type { EngineError, PatchResult } from '../../engine/index.js';
import { cutText } from '../kit/text/text-cut.js';
import type { PatchInvocation } from '../kit/files/patch-invocation.js';
import { type PatchRun, patchHost, sentPatchRun } from '../kit/files/patch-run.js';
import { errorTable, type Call } from '../common/define.js';

/** "Success. Updated the following files:" then A, M and D lines, as the reference prints them. */
export function patchSummary(r: PatchResult): string {
  const lines = [
    ...r.added.map((p) => `A ${p}`),
    ...r.modified.map((p) => `M ${p}`),
    ...r.deleted.map((p) => `D ${p}`),
  ];
  return `Success. Updated the following files:\n${lines.join('\n')}\n`;
}

/** Patch failures in the reference's words, from the engine's typed facts (line, path, lines sought). */
const PATCH_WORDS = errorTable<unknown>({
  invalid_patch: ({ facts: f }) =>
    f.line !== undefined && !/^the (first|last) line/.test(f.reason)
      ? `Invalid patch hunk on line ${f.line}: ${f.reason}`
      : `Invalid patch: ${f.reason}`,
  lines_not_found: ({ facts: f }) => `Could not find the expected lines in ${f.path}:\n${f.expected}`,
  context_not_found: ({ facts: f }) => `Could not find the context line '${f.context}' in ${f.path}`,
  empty_patch: () => 'The patch has no hunks, so no files were modified.',
  file_exists: ({ facts: f }) =>
    `Cannot add ${f.path}: the file already exists (hunk on line ${f.line}). Use "*** Update File: ${f.path}" to change it, or delete it first.`,
  file_missing: (e) =>
    `Cannot ${/deletes/.test(e.message) ? 'delete' : 'update'} ${e.facts.path}: the file does not exist (hunk on line ${e.facts.line}).`,
});

/** The model-facing words of a patch failure: all but a refused command end saying nothing changed. */
function patchErrorText(err: EngineError, c: Call): string {
  if (err.condition === 'patch_without_apply_patch') return `${err.message}.`;
  if (err.condition === 'escalation_refused') return err.message;
  const said = PATCH_WORDS(err, undefined, c);
  return `${typeof said === 'string' ? said : err.message}\nNo file was changed: the patch applies completely or not at all.`;
}

/** The text the model reads of a patch run: the summary, or the failure. */
export const patchText = (run: PatchRun, c: Call) =>
  run.result ? patchSummary(run.result) : patchErrorText(run.error!, c);

/** A patch a shell tool was sent instead of a command, applied: its text cut to `budget`, and the host's facts. */
export async function sentPatch(c: Call, sent: PatchInvocation, workdir: string | undefined, budget: number) {
  const run = await sentPatchRun(c.engine.files, c.engine.shell, c, sent, workdir);
  return { run, output: cutText(patchText(run, c), budget), host: patchHost(run) };
}
