// The vendor replay ledger: every test case of a vendor's own tool suite that was read,
// with its verdict. A case about observable behaviour either runs against Facet
// ('matched': Facet does what the vendor's test pins) or is one where Facet is
// deliberately safer ('different': it runs and pins Facet's behaviour, and the tool's
// error_modes say why). Cases about the vendor's UI, telemetry or mocked model calls are
// 'not-applicable', with the reason. A failing run is a mismatch.
import { test } from 'node:test';

export type Verdict = 'matched' | 'different' | 'not-applicable';

export interface ReplayCase {
  /** The upstream test's name, as written in its suite. */
  name: string;
  verdict: Verdict;
  /** Required for 'different' and 'not-applicable': why. */
  reason?: string;
  /**
   * For 'different': words that stand in the tool's error_modes (the ledger test checks
   * they are there), so the difference is told to the model too.
   */
  errorModes?: string;
  /** Required for 'matched' and 'different': the replay, asserting exact outcomes. */
  run?: () => Promise<void>;
}

export interface ReplaySuite {
  /** gemini, qwen, kimi, codex. */
  vendor: string;
  /** The Facet shape and tool the cases exercise. */
  shape: string;
  tool: string;
  /** The upstream file the cases come from, with the repository and version read. */
  source: string;
  cases: ReplayCase[];
}

/** Registers one node:test test per case that runs. */
export function replay(suite: ReplaySuite): void {
  for (const c of suite.cases) {
    if (!c.run) continue;
    test(`${suite.vendor} ${suite.tool} [${c.verdict}] ${c.name}`, c.run);
  }
}
