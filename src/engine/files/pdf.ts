// What can be learned of a PDF without a PDF library: its page count, from the page
// objects in its bytes. Good for "how many pages" checks; compressed object streams can
// hide pages, so the count is a lower bound (0 when none are visible).
import { engineFailure } from '../errors.js';

export function pdfPageCount(data: Uint8Array): number {
  const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1');
  // A page tree node says how many pages lie below it; the root's count is the largest.
  const counts: number[] = [];
  for (const m of text.matchAll(/\/Type\s*\/Pages\b/g)) {
    const around = text.slice(Math.max(0, m.index - 400), m.index + 400);
    for (const c of around.matchAll(/\/Count\s+(\d+)/g)) counts.push(Number(c[1]));
  }
  if (counts.length > 0) return Math.max(...counts);
  return [...text.matchAll(/\/Type\s*\/Page(?![a-zA-Z])/g)].length;
}

/** Parses a page selection such as "3" or "1-5" (1-based, inclusive); undefined when malformed. */
export function parsePageRange(spec: string): { first: number; last: number } | undefined {
  const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(spec);
  if (!m) return undefined;
  const first = Number(m[1]);
  const last = m[2] !== undefined ? Number(m[2]) : first;
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(last) || first < 1 || last < first) return undefined;
  return { first, last };
}

/** A page selection for a read of at most `maxPages` pages; INVALID_ARGUMENT (bad_pages, too_many_pages) otherwise. */
export function pageRangeFor(spec: string, maxPages: number): { first: number; last: number } {
  const range = parsePageRange(spec);
  if (!range) {
    throw engineFailure(
      'bad_pages',
      `pages "${spec}" is not a page number or range`,
      { pages: spec },
      { field: 'pages' },
    );
  }
  if (range.last - range.first + 1 > maxPages) {
    throw engineFailure(
      'too_many_pages',
      `pages "${spec}" spans more than ${maxPages} pages`,
      { pages: spec },
      { field: 'pages' },
    );
  }
  return range;
}
