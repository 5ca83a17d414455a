// Shell: a fresh shell per call, stdout and stderr merged, 60 s by default and 300 s at most
// in the foreground; run_in_background starts a task for TaskOutput, TaskList and TaskStop.
import { engineFailure, type JobSnapshot, type RunOutcome } from '../../../engine/index.js';
import { joinedCut } from '../../kit/text/joined-cut.js';
import { negativeSignal } from '../../kit/shell/signals.js';
import { cancelledRun, runFailure } from '../../kit/shell/run-failure.js';
import { type Call, defineTool, type Reply } from '../../common/define.js';
import { namingShell } from '../../common/shell-named.js';
import { TAGS } from '../../tags.js';
import { capped, cutNote, kimiFail, kimiOk } from './errors.js';
import { taskHost, taskText } from './tasks.js';

type Args = { command: string; timeout?: number; run_in_background?: boolean; description?: string };

const FOREGROUND_MAX_S = 300;

/** A task started in the background: its lines, and what to do next. */
function started(j: JobSnapshot, c: Call): Reply {
  const next =
    'next_step: This server does not announce when the task ends. Call TaskOutput with this task_id (block=true to wait for it) to see its output; TaskStop stops it.';
  const lines = [...taskText(j, c), 'automatic_notification: false', next];
  return kimiOk(`Background task ${j.id} started.`, lines.join('\n'), {
    ...taskHost(j),
    summary: `Started task ${j.id}`,
  });
}

/** A foreground command that ended: success, or how it failed, with its output capped as Kimi caps it. */
function finished(run: RunOutcome, timeout: number): Reply {
  const out = capped(joinedCut(run.output, ''));
  const truncated = out.truncated || run.output.truncated;
  const counts = { outputBytes: run.output.totalBytes, durationMs: Math.round(run.durationMs) };
  const host = { exitCode: run.exitCode, signal: run.signal, truncated, counts };
  const failure = runFailure(run, out.text, truncated);
  if (!failure) return kimiOk(cutNote('Command executed successfully.', truncated), out.text, host);
  // Kimi CLI reports a command ended by a signal with Python's returncode: the negative signal number, e.g. -9 for
  // SIGKILL.
  const message = run.timedOut
    ? `Command killed by timeout (${timeout}s)`
    : run.signal
      ? `Command failed with exit code: ${negativeSignal(run.signal)}. It was killed by ${run.signal}.`
      : `Command failed with exit code: ${run.exitCode}.`;
  return kimiFail(cutNote(message, truncated, false), out.text, host, failure);
}

// The words name the configured shell where the table writes {shell}.
export const shellTool = namingShell(
  defineTool<Args, { run: RunOutcome } | { job: JobSnapshot }>({
    name: 'Shell',
    summary: 'Run a {shell} command and get its output; or start it as a background task (run_in_background).',
    description: [
      'Executes a command with {shell} -c in the working directory, in a fresh process each time (a cd or export does not carry over to the',
      'next call) with stdin closed. stdout and stderr are merged in the order they arrive. timeout is in seconds: default 60, at most 300 in the foreground;',
      'a background task may run up to 86400 s. Output is capped at 50,000 characters and 2,000 per line (the message says when it was cut). Exit code 0',
      'succeeds; a non-zero exit or a timeout is an error that still carries the output. run_in_background starts the command as a task and returns its id at',
      'once (a description is then required); follow it with TaskOutput, list tasks with TaskList, stop one with TaskStop. Prefer Grep, Glob and ReadFile to',
      'shell equivalents for searching and reading files.',
    ],
    schema: {
      properties: {
        command: { type: 'string' },
        timeout: { default: 60, maximum: 86400, minimum: 1, type: 'integer' },
        run_in_background: { default: false, type: 'boolean' },
        description: { default: '', type: 'string' },
      },
      required: ['command'],
      type: 'object',
    },
    tags: [TAGS.shell, TAGS.destructive],
    examples: [
      {
        description: 'List the files of the working directory',
        arguments: { command: 'ls' },
        expectedOutcome: 'Command executed successfully, and the names.',
      },
      {
        description: 'Start a development server in the background',
        arguments: { command: 'npm run dev', run_in_background: true, description: 'dev server' },
        expectedOutcome: 'task_id and the other task lines.',
      },
    ],
    idempotency: 'side_effecting',
    errorModes: [
      'PROCESS_FAILED: non-zero exit ("Command failed with exit code: N."); a command killed by a signal gets the negative signal number as N, as',
      'Kimi CLI reports it, and the signal named after it. The output follows the message.',
      'TIMEOUT: the command ran past its timeout and was killed with everything it started; the output so far follows.',
      'CANCELLED: the call was cancelled while the command ran; it was killed with everything it started and the output so far follows.',
      'INVALID_ARGUMENT: empty command; timeout over 300 s without run_in_background; run_in_background without a description.',
      'RESOURCE_EXHAUSTED: too many background tasks in this session (stop one with TaskStop).',
      "SECURITY_POLICY_FAILED: the server's allow/deny rules refuse a command of the line.",
    ],
    async call(args, c) {
      const shellEnv = { GIT_TERMINAL_PROMPT: '0', SHELL: c.config.shell.path, PAGER: 'cat', GIT_PAGER: 'cat' };
      const timeout = args.timeout ?? 60;
      if (args.run_in_background) {
        if ((args.description ?? '').trim() === '')
          throw engineFailure('no_description', 'a background task needs a description', {}, { field: 'description' });
        const opts = { command: args.command, description: args.description, env: shellEnv };
        return { job: await c.engine.shell.start(c, { ...opts, timeoutMs: Math.min(timeout, 86_400) * 1000 }) };
      }
      if (timeout > FOREGROUND_MAX_S)
        throw engineFailure(
          'foreground_timeout',
          `timeout ${timeout} is over ${FOREGROUND_MAX_S}`,
          { timeout },
          { field: 'timeout' },
        );
      const opts = {
        command: args.command,
        streams: 'merged' as const,
        env: shellEnv,
        input: '',
        maxOutputBytes: 256 << 10,
        headShare: 0.95,
      };
      return {
        run: await c.engine.shell.run(c, { ...opts, timeoutMs: timeout * 1000, maxTimeoutMs: FOREGROUND_MAX_S * 1000 }),
      };
    },
    format: (r, args, c) => ('job' in r ? started(r.job, c) : finished(r.run, args.timeout ?? 60)),
    errors(err) {
      if (err.condition === 'no_description')
        return kimiFail('A background task needs a short description; set description and call again.');
      if (err.condition === 'foreground_timeout') {
        return kimiFail(
          `A foreground command may run at most ${FOREGROUND_MAX_S} seconds; lower timeout, or set run_in_background=true for a longer task.`,
        );
      }
      // A cancelled command: what it printed before it was stopped follows the message.
      const cancelled = cancelledRun(err);
      if (!cancelled) return undefined;
      const out = capped(cancelled.text);
      return kimiFail(cutNote('Command was cancelled before it finished.', out.truncated, false), out.text, {
        truncated: out.truncated,
      });
    },
  }),
);
