// Literal edits of a text file: one or many (applied in order, all or nothing), each with
// its occurrence rule, through the matching ladder the shape chose. Replacement is literal
// ($& and friends mean nothing). Encoding, BOM and line endings are kept.
import path from 'node:path';
import { engineFailure, throwIfAborted } from '../errors.js';
import type { Scope } from '../scope.js';
import type { Session } from '../session.js';
import { countLines } from './diff-compute.js';
import { diffTexts, type FileDiff } from './diff.js';
import { computeEdit, type EditOutcome, type EditSpec, type EditRules } from './edit-compute.js';
import { offloadEdit, OFFLOAD_MIN_BYTES } from './edit-offload.js';
import type { FreshnessPolicy } from './freshness.js';
import { withPathLocks } from './lock.js';
import { checkLoaded, decodeRaw, loadRaw, saveBytes, type TextFormat } from './text-file.js';

export { applyOne, type EditOutcome, type EditSpec, type Occurrences } from './edit-compute.js';

/**
 * An edit's time limit: a replace-all or a tolerant search over a big file can run long, and the
 * call must still answer (TIMEOUT) within the ten seconds a caller waits, even on a busy machine.
 */
export const EDIT_TIME_LIMIT_MS = 8000;

/** How to edit: the matching rules (which also cross to a worker) plus what only this side needs. */
export interface EditOptions extends EditRules {
  cwd?: string;
  signal?: AbortSignal;
  session?: Session;
  freshness?: FreshnessPolicy;
  /** Refuse .ipynb files (they have their own tool). */
  refuseNotebooks?: boolean;
  /** Refuse files larger than this (default 100 MiB). */
  maxBytes?: number;
  /**
   * The most time the edit may take, waiting for the file's lock included (default EDIT_TIME_LIMIT_MS); past it,
   * timed_out and no change.
   */
  timeLimitMs?: number;
  createParents?: boolean;
}

export interface EditResult extends TextFormat {
  path: string;
  relative: string;
  created: boolean;
  changed: boolean;
  edits: EditOutcome[];
  replacements: number;
  diff: FileDiff;
  /** The new content with LF line endings (for snippets). */
  text: string;
  totalLines: number;
  encodingChangedFrom?: string;
}

export async function editFile(
  scope: Scope,
  input: string,
  edits: EditSpec[],
  opts: EditOptions = {},
): Promise<EditResult> {
  if (edits.length === 0) throw engineFailure('no_edits', 'no edits given', {}, { field: 'edits' });
  edits.forEach((e, i) => {
    if (e.oldString === e.newString && !opts.allowNoChange) {
      throw engineFailure(
        'no_change',
        'the old and new strings are identical: nothing would change',
        { editIndex: i },
        { field: 'new_string' },
      );
    }
    if (typeof e.occurrences === 'number' && (!Number.isSafeInteger(e.occurrences) || e.occurrences < 1)) {
      throw engineFailure(
        'bad_expected_count',
        'the expected count must be a whole number of at least 1',
        { editIndex: i },
        { field: 'expected_replacements' },
      );
    }
  });
  // The clock starts now: waiting for another edit of the file counts.
  const deadline = Date.now() + (opts.timeLimitMs ?? EDIT_TIME_LIMIT_MS);
  const first = await scope.resolve(input, opts.cwd);
  return withPathLocks([first.real], async () => {
    const raw = await loadRaw(scope, first, { cwd: opts.cwd, maxBytes: opts.maxBytes });
    // A big file's text work (decode, match, encode, diff, count) runs in a worker: on the
    // event loop, a one-line edit of 50 MB held every other call up for over 100 ms.
    const big = raw.exists && raw.size > OFFLOAD_MIN_BYTES;
    const loaded = big ? undefined : decodeRaw(raw);
    throwIfAborted(opts.signal, 'edit');
    const creating = edits[0]!.oldString === '';
    if (!raw.exists && !creating) {
      throw engineFailure('file_missing', `${input} does not exist`, { path: input }, { field: 'path' });
    }
    // (A big file's text is never empty.)
    if (raw.exists && creating && (big || loaded!.text !== '')) {
      throw engineFailure(
        'file_exists',
        `${input} already exists; an empty old string only creates new files`,
        { path: input },
        { field: 'old_string' },
      );
    }
    if (opts.refuseNotebooks && path.extname(raw.resolved.real).toLowerCase() === '.ipynb') {
      throw engineFailure('notebook', `${input} is a notebook; edit its cells with the notebook tool`, { path: input });
    }
    checkLoaded(opts.session, raw, opts.freshness);

    const rules: EditRules = {
      ladder: opts.ladder,
      requote: opts.requote,
      firstLineIndent: opts.firstLineIndent,
      absorbNewlineOnDelete: opts.absorbNewlineOnDelete,
      allowNoChange: opts.allowNoChange,
      skipUnmatched: opts.skipUnmatched,
      newFileKeepsEndings: opts.newFileKeepsEndings,
      deadline,
    };
    const job = {
      input,
      exists: raw.exists,
      encoding: raw.encoding,
      bom: raw.bom,
      bomLength: raw.bomLength,
      edits,
      rules,
    };
    const relative = scope.relative(raw.resolved.real);
    const offloaded = big ? await offloadEdit({ ...job, bytes: raw.bytes }, relative, opts.signal) : undefined;
    // A worker that died leaves the edit to this thread (its bytes went with it: load again).
    const inline = offloaded
      ? undefined
      : computeEdit({
          ...job,
          text: (loaded ?? decodeRaw(await loadRaw(scope, raw.resolved, { cwd: opts.cwd, maxBytes: opts.maxBytes })))
            .text,
        });
    const c = (offloaded ?? inline)!;
    if (c.changed) {
      await saveBytes(scope, raw.resolved, c.bytes!, {
        mode: raw.mode,
        createParents: opts.createParents,
        session: opts.session,
        signal: opts.signal,
      });
    }
    const diff = inline ? await diffTexts(relative, inline.beforeLf, inline.afterLf) : offloaded!.diff;
    const result: Omit<EditResult, 'text'> = {
      path: raw.resolved.real,
      relative,
      created: !raw.exists,
      changed: c.changed,
      edits: c.outcomes,
      replacements: c.outcomes.reduce((n, o) => n + o.replacements, 0),
      diff,
      totalLines: inline ? countLines(inline.afterLf) : offloaded!.totalLines,
      encoding: c.format.encoding,
      bom: c.format.bom,
      lineEnding: c.format.lineEnding,
      encodingChangedFrom: c.encodingChangedFrom,
    };
    if (inline) return { ...result, text: inline.afterLf };
    // A big file's new text is decoded only for a caller that reads it (snippets): most do not.
    const { afterUtf16, bytes } = offloaded!;
    let text: string | undefined;
    return Object.defineProperty(result, 'text', {
      get: () =>
        (text ??= afterUtf16
          ? afterUtf16.toString('utf16le')
          : Buffer.from(bytes!.buffer, bytes!.byteOffset, bytes!.byteLength).toString('utf8')),
      enumerable: true,
      configurable: true,
    }) as EditResult;
  });
}
