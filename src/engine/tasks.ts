// A session's task list: tasks with a subject, a description, a status, an owner, free
// metadata and dependency edges (a task blocks others; it is blocked by others). Kept in the
// session's memory like its todo list and gone with it. Ids are 1, 2, 3... per session and
// never reused, even after a delete, so a model's reference to a deleted task cannot land on a
// newer one; a dialect whose ids look otherwise gives its own (unique in the session). Every
// change is checked whole before anything is applied: a refused update changes nothing.
// Dependency cycles are refused (a cycle would block its tasks forever).
import { engineFailure } from './errors.js';
import type { Session } from './session.js';

export const TASK_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export interface Task {
  /** "1", "2", ... within the session. */
  id: string;
  subject: string;
  description: string;
  /** Present-tense wording shown while the task is in progress. */
  activeForm?: string;
  status: TaskStatus;
  owner?: string;
  metadata: Record<string, unknown>;
  /** Tasks this one blocks, in the order the edges were added. */
  blocks: string[];
  /** Tasks blocking this one, in the order the edges were added (completed ones included). */
  blockedBy: string[];
  /** blockedBy without completed tasks: what still blocks it. */
  openBlockedBy: string[];
  /** blocks, or none once this task is completed (a completed blocker no longer blocks). */
  openBlocks: string[];
}

export interface TaskLimits {
  maxTasks: number;
  maxSubjectChars: number;
  maxDescriptionChars: number;
  maxActiveFormChars: number;
  maxOwnerChars: number;
  /** The metadata as JSON, after a merge. */
  maxMetadataChars: number;
  /** Edges of one task, each way. */
  maxEdges: number;
}

export const DEFAULT_TASK_LIMITS: TaskLimits = {
  maxTasks: 1000,
  maxSubjectChars: 1000,
  maxDescriptionChars: 20_000,
  maxActiveFormChars: 1000,
  maxOwnerChars: 200,
  maxMetadataChars: 16_384,
  maxEdges: 200,
};

export interface NewTask {
  /** A caller-chosen id (a dialect's own id form); refused with task_exists when taken. Default: the next number. */
  id?: string;
  subject: string;
  description?: string;
  activeForm?: string;
  owner?: string;
  metadata?: Record<string, unknown>;
  /** Tasks blocking the new one (they must exist). */
  blockedBy?: string[];
}

export interface TaskChange {
  subject?: string;
  description?: string;
  activeForm?: string;
  /** A status, or 'deleted' to remove the task (and every edge to it). */
  status?: TaskStatus | 'deleted';
  /** An empty string clears the owner. */
  owner?: string;
  /** Merged key by key; a null value deletes its key. */
  metadata?: Record<string, unknown>;
  /** This task blocks these. */
  addBlocks?: string[];
  /** These block this task. */
  addBlockedBy?: string[];
  /** Exactly these block this task, in this order: edges from tasks left out are removed (before addBlockedBy). */
  setBlockedBy?: string[];
}

/** The fields a change can touch, in the order results name them. */
export type TaskField =
  'subject' | 'description' | 'activeForm' | 'status' | 'owner' | 'metadata' | 'blocks' | 'blockedBy';

export interface TaskUpdated {
  /** The task after the change; undefined when it was deleted. */
  task: Task | undefined;
  deleted: boolean;
  /** Fields the change named, in TaskField order (blocks for addBlocks, blockedBy for addBlockedBy). */
  given: TaskField[];
  /** Of those, the fields whose value is now different. */
  changed: TaskField[];
}

export interface TaskFilter {
  status?: TaskStatus;
  owner?: string;
  /** Tasks blocked by this one (open or not). */
  blockedBy?: string;
}

/** A task as kept: its open lists are derived when it is read. */
type Stored = Omit<Task, 'openBlockedBy' | 'openBlocks'>;

interface TaskState {
  /** The last id given: ids grow past deletes. */
  seq: number;
  tasks: Map<string, Stored>;
}

