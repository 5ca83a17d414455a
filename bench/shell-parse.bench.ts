// The command splitter behind --shell-allow/--shell-deny/--shell-route (issue 18): the
// hand-rolled words.ts against tree-sitter-bash through web-tree-sitter. (1) correctness
// over the policy test expectations and a hostile corpus (bench/shell-parse/corpus.ts);
// (2) time per command line over ordinary agent lines and over the whole corpus; (3) the
// one-time cost of loading the wasm runtime and grammar.
import { programName } from '../src/engine/shell/policy.js';
import { splitCommands, type SimpleCommand } from '../src/engine/shell/shell-words.js';
import { HOSTILE_CASES, POLICY_TEST_CASES, TYPICAL_LINES, type Case } from './shell-parse/corpus.js';
import { initTreeSitter, splitWithTreeSitter } from './shell-parse/tree-sitter-splitter.js';
import { report, stats } from './lib.js';

type Splitter = (line: string) => SimpleCommand[];

function project(cmds: SimpleCommand[]): string[] {
  return cmds
    .filter((c) => c.words.length > 0)
    .map((c) => {
      const [first, ...rest] = c.words;
      return (
        (first!.dynamic ? '?' : programName(first!.value)) + rest.map((w) => ' ' + (w.dynamic ? '?' : w.value)).join('')
      );
    });
}

function outcome(split: Splitter, line: string): string[] | null {
  try {
    return project(split(line));
  } catch {
    return null;
  }
}

const t0 = performance.now();
await initTreeSitter();
const initMs = performance.now() - t0;

const splitters: Record<string, Splitter> = {
  'words.ts (hand-rolled)': splitCommands,
  'tree-sitter-bash 0.25.1 / web-tree-sitter 0.25.10': splitWithTreeSitter,
};
const verbose = process.argv.includes('--verbose');

const rows: Array<Record<string, string | number>> = [];
for (const [name, split] of Object.entries(splitters)) {
  for (const [corpus, cases] of [
    ['policy tests', POLICY_TEST_CASES],
    ['hostile', HOSTILE_CASES],
  ] as Array<[string, Case[]]>) {
    const wrong = cases.filter(([line, want]) => JSON.stringify(outcome(split, line)) !== JSON.stringify(want));
    // A miss is a command bash runs that the splitter never reports: a deny rule would not see it.
    const missed = wrong.filter(([line, want]) => want && want.some((w) => !(outcome(split, line) ?? [w]).includes(w)));
    rows.push({
      splitter: name,
      corpus,
      cases: cases.length,
      correct: cases.length - wrong.length,
      'missed a command': missed.length,
      'wrong otherwise': wrong.length - missed.length,
    });
    for (const [line, want] of wrong)
      console.log(
        `  ${name} | ${JSON.stringify(line)}\n    want ${JSON.stringify(want)}\n    got  ${JSON.stringify(outcome(split, line))}`,
      );
  }
}
report('correctness: each line split into the commands bash would run', rows);

function perLineMicros(split: Splitter, lines: string[], rounds: number): { p50: number; p99: number; mean: number } {
  const run = () => {
    for (const l of lines) outcome(split, l);
  };
  for (let i = 0; i < 200; i++) run();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    for (const l of lines) {
      const a = performance.now();
      outcome(split, l);
      samples.push((performance.now() - a) * 1000);
    }
  }
  return stats(samples);
}

const all = [...POLICY_TEST_CASES, ...HOSTILE_CASES].map(([l]) => l);
const speed: Array<Record<string, string | number>> = [];
for (const [name, split] of Object.entries(splitters)) {
  for (const [set, lines] of [
    ['typical lines', TYPICAL_LINES],
    ['whole corpus', all],
  ] as Array<[string, string[]]>) {
    const s = perLineMicros(split, lines, 2000);
    speed.push({ splitter: name, lines: set, p50_us: s.p50, p99_us: s.p99, mean_us: s.mean });
  }
}
report('time per command line (µs)', speed);
report('one-time start-up', [{ what: 'Parser.init() + Language.load(tree-sitter-bash.wasm)', ms: initMs }]);
if (verbose) for (const l of TYPICAL_LINES) console.log(JSON.stringify(project(splitWithTreeSitter(l))));
