// wait (Codex code mode): waits again on an exec cell that was still running, and answers with
// what it emitted since the last answer, or its end; `terminate: true` stops it.
import type { ArgsOf } from '../kit/args/schema-args.js';
import { defineTool, type Reply } from '../common/define.js';
import { findCell, forgetCell } from './code-cells.js';
import { cellHeader, cellReply } from './code-output.js';
import { answerCell, MAX_YIELD_MS } from './exec.js';
import { byteBudget } from './output.js';
import { BOOLEAN, NUMBER, STRING } from './schema.js';

const schema = {
  type: 'object',
  properties: { cell_id: STRING, max_tokens: NUMBER, terminate: BOOLEAN, yield_time_ms: NUMBER },
  required: ['cell_id'],
  additionalProperties: false,
} as const;

/** wait's defaults: 10 s, 10000 tokens. */
const WAIT_DEFAULTS = { yieldMs: 10_000, maxTokens: 10_000 };

const nonNegative = (v: number | undefined, dflt: number) =>
  v === undefined || !Number.isFinite(v) || v < 0 ? dflt : v;

export const waitTool = defineTool<ArgsOf<typeof schema>, Reply>({
  name: 'wait',
  summary: 'Wait on an exec cell that is still running: its new output, or its end; terminate: true stops it.',
  description: [
    'Only after exec answered "Script running with cell ID N": cell_id is that N.',
    `Waits up to yield_time_ms (default ${WAIT_DEFAULTS.yieldMs}) for the cell to end or yield again, and answers as exec does with only the output emitted since the last answer`,
    `(at most max_tokens tokens of it, default ${WAIT_DEFAULTS.maxTokens}); a cell still running keeps its id, an ended one is closed.`,
    '`terminate: true` stops the cell and answers "Script terminated".',
  ],
  schema,
  tags: [],
  idempotency: 'side_effecting',
  examples: [
    {
      description: 'Collect more output of cell 1',
      arguments: { cell_id: '1', yield_time_ms: 5000 },
      expectedOutcome: 'Script completed (or still running) with the new output.',
    },
  ],
  errorModes: ['An unknown cell: "Script failed" with "Script error:\\nexec cell <id> not found".'],
  async call(args, c) {
    const started = performance.now();
    const cell = findCell(c.session, args.cell_id);
    if (!cell) return cellReply('failed', 0, [], 0, `exec cell ${args.cell_id} not found`);
    if (args.terminate === true) {
      cell.run.kill();
      await cell.run.done;
      forgetCell(c.session, cell.id);
      return {
        text: cellHeader('terminated', (performance.now() - started) / 1000),
        host: { summary: 'Script terminated' },
      };
    }
    const ms = Math.min(nonNegative(args.yield_time_ms, WAIT_DEFAULTS.yieldMs), MAX_YIELD_MS);
    return answerCell(c, cell, ms, byteBudget(nonNegative(args.max_tokens, WAIT_DEFAULTS.maxTokens)), started, () =>
      forgetCell(c.session, cell.id),
    );
  },
});