const KEY = 'engine.tasks';
const FIELD_ORDER: readonly TaskField[] = [
  'subject',
  'description',
  'activeForm',
  'status',
  'owner',
  'metadata',
  'blocks',
  'blockedBy',
];

const state = (session: Session): TaskState => session.bag<TaskState>(KEY, () => ({ seq: 0, tasks: new Map() }));

/** Creates a pending task with the next id. */
export function createTask(session: Session, init: NewTask, limits: TaskLimits = DEFAULT_TASK_LIMITS): Task {
  const s = state(session);
  if (s.tasks.size >= limits.maxTasks) {
    throw engineFailure(
      'too_many_tasks',
      `this session already has ${s.tasks.size} tasks (the limit); delete some first`,
      {
        count: s.tasks.size,
        max: limits.maxTasks,
      },
    );
  }
  checkText(init, limits);
  const metadata = mergeMetadata({}, init.metadata ?? {}, limits);
  const id = init.id ?? String(s.seq + 1);
  if (s.tasks.has(id) || id === '')
    throw engineFailure('task_exists', `a task ${JSON.stringify(id)} exists already`, { id }, { field: 'id' });
  const blockedBy = [...new Set(init.blockedBy ?? [])];
  checkRefs(s, id, blockedBy);
  checkEdges(id, blockedBy.length, limits);
  const t: Stored = {
    id,
    subject: init.subject,
    description: init.description ?? '',
    ...(init.activeForm ? { activeForm: init.activeForm } : {}),
    status: 'pending',
    ...(init.owner ? { owner: init.owner } : {}),
    metadata,
    blocks: [],
    blockedBy,
  };
  // A new task blocks nothing yet, so its edges make no cycle; a blocker past its bound is refused before anything.
  for (const b of blockedBy) checkEdges(b, s.tasks.get(b)!.blocks.length + 1, limits);
  for (const b of blockedBy) s.tasks.get(b)!.blocks.push(id);
  if (init.id === undefined) s.seq++;
  s.tasks.set(id, t);
  return view(s, t);
}

/** The task, or undefined when there is none with that id (several dialects answer that without failing). */
export function findTask(session: Session, id: string): Task | undefined {
  const s = state(session);
  const t = s.tasks.get(id);
  return t && view(s, t);
}

/** The task; fails with task_missing when there is none. */
export function getTask(session: Session, id: string): Task {
  const s = state(session);
  return view(s, need(s, id, 'taskId'));
}

/** The session's tasks in the order created (numbered ids ascending), optionally filtered. */
export function listTasks(session: Session, filter: TaskFilter = {}): Task[] {
  const s = state(session);
  return [...s.tasks.values()]
    .filter((t) => filter.status === undefined || t.status === filter.status)
    .filter((t) => filter.owner === undefined || t.owner === filter.owner)
    .filter((t) => filter.blockedBy === undefined || t.blockedBy.includes(filter.blockedBy))
    .map((t) => view(s, t));
}

