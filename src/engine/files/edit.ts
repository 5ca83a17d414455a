// Literal edits of a text file: one or many (applied in order, all or nothing), each with
// its occurrence rule, through the matching ladder the shape chose. Replacement is literal
// ($& and friends mean nothing). Encoding, BOM and line endings are kept.
import path from 'node:path';
import { engineFailure, throwIfAborted } from '../errors.js';
import type { Scope } from '../scope.js';
import type { Session } from '../session.js';
import { detectLineEnding, toLf } from './encoding.js';
import { countLines } from './diff-compute.js';
import { diffTexts, type FileDiff } from './diff.js';
import type { FreshnessPolicy } from './freshness.js';
import { withPathLocks } from './lock.js';
import { findWithLadder, type Match, type Rung } from './match.js';
import { checkLoaded, fileText, loadText, NEW_FILE_FORMAT, saveText, workingText, type TextFormat } from './text-file.js';

/**
 * How many occurrences an edit may touch: `unique` (exactly one, else an error), `all`
 * (one or more, all replaced), `first` (the first of any number), or an exact expected count.
 */
export type Occurrences = 'unique' | 'all' | 'first' | number;

export interface EditSpec {
  oldString: string;
  newString: string;
  occurrences?: Occurrences;
}

export interface EditOptions {
  cwd?: string;
  signal?: AbortSignal;
  session?: Session;
  freshness?: FreshnessPolicy;
  /** Rungs tried in order (default: exact only). */
  ladder?: readonly Rung[];
  /** At the typography rung, turn straight quotes in the replacement into the file's curly ones. */
  requote?: boolean;
  /** Tolerant rungs re-indent the replacement from its first line to the first matched line's indentation. */
  firstLineIndent?: boolean;
  /** Deleting text (new string empty) that does not end in a line break also takes the break after it. */
  absorbNewlineOnDelete?: boolean;
  /** Identical old and new strings (or an unchanged result) succeed with changed=false instead of failing. */
  allowNoChange?: boolean;
  /** An edit whose text is not found is skipped (0 replacements) instead of failing the call (Kimi). */
  skipUnmatched?: boolean;
  /** Refuse .ipynb files (they have their own tool). */
  refuseNotebooks?: boolean;
  /** Refuse files larger than this (default 100 MiB). */
  maxBytes?: number;
  createParents?: boolean;
  /** A file created by an empty old string takes the new string's line endings (default: LF). */
  newFileKeepsEndings?: boolean;
}

