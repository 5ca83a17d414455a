// Commands a call ran, into the call's change record (engine/audit.ts) when the server
// observes calls: the command line, where it ran, how it ended and how long it took. Wraps
// the shell engine's entry points from outside so the run and job code stay as they are.
import { currentChanges } from '../audit.js';
import type { ShellEngine } from './engine.js';

const line = (command: string | readonly string[]): string =>
  typeof command === 'string' ? command : command.join(' ');

/** `shell`, with run, start and runLive recording what they ran into the current change record. */
export function recordingCommands(shell: ShellEngine): ShellEngine {
  const run = shell.run.bind(shell);
  const start = shell.start.bind(shell);
  const runLive = shell.runLive.bind(shell);
  shell.run = async (ctx, opts) => {
    const out = await run(ctx, opts);
    currentChanges()?.commands.push({
      command: line(opts.command),
      cwd: out.cwd,
      exitCode: out.exitCode,
      signal: out.signal,
      durationMs: Math.round(out.durationMs),
      ...(out.timedOut ? { timedOut: true } : {}),
    });
    return out;
  };
  shell.start = async (ctx, opts) => {
    const job = await start(ctx, opts);
    currentChanges()?.commands.push({
      command: line(opts.command),
      cwd: job.cwd,
      exitCode: null,
      signal: null,
      durationMs: 0,
      job: job.id,
    });
    return job;
  };
  shell.runLive = async (ctx, command, opts) => {
    const started = performance.now();
    const out = await runLive(ctx, command, opts);
    const end = out.end;
    currentChanges()?.commands.push({
      command,
      cwd: end.type === 'exit' ? end.cwd : '',
      exitCode: end.type === 'exit' ? end.code : end.type === 'shell_exited' ? end.code : null,
      signal: end.type === 'shell_exited' ? end.signal : null,
      durationMs: Math.round(performance.now() - started),
      ...(end.type === 'timeout' ? { timedOut: true } : {}),
    });
    return out;
  };
  return shell;
}
