// task_list (Qwen Code 0.24.4, Agent Team only): the team's tasks, one line each, in id order.
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import {
  activeTeam,
  assertTaskId,
  listTasks,
  sanitizeName,
  teamError,
  type TeamStatus,
  type TeamTask,
} from './team-tasks.js';

interface Args {
  status?: TeamStatus;
  owner?: string;
  blockedBy?: string;
}

export const taskList = defineTool<Args, TeamTask[]>({
  name: 'task_list',
  summary: "List the team's tasks, optionally by status, owner or blocker.",
  description: [
    "Lists the active team's tasks in id order, one line each: `#id [status] @owner \u2014 subject` (no @owner when",
    'unassigned). Filters: status, owner (an agent name), blockedBy (a task id, "#" optional).',
  ],
  schema: {
    type: 'object',
    properties: {
      status: { type: 'string', enum: ['pending', 'in_progress', 'completed'] },
      owner: { type: 'string' },
      blockedBy: { type: 'string' },
    },
  },
  tags: [TAGS.planning, TAGS.readOnly],
  examples: [{ description: 'All tasks', arguments: {}, expectedOutcome: '#1 [pending] \u2014 Write tests' }],
  idempotency: 'idempotent',
  errorModes: [
    'FAILED_PRECONDITION: "No active team. Create a team first."',
    'INVALID_ARGUMENT: an owner with no letter, digit or hyphen; a blockedBy that is not a task id.',
  ],
  call(args, c) {
    const team = activeTeam(c);
    let owner: string | undefined;
    if (args.owner !== undefined && args.owner.trim() !== '') {
      owner = sanitizeName(args.owner);
      if (!owner)
        throw teamError(
          'invalid_argument',
          'Cannot filter by owner: owner must include at least one letter, number, or hyphen.',
        );
    }
    let blocker: string | undefined;
    if (args.blockedBy?.trim()) {
      blocker = args.blockedBy.trim().replace(/^#/, '');
      if (!blocker)
        throw teamError(
          'invalid_argument',
          'Cannot filter by blockedBy: blockedBy must be a task ID, optionally prefixed with #.',
        );
      assertTaskId(blocker);
    }
    return Promise.resolve(
      listTasks(team).filter(
        (t) =>
          (args.status === undefined || t.status === args.status) &&
          (owner === undefined || sanitizeName(t.owner ?? '') === owner) &&
          (blocker === undefined || t.blockedBy.includes(blocker)),
      ),
    );
  },
  format(tasks) {
    const text = tasks.length
      ? tasks.map((t) => `#${t.id} [${t.status}]${t.owner ? ` @${t.owner}` : ''} \u2014 ${t.subject}`).join('\n')
      : 'No tasks found.';
    return { text, host: { summary: `${tasks.length} task(s)`, counts: { tasks: tasks.length } } };
  },
  errors: (err) => err.message,
});
