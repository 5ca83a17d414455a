// task_create (Qwen Code 0.24.4, Agent Team only): a pending task in the team's task list.
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { activeTeam, createTask, type TeamTask } from './team-tasks.js';

interface Args {
  subject: string;
  description: string;
  activeForm?: string;
  metadata?: Record<string, unknown>;
}

export const taskCreate = defineTool<Args, TeamTask>({
  name: 'task_create',
  summary: "Add a pending task to the team's task list (needs team_create first).",
  description: [
    "Adds a task to the active team's task list: a short subject (at most 200 characters), what is to be done, an",
    'optional present-tense label (activeForm) and metadata. Tasks get ids 1, 2, ... and start pending; task_update',
    'changes them and task_list shows them. Without a team (team_create) every call fails.',
  ],
  schema: {
    type: 'object',
    properties: {
      subject: { type: 'string', maxLength: 200 },
      description: { type: 'string' },
      activeForm: { type: 'string', maxLength: 200 },
      metadata: { type: 'object' },
    },
    required: ['subject', 'description'],
  },
  tags: [TAGS.planning],
  examples: [
    {
      description: 'Plan a step',
      arguments: { subject: 'Write tests', description: 'Cover the parser edge cases.' },
      expectedOutcome: 'Task #1 created: "Write tests"',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: 'FAILED_PRECONDITION: "No active team. Create a team first."',
  call(args, c) {
    const team = activeTeam(c);
    return Promise.resolve(
      createTask(team, {
        subject: args.subject,
        description: args.description,
        ...(args.activeForm !== undefined ? { activeForm: args.activeForm } : {}),
        ...(args.metadata !== undefined ? { metadata: args.metadata } : {}),
      }),
    );
  },
  format(task) {
    const text = `Task #${task.id} created: "${task.subject}"`;
    return { text, host: { summary: text, details: { task_id: task.id } } };
  },
  errors: (err) => err.message,
});
