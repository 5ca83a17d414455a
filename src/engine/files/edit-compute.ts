// The text work of an edit, on whatever thread runs it: from the file's text (or its bytes,
// decoded here) through the edits to the bytes to write, without touching the file system.
// edit.ts runs it inline for small files and in a worker (files-worker.ts) for big ones.
import { engineFailure } from '../errors.js';
import { checkDeadline, DEADLINE_STRIDE } from './deadline.js';
import { canEncode, decode, detectLineEnding, encode, toLf, type TextEncoding } from './encoding.js';
import { findWithLadder, type Match, type Rung } from './match.js';
import { fileText, NEW_FILE_FORMAT, type TextFormat } from './text-file.js';

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

/** How edits are matched and applied (plain data: it crosses to a worker). */
export interface EditRules {
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
  /** An edit whose text is not found is skipped (0 replacements) instead of failing the call. */
  skipUnmatched?: boolean;
  /** A file created by an empty old string takes the new string's line endings (default: LF). */
  newFileKeepsEndings?: boolean;
  /** Ms since the epoch past which the edit gives up with timed_out, changing nothing. */
  deadline?: number;
}

export interface EditOutcome {
  rung: Rung;
  replacements: number;
  /** The 1-based first and last line of each place replaced, in the text before this edit. */
  lines?: Array<[number, number]>;
}

export interface EditJob {
  /** The path as given (for messages). */
  input: string;
  exists: boolean;
  /** The file's decoded text (without BOM), or its bytes and where the text starts in them. */
  text?: string;
  bytes?: Uint8Array;
  bomLength?: number;
  /** The file's encoding and BOM (ignored for a missing file). */
  encoding: TextEncoding;
  bom: boolean;
  edits: EditSpec[];
  rules: EditRules;
}

export interface EditComputed {
  changed: boolean;
  outcomes: EditOutcome[];
  /** The format written (or the file's, when unchanged). */
  format: TextFormat;
  encodingChangedFrom?: TextEncoding;
  /** The bytes to write (when changed). */
  bytes?: Uint8Array;
  /** The text before and after, LF line endings. */
  beforeLf: string;
  afterLf: string;
  /** The bytes written are exactly afterLf in UTF-8 (so the text can be had back from them). */
  bytesAreAfterLf?: boolean;
}

export function computeEdit(job: EditJob): EditComputed {
  const { edits, rules, input } = job;
  const text = job.text ?? (job.exists ? decode(job.bytes!.subarray(job.bomLength ?? 0), job.encoding) : '');
  const loadedEnding = job.exists ? detectLineEnding(text) : NEW_FILE_FORMAT.lineEnding;
  const creating = edits[0]!.oldString === '';
  // Matching runs on LF text when the file's endings are uniform, else on the raw text.
  const before = loadedEnding === 'crlf' || loadedEnding === 'cr' ? toLf(text) : text;
  const givenEndings =
    creating && !job.exists && rules.newFileKeepsEndings ? detectLineEnding(edits[0]!.newString) : undefined;
  const normalise = loadedEnding !== 'mixed' && givenEndings !== 'mixed';
  let work = before;
  const outcomes: EditOutcome[] = [];
  edits.forEach((e, i) => {
    if (i === 0 && creating) {
      work = normalise ? toLf(e.newString) : e.newString;
      outcomes.push({ rung: 'exact', replacements: 1 });
      return;
    }
    const r = applyOne(
      work,
      normalise ? toLf(e.oldString) : e.oldString,
      normalise ? toLf(e.newString) : e.newString,
      e.occurrences ?? 'unique',
      i,
      rules,
    );
    work = r.text;
    outcomes.push(r.outcome);
  });
  const changed = work !== before || !job.exists;
  if (!changed && rules.skipUnmatched && outcomes.every((o) => o.replacements === 0)) {
    throw engineFailure(
      'no_match',
      'none of the texts to replace was found in the file',
      { path: input },
      { field: 'old_string' },
    );
  }
  if (!changed && !rules.allowNoChange) {
    throw engineFailure('no_change', 'the edits leave the file unchanged', { path: input }, { field: 'new_string' });
  }
  checkDeadline(rules.deadline, 'the edit');
  const fmt: TextFormat = job.exists
    ? { encoding: job.encoding, bom: job.bom, lineEnding: loadedEnding }
    : {
        ...NEW_FILE_FORMAT,
        lineEnding: givenEndings === 'crlf' || givenEndings === 'cr' || givenEndings === 'mixed' ? givenEndings : 'lf',
      };
  const out: EditComputed = { changed, outcomes, format: fmt, beforeLf: toLf(before), afterLf: toLf(work) };
  if (changed) {
    const finalText = fileText(work, fmt);
    let encoding = fmt.encoding;
    if (!canEncode(finalText, encoding)) {
      out.encodingChangedFrom = encoding;
      encoding = 'utf8';
    }
    out.format = { ...fmt, encoding };
    out.bytes = encode(finalText, encoding, fmt.bom);
    // (Same string object when nothing was converted; lone surrogates would not survive UTF-8.)
    out.bytesAreAfterLf =
      encoding === 'utf8' &&
      !fmt.bom &&
      finalText === out.afterLf &&
      (finalText as unknown as { isWellFormed(): boolean }).isWellFormed();
  }
  return out;
}

