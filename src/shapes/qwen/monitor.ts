// monitor: Qwen Code 0.24.4's watched command. Each line it prints (stdout and stderr) becomes
// an event, worded by notices.ts after the session's later results; it stops after max_events
// events or idle_timeout_ms without output, or with task_stop and its id (mon_...). Its checks
// and start text are Qwen's; so are its throttle (5 lines at once, one more a second; the rest
// dropped and counted) and its cap of 16 running monitors (here per session).
import path from 'node:path';
import { EngineError, isCondition, type Engine } from '../../engine/index.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { monitorCommand } from './monitor-command.js';
import { sanitizeMonitorLine } from './notices.js';
import { MONITOR_PREFIX } from './task-stop.js';

interface Args {
  command: string;
  description?: string;
  max_events?: number;
  idle_timeout_ms?: number;
  directory?: string;
}

type Started = Awaited<ReturnType<Engine['shell']['monitor']>>;

const MAX_EVENTS = 1000;
const MAX_EVENTS_CAP = 10_000;
const IDLE_MS = 300_000;
const IDLE_CAP_MS = 600_000;
/** Qwen's monitors have no deadline of their own (idle and max_events stop them): a day stands for none. */
const NO_DEADLINE_MS = 86_400_000;
const MAX_RUNNING = 16;
const THROTTLE = { burst: 5, refillMs: 1000 };

const refuse = (text: string, field?: string) =>
  new EngineError('invalid_argument', text, { ...(field ? { field } : {}), facts: { said: text } });

/** The command as Qwen spawns it (monitor-command.ts), or Qwen's refusal. */
function spawnable(command: unknown): string {
  const r = monitorCommand(command);
  if ('spawn' in r) return r.spawn;
  throw refuse(
    r.problem === 'empty'
      ? 'Command cannot be empty.'
      : 'Monitor commands must not contain non-final top-level background operators. Remove "&" and let the monitor manage process lifetime.',
    'command',
  );
}

const within = (dir: string, p: string) => {
  const rel = path.relative(path.resolve(dir), path.resolve(p));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

function positive(v: number | undefined, field: string, cap: number, over: string, fallback: number): number {
  if (v === undefined) return fallback;
  if (!Number.isSafeInteger(v) || v < 1) throw refuse(`${field} must be a positive integer.`, field);
  if (v > cap) throw refuse(over, field);
  return v;
}

export const monitor = defineTool<Args, Started & { args: Required<Omit<Args, 'directory'>> }>({
  name: 'monitor',
  summary: 'Watch a long-running command: each line it prints reaches you as a notification while you keep working.',
  description: [
    'Starts `command` (bash) in the background, in `directory` (absolute, inside the workspace) or the working',
    'directory; each non-blank line it prints on stdout or stderr becomes an event, delivered as a <task-notification>',
    'after your later tool results, and its end one more. It stops after max_events events (default 1000, at most',
    '10000) or idle_timeout_ms without output (default 300000, at most 600000); stop it earlier with task_stop and its',
    'id. Do not put the command in the background with "&": the monitor manages its lifetime.',
  ],
  schema: {
    type: 'object',
    properties: {
      command: { type: 'string' },
      description: { type: 'string' },
      max_events: { type: 'integer' },
      idle_timeout_ms: { type: 'integer' },
      directory: { type: 'string' },
    },
    required: ['command'],
  },
  tags: [TAGS.shell],
  idempotency: 'side_effecting',
  examples: [
    {
      description: 'Watch a log for errors',
      arguments: { command: 'tail -f app.log | grep --line-buffered ERROR', description: 'errors in app.log' },
      expectedOutcome: 'Monitor started.\nid: mon_...',
    },
  ],
  errorModes: [
    'INVALID_ARGUMENT: an empty command, an "&" that is not final, max_events or idle_timeout_ms not a positive',
    'integer or over 10000 / 600000, a relative directory, or one outside the workspace.',
  ],
  errors(err, a) {
    if (typeof err.facts.said === 'string') return err.facts.said;
    if (isCondition(err, 'outside_roots'))
      return `Directory '${a.directory}' is not within any of the registered workspace directories.`;
    if (err.field === 'directory' && err.kind === 'not_found') return `Monitor failed to start: ${err.message}`;
    return undefined;
  },
  async call(a, c) {
    const command = spawnable(a.command);
    const maxEvents = positive(
      a.max_events,
      'max_events',
      MAX_EVENTS_CAP,
      'max_events cannot exceed 10000.',
      MAX_EVENTS,
    );
    const idle = positive(
      a.idle_timeout_ms,
      'idle_timeout_ms',
      IDLE_CAP_MS,
      'idle_timeout_ms cannot exceed 600000ms (10 minutes).',
      IDLE_MS,
    );
    const directory = a.directory || undefined;
    if (directory !== undefined && !directory.startsWith('/'))
      throw refuse('Directory must be an absolute path.', 'directory');
    if (directory !== undefined && c.config.skillsDirs.some((d) => within(d, directory)))
      throw refuse(
        'Explicitly running monitor commands from within the user skills directory is not allowed. Please use absolute paths for command parameter instead.',
        'directory',
      );
    if (c.engine.shell.monitors(c).filter((m) => !m.ended).length >= MAX_RUNNING)
      throw refuse(
        `Cannot start monitor: maximum concurrent monitors (${MAX_RUNNING}) reached. Stop an existing monitor first.`,
      );
    const description = sanitizeMonitorLine(a.description || command);
    const started = await c.engine.shell.monitor(c, {
      command,
      ...(directory !== undefined ? { workdir: directory, workdirField: 'directory' } : {}),
      description,
      timeoutMs: NO_DEADLINE_MS,
      events: 'both',
      lineEvents: true,
      throttle: THROTTLE,
      idleTimeoutMs: idle,
      maxEvents,
    });
    return { ...started, args: { command, description, max_events: maxEvents, idle_timeout_ms: idle } };
  },
  format(m) {
    const id = `${MONITOR_PREFIX}${m.job.id}`;
    const { command, description, max_events: n, idle_timeout_ms: ms } = m.args;
    return {
      text: [
        'Monitor started.',
        `id: ${id}`,
        `command: ${command}`,
        `description: ${description}`,
        `max_events: ${n}`,
        `idle_timeout: ${ms}ms`,
        `Events will be delivered as notifications. The monitor auto-stops after ${n} events or ${ms}ms of silence.`,
        `To stop it early: task_stop with task_id ${id}.`,
      ].join('\n'),
      host: {
        summary: `Monitor started: ${description.length > 80 ? `${description.slice(0, 79)}\u2026` : description} (${id})`,
        details: { taskId: id, pid: m.job.pid, outputFile: m.outputFile },
      },
    };
  },
});
