// What Claude Code's task tools (TaskCreate, TaskGet, TaskList, TaskUpdate) word alike: the
// answer for an unknown id, the validator's words for missing parameters, and the host block.
import type { EngineError, HostContent, TasksEngine } from '../../engine/index.js';
import { toolUseError } from './errors.js';

/** TaskGet's and TaskUpdate's answer for an id the session has no task for: not an error. */
export const TASK_NOT_FOUND = 'Task not found';

/**
 * Claude Code's words when required parameters are missing ("The required parameter `x` is missing"); undefined for
 * other failures.
 */
export function missingParameters(err: EngineError, tool: string): string | undefined {
  const v = err.facts.violations as Array<{ field: string; description: string }> | undefined;
  if (!v || v.length === 0 || v.some((x) => x.description !== 'is required')) return undefined;
  const issues = v.length === 1 ? 'issue' : 'issues';
  return toolUseError(
    `InputValidationError: ${tool} failed due to the following ${issues}:\n${v.map((x) => `The required parameter \`${x.field}\` is missing`).join('\n')}`,
  );
}

/** A task as the engine keeps it. */
type Task = ReturnType<TasksEngine['get']>;

export const ids = (list: readonly string[]) => list.map((id) => `#${id}`).join(', ');

export const taskHost = (t: Task | undefined, summary: string): HostContent => ({
  summary,
  ...(t ? { details: { task: t } } : {}),
});
