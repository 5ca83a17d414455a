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
import { offloadEdit, OFFLOAD_MIN_BYTES, type OffloadedEdit } from './edit-offload.js';
import { checkFreshness, freshnessNeedsContent, type FreshnessPolicy } from './freshness.js';
import { withPathLocks } from './lock.js';
import type { OpenedFile } from './open.js';
import {
  checkLoaded,
  decodeRaw,
  loadOpened,
  loadRaw,
  openRaw,
  saveBytes,
  saveByWriter,
  type LoadedText,
  type TextFormat,
} from './text-file.js';

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
  /**
   * The caller shows the new text (a snippet): a big file's edit, done in a worker, sends it back.
   * Without it the text of a big file stays in the worker and `text` is absent.
   */
  keepText?: boolean;
}

export interface EditResult extends TextFormat {
  path: string;
  relative: string;
  created: boolean;
  changed: boolean;
  edits: EditOutcome[];
  replacements: number;
  diff: FileDiff;
  /** The new content with LF line endings (for snippets); absent for a big file unless `keepText` asked for it. */
  text?: string;
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
  const first = await scope.resolve(input, opts.cwd);
  return withPathLocks([first.real], async () => {
    const load = { cwd: opts.cwd, maxBytes: opts.maxBytes };
    const { resolved, file } = await openRaw(scope, first, load);
    if (file && file.size > OFFLOAD_MIN_BYTES) {
      // A big file's whole edit (read, decode, match, encode, diff, count, write) runs in a
      // worker: on the event loop, a one-line edit of 50 MB held every other call up for over 100 ms.
      let big: EditResult | undefined;
      try {
        big = await editInWorker(scope, file, input, edits, rules, opts);
      } finally {
        await file.fh.close().catch(() => undefined);
      }
      // A worker that died leaves the edit to this thread, from a fresh load.
      return big ?? editLoaded(scope, decodeRaw(await loadRaw(scope, resolved, load)), input, edits, rules, opts);
    }
    return editLoaded(scope, decodeRaw(await loadOpened({ resolved, file }, 'path')), input, edits, rules, opts);
  });
}

/** The checks made before any text work: the file is there (or is to be made), and may be changed. */
function checkEditable(
  file: { exists: boolean; empty: boolean; real: string },
  input: string,
  edits: EditSpec[],
  opts: EditOptions,
): void {
  const creating = edits[0]!.oldString === '';
  if (!file.exists && !creating) {
    throw engineFailure('file_missing', `${input} does not exist`, { path: input }, { field: 'path' });
  }
  if (file.exists && creating && !file.empty) {
    throw engineFailure(
      'file_exists',
      `${input} already exists; an empty old string only creates new files`,
      { path: input },
      { field: 'old_string' },
    );
  }
  if (opts.refuseNotebooks && path.extname(file.real).toLowerCase() === '.ipynb') {
    throw engineFailure('notebook', `${input} is a notebook; edit its cells with the notebook tool`, { path: input });
  }
}

/** An edit on this thread, of a file already loaded (or missing). */
async function editLoaded(
  scope: Scope,
  loaded: LoadedText,
  input: string,
  edits: EditSpec[],
  rules: EditRules,
  opts: EditOptions,
): Promise<EditResult> {
  throwIfAborted(opts.signal, 'edit');
  checkEditable({ exists: loaded.exists, empty: loaded.text === '', real: loaded.resolved.real }, input, edits, opts);
  checkLoaded(opts.session, loaded, opts.freshness);
  const c = computeEdit({
    input,
    exists: loaded.exists,
    text: loaded.text,
    encoding: loaded.encoding,
    bom: loaded.bom,
    edits,
    rules,
  });
  if (c.changed) {
    await saveBytes(scope, loaded.resolved, c.bytes!, {
      mode: loaded.mode,
      createParents: opts.createParents,
      session: opts.session,
      signal: opts.signal,
    });
  }
  const relative = scope.relative(loaded.resolved.real);
  const diff = await diffTexts(relative, c.beforeLf, c.afterLf);
  return {
    ...resultOf(loaded.resolved.real, relative, !loaded.exists, c, diff, countLines(c.afterLf)),
    text: c.afterLf,
  };
}

/** An edit's result but its text, from what either thread computed. */
function resultOf(
  real: string,
  relative: string,
  created: boolean,
  c: Pick<OffloadedEdit, 'changed' | 'outcomes' | 'format' | 'encodingChangedFrom'>,
  diff: FileDiff,
  totalLines: number,
): Omit<EditResult, 'text'> {
  return {
    path: real,
    relative,
    created,
    changed: c.changed,
    edits: c.outcomes,
    replacements: c.outcomes.reduce((n, o) => n + o.replacements, 0),
    diff,
    totalLines,
    encoding: c.format.encoding,
    bom: c.format.bom,
    lineEnding: c.format.lineEnding,
    encodingChangedFrom: c.encodingChangedFrom,
  };
}

/**
 * An edit of a big file in a worker, which reads the opened file and writes the temporary one:
 * undefined when the worker died (nothing was changed).
 */
async function editInWorker(
  scope: Scope,
  file: OpenedFile,
  input: string,
  edits: EditSpec[],
  rules: EditRules,
  opts: EditOptions,
): Promise<EditResult | undefined> {
  throwIfAborted(opts.signal, 'edit');
  const real = file.resolved.real;
  // (A big file's text is never empty.)
  checkEditable({ exists: true, empty: false, real }, input, edits, opts);
  const now = { size: file.size, mtimeMs: file.mtimeMs };
  // When the file's times moved since it was read, its content decides: the worker hashes it.
  const byContent = freshnessNeedsContent(opts.session, real, now, opts.freshness);
  const { requireUnchanged: _, ...beforeContent } = opts.freshness ?? {};
  checkFreshness(opts.session, real, input, now, byContent ? beforeContent : opts.freshness);
  const relative = scope.relative(real);
  let done: OffloadedEdit | undefined;
  await saveByWriter(
    scope,
    file.resolved,
    async (target) => {
      const source = { fd: file.fh.fd, size: file.size };
      done = await offloadEdit(
        { input, edits, rules, source, target, field: 'path', hashBefore: byContent, keepText: opts.keepText === true },
        relative,
        opts.signal,
      );
      if (done && byContent) checkFreshness(opts.session, real, input, { ...now, sha256: done.before }, opts.freshness);
      return done?.written ?? false;
    },
    { mode: file.mode, createParents: opts.createParents, session: opts.session, signal: opts.signal },
  );
  if (!done) return undefined;
  return { ...resultOf(real, relative, false, done, done.diff, done.totalLines), text: done.afterLf };
}
