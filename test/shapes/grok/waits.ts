// A test-only toolbox served beside grok: wait.job waits (on the job's end, never on time) for
// background process number `n` of the calling session to end, so a test can read its output.
import type { ToolboxSpec } from '../../../src/registry/types.js';
import { bashEngine } from '../../helpers/shell-engine.js';

export function grokWaits(stateRoot: string): ToolboxSpec {
  /** Reads the session's jobs through the same per-session state the server's engine keeps. */
  const jobs = bashEngine(stateRoot);
  return {
    name: 'facet-wait',
    version: '0.0.0',
    description: 'waits for tests',
    canonicalFor: [],
    sandboxSummary: () => 'none',
    tools: [
      {
        name: 'wait.job',
        summary: 'Waits until background process n has ended.',
        inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
        destructive: false,
        tags: ['test'],
        examples: [],
        idempotency: 'idempotent',
        errorModes: 'none',
        async handler(args: { n: number }, ctx) {
          const job = jobs.jobs(ctx).find((j) => j.number === args.n)!;
          const r = await jobs.output(ctx, job.id, { waitMs: 60_000, until: 'exit', maxBytes: 1 });
          return { text: r.job.status, host: { tool: 'wait.job' } };
        },
      },
    ],
  };
}
