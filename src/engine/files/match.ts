// The matching ladder for literal edits. Shapes choose the rungs their vendor uses; the
// first rung that finds the text decides, and is reported:
//   exact                the text as given
//   trailing-whitespace  line by line, ignoring whitespace at line ends
//   indentation          line by line, ignoring leading and trailing whitespace; the
//                        replacement is re-indented to the indentation found
//   typography           typographic quotes, dashes and spaces read as their ASCII twins
//   tokens               from a line start, the same tokens (split at ( ) [ ] { } : = < >
//                        and whitespace) in order with any whitespace between them; the
//                        replacement is re-indented (a tolerant editor's third rung; not in ALL_RUNGS)
//   fuzzy                windows of as many lines as the needle whose edit distance to it
//                        (whitespace differences weighing a tenth) is at most a tenth of its
//                        length; the best non-overlapping windows win (a tolerant editor's last rung;
//                        not in ALL_RUNGS)
// With `firstLineIndent`, the tolerant rungs re-indent the replacement as a tolerant editor does: every
// line moves from the indentation of the replacement's first line to that of the first matched
// line, and blank lines become empty.
import { distance } from 'fastest-levenshtein';
import { checkDeadline, DEADLINE_STRIDE } from './deadline.js';

export type Rung = 'exact' | 'trailing-whitespace' | 'indentation' | 'typography' | 'tokens' | 'fuzzy';

export interface LadderOptions {
  requote?: boolean;
  firstLineIndent?: boolean;
  /** Ms since the epoch past which the search gives up with timed_out (a pathological file and needle). */
  deadline?: number;
}

const WHAT = 'the search for the text to replace';

export const ALL_RUNGS: readonly Rung[] = ['exact', 'trailing-whitespace', 'indentation', 'typography'];

export interface Match {
  start: number;
  end: number;
}

export interface LadderResult {
  rung: Rung;
  matches: Match[];
  /** The replacement to use for each match at this rung (re-indented or re-quoted). */
  replacement: (match: Match, newString: string) => string;
}

/** Maps each typographic character to its ASCII twin; one UTF-16 unit to one, so offsets stay aligned. */
export function asciiTypography(s: string): string {
  return s.replace(/[\u2010-\u2015\u2212\u2018-\u201B\u201C-\u201F\u00A0\u2002-\u200A\u202F\u205F\u3000]/g, (c) => {
    const code = c.charCodeAt(0);
    if ((code >= 0x2010 && code <= 0x2015) || code === 0x2212) return '-';
    if (code >= 0x2018 && code <= 0x201b) return "'";
    if (code >= 0x201c && code <= 0x201f) return '"';
    return ' ';
  });
}

/** Finds `needle` in `text`, trying each rung in order; undefined when no rung matches. */
export function findWithLadder(
  text: string,
  needle: string,
  rungs: readonly Rung[],
  opts: LadderOptions = {},
): LadderResult | undefined {
  for (const rung of rungs) {
    const found = findAt(rung, text, needle, opts);
    if (found && found.matches.length > 0) return found;
  }
  return undefined;
}

function findAt(rung: Rung, text: string, needle: string, opts: LadderOptions): LadderResult | undefined {
  const asIs = (_m: Match, s: string) => s;
  const d = opts.deadline;
  const reindented = (m: Match, s: string) =>
    opts.firstLineIndent
      ? fromFirstLine(s, indent(text.slice(m.start, m.end)))
      : reindent(s, needle, text.slice(m.start, m.end));
  switch (rung) {
    case 'exact':
      return { rung, matches: substrings(text, needle, d), replacement: asIs };
    case 'trailing-whitespace':
      return { rung, matches: lineMatches(text, needle, (l) => l.trimEnd(), d), replacement: asIs };
    case 'indentation': {
      const matches = lineMatches(text, needle, (l) => l.trim(), d);
      return { rung, matches, replacement: reindented };
    }
    case 'tokens': {
      const re = tokenPattern(needle);
      return { rung, matches: re ? regexMatches(text, re, d) : [], replacement: reindented };
    }
    case 'fuzzy':
      return {
        rung,
        matches: fuzzyMatches(text, needle, d),
        replacement: (m, s) => fromFirstLine(s, indent(text.slice(m.start, m.end))),
      };
    case 'typography': {
      const t = asciiTypography(text);
      const n = asciiTypography(needle);
      let matches = substrings(t, n, d);
      if (matches.length === 0) matches = lineMatches(t, n, (l) => l.trimEnd(), d);
      const replacement = opts.requote ? (m: Match, s: string) => requote(s, text.slice(m.start, m.end)) : asIs;
      return { rung, matches, replacement };
    }
  }
}

