// task_update (Qwen Code 0.24.4, Agent Team only): changes a team task, deletes it, or adds
// blocking edges (mirrored on the other task), checked in Qwen's order: ids, deletion, self and
// missing references, cycles, owner, the task itself, then assignment. The caller is the team's
// leader; Facet runs no teammates, so an in_progress task can only be assigned to the leader.
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import {
  LEADER,
  activeTeam,
  assertTaskId,
  deleteTask,
  findCycle,
  sanitizeName,
  teamError,
  union,
  type TeamStatus,
  type TeamTask,
} from './team-tasks.js';

interface Args {
  taskId: string;
  status?: TeamStatus | 'deleted';
  owner?: string;
  subject?: string;
  description?: string;
  activeForm?: string;
  metadata?: Record<string, unknown>;
  addBlocks?: string[];
  addBlockedBy?: string[];
}

type Outcome = { deleted: string } | TeamTask;

const fail = (message: string) => teamError('precondition_failed', message);

/** The edits of `args` on `task` (Qwen's order), and the other tasks' mirrored edges. */
function apply(task: TeamTask, args: Args, owner: string | undefined, all: Map<string, TeamTask>): void {
  task.blocks = union(task.blocks, args.addBlocks);
  task.blockedBy = union(task.blockedBy, args.addBlockedBy);
  if (args.status !== undefined && args.status !== 'deleted') {
    task.status = args.status;
    // A completed task no longer blocks the tasks it blocked.
    if (args.status === 'completed')
      for (const id of task.blocks) {
        const dep = all.get(id);
        if (dep) dep.blockedBy = dep.blockedBy.filter((x) => x !== task.id);
      }
  }
  if (owner !== undefined) {
    if (owner) task.owner = owner;
    else delete task.owner;
  }
  if (args.subject !== undefined) task.subject = args.subject;
  if (args.description !== undefined) task.description = args.description;
  if (args.activeForm !== undefined) task.activeForm = args.activeForm;
  if (args.metadata !== undefined) {
    const merged: Record<string, unknown> = { ...task.metadata };
    for (const [k, v] of Object.entries(args.metadata)) {
      if (k === '__proto__' || k === 'constructor' || k === 'prototype') continue;
      if (v === null) delete merged[k];
      else merged[k] = v;
    }
    if (Object.keys(merged).length) task.metadata = merged;
    else delete task.metadata;
  }
  if (args.status !== 'completed')
    for (const id of args.addBlocks ?? []) {
      const other = all.get(id);
      if (other) other.blockedBy = union(other.blockedBy, [task.id]);
    }
  for (const id of args.addBlockedBy ?? []) {
    const other = all.get(id);
    if (other) other.blocks = union(other.blocks, [task.id]);
  }
}

export const taskUpdate = defineTool<Args, Outcome>({
  name: 'task_update',
  summary: 'Change a team task: status, owner, subject, description, blockers; status "deleted" removes it.',
  description: [
    'Updates task `taskId` of the active team: status (pending, in_progress, completed, or deleted to remove it),',
    'owner ("" unassigns; in_progress needs one), subject, description, activeForm, metadata (merged; a null value',
    'removes the key), and blocking edges (addBlocks, addBlockedBy: task ids; the other task gets the mirrored edge;',
    'a task cannot block itself and no cycle may form). Completing a task unblocks the tasks it blocked. This server',
    'runs no teammates: you are the leader, and only you ("leader") can own an in_progress task.',
  ],
  schema: {
    type: 'object',
    properties: {
      taskId: { type: 'string' },
      status: { type: 'string', enum: ['pending', 'in_progress', 'completed', 'deleted'] },
      owner: { type: 'string' },
      subject: { type: 'string', maxLength: 200 },
      description: { type: 'string' },
      activeForm: { type: 'string', maxLength: 200 },
      metadata: { type: 'object' },
      addBlocks: { type: 'array', items: { type: 'string' } },
      addBlockedBy: { type: 'array', items: { type: 'string' } },
    },
    required: ['taskId'],
  },
  tags: [TAGS.planning],
  examples: [
    {
      description: 'Finish a task',
      arguments: { taskId: '1', status: 'completed' },
      expectedOutcome: 'Task #1 updated (status: completed).',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'FAILED_PRECONDITION: "No active team. Create a team first."; "Task #{id} not found."; self-blocking, missing',
    'referenced tasks, dependency cycles, an in_progress task without an owner, or assigned while blocked.',
    'INVALID_ARGUMENT: "Invalid task ID \\"{id}\\". Task IDs must be positive integers."',
  ],
  call(args, c) {
    const team = activeTeam(c);
    const id = args.taskId;
    for (const x of [id, ...(args.addBlocks ?? []), ...(args.addBlockedBy ?? [])]) assertTaskId(x);
    if (args.status === 'deleted') {
      if (!deleteTask(team, id)) throw fail(`Task #${id} not found.`);
      return Promise.resolve({ deleted: id });
    }
    if (args.addBlocks?.includes(id) || args.addBlockedBy?.includes(id))
      throw fail(`Cannot update task #${id}: a task cannot block or be blocked by itself.`);
    const referenced = new Set([...(args.addBlocks ?? []), ...(args.addBlockedBy ?? [])]);
    if (referenced.size) {
      const missing = [...referenced].filter((x) => !team.tasks.has(x)).sort();
      if (missing.length)
        throw fail(
          `Cannot update task #${id}: referenced task${missing.length === 1 ? '' : 's'} ${missing.map((x) => `#${x}`).join(', ')} not found.`,
        );
      const cycle = findCycle(team, id, args.addBlocks ?? [], args.addBlockedBy ?? []);
      if (cycle)
        throw fail(
          `Cannot update task #${id}: this would create a dependency cycle (${cycle.map((x) => `#${x}`).join(' \u2192 ')}).`,
        );
    }
    const owner = args.owner === undefined ? undefined : sanitizeName(args.owner);
    if (args.owner !== undefined && args.owner !== '' && !owner)
      throw fail(`Cannot assign task #${id}: owner must include at least one letter, number, or hyphen.`);
    if (args.status === 'in_progress' && !args.owner)
      throw fail(`Cannot move task #${id} to in_progress without an owner. Specify the "owner" parameter.`);
    const task = team.tasks.get(id);
    if (!task) throw fail(`Task #${id} not found.`);
    const nextOwner = owner || task.owner;
    const nextStatus = args.status ?? task.status;
    const assigned =
      nextStatus === 'in_progress' &&
      !!nextOwner &&
      ((owner !== undefined && owner !== (task.owner ? sanitizeName(task.owner) : undefined)) ||
        (args.status === 'in_progress' && task.status !== 'in_progress'));
    const blockers = union(task.blockedBy, args.addBlockedBy);
    if (assigned && blockers.length)
      throw fail(
        `Cannot assign task #${id} to "${nextOwner}" while it is blocked by ${blockers.map((x) => `#${x}`).join(', ')}. Complete or remove the blocker first.`,
      );
    if (assigned && owner && owner !== LEADER)
      throw fail(
        `Cannot assign to "${args.owner}": no teammate by that name. Spawn the teammate first or choose an existing one.`,
      );
    apply(task, args, owner, team.tasks);
    return Promise.resolve(task);
  },
  format(r) {
    const text =
      'deleted' in r
        ? `Task #${r.deleted} deleted.`
        : `Task #${r.id} updated (status: ${r.status}${r.owner ? `, owner: ${r.owner}` : ''}).`;
    return { text, host: { summary: text, details: { task_id: 'deleted' in r ? r.deleted : r.id } } };
  },
  errors: (err) => err.message,
});
