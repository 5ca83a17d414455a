// Where two JSON values differ, as paths a reviewer can find in the golden file: array items
// that carry a name are shown with it (tools[3:Edit].description), long strings around the
// first character that differs.

export interface Difference {
  path: string;
  expected: string;
  actual: string;
}

const SHOW = 160;

/** The differences between `expected` and `actual`, in document order, at most `max` of them. */
export function jsonDifferences(expected: unknown, actual: unknown, max = 20): Difference[] {
  const out: Difference[] = [];
  walk(expected, actual, '', out, max);
  return out;
}

function walk(a: unknown, b: unknown, at: string, out: Difference[], max: number): void {
  if (out.length >= max) return;
  if (Array.isArray(a) && Array.isArray(b)) return walkLists(a as unknown[], b as unknown[], at, out, max);
  if (isObject(a) && isObject(b)) {
    const keys = [...Object.keys(a), ...Object.keys(b).filter((k) => !(k in a))];
    for (const k of keys) {
      if (out.length >= max) return;
      walk(a[k], b[k], at === '' ? k : `${at}.${k}`, out, max);
    }
    if (
      out.length < max &&
      JSON.stringify(Object.keys(a)) !== JSON.stringify(Object.keys(b)) &&
      keys.every((k) => k in a && k in b)
    ) {
      out.push({
        path: at || '(top)',
        expected: `keys in order ${Object.keys(a).join(', ')}`,
        actual: `keys in order ${Object.keys(b).join(', ')}`,
      });
    }
    return;
  }
  if (JSON.stringify(a) === JSON.stringify(b)) return;
  if (typeof a === 'string' && typeof b === 'string') {
    const [x, y] = aroundFirstDifference(a, b);
    out.push({ path: at, expected: x, actual: y });
    return;
  }
  out.push({ path: at, expected: show(a), actual: show(b) });
}

function walkLists(a: unknown[], b: unknown[], at: string, out: Difference[], max: number): void {
  // A list of plain values that grew or shrank (tags, lines of a text): one difference naming
  // what came and went, rather than every later item shifted by one.
  if (a.length !== b.length && [...a, ...b].every((v) => v === null || typeof v !== 'object')) {
    const added = b.filter((v) => !a.includes(v));
    const removed = a.filter((v) => !b.includes(v));
    out.push({
      path: at,
      expected: `${a.length} items${removed.length > 0 ? `, not served: ${show(removed)}` : ''}`,
      actual: `${b.length} items${added.length > 0 ? `, not in the golden: ${show(added)}` : ''}`,
    });
    return;
  }
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n && out.length < max; i++) {
    const label = itemLabel(a[i]) ?? itemLabel(b[i]);
    walk(a[i], b[i], `${at}[${i}${label ? `:${label}` : ''}]`, out, max);
  }
}

function itemLabel(v: unknown): string | undefined {
  return isObject(v) && typeof v.name === 'string' ? v.name : undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function show(v: unknown): string {
  if (v === undefined) return '(absent)';
  const s = JSON.stringify(v);
  return s.length > SHOW * 2 ? `${s.slice(0, SHOW * 2)}… (${s.length} characters)` : s;
}

/** Both strings from a little before their first differing character, quoted, each cut to a readable length. */
function aroundFirstDifference(a: string, b: string): [string, string] {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 40);
  const cut = (s: string) =>
    `${from > 0 ? '…' : ''}${JSON.stringify(s.slice(from, from + SHOW))}${from + SHOW < s.length ? '…' : ''}`;
  return [`${cut(a)} (differs at character ${i + 1})`, cut(b)];
}