/** A line-start pattern of the needle's tokens (escaped) with any whitespace between them. */
function tokenPattern(needle: string): RegExp | undefined {
  const tokens = needle.split(/([(){}[\]:=<>])|\s+/).filter((t) => t !== undefined && t !== '');
  if (tokens.length === 0) return undefined;
  const body = tokens.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*');
  return new RegExp(`^[ \\t]*${body}`, 'gm');
}

function regexMatches(text: string, re: RegExp, deadline?: number): Match[] {
  const out: Match[] = [];
  let steps = 0;
  for (const m of text.matchAll(re)) {
    if (++steps % DEADLINE_STRIDE === 0) checkDeadline(deadline, WHAT);
    if (m[0] !== '') out.push({ start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** Non-overlapping occurrences, left to right. */
export function substrings(text: string, needle: string, deadline?: number): Match[] {
  const out: Match[] = [];
  if (needle === '') return out;
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) {
    if (out.length % DEADLINE_STRIDE === 0) checkDeadline(deadline, WHAT);
    out.push({ start: i, end: i + needle.length });
  }
  return out;
}

/**
 * Line-wise matches: runs of whole lines equal to the needle's lines under `norm`. The match
 * spans the lines' text; a needle ending in a line break also takes the last line's break.
 */
function lineMatches(text: string, needle: string, norm: (l: string) => string, deadline?: number): Match[] {
  const withBreak = needle.endsWith('\n');
  const want = (withBreak ? needle.slice(0, -1) : needle).split('\n').map(norm);
  if (want.every((l) => l === '')) return [];
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const lineEnd = (k: number) => (k + 1 < starts.length ? starts[k + 1]! - 1 : text.length);
  const lineAt = (k: number) => text.slice(starts[k]!, lineEnd(k));
  const out: Match[] = [];
  let steps = 0;
  for (let i = 0; i + want.length <= starts.length;) {
    if (++steps % DEADLINE_STRIDE === 0) checkDeadline(deadline, WHAT);
    let ok = true;
    for (let j = 0; j < want.length && ok; j++) ok = norm(lineAt(i + j)) === want[j];
    if (ok) {
      const last = i + want.length - 1;
      const end = withBreak ? Math.min(text.length, lineEnd(last) + 1) : lineEnd(last);
      if (!(withBreak && lineEnd(last) === text.length)) {
        out.push({ start: starts[i]!, end });
        i += want.length;
        continue;
      }
    }
    i++;
  }
  return out;
}

const indent = (l: string) => /^[ \t]*/.exec(l)![0];

/**
 * Re-indentation as a tolerant editor does it: each line of `s` loses the first line's indentation (or, not
 * starting with it, all of its own) and gains `to`; whitespace-only lines become empty.
 */
function fromFirstLine(s: string, to: string): string {
  const lines = s.split('\n');
  const ref = indent(lines[0]!);
  return lines
    .map((l) => (l.trim() === '' ? '' : to + (l.startsWith(ref) ? l.slice(ref.length) : l.trimStart())))
    .join('\n');
}

const FUZZY_MIN_NEEDLE = 10;
const FUZZY_MAX_WORK = 400_000_000;
const FUZZY_THRESHOLD = 0.1;
const FUZZY_WHITESPACE_WEIGHT = 0.1;

/**
 * Fuzzy windows: runs of as many lines as the needle, compared with line ends trimmed. The score
 * is the edit distance with whitespace stripped plus a tenth of the distance whitespace adds, over
 * the needle's length; windows scoring at most a tenth qualify, and the best ones that do not
 * overlap are taken. A match spans its lines' text without the last line's break. Short needles
 * and searches too costly (lines × needle length² over 4e8) find nothing.
 */
function fuzzyMatches(text: string, needle: string, deadline?: number): Match[] {
  if (needle.length < FUZZY_MIN_NEEDLE) return [];
  const lines = splitKeepingBreaks(text);
  if (lines.length * needle.length ** 2 > FUZZY_MAX_WORK) return [];
  const want = splitKeepingBreaks(needle).map((l) => l.trimEnd());
  const n = want.length;
  if (n === 0) return [];
  const block = want.join('\n');
  const bare = (s: string) => s.replace(/\s/g, '');
  const bareBlock = bare(block);
  const starts: number[] = [];
  let at = 0;
  for (const l of lines) {
    starts.push(at);
    at += l.length;
  }
  const found: Array<{ index: number; score: number }> = [];
  for (let i = 0; i + n <= lines.length; i++) {
    // Each window costs up to a needle's length squared: look at the clock every time.
    checkDeadline(deadline, WHAT);
    const window = lines
      .slice(i, i + n)
      .map((l) => l.trimEnd())
      .join('\n');
    if (Math.abs(window.length - block.length) / block.length > FUZZY_THRESHOLD / FUZZY_WHITESPACE_WEIGHT) continue;
    const raw = distance(window, block);
    const core = distance(bare(window), bareBlock);
    const score = (core + (raw - core) * FUZZY_WHITESPACE_WEIGHT) / block.length;
    if (score <= FUZZY_THRESHOLD) found.push({ index: i, score });
  }
  found.sort((a, b) => a.score - b.score || a.index - b.index);
  const chosen: number[] = [];
  for (const f of found) if (!chosen.some((c) => Math.abs(c - f.index) < n)) chosen.push(f.index);
  return chosen
    .sort((a, b) => a - b)
    .map((i) => {
      const last = lines[i + n - 1]!;
      return { start: starts[i]!, end: starts[i + n - 1]! + (last.endsWith('\n') ? last.length - 1 : last.length) };
    });
}

/** Lines with their breaks kept; no empty line after a final break. */
function splitKeepingBreaks(s: string): string[] {
  return s.match(/.*(?:\n|$)/g)!.slice(0, -1);
}

/**
 * Moves the replacement `s` from the indentation of `needle` (as the caller wrote it) to that of
 * `found` (the file's lines it matched). When every matched line moved by the same amount, each
 * replacement line moves by it. When they did not (the caller flattened some lines but not
 * others), a replacement with as many lines as the needle is moved line by line.
 */
function reindent(s: string, needle: string, found: string): string {
  const pairs: Array<[string, string]> = [];
  const want = needle.split('\n');
  const got = found.split('\n');
  for (let k = 0; k < Math.min(want.length, got.length); k++)
    if (want[k]!.trim() !== '') pairs.push([indent(want[k]!), indent(got[k]!)]);
  if (pairs.length === 0) return s;
  const move = (l: string, [from, to]: [string, string]) =>
    l.trim() === '' || !l.startsWith(from) ? l : to + l.slice(from.length);
  const [first] = pairs;
  const uniform = pairs.every(
    ([from, to]) => from.startsWith(first![0]) && first![1] + from.slice(first![0].length) === to,
  );
  const lines = s.split('\n');
  if (uniform) return lines.map((l) => move(l, first!)).join('\n');
  if (lines.length === want.length) {
    return lines.map((l, k) => (want[k]!.trim() === '' ? l : move(l, [indent(want[k]!), indent(got[k]!)]))).join('\n');
  }
  // Different line counts: the first and last lines follow the needle's first and last (an
  // opening and a closing line), the others the needle line whose indentation they share.
  const lastWant = [...want.keys()].reverse().find((k) => want[k]!.trim() !== '' && k < got.length);
  return lines
    .map((l, k) => {
      if (k === 0 && want[0]!.trim() !== '') return move(l, [indent(want[0]!), indent(got[0]!)]);
      if (k === lines.length - 1 && lastWant !== undefined)
        return move(l, [indent(want[lastWant]!), indent(got[lastWant]!)]);
      const own = indent(l);
      const best = pairs.filter(([from]) => own.startsWith(from)).sort((a, b) => b[0].length - a[0].length)[0];
      return best ? move(l, best) : l;
    })
    .join('\n');
}

/** Turns straight quotes in `s` into the curly style found in `original`. */
function requote(s: string, original: string): string {
  const singles = /[\u2018\u2019]/.test(original);
  const doubles = /[\u201C\u201D]/.test(original);
  if (!singles && !doubles) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    const prev = i === 0 ? '' : s[i - 1]!;
    const opening = prev === '' || /[\s([{<\u2014-]/.test(prev);
    if (c === '"' && doubles) out += opening ? '\u201C' : '\u201D';
    else if (c === "'" && singles) out += opening ? '\u2018' : '\u2019';
    else out += c;
  }
  return out;
}
