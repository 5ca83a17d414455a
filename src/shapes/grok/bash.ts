// Grok CLI's bash tool: a command in the current directory with a fixed 30 s timeout;
// "cd <dir>" alone changes the directory for later calls and the file tools.
import type { FacetConfig } from '../../config.js';
import { type Engine, EngineError, isCondition, NON_INTERACTIVE_ENV, withDetails } from '../../engine/index.js';
import type { ToolDefinition } from '../../registry/types.js';
import { ok, fail } from '../common/result.js';
import { cancelledRun, orError, runFailure } from '../common/process.js';
import { TAGS } from '../tags.js';
import { grokMessage } from './text.js';

const TIMEOUT_MS = 30_000;
const MAX_BUFFER = 1 << 20;
/** A cd target with any of these is a shell line, not a plain directory: run it as a command. */
const SHELL_SYNTAX = /[\s;&|<>$`(){}*?[\]'"\\~!#]/;

interface BashArgs {
  command: string;
}

export function grokBash(config: FacetConfig, facet: Engine): ToolDefinition<BashArgs> {
  const engine = facet.shell;
  return {
    name: 'bash',
    summary: 'Run a shell command (30 s limit) in the current directory; "cd <dir>" changes it for later calls.',
    description: [
      `Runs the command with ${config.shell.path} -c in the current directory, with stdin closed and a fixed`,
      '30-second timeout (the command and everything it started are killed then). Each call is a new',
      'shell, so variables do not carry over, but a command that is exactly "cd <dir>" changes the current',
      'directory for later bash calls and for the paths of the file tools ("Changed directory to: <dir>");',
      'the directory must stay inside the workspace. A compound line such as "cd sub && make" runs in a',
      'shell and does not change it. The result is stdout, then "STDERR: " and stderr when there is any;',
      '"Command executed successfully (no output)" when there is none. Output over 1 MiB keeps its start and end.',
    ].join(' '),
    inputSchema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
    destructive: true,
    tags: [TAGS.shell, TAGS.destructive],
    examples: [
      { description: 'Run the tests', arguments: { command: 'npm test' }, expectedOutcome: 'The test output.' },
      { description: 'Move into a sub-directory', arguments: { command: 'cd src' }, expectedOutcome: 'Changed directory to: <absolute path>' },
    ],
    idempotency: 'side_effecting',
    errorModes: [
      'PROCESS_FAILED: non-zero exit ("Command failed: <command> (exit code N)" then the output); the output is kept, unlike Grok CLI.',
      'TIMEOUT: ran past 30 s and was killed; the output so far follows the message.',
      'CANCELLED: the call was cancelled while it ran; it was killed and the output so far follows the message.',
      'NOT_FOUND / PERMISSION_DENIED: "cd" to a directory that does not exist or is outside the workspace ("Cannot change directory: …").',
      "SECURITY_POLICY_FAILED: the server's allow/deny rules refuse a command of the line. INVALID_ARGUMENT: empty command.",
    ].join('\n'),
    async handler(args, ctx) {
      const cd = /^cd\s+(.*)$/s.exec(args.command);
      const target = cd?.[1]!.trim();
      if (target !== undefined && target !== '' && !SHELL_SYNTAX.test(target)) {
        try {
          const dir = await engine.resolveCwd(ctx, target, 'command');
          ctx.session.cwd = dir;
          return ok(`Changed directory to: ${dir}`, { tool: 'bash', paths: [dir], details: { cwd: dir } });
        } catch (err) {
          // The engine's condition stays (one condition, one code); cdTarget marks it as a cd for the wording.
          if (err instanceof EngineError) throw withDetails(err, { field: 'command', facts: { cdTarget: target } });
          throw err;
        }
      }
      const r = await engine
        .run(ctx, {
          command: args.command,
          timeoutMs: TIMEOUT_MS,
          maxTimeoutMs: TIMEOUT_MS,
          env: NON_INTERACTIVE_ENV,
          input: '',
          maxOutputBytes: MAX_BUFFER,
        })
        .catch(orError);
      if (r instanceof Error) {
        const c = cancelledRun(r);
        if (!c) throw r;
        const shown = c.text.trim();
        return fail(`Command failed: ${args.command} (cancelled before it finished)${shown ? `\n${shown}` : ''}`, c.err, { tool: 'bash' });
      }
      const show = (s: { text: string; head: string; tail: string; truncated: boolean; omittedBytes: number }) =>
        s.truncated ? `${s.head}\n... (${s.omittedBytes} bytes left out) ...\n${s.tail}` : s.text;
      const stdout = show(r.stdout);
      const stderr = show(r.stderr);
      const output = (stdout + (stderr ? `\nSTDERR: ${stderr}` : '')).trim();
      const truncated = r.stdout.truncated || r.stderr.truncated;
      const host = { tool: 'bash', exitCode: r.exitCode, signal: r.signal, truncated, counts: { durationMs: Math.round(r.durationMs) } };
      const failure = runFailure(r, output, truncated);
      if (!failure) return ok(output || 'Command executed successfully (no output)', host);
      const why = r.timedOut ? `timed out after ${TIMEOUT_MS / 1000} s and was killed` : r.signal ? `killed by ${r.signal}` : `exit code ${r.exitCode}`;
      return fail(`Command failed: ${args.command} (${why})${output ? `\n${output}` : ''}`, failure, host);
    },
    formatError(err) {
      if (typeof err.facts.cdTarget === 'string') {
        const target = err.facts.cdTarget;
        if (isCondition(err, 'path_missing')) return `Cannot change directory: ${target} does not exist`;
        if (isCondition(err, 'not_a_directory')) return `Cannot change directory: ${target} is not a directory`;
        if (isCondition(err, 'outside_roots')) return `Cannot change directory: ${target} is outside the workspace (${err.facts.roots.join(', ')})`;
      }
      return grokMessage(err);
    },
  };
}
