// team_create (Qwen Code 0.24.4, Agent Team only): starts the session's team, which the task
// tools work in; a new team starts with an empty task list. Facet spawns no teammates.
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { sanitizeName, teamError, teamSlot, type Team } from './team-tasks.js';

export const teamCreate = defineTool<{ team_name: string; description?: string }, Team>({
  name: 'team_create',
  summary: 'Create the team whose shared task list task_create, task_list and task_update work in.',
  description: [
    'Starts a team for this session and an empty team task list (task ids count from 1). The name is made canonical:',
    'lower case, other characters as hyphens. One team at a time: team_delete ends it. This server runs no',
    'teammates, so you are the team leader and the tasks are yours to plan, track and hand over.',
  ],
  schema: {
    type: 'object',
    properties: { team_name: { type: 'string' }, description: { type: 'string' } },
    required: ['team_name'],
  },
  tags: [TAGS.planning],
  examples: [
    {
      description: 'Start a team',
      arguments: { team_name: 'alpha' },
      expectedOutcome: 'Team "alpha" created.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'FAILED_PRECONDITION: "A team is already active. Delete it before creating a new one."',
    'INVALID_ARGUMENT: "Team name is required." (no letter, digit or hyphen in the name).',
  ],
  call(args, c) {
    const name = sanitizeName(args.team_name);
    if (!name) throw teamError('invalid_argument', 'Team name is required.');
    const slot = teamSlot(c);
    if (slot.team)
      throw teamError('precondition_failed', 'A team is already active. Delete it before creating a new one.');
    slot.team = { name, ...(args.description ? { description: args.description } : {}), tasks: new Map() };
    return Promise.resolve(slot.team);
  },
  format(team) {
    const text = `Team "${team.name}" created.` + (team.description ? ` Description: ${team.description}` : '');
    return { text, host: { summary: text, details: { team: team.name } } };
  },
  errors: (err) => err.message,
});
