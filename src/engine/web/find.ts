// Find in page: the passages of a text that contain a phrase, with their positions and
// surrounding text. The phrase is literal (no regular expressions from the model, so no
// catastrophic backtracking); runs of whitespace in it match any run of whitespace.
import { engineFailure } from '../errors.js';

export interface FindOptions {
  caseSensitive?: boolean;
  /** Characters of context kept on each side of a match (default 200). */
  contextChars?: number;
  /** Most matches returned (default 20); totalMatches still counts all of them. */
  maxMatches?: number;
}

export interface PageMatch {
  /** Character offset of the match in the text. */
  index: number;
  /** 1-based line and column of the match start. */
  line: number;
  column: number;
  /** The matched text as it appears. */
  match: string;
  before: string;
  after: string;
}

export interface FindResult {
  pattern: string;
  totalMatches: number;
  matches: PageMatch[];
}

function phraseRegex(phrase: string, caseSensitive: boolean): RegExp {
  const words = phrase
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(words.join('\\s+'), caseSensitive ? 'g' : 'gi');
}

export function findInText(text: string, pattern: string, opts: FindOptions = {}): FindResult {
  if (pattern.trim() === '')
    throw engineFailure('empty_find_pattern', 'the pattern to find is empty', {}, { field: 'pattern' });
  const context = opts.contextChars ?? 200;
  const max = opts.maxMatches ?? 20;
  const re = phraseRegex(pattern, opts.caseSensitive ?? false);
  const matches: PageMatch[] = [];
  let total = 0;
  let line = 1;
  let lineStart = 0;
  let scanned = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    total++;
    if (matches.length < max) {
      // Count newlines incrementally so positions cost one pass over the text.
      for (let i = text.indexOf('\n', scanned); i !== -1 && i < m.index; i = text.indexOf('\n', i + 1)) {
        line++;
        lineStart = i + 1;
      }
      scanned = m.index;
      matches.push({
        index: m.index,
        line,
        column: m.index - lineStart + 1,
        match: m[0],
        before: text.slice(Math.max(0, m.index - context), m.index),
        after: text.slice(m.index + m[0].length, m.index + m[0].length + context),
      });
    }
  }
  return { pattern, totalMatches: total, matches };
}
