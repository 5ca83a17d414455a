// Kimi Code 2.1.0's result framing and its words for failures. A success is the output alone
// (an empty one says so in <system>…</system>); a failure is "<system>ERROR: Tool execution
// failed.</system>" then the message on the next line. Bash, FetchURL, Glob, Grep and WebSearch
// results start with a "Wall time" line, errors included. Arguments that do not fit the schema
// are refused with ajv's messages, as Kimi Code validates them. Background tasks that ended
// since the last call follow the result as Kimi Code's <notification> blocks.
import { drainNotifications, type EngineError, type SessionNotification } from '../../engine/index.js';
import type { ToolDefinition, ToolResult } from '../../registry/types.js';
import { errorTable, firstWording, type Call, type Dialect, type Reply } from '../common/define.js';
import { kimiDiagnostics } from './v1/diagnostics.js';
import { taskFacts, taskIdOf } from './task-words.js';

export const EMPTY = '<system>Tool output is empty.</system>';
const FAILED = '<system>ERROR: Tool execution failed.</system>';

/** A success: the output, or Kimi Code's note that it is empty. */
export function codeOk(output: string, host: Reply['host'] = {}, more: Omit<Reply, 'text' | 'host'> = {}): Reply {
  return { ...more, text: output === '' && !more.parts?.length ? EMPTY : output, host };
}

/** A failure: the marker, then the message (an empty one is said in the marker). */
export function codeFail(message: string, host: Reply['host'] = {}, failure?: EngineError): Reply {
  const bare = { summary: undefined, failure: undefined, paths: undefined, routedTo: undefined };
  return {
    text:
      message === '' ? '<system>ERROR: Tool execution failed. Tool output is empty.</system>' : `${FAILED}\n${message}`,
    host: { ...bare, ...host },
    ...(failure ? { failure } : {}),
  };
}

// When each timed call began: the Wall time line measures from there to the result.
const started = new WeakMap<Call, number>();

/** Marks the start of a call whose result Kimi Code heads with its wall time. */
export function startClock(c: Call): void {
  started.set(c, performance.now());
}

export const wallTime = (ms: number): string => `Wall time: ${(ms / 1000).toFixed(3)} seconds`;

/** One task notification in Kimi Code's form; undefined for a stop TaskStop already reported. */
export function notificationText(n: SessionNotification): string | undefined {
  if (n.type !== 'job_ended') return undefined;
  const j = n.job;
  if (j.status === 'killed') return undefined;
  // Kimi Code's words for a completed task; the failed and timed-out kinds are Facet's, in the same form.
  const kind = j.status === 'timed_out' ? 'timed_out' : j.exitCode === 0 ? 'completed' : 'failed';
  const title = { completed: 'completed', failed: 'failed', timed_out: 'timed out' }[kind];
  const said = n.label ?? j.description ?? j.command;
  const end =
    kind === 'completed'
      ? `${said} completed.`
      : kind === 'failed'
        ? `${said} failed with exit code ${j.exitCode ?? j.signal}.`
        : `${said} timed out.`;
  const id = taskIdOf(j.id);
  return [
    `<notification id="task:${id}:${kind}" category="task" type="task.${kind}" source_kind="background_task" source_id="${id}">`,
    `Title: Background process ${title}`,
    `Severity: ${kind === 'completed' ? 'info' : 'warning'}`,
    wallTime(j.durationMs),
    end,
    '</notification>',
  ].join('\n');
}

/** The result with its wall time (where timed) and the session's due notifications after it. */
function after(result: ToolResult, c: Call): ToolResult {
  const t0 = started.get(c);
  let text = result.text;
  if (t0 !== undefined) text = `${wallTime(performance.now() - t0)}\n${text}`;
  if (!('content' in result)) {
    const drained = drainNotifications(c.session).notifications;
    const delivered = taskFacts(c).delivered;
    for (const n of drained) if (n.type === 'job_ended') delivered.add(n.job.id);
    const due = drained.map(notificationText).filter((s): s is string => s !== undefined);
    if (due.length > 0) text = `${text}\n\n${due.join('\n\n')}`;
  }
  return text === result.text ? result : { ...result, text };
}

/** ajv's message for one of the registry's violations, as Kimi Code joins them. */
function ajvMessages(field: string, description: string): string[] {
  const leaf = field.split('.').pop() ?? field;
  const at = field === '(arguments)' ? '' : `/${field.replace(/\./g, '/')} `;
  return description.split('; ').map((d) => {
    if (d === 'is required') return `must have required property '${leaf}'`;
    if (d === 'is not a known parameter') return `must NOT have additional property '${leaf}'`;
    if (d.startsWith('must be one of')) return `${at}must be equal to one of the allowed values`;
    return `${at}${d}`;
  });
}

/** Kimi Code's refusal of arguments that do not fit the schema. */
export function invalidArgs(err: EngineError, tool: string): string | undefined {
  const violations = err.facts.violations as Array<{ field: string; description: string }> | undefined;
  if (err.kind !== 'invalid_argument' || !violations) return undefined;
  const messages = violations.flatMap((v) => ajvMessages(v.field, v.description));
  return `${FAILED}\nInvalid args for tool "${tool}": ${messages.join('; ')}`;
}

const sentence = (s: string): string => (/[.!?]$/.test(s) ? s : `${s}.`);

/** The message for any engine failure no tool words itself. */
export function codeMessage(err: EngineError): string {
  const f = err.facts;
  const p = typeof f.path === 'string' ? f.path : undefined;
  if (p !== undefined) {
    if (err.kind === 'not_found') return `"${p}" does not exist.`;
    if (f.isDirectory || f.notRegular) return `"${p}" is not a file.`;
    if (err.condition === 'sensitive_file')
      return `"${p}" matches a sensitive-file pattern (keys, tokens, credentials); it is blocked to protect secrets.`;
    if (err.kind === 'permission_denied' && Array.isArray(f.roots))
      return `"${p}" is outside the workspace (${f.roots.join(', ')}); this server works inside it only.`;
  }
  return sentence(err.message);
}

export const kimiCodeDialect: Dialect = {
  diagnostics: kimiDiagnostics,
  after,
  beforeCall: (err: EngineError, tool: ToolDefinition) =>
    invalidArgs(err, tool.name) ?? codeFail(codeMessage(err)).text,
  errors: firstWording(
    errorTable<unknown>({ job_missing: (err) => codeFail(`Task not found: ${taskIdOf(String(err.facts.job))}`) }),
    (err: EngineError) => codeFail(codeMessage(err)),
  ),
};
