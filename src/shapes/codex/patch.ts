// A patch applied the way Codex's apply_patch reports it, whether sent to apply_patch or
// through a shell tool: the summary or the error text, an exit code, and the host's block.
import { EngineError, patchDir, type EngineContext, type PatchInvocation, type PatchResult, diffNote } from '../../engine/index.js';
import { errorTable, type Call, type Reply } from '../common/define.js';

/** What a patch did, as Codex's structured tool output carries it. */
export interface PatchRun {
  exitCode: 0 | 1;
  /** The text the model reads: the success summary or the error. */
  output: string;
  result?: PatchResult;
  error?: EngineError;
  durationSeconds: number;
}

/** "Success. Updated the following files:" then A, M and D lines, as the reference prints them. */
export function patchSummary(r: PatchResult): string {
  const lines = [...r.added.map((p) => `A ${p}`), ...r.modified.map((p) => `M ${p}`), ...r.deleted.map((p) => `D ${p}`)];
  return `Success. Updated the following files:\n${lines.join('\n')}\n`;
}

/** Patch failures in the reference's words, from the engine's typed facts (line, path, lines sought). */
const PATCH_WORDS = errorTable<unknown>({
  invalid_patch: ({ facts: f }) =>
    f.line !== undefined && !/^the (first|last) line/.test(f.reason) ? `Invalid patch hunk on line ${f.line}: ${f.reason}` : `Invalid patch: ${f.reason}`,
  lines_not_found: ({ facts: f }) => `Could not find the expected lines in ${f.path}:\n${f.expected}`,
  context_not_found: ({ facts: f }) => `Could not find the context line '${f.context}' in ${f.path}`,
  empty_patch: () => 'The patch has no hunks, so no files were modified.',
  file_exists: ({ facts: f }) =>
    `Cannot add ${f.path}: the file already exists (hunk on line ${f.line}). Use "*** Update File: ${f.path}" to change it, or delete it first.`,
  file_missing: (e) => `Cannot ${/deletes/.test(e.message) ? 'delete' : 'update'} ${e.facts.path}: the file does not exist (hunk on line ${e.facts.line}).`,
});

/** The model-facing words of a patch failure: all but a refused command end saying nothing changed. */
export function patchErrorText(err: EngineError, c: Call): string {
  if (err.condition === 'patch_without_apply_patch') return `${err.message}.`;
  if (err.condition === 'escalation_refused') return err.message;
  const said = PATCH_WORDS(err, undefined, c);
  return `${typeof said === 'string' ? said : err.message}\nNo file was changed: the patch applies completely or not at all.`;
}

/** Applies a patch relative to the context's directory; a refused patch is a run with exit code 1, not a throw. */
export async function runPatch(c: Call, patch: string, cwd?: string): Promise<PatchRun> {
  const started = performance.now();
  const secs = () => Math.round((performance.now() - started) / 100) / 10;
  try {
    // Unlike the reference, an Add File hunk never replaces an existing file (no silent overwrite).
    const at: EngineContext = cwd === undefined ? c : { ...c, cwd };
    const result = await c.engine.files.patch(at, patch, { addOverwrites: false });
    return { exitCode: 0, output: patchSummary(result), result, durationSeconds: secs() };
  } catch (err) {
    if (!(err instanceof EngineError) || err.kind === 'cancelled' || err.kind === 'timeout' || err.kind === 'internal') throw err;
    return { exitCode: 1, output: patchErrorText(err, c), error: err, durationSeconds: secs() };
  }
}

/** Applies a patch a shell tool was sent instead of a command: from its workdir, and the script's `cd DIR` from there. */
export async function runSentPatch(c: Call, sent: PatchInvocation, workdir: string | undefined): Promise<PatchRun> {
  return runPatch(c, sent.patch, await patchDir(c.scope, await c.engine.shell.resolveCwd(c, workdir), sent.cd));
}

/** The host block of a patch: files touched and the diff. */
export function patchHost(run: PatchRun): NonNullable<Reply['host']> {
  const r = run.result;
  if (!r) return { summary: 'Patch refused; no file changed', exitCode: run.exitCode };
  const notes = r.changes.flatMap((c) => (c.diff.omitted ? [`${c.relative}: ${diffNote(c.diff)}`] : []));
  return {
    summary: `Patched ${r.changes.length} file${r.changes.length === 1 ? '' : 's'}`,
    paths: r.changes.map((c) => c.path),
    diff: r.changes.map((c) => c.diff.unified).join(''),
    diffNote: notes.length ? notes.join('\n') : undefined,
    counts: { added: r.added.length, modified: r.modified.length, deleted: r.deleted.length },
    exitCode: run.exitCode,
    details: { files: r.changes.map((c) => ({ path: c.path, action: c.action, ...(c.movedFrom ? { movedFrom: c.movedFrom } : {}), passes: c.passes })) },
  };
}
