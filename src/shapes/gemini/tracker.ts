// What Gemini CLI 0.61.0's task tracker tools (tracker_*, served with --gemini-tracker as the
// vendor sends them with experimental.taskTracker) share: the tracker's task as the model sees it,
// kept over engine.tasks in the session (the vendor keeps one JSON file per task in the session's
// temp directory): ids of 6 hex digits as the vendor's, the dependencies as the engine's blockers,
// type and parent in the task's metadata, the vendor's four statuses onto the engine's three (open
// and blocked are both pending; blocked is marked in the metadata). Also the vendor's failure words
// and the host block, which carries the list as the vendor's display shows it.
import { randomBytes } from 'node:crypto';
import { isCondition, type HostContent, type TasksEngine } from '../../engine/index.js';
import type { Call, Wording } from '../common/define.js';
import { shapeError } from '../gemini-family/shared.js';
import { TAGS } from '../tags.js';

type Task = ReturnType<TasksEngine['get']>;

export const TYPES = ['epic', 'task', 'bug'] as const;
export const STATUSES = ['open', 'in_progress', 'blocked', 'closed'] as const;
export type TrackerType = (typeof TYPES)[number];
export type TrackerStatus = (typeof STATUSES)[number];

/** The tags every tracker tool has; the ones that change nothing add read-only. */
export const TRACKER_TAGS = [TAGS.planning];

/** A tracker task as Gemini CLI stores it and tracker_get_task shows it, in its key order. */
export interface TrackerTask {
  id: string;
  title: string;
  description: string;
  type: TrackerType;
  status: TrackerStatus;
  parentId?: string;
  dependencies: string[];
}

const ENGINE_STATUS = { open: 'pending', blocked: 'pending', in_progress: 'in_progress', closed: 'completed' } as const;

/** A tracker status as an engine change: the engine's status, and the blocked mark (null clears it). */
export const statusChange = (s: TrackerStatus) => ({
  status: ENGINE_STATUS[s],
  metadata: { blocked: s === 'blocked' ? true : null },
});

export function trackerTask(t: Task): TrackerTask {
  const m = t.metadata;
  const status: TrackerStatus =
    t.status === 'completed'
      ? 'closed'
      : t.status === 'in_progress'
        ? t.status
        : m.blocked === true
          ? 'blocked'
          : 'open';
  return {
    id: t.id,
    title: t.subject,
    description: t.description,
    type: m.type as TrackerType,
    status,
    ...(typeof m.parentId === 'string' ? { parentId: m.parentId } : {}),
    dependencies: [...t.blockedBy],
  };
}

/** The session's tracker tasks in the order created (the vendor lists its directory's order). */
export const trackerTasks = (c: Call): TrackerTask[] => c.engine.tasks.list(c).map(trackerTask);

/** The task with `id`, or undefined. */
export function findTracked(c: Call, id: string): TrackerTask | undefined {
  const t = c.engine.tasks.find(c, id);
  return t && trackerTask(t);
}

/** A new id: 6 hex digits from 3 random bytes, as the vendor's, none the session has. */
export function newTaskId(c: Call): string {
  for (;;) {
    const id = randomBytes(3).toString('hex');
    if (!c.engine.tasks.find(c, id)) return id;
  }
}

/** A refusal in the vendor's words (Gemini CLI sends the model a failed call's message); execution_failed. */
export const trackerFailure = (kind: 'not_found' | 'precondition_failed' | 'invalid_argument', message: string) =>
  shapeError(kind, message, 'execution_failed', { trackerWords: true });

const failed = (text: string) => ({ text, host: { summary: text, details: { error_type: 'execution_failed' } } });

/** The engine's field names as the tracker's parameters call them. */
const FIELD_NAMES: Record<string, string> = { subject: 'title', blocks: 'list of dependencies' };

/** The engine's refusals in the vendor's words; the tracker's own refusals as raised. */
export const trackerErrors: Wording<unknown> = (err) => {
  if (err.facts.trackerWords === true) return failed(err.message);
  if (isCondition(err, 'task_cycle')) return failed(`Circular dependency detected involving task ${err.facts.id}.`);
  // A task in its own dependency list: the vendor's cycle check finds it first.
  if (isCondition(err, 'task_self_block'))
    return failed(`Circular dependency detected involving task ${err.facts.id}.`);
  if (isCondition(err, 'task_refs_missing')) return failed(`Dependency ${err.facts.missing[0]} not found.`);
  if (isCondition(err, 'task_missing')) return failed(`Task with ID ${err.facts.id} not found.`);
  if (isCondition(err, 'task_subject_empty')) return failed('A task needs a title: give a title that is not empty.');
  if (isCondition(err, 'task_field_too_long')) {
    const { field, length, max } = err.facts;
    const name = FIELD_NAMES[field] ?? field;
    return failed(`The ${name} is too long (${length}; at most ${max} are kept). Shorten it; nothing was changed.`);
  }
  if (isCondition(err, 'too_many_tasks'))
    return failed(`The tracker of this session is full (${err.facts.max} tasks); nothing was created.`);
  return undefined;
};

/** The vendor's display order: in progress, open, blocked, closed; then by id. */
const ORDER: Record<TrackerStatus, number> = { in_progress: 0, open: 1, blocked: 2, closed: 3 };
const TODO_STATUS: Record<TrackerStatus, string> = {
  open: 'pending',
  in_progress: 'in_progress',
  blocked: 'blocked',
  closed: 'completed',
};

/** The tasks under their parents, as "type: title (id)" todos indented by depth, each level in display order. */
export function trackerTodos(tasks: readonly TrackerTask[]): Array<{ description: string; status: string }> {
  const byOrder = (a: TrackerTask, b: TrackerTask) => ORDER[a.status] - ORDER[b.status] || a.id.localeCompare(b.id);
  const out: Array<{ description: string; status: string }> = [];
  const add = (t: TrackerTask, depth: number) => {
    out.push({ description: `${'  '.repeat(depth)}${t.type}: ${t.title} (${t.id})`, status: TODO_STATUS[t.status] });
    for (const child of tasks.filter((x) => x.parentId === t.id).sort(byOrder)) add(child, depth + 1);
  };
  for (const root of tasks.filter((t) => t.parentId === undefined).sort(byOrder)) add(root, 0);
  return out;
}

/** The host block of a tracker call: its summary and the whole list as the vendor's display shows it. */
export const trackerHost = (c: Call, summary: string): HostContent => ({
  summary,
  details: { todos: trackerTodos(trackerTasks(c)) },
});
