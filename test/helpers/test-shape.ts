// A toolbox of test-only tools served beside the real shapes: one that throws, one that
// waits on its signal (deadlines, cancellation, draining), one that echoes.
import { EngineError } from '../../src/engine/errors.js';
import type { ToolboxSpec } from '../../src/registry/types.js';

export interface SignalLog {
  /** Reasons of the signals that fired, by call label. */
  fired: Map<string, string>;
}

export function testShape(log: SignalLog = { fired: new Map() }): ToolboxSpec {
  return {
    name: 'facet-test',
    version: '0.0.0',
    description: 'test tools',
    canonicalFor: [],
    sandboxSummary: (ctx) => `test roots: ${ctx.scope.roots.join(', ')}`,
    tools: [
      {
        name: 'test.throw',
        summary: 'Throws a plain Error.',
        inputSchema: { type: 'object', properties: {}, additionalProperties: false },
        destructive: false,
        tags: ['test'],
        examples: [],
        idempotency: 'idempotent',
        errorModes: 'always INTERNAL',
        async handler() {
          throw new TypeError('boom: a bug in the handler');
        },
      },
      {
        name: 'test.wait',
        summary: 'Waits `ms` or until its signal fires.',
        inputSchema: {
          type: 'object',
          properties: { label: { type: 'string' }, ms: { type: 'integer', minimum: 0 } },
          required: ['label', 'ms'],
          additionalProperties: false,
        },
        destructive: false,
        tags: ['test', 'slow'],
        examples: [{ description: 'wait 1 ms', arguments: { label: 'x', ms: 1 }, expectedOutcome: 'waited' }],
        idempotency: 'idempotent',
        errorModes: 'CANCELLED or TIMEOUT when the signal fires first',
        async handler(args: { label: string; ms: number }, ctx) {
          await new Promise<void>((resolve, reject) => {
            const timer = setTimeout(resolve, args.ms);
            ctx.signal.addEventListener('abort', () => {
              clearTimeout(timer);
              const reason = ctx.signal.reason as { name?: string; message?: string };
              log.fired.set(args.label, `${reason?.name}: ${reason?.message}`);
              reject(reason instanceof EngineError ? reason : new EngineError('timeout', 'deadline passed'));
            });
          });
          return { text: `waited ${args.ms} ms`, host: { tool: 'test.wait' } };
        },
      },
      {
        name: 'test.echo',
        summary: 'Echoes its text and the session it ran in.',
        inputSchema: {
          type: 'object',
          properties: {
            text: { type: 'string', maxLength: 10_000_000 },
            count: { type: 'integer', minimum: 1, maximum: 5 },
          },
          required: ['text'],
          additionalProperties: false,
        },
        destructive: false,
        tags: ['test', 'read-only'],
        examples: [{ description: 'echo hi', arguments: { text: 'hi' }, expectedOutcome: 'hi' }],
        idempotency: 'idempotent',
        errorModes: 'none',
        async handler(args: { text: string }, ctx) {
          return {
            text: args.text,
            data: { session: ctx.session.id, shape: ctx.shape, roots: [...ctx.scope.roots] },
            host: { tool: 'test.echo' },
          };
        },
      },
    ],
  };
}
