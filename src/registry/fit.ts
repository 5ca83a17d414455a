// Cutting a successful result down to the response limit (the response is changed in place:
// it is about to be sent and dropped). A tool that changed something must
// be reported as done even when its result is too large to send: the longest strings of its
// content (a diff, a command's output) are cut, each with a note, instead of failing the call.
import type { CallToolResponse } from '../gen/codefly/services/toolbox/v0/toolbox.js';

interface Leaf {
  bytes: number;
  get(): string;
  set(v: string): void;
}

/** Bytes kept free for protobuf lengths that grow or shrink with the cut (a few per string). */
const SLACK = 64;

/** The note that ends a cut string. */
export function cutNote(cutBytes: number, limit: number): string {
  return `\n[cut: ${cutBytes} more bytes are over the response limit of ${limit} bytes]`;
}

/**
 * The response encoded within `limit` bytes: its longest strings cut to one common length,
 * each ending with a note. When even that cannot fit (many small values, large blobs), the
 * content is replaced by one text saying how the call ended and that its result was left out.
 */
export function cutToFit(m: CallToolResponse, limit: number, encode: (m: CallToolResponse) => Buffer): Buffer {
  const whole = encode(m).length;
  const { leaves, flush } = collect(m);
  const kept = leaves.map((l) => l.get());
  const overhead = whole - leaves.reduce((n, l) => n + l.bytes, 0);
  let budget = limit - overhead - SLACK;
  for (let attempt = 0; attempt < 4 && budget > 0; attempt++) {
    const cap = capFor(leaves, budget, limit);
    if (cap === undefined) break;
    for (const [i, l] of leaves.entries()) {
      if (l.bytes <= cap) continue;
      const head = cutString(kept[i]!, cap);
      l.set(head + cutNote(l.bytes - byteLength(head), limit));
    }
    flush();
    const out = encode(m);
    if (out.length <= limit) return out;
    leaves.forEach((l, i) => l.set(kept[i]!)); // undo, and try again with less room
    flush();
    budget -= out.length - limit + SLACK;
  }
  if (!m.failure) {
    const text = `The call succeeded, but its result (${whole} bytes) is over the response limit of ${limit} bytes and was left out.`;
    return encode({ ...m, content: [{ body: { $case: 'text', value: text } }] });
  }
  const text = `The call failed (its failure code is kept), and its result (${whole} bytes) is over the response limit of ${limit} bytes and was left out.`;
  const failure = {
    ...m.failure,
    message: cutString(m.failure.message, 256),
    process: m.failure.process && { ...m.failure.process, output: '' },
  };
  return encode({ ...m, error: text, failure, content: [{ body: { $case: 'text', value: text } }] });
}

/** The largest length every string may keep so that all of them, with notes, fit in `budget`. */
function capFor(leaves: Leaf[], budget: number, limit: number): number | undefined {
  const note = byteLength(cutNote(Number.MAX_SAFE_INTEGER, limit));
  const cost = (cap: number) => leaves.reduce((n, l) => n + (l.bytes > cap ? cap + note : l.bytes), 0);
  if (cost(0) > budget) return undefined;
  let lo = 0;
  let hi = Math.max(0, ...leaves.map((l) => l.bytes));
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (cost(mid) <= budget) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Every string of the response that can be long: text items, the string values inside
 * structured ones, and those inside a text that is JSON (Codex's outputs), so that a cut one
 * stays valid JSON; for a failed call also its error text, message and process output. `flush`
 * writes cut JSON values back into their text.
 */
function collect(m: CallToolResponse): { leaves: Leaf[]; flush: () => void } {
  const leaves: Leaf[] = [];
  const flushers: Array<() => void> = [];
  const add = (get: () => string, set: (v: string) => void) => leaves.push({ bytes: byteLength(get()), get, set });
  const walk = (holder: Record<string, unknown> | unknown[], key: string | number): void => {
    const h = holder as Record<string | number, unknown>;
    const v = h[key];
    if (typeof v === 'string')
      add(
        () => h[key] as string,
        (s) => (h[key] = s),
      );
    else if (Array.isArray(v)) v.forEach((_, i) => walk(v, i));
    else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) walk(v as Record<string, unknown>, k);
  };
  const text = (get: () => string, set: (v: string) => void): void => {
    const json = jsonObject(get());
    if (!json) return void add(get, set);
    const holder = { json };
    walk(holder, 'json');
    flushers.push(() => set(JSON.stringify(holder.json)));
  };
  for (const c of m.content) {
    const body = c.body;
    if (body?.$case === 'text')
      text(
        () => body.value,
        (s) => (body.value = s),
      );
    else if (body?.$case === 'structured' && body.value) for (const k of Object.keys(body.value)) walk(body.value, k);
  }
  if (m.error !== '')
    text(
      () => m.error,
      (s) => (m.error = s),
    );
  const f = m.failure;
  if (f) {
    add(
      () => f.message,
      (s) => (f.message = s),
    );
    const p = f.process;
    if (p)
      add(
        () => p.output,
        (s) => (p.output = s),
      );
  }
  return { leaves, flush: () => flushers.forEach((fl) => fl()) };
}

/** The object or array a text holds as JSON, if it does. */
function jsonObject(text: string): object | undefined {
  if (!/^\s*[[{]/.test(text)) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' ? v : undefined;
  } catch {
    return undefined;
  }
}

/** The longest head of `s` within `max` UTF-8 bytes, never splitting a character. */
export function cutString(s: string, max: number): string {
  let k = Math.min(s.length, max);
  for (;;) {
    if (k > 0 && /[\uD800-\uDBFF]/.test(s[k - 1]!)) k--; // keep surrogate pairs whole
    const over = byteLength(s.slice(0, k)) - max;
    if (over <= 0) return s.slice(0, k);
    k -= Math.max(1, Math.floor(over / 3)); // a character is at most 3 bytes per UTF-16 unit
  }
}

function byteLength(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}
