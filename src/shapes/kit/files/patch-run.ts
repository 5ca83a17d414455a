// A patch applied as a shell tool reports it (Codex's apply_patch, sent alone or through a
// command): a refused patch is a run that exited 1 with its failure, not a throw (a
// cancellation, a timeout or an internal fault still throws), and what it changed as the
// facts a host shows.
import { EngineError } from '../../../engine/index.js';
import type { HostContent } from '../../../engine/index.js';
import type { Scope } from '../../../engine/index.js';
import { diffNote } from './diff-note.js';
import type { PatchResult } from '../../../engine/index.js';
import { patchDir, type PatchInvocation } from './patch-invocation.js';

export interface PatchRun {
  exitCode: 0 | 1;
  result?: PatchResult;
  error?: EngineError;
  durationSeconds: number;
}

interface Patcher<C> {
  patch(ctx: C, patch: string, opts: { addOverwrites: boolean }): Promise<PatchResult>;
}

/**
 * Applies `patch` relative to the context's directory (or `cwd`). An Add File hunk replaces an existing file only with
 * `addOverwrites` (as Codex does); by default it is refused.
 */
export async function patchRun<C extends { cwd?: string }>(
  files: Patcher<C>,
  ctx: C,
  patch: string,
  cwd?: string,
  addOverwrites = false,
): Promise<PatchRun> {
  const started = performance.now();
  const secs = () => Math.round((performance.now() - started) / 100) / 10;
  try {
    const result = await files.patch(cwd === undefined ? ctx : { ...ctx, cwd }, patch, { addOverwrites });
    return { exitCode: 0, result, durationSeconds: secs() };
  } catch (err) {
    if (!(err instanceof EngineError) || err.kind === 'cancelled' || err.kind === 'timeout' || err.kind === 'internal')
      throw err;
    return { exitCode: 1, error: err, durationSeconds: secs() };
  }
}

/**
 * Applies a patch a shell tool was sent instead of a command: from its workdir, and the script's `cd DIR` from there.
 */
export async function sentPatchRun<C extends { cwd?: string; scope: Scope }>(
  files: Patcher<C>,
  shell: { resolveCwd(ctx: C, workdir: string | undefined): Promise<string> },
  ctx: C,
  sent: PatchInvocation,
  workdir: string | undefined,
  addOverwrites = false,
): Promise<PatchRun> {
  const cwd = await patchDir(ctx.scope, await shell.resolveCwd(ctx, workdir), sent.cd);
  return patchRun(files, ctx, sent.patch, cwd, addOverwrites);
}

/** The host's facts of a patch run: files touched, the diff (or why it is missing), counts. */
export function patchHost(run: PatchRun): HostContent {
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
    details: {
      files: r.changes.map((c) => ({
        path: c.path,
        action: c.action,
        ...(c.movedFrom ? { movedFrom: c.movedFrom } : {}),
        passes: c.passes,
      })),
    },
  };
}