export interface EditOutcome {
  rung: Rung;
  replacements: number;
  /** The 1-based first and last line of each place replaced, in the text before this edit. */
  lines?: Array<[number, number]>;
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

export async function editFile(scope: Scope, input: string, edits: EditSpec[], opts: EditOptions = {}): Promise<EditResult> {
  if (edits.length === 0) throw engineFailure('no_edits', 'no edits given', {}, { field: 'edits' });
  edits.forEach((e, i) => {
    if (e.oldString === e.newString && !opts.allowNoChange) {
      throw engineFailure('no_change', 'the old and new strings are identical: nothing would change', { editIndex: i }, { field: 'new_string' });
    }
    if (typeof e.occurrences === 'number' && (!Number.isSafeInteger(e.occurrences) || e.occurrences < 1)) {
      throw engineFailure('bad_expected_count', 'the expected count must be a whole number of at least 1', { editIndex: i }, { field: 'expected_replacements' });
    }
  });
  const first = await scope.resolve(input, opts.cwd);
  return withPathLocks([first.real], async () => {
    const loaded = await loadText(scope, first, { cwd: opts.cwd, maxBytes: opts.maxBytes });
    throwIfAborted(opts.signal, 'edit');
    const creating = edits[0]!.oldString === '';
    if (!loaded.exists && !creating) {
      throw engineFailure('file_missing', `${input} does not exist`, { path: input }, { field: 'path' });
    }
    if (loaded.exists && creating && loaded.text !== '') {
      throw engineFailure('file_exists', `${input} already exists; an empty old string only creates new files`, { path: input }, { field: 'old_string' });
    }
    if (opts.refuseNotebooks && path.extname(loaded.resolved.real).toLowerCase() === '.ipynb') {
      throw engineFailure('notebook', `${input} is a notebook; edit its cells with the notebook tool`, { path: input });
    }
    checkLoaded(opts.session, loaded, opts.freshness);

    const before = workingText(loaded);
    const givenEndings = creating && !loaded.exists && opts.newFileKeepsEndings ? detectLineEnding(edits[0]!.newString) : undefined;
    const normalise = loaded.lineEnding !== 'mixed' && givenEndings !== 'mixed';
    let work = before;
    const outcomes: EditOutcome[] = [];
    edits.forEach((e, i) => {
      if (i === 0 && creating) {
        work = normalise ? toLf(e.newString) : e.newString;
        outcomes.push({ rung: 'exact', replacements: 1 });
        return;
      }
      const r = applyOne(work, normalise ? toLf(e.oldString) : e.oldString, normalise ? toLf(e.newString) : e.newString, e.occurrences ?? 'unique', i, opts);
      work = r.text;
      outcomes.push(r.outcome);
    });
    const changed = work !== before || !loaded.exists;
    if (!changed && opts.skipUnmatched && outcomes.every((o) => o.replacements === 0)) {
      throw engineFailure('no_match', 'none of the texts to replace was found in the file', { path: input }, { field: 'old_string' });
    }
    if (!changed && !opts.allowNoChange) {
      throw engineFailure('no_change', 'the edits leave the file unchanged', { path: input }, { field: 'new_string' });
    }
    const fmt: TextFormat = loaded.exists ? loaded : { ...NEW_FILE_FORMAT, lineEnding: givenEndings === 'crlf' || givenEndings === 'cr' || givenEndings === 'mixed' ? givenEndings : 'lf' };
    const relative = scope.relative(loaded.resolved.real);
    let encodingChangedFrom: string | undefined;
    let saved: TextFormat = fmt;
    if (changed) {
      const s = await saveText(scope, loaded.resolved, fileText(work, fmt), fmt, {
        mode: loaded.mode,
        createParents: opts.createParents,
        session: opts.session,
        signal: opts.signal,
      });
      encodingChangedFrom = s.encodingChangedFrom;
      saved = s;
    }
    const newLf = toLf(work);
    return {
      path: loaded.resolved.real,
      relative,
      created: !loaded.exists,
      changed,
      edits: outcomes,
      replacements: outcomes.reduce((n, o) => n + o.replacements, 0),
      diff: await diffTexts(relative, toLf(before), newLf),
      text: newLf,
      totalLines: countLines(newLf),
      encoding: saved.encoding,
      bom: saved.bom,
      lineEnding: saved.lineEnding,
      encodingChangedFrom,
    };
  });
}

/** Applies one edit to `text`; throws with facts.editIndex when it cannot. */
export function applyOne(text: string, oldString: string, newString: string, occ: Occurrences, index: number, opts: EditOptions): { text: string; outcome: EditOutcome } {
  let needle = oldString;
  if (opts.absorbNewlineOnDelete && newString === '' && !needle.endsWith('\n') && text.includes(needle + '\n')) needle += '\n';
  const found = findWithLadder(text, needle, opts.ladder ?? ['exact'], { requote: opts.requote, firstLineIndent: opts.firstLineIndent });
  if (!found && opts.skipUnmatched) return { text, outcome: { rung: 'exact', replacements: 0 } };
  if (!found) {
    throw engineFailure('no_match', 'the text to replace was not found in the file', { editIndex: index, rungs: [...(opts.ladder ?? ['exact'])] }, { field: 'old_string' });
  }
  let matches: Match[] = found.matches;
  const n = matches.length;
  if (occ === 'unique' && n > 1) {
    throw engineFailure('ambiguous', `the text to replace occurs ${n} times; it must be unique (add context, or replace all)`, { count: n, editIndex: index, rung: found.rung }, { field: 'old_string' });
  }
  if (typeof occ === 'number' && n !== occ) {
    throw engineFailure('count_mismatch', `expected ${occ} occurrence(s) of the text to replace, found ${n}`, { expected: occ, count: n, editIndex: index, rung: found.rung }, { field: 'old_string' });
  }
  if (occ === 'first') matches = matches.slice(0, 1);
  let out = '';
  let at = 0;
  for (const m of matches) {
    out += text.slice(at, m.start) + found.replacement(m, newString);
    at = m.end;
  }
  out += text.slice(at);
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
  const lines = matches.map((m): [number, number] => [lineOf(m.start), lineOf(Math.max(m.start, m.end - (text[m.end - 1] === '\n' ? 1 : 0)))]);
  return { text: out, outcome: { rung: found.rung, replacements: matches.length, lines } };
}