/** Applies one change to task `id`, all or nothing. */
export function updateTask(
  session: Session,
  id: string,
  change: TaskChange,
  limits: TaskLimits = DEFAULT_TASK_LIMITS,
): TaskUpdated {
  const s = state(session);
  const current = need(s, id, 'taskId');
  const given = givenFields(change);
  if (change.status === 'deleted') {
    s.tasks.delete(id);
    for (const t of s.tasks.values()) {
      t.blocks = t.blocks.filter((x) => x !== id);
      t.blockedBy = t.blockedBy.filter((x) => x !== id);
    }
    return { task: undefined, deleted: true, given, changed: given };
  }
  if (change.status !== undefined && !(TASK_STATUSES as readonly string[]).includes(change.status)) {
    throw engineFailure(
      'bad_task_status',
      `status "${change.status}" is not one of ${[...TASK_STATUSES, 'deleted'].join(', ')}`,
      { status: change.status, allowed: [...TASK_STATUSES, 'deleted'] },
      { field: 'status' },
    );
  }
  checkText({ subject: change.subject ?? current.subject, ...change }, limits);
  const addBlocks = change.addBlocks ?? [];
  const addBlockedBy = change.addBlockedBy ?? [];
  const setBlockedBy = change.setBlockedBy;
  checkRefs(s, id, [...addBlocks, ...addBlockedBy, ...(setBlockedBy ?? [])]);
  // The edges after the change, on copies: checked for cycles and bounds before any is applied.
  const blocksOf = new Map([...s.tasks.values()].map((t) => [t.id, [...t.blocks]]));
  const add = (from: string, to: string) => {
    const list = blocksOf.get(from)!;
    if (!list.includes(to)) list.push(to);
  };
  const blockedByOf = new Map<string, string[]>([...s.tasks.values()].map((t) => [t.id, [...t.blockedBy]]));
  if (setBlockedBy) {
    // Edges from blockers left out go; the task's list becomes the one given, in its order.
    for (const [from, tos] of blocksOf)
      if (!setBlockedBy.includes(from))
        blocksOf.set(
          from,
          tos.filter((x) => x !== id),
        );
    blockedByOf.set(id, [...new Set(setBlockedBy)]);
    setBlockedBy.forEach((b) => add(b, id));
  }
  addBlocks.forEach((b) => add(id, b));
  addBlockedBy.forEach((b) => add(b, id));
  const cycle = findCycle(blocksOf, id);
  if (cycle) {
    throw engineFailure(
      'task_cycle',
      `this would make a dependency cycle: ${cycle.join(' -> ')}`,
      { id, cycle },
      { field: 'addBlockedBy' },
    );
  }
  for (const [from, tos] of blocksOf)
    for (const to of tos) if (!blockedByOf.get(to)!.includes(from)) blockedByOf.get(to)!.push(from);
  for (const [tid, list] of [...blocksOf, ...blockedByOf]) checkEdges(tid, list.length, limits);
  const metadata = change.metadata ? mergeMetadata(current.metadata, change.metadata, limits) : current.metadata;
  // Everything is checked: apply.
  const before = JSON.stringify(view(s, current));
  const beforeTask = view(s, current);
  if (change.subject !== undefined) current.subject = change.subject;
  if (change.description !== undefined) current.description = change.description;
  if (change.activeForm !== undefined) setOptional(current, 'activeForm', change.activeForm);
  if (change.status !== undefined) current.status = change.status;
  if (change.owner !== undefined) setOptional(current, 'owner', change.owner);
  current.metadata = metadata;
  for (const t of s.tasks.values()) {
    t.blocks = blocksOf.get(t.id)!;
    t.blockedBy = blockedByOf.get(t.id)!;
  }
  const after = view(s, current);
  const changed =
    JSON.stringify(after) === before
      ? []
      : given.filter((f) => JSON.stringify(beforeTask[f]) !== JSON.stringify(after[f]));
  return { task: after, deleted: false, given, changed };
}

/** How many tasks the session holds (without creating its list). */
export function taskCount(session: Session): number {
  return session.peek<TaskState>(KEY)?.tasks.size ?? 0;
}

/** Refs of task `id`'s edges: not itself, and each an existing task. */
function checkRefs(s: TaskState, id: string, refs: readonly string[]): void {
  if (refs.includes(id))
    throw engineFailure(
      'task_self_block',
      `task ${id} cannot block or be blocked by itself`,
      { id },
      { field: 'addBlocks' },
    );
  const missing = [...new Set(refs.filter((r) => !s.tasks.has(r)))];
  if (missing.length > 0) {
    throw engineFailure(
      'task_refs_missing',
      `no task ${missing.join(', ')} in this session`,
      { id, missing },
      { field: 'addBlockedBy' },
    );
  }
}