/** Applies one edit to `text`; throws with facts.editIndex when it cannot. */
export function applyOne(
  text: string,
  oldString: string,
  newString: string,
  occ: Occurrences,
  index: number,
  opts: EditRules,
): { text: string; outcome: EditOutcome } {
  let needle = oldString;
  if (opts.absorbNewlineOnDelete && newString === '' && !needle.endsWith('\n') && text.includes(needle + '\n'))
    needle += '\n';
  const found = findWithLadder(text, needle, opts.ladder ?? ['exact'], {
    requote: opts.requote,
    firstLineIndent: opts.firstLineIndent,
    deadline: opts.deadline,
  });
  if (!found && opts.skipUnmatched) return { text, outcome: { rung: 'exact', replacements: 0 } };
  if (!found) {
    throw engineFailure(
      'no_match',
      'the text to replace was not found in the file',
      { editIndex: index, rungs: [...(opts.ladder ?? ['exact'])] },
      { field: 'old_string' },
    );
  }
  let matches: Match[] = found.matches;
  const n = matches.length;
  if (occ === 'unique' && n > 1) {
    throw engineFailure(
      'ambiguous',
      `the text to replace occurs ${n} times; it must be unique (add context, or replace all)`,
      { count: n, editIndex: index, rung: found.rung },
      { field: 'old_string' },
    );
  }
  if (typeof occ === 'number' && n !== occ) {
    throw engineFailure(
      'count_mismatch',
      `expected ${occ} occurrence(s) of the text to replace, found ${n}`,
      { expected: occ, count: n, editIndex: index, rung: found.rung },
      { field: 'old_string' },
    );
  }
  if (occ === 'first') matches = matches.slice(0, 1);
  let out = '';
  let at = 0;
  for (let k = 0; k < matches.length; k++) {
    if (k % DEADLINE_STRIDE === 0) checkDeadline(opts.deadline, 'the edit');
    const m = matches[k]!;
    out += text.slice(at, m.start) + found.replacement(m, newString);
    at = m.end;
  }
  out += text.slice(at);
  // Line numbers in one pass over the text: matches are in order and do not overlap, so every
  // offset asked is at or past the one before. (Counting from the start for each match took
  // minutes on the event loop for a replace-all of a short string in a 200 KB file.)
  let line = 1;
  let nextBreak = text.indexOf('\n');
  const lineOf = (offset: number) => {
    while (nextBreak !== -1 && nextBreak < offset) {
      line++;
      nextBreak = text.indexOf('\n', nextBreak + 1);
    }
    return line;
  };
  const lines = matches.map((m, k): [number, number] => {
    if (k % DEADLINE_STRIDE === 0) checkDeadline(opts.deadline, 'the edit');
    return [lineOf(m.start), lineOf(Math.max(m.start, m.end - (text[m.end - 1] === '\n' ? 1 : 0)))];
  });
  return { text: out, outcome: { rung: found.rung, replacements: matches.length, lines } };
}
