// V4A diffs as an apply_patch tool of one file per operation sends them: no envelope.
// A pure text transform with the rules of the reference apply_diff (openai-agents-python,
// 2026-08): create mode takes "+" lines; update mode takes hunks located by their context
// lines (exact, then ignoring trailing whitespace, then ignoring surrounding whitespace,
// searched forward from a cursor), with "@@ text" anchors, stacked anchors that must all
// match, and "*** End of File". Failures carry the reference's own messages as `reason`.
import { engineFailure } from '../errors.js';
import { PASSES, seekSequence } from './patch-apply.js';

export type V4AMode = 'create' | 'update';

/** Lines that end a diff quietly: what followed them belonged to another file of a patch. */
const FILE_HEADERS = ['*** End Patch', '*** Update File:', '*** Delete File:', '*** Add File:'];
const END_OF_FILE = '*** End of File';
/** The reference has no typographic pass. */
const V4A_PASSES = PASSES.slice(0, 3);

interface Change {
  /** Line of the file (LF-split) where the removed lines start. */
  at: number;
  remove: number;
  insert: string[];
}

const invalid = (reason: string) => engineFailure('invalid_diff', reason, { reason }, { field: 'diff' });
const mismatch = (reason: string, cursor: number, lines: string) =>
  engineFailure('diff_mismatch', reason, { reason, cursor, lines }, { field: 'diff' });

/** The diff's lines: split on LF or CRLF, trailing CRs dropped, one final empty line dropped. */
function diffLines(diff: string): string[] {
  const lines = diff.split(/\r?\n/).map((l) => l.replace(/\r+$/, ''));
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

const startsWithAny = (line: string, prefixes: readonly string[]) => prefixes.some((p) => line.startsWith(p));

/** The text of `input` after `diff`; `input` is ignored in create mode. Throws invalid_diff or diff_mismatch. */
export function applyV4A(input: string, diff: string, mode: V4AMode): string {
  // The result's line ending: CRLF when the file has one (in create mode: when the diff has one).
  const source = mode === 'update' && input.includes('\n') ? input : diff;
  const newline = source.includes('\r\n') ? '\r\n' : '\n';
  const lines = diffLines(diff);
  return mode === 'create' ? created(lines, newline) : updated(input.replaceAll('\r\n', '\n'), lines, newline);
}

function created(lines: string[], newline: string): string {
  const out: string[] = [];
  for (const line of lines) {
    if (startsWithAny(line, FILE_HEADERS)) break;
    if (!line.startsWith('+')) throw invalid(`Invalid Add File Line: ${line}`);
    out.push(line.slice(1));
  }
  return out.join(newline);
}

function updated(text: string, diff: string[], newline: string): string {
  const lines = [...diff, FILE_HEADERS[0]!];
  const file = text.split('\n');
  const changes: Change[] = [];
  let at = 0;
  let cursor = 0;
  while (at < lines.length && !startsWithAny(lines[at]!, [...FILE_HEADERS, END_OF_FILE])) {
    // The hunk's header lines: "@@" alone or "@@ anchor", possibly several.
    const anchors: string[] = [];
    let headers = 0;
    for (;;) {
      const l = lines[at];
      if (l === undefined || !(l === '@@' || l.startsWith('@@ '))) break;
      headers++;
      at++;
      if (l.length > 3 && l.slice(3).trim() !== '') anchors.push(l.slice(3));
    }
    if (headers === 0 && cursor !== 0) throw invalid(`Invalid Line:\n${lines[at] ?? ''}`);
    // One anchor is a hint; stacked ones narrow the search and each must be found.
    anchors.forEach((anchor, k) => (cursor = toAnchor(file, anchor, cursor, headers > 1, k > 0)));
    const hunk = readHunk(lines, at);
    const found = locate(file, hunk.context, cursor, hunk.eof);
    if (found === undefined) {
      const shown = hunk.context.join('\n');
      throw mismatch(`Invalid ${hunk.eof ? 'EOF ' : ''}Context ${cursor}:\n${shown}`, cursor, shown);
    }
    cursor = found + hunk.context.length;
    at = hunk.end;
    for (const c of hunk.changes) changes.push({ ...c, at: c.at + found });
  }
  return replaced(file, changes).join(newline);
}

/** The cursor after `anchor`: just past the first later line equal to it (exactly, then trimmed). */
function toAnchor(file: string[], anchor: string, cursor: number, required: boolean, forward: boolean): number {
  for (const norm of [(s: string) => s, (s: string) => s.trim()]) {
    const want = norm(anchor);
    // Seen before the cursor counts as found (an earlier hunk already went past it), unless it narrows a stack.
    if (!forward && file.slice(0, cursor).some((l) => norm(l) === want)) return cursor;
    for (let i = cursor; i < file.length; i++) if (norm(file[i]!) === want) return i + 1;
  }
  if (required) throw mismatch(`Invalid Anchor ${cursor}:\n${anchor}`, cursor, anchor);
  return cursor;
}

interface Hunk {
  /** The lines sought: context and removed lines, in order. */
  context: string[];
  /** Changes, placed relative to the start of `context`. */
  changes: Change[];
  end: number;
  eof: boolean;
}

function readHunk(lines: string[], start: number): Hunk {
  const context: string[] = [];
  const changes: Change[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  const flush = () => {
    if (removed.length === 0 && added.length === 0) return;
    changes.push({ at: context.length - removed.length, remove: removed.length, insert: added });
    removed = [];
    added = [];
  };
  let i = start;
  let kind = ' ';
  for (; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.startsWith('@@') || startsWithAny(raw, FILE_HEADERS) || raw.startsWith(END_OF_FILE) || raw === '***') break;
    if (raw.startsWith('***')) throw invalid(`Invalid Line: ${raw}`);
    // An empty line is an empty context line.
    const line = raw === '' ? ' ' : raw;
    const next = line[0]!;
    if (next !== '+' && next !== '-' && next !== ' ') throw invalid(`Invalid Line: ${line}`);
    if (next === ' ' && kind !== ' ') flush();
    kind = next;
    const body = line.slice(1);
    if (next === '-') {
      removed.push(body);
      context.push(body);
    } else if (next === '+') added.push(body);
    else context.push(body);
  }
  flush();
  if (lines[i] === END_OF_FILE) return { context, changes, end: i + 1, eof: true };
  if (i === start) throw invalid(`Nothing in this section - index=${i} ${lines[i] ?? ''}`);
  return { context, changes, end: i, eof: false };
}

/** Where `context` is, from `cursor`; an end-of-file hunk is tried at the very end first. */
function locate(file: string[], context: string[], cursor: number, eof: boolean): number | undefined {
  if (eof) {
    const end = seekSequence(file, context, Math.max(0, file.length - context.length), false, V4A_PASSES);
    if (end) return end.at;
  }
  return seekSequence(file, context, cursor, false, V4A_PASSES)?.at;
}

/** The file's lines with the changes made, in order; every line they do not touch is kept. */
function replaced(file: string[], changes: Change[]): string[] {
  const out: string[] = [];
  let cursor = 0;
  for (const c of changes) {
    if (c.at > file.length) throw invalid(`applyDiff: chunk.origIndex ${c.at} > input length ${file.length}`);
    if (cursor > c.at) throw invalid(`applyDiff: overlapping chunk at ${c.at} (cursor ${cursor})`);
    out.push(...file.slice(cursor, c.at), ...c.insert);
    cursor = c.at + c.remove;
  }
  out.push(...file.slice(cursor));
  return out;
}
