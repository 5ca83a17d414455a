// Claude Code's Monitor (sent by default from 2.1.310): a command whose output lines become
// events for the model, delivered as <task-notification>s after later results (notices.ts),
// with a deadline after which it is stopped and one last notice says so.
import { EngineError } from '../../engine/index.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { toolUseError } from './errors.js';
import { closed } from './render.js';

/** Deadlines above this are capped (the -p session's cap; SDK sessions allow 1800000). */
const DEADLINE_CAP_MS = 600_000;

interface Args {
  description: string;
  timeout_ms: number;
  command?: string;
  ws?: { url: string; protocols?: string[] };
}

/** Claude Code's refusal of neither or both sources, as its validator prints it. */
const ONE_SOURCE = toolUseError(
  `InputValidationError: ${JSON.stringify([{ code: 'custom', path: [], message: 'exactly one of command or ws' }], null, 2)}`,
);

export const monitor = defineTool<Args>({
  name: 'Monitor',
  summary: 'Watch a command: each line it prints reaches you as a notification while you keep working.',
  description: [
    'Starts command in the background in the working directory; each line it prints on stdout becomes an event, and',
    'lines printed together arrive as one event (stderr goes only to its output file). Events and its end come as',
    '<task-notification> notices after your later tool results: do not poll or sleep for them. timeout_ms (1000 to',
    '3600000, default 300000; values over 600000 are capped at 600000) is its deadline: then it is stopped and one last',
    'event says it expired; re-arm it if you still need the watch. Stop it earlier with TaskStop and its task id. Give',
    'exactly one of command or ws; ws (a WebSocket source) is not supported by this server.',
  ],
  schema: closed(
    {
      description: 'string',
      timeout_ms: { default: 300000, type: 'number', minimum: 1000, maximum: 3600000 },
      command: 'string',
      ws: closed(
        {
          url: 'string',
          protocols: { type: 'array', items: { type: 'string', pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$" } },
        },
        ['url'],
      ),
    },
    ['description', 'timeout_ms'],
  ),
  tags: [TAGS.shell],
  examples: [
    {
      description: 'Watch a log for errors for five minutes',
      arguments: {
        description: 'errors in app.log',
        timeout_ms: 300000,
        command: 'tail -f app.log | grep --line-buffered ERROR',
      },
      expectedOutcome: 'Monitor started (task ..., expires in 300s unless the source ends first; ...',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'INVALID_ARGUMENT (<tool_use_error>): neither or both of command and ws (an InputValidationError, as Claude Code prints it).',
    'UNSUPPORTED_OPERATION (<tool_use_error>): a ws source; this server watches commands only.',
    "SECURITY_POLICY_FAILED: the server's allow/deny rules refuse the command.",
    'RESOURCE_EXHAUSTED: too many background tasks in this session; stop one with TaskStop.',
  ],
  errors(err) {
    if (err.facts.monitorSource === 'one') return ONE_SOURCE;
    if (err.facts.monitorSource === 'ws')
      return toolUseError('Monitor ws sources are not supported by this server: watch a command instead.');
    return undefined;
  },
  async call(a, c) {
    const hasCommand = typeof a.command === 'string';
    if (hasCommand === (a.ws !== undefined))
      throw new EngineError('invalid_argument', 'exactly one of command or ws', { facts: { monitorSource: 'one' } });
    if (!hasCommand)
      throw new EngineError('unsupported', 'ws sources are not supported', {
        facts: { monitorSource: 'ws' },
        field: 'ws',
      });
    const timeoutMs = Math.min(a.timeout_ms ?? 300_000, DEADLINE_CAP_MS);
    const m = await c.engine.shell.monitor(c, { command: a.command!, description: a.description, timeoutMs });
    const s = Math.round(timeoutMs / 1000);
    return {
      text: `Monitor started (task ${m.job.id}, expires in ${s}s unless the source ends first; you get one notice at expiry — re-arm if you still need the watch). You will be notified on each event. Keep working — do not poll or sleep. Events may arrive while you are waiting for the user — an event is not their reply.`,
      host: {
        summary: `Monitor ${a.description}`,
        details: { taskId: m.job.id, pid: m.job.pid, outputFile: m.outputFile, expiresAt: m.expiresAt },
      },
    };
  },
});