/** A task's edges one way, within bounds. */
function checkEdges(id: string, count: number, limits: TaskLimits): void {
  if (count > limits.maxEdges) {
    throw engineFailure(
      'task_field_too_long',
      `task ${id} would have ${count} dependencies; at most ${limits.maxEdges} are kept each way`,
      { field: 'blocks', length: count, max: limits.maxEdges },
      { field: 'addBlocks' },
    );
  }
}

function need(s: TaskState, id: string, field: string): Stored {
  const t = s.tasks.get(id);
  if (!t)
    throw engineFailure('task_missing', `no task ${id} in this session`, { id, known: [...s.tasks.keys()] }, { field });
  return t;
}

function view(s: TaskState, t: Stored): Task {
  const open = (x: string) => s.tasks.get(x)?.status !== 'completed';
  return {
    id: t.id,
    subject: t.subject,
    description: t.description,
    ...(t.activeForm !== undefined ? { activeForm: t.activeForm } : {}),
    status: t.status,
    ...(t.owner !== undefined ? { owner: t.owner } : {}),
    metadata: structuredClone(t.metadata),
    blocks: [...t.blocks],
    blockedBy: [...t.blockedBy],
    openBlockedBy: t.blockedBy.filter(open),
    openBlocks: t.status === 'completed' ? [] : [...t.blocks],
  };
}

function givenFields(c: TaskChange): TaskField[] {
  const named = new Set<TaskField>();
  for (const f of ['subject', 'description', 'activeForm', 'status', 'owner', 'metadata'] as const)
    if (c[f] !== undefined) named.add(f);
  if (c.addBlocks?.length) named.add('blocks');
  if (c.addBlockedBy?.length || c.setBlockedBy) named.add('blockedBy');
  return FIELD_ORDER.filter((f) => named.has(f));
}

function setOptional(t: Stored, key: 'activeForm' | 'owner', value: string): void {
  if (value === '') delete t[key];
  else t[key] = value;
}

function checkText(
  t: { subject?: string; description?: string; activeForm?: string; owner?: string },
  limits: TaskLimits,
): void {
  if (t.subject !== undefined && t.subject.trim() === '')
    throw engineFailure('task_subject_empty', 'a task needs a subject', {}, { field: 'subject' });
  const bounds: Array<[keyof typeof t, number]> = [
    ['subject', limits.maxSubjectChars],
    ['description', limits.maxDescriptionChars],
    ['activeForm', limits.maxActiveFormChars],
    ['owner', limits.maxOwnerChars],
  ];
  for (const [field, max] of bounds) {
    const length = t[field]?.length ?? 0;
    if (length > max) {
      throw engineFailure(
        'task_field_too_long',
        `${field} has ${length} characters; at most ${max} are kept`,
        { field, length, max },
        { field },
      );
    }
  }
}

function mergeMetadata(
  base: Record<string, unknown>,
  more: Record<string, unknown>,
  limits: TaskLimits,
): Record<string, unknown> {
  const out = structuredClone(base);
  for (const [k, v] of Object.entries(more)) {
    if (v === null) delete out[k];
    else out[k] = structuredClone(v);
  }
  const length = JSON.stringify(out).length;
  if (length > limits.maxMetadataChars) {
    throw engineFailure(
      'task_field_too_long',
      `metadata would take ${length} characters as JSON; at most ${limits.maxMetadataChars} are kept`,
      { field: 'metadata', length, max: limits.maxMetadataChars },
      { field: 'metadata' },
    );
  }
  return out;
}

/** A path start -> ... -> start along `blocks` edges, if `start` lies on a cycle. */
function findCycle(blocks: Map<string, string[]>, start: string): string[] | undefined {
  const seen = new Set<string>();
  const walk = (node: string, trail: string[]): string[] | undefined => {
    for (const next of blocks.get(node) ?? []) {
      if (next === start) return [...trail, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, [...trail, next]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(start, [start]);
}
