// The replay ledger of a Qwen Code test file set (vendors/qwen/0.24.4.tests.md): each vendor
// test file's number of cases, its deliberate differences (case name: reason) and why the rest
// is skipped. A replay names the vendor case(s) it replays; the ledger's own test checks that
// nothing is counted twice and that the totals are the ones the file's head states.
import assert from 'node:assert/strict';
import { test } from 'node:test';

export interface FileLedger {
  total: number;
  deliberate: Record<string, string>;
  /** Why the cases neither replayed nor deliberate are skipped. */
  skipped: string;
}

export interface Counts {
  matched: number;
  deliberate: number;
  skipped: number;
}

/** Vendor behaviours of the capture (vendors/qwen/0.24.4.json) replayed besides the test files. */
export const CAPTURE = '0.24.4 capture';

export function ledger(files: Record<string, FileLedger>) {
  const matched = new Map<string, Set<string>>();
  /** A test replaying the named case(s) of `file` (or behaviours of the capture). */
  const replay = (file: string, names: string | string[], run: () => Promise<void>) => {
    assert.ok(file === CAPTURE || files[file], file);
    const list = typeof names === 'string' ? [names] : names;
    const seen = matched.get(file) ?? new Set<string>();
    for (const n of list) {
      assert.ok(!seen.has(n), `${file} › ${n} replayed twice`);
      seen.add(n);
    }
    matched.set(file, seen);
    test(`${file} › ${list.join(' | ')}`, run);
  };
  /** The ledger's test: the counts over the files, and how many capture behaviours were replayed. */
  const check = (want: Counts & { capture: number }) => {
    void test('the ledger: every case is matched, a deliberate difference, or skipped', () => {
      const got = { matched: 0, deliberate: 0, skipped: 0, capture: matched.get(CAPTURE)?.size ?? 0 };
      for (const [file, l] of Object.entries(files)) {
        const m = matched.get(file) ?? new Set<string>();
        for (const n of Object.keys(l.deliberate))
          assert.ok(!m.has(n), `${file} › ${n} is both matched and deliberate`);
        const d = Object.keys(l.deliberate).length;
        assert.ok(m.size + d <= l.total, file);
        got.matched += m.size;
        got.deliberate += d;
        got.skipped += l.total - m.size - d;
      }
      assert.deepEqual(got, want);
    });
  };
  return { replay, check };
}
