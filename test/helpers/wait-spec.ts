// Test-only tools served beside a shape, in the same sessions: wait for a background job's end,
// or for the session's next notification, so tests of monitors and background shells never sleep.
import { nextNotification } from '../../src/engine/notifications.js';
import type { ShellEngine } from '../../src/engine/shell/engine.js';
import type { ToolboxSpec } from '../../src/registry/types.js';

/** The spec; `jobs` reads the sessions' jobs (any shell engine does: they live in the session). */
export function waitSpec(jobs: ShellEngine): ToolboxSpec {
  return {
    name: 'facet-wait',
    version: '0.0.0',
    description: 'waits for tests',
    canonicalFor: [],
    sandboxSummary: () => 'none',
    tools: [
      {
        name: 'wait.job',
        summary: 'Waits until job id has ended.',
        inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        destructive: false,
        tags: ['test'],
        examples: [],
        idempotency: 'idempotent',
        errorModes: 'none',
        async handler(args: { id: string }, ctx) {
          const r = await jobs.output(ctx, args.id, { waitMs: 60_000, until: 'exit', maxBytes: 1 });
          return { text: r.job.status, host: { tool: 'wait.job' } };
        },
      },
      {
        name: 'wait.notification',
        summary: 'Waits until a notification is queued for the session.',
        inputSchema: { type: 'object', properties: {} },
        destructive: false,
        tags: ['test'],
        examples: [],
        idempotency: 'idempotent',
        errorModes: 'none',
        async handler(_args, ctx) {
          await nextNotification(ctx.session, ctx.signal);
          return { text: 'queued', host: { tool: 'wait.notification' } };
        },
      },
    ],
  };
}
