// team_delete (Qwen Code 0.24.4, Agent Team only): ends the session's team and its task list.
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { teamError, teamSlot } from './team-tasks.js';

export const teamDelete = defineTool<Record<string, never>, string>({
  name: 'team_delete',
  summary: "End this session's team; its task list goes with it.",
  description: 'Ends the team team_create started, with its task list. A new team can be created afterwards.',
  schema: { type: 'object', properties: {} },
  tags: [TAGS.planning, TAGS.destructive],
  examples: [{ description: 'End the team', arguments: {}, expectedOutcome: 'Team "alpha" deleted.' }],
  idempotency: 'side_effecting',
  errorModes: 'FAILED_PRECONDITION: "No active team to delete."',
  call(_args, c) {
    const slot = teamSlot(c);
    if (!slot.team) throw teamError('precondition_failed', 'No active team to delete.');
    const name = slot.team.name;
    slot.team = undefined;
    return Promise.resolve(name);
  },
  format(name) {
    const text = `Team "${name}" deleted.`;
    return { text, host: { summary: text, details: { team: name } } };
  },
  errors: (err) => err.message,
});
