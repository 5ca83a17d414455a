// The Agent Team tools Facet serves with --qwen-agent-team on, in Qwen's order (by name). Qwen's
// team_plan_approval, request_shutdown and send_message need teammates (models): not served.
import { taskCreate } from './task-create.js';
import { taskList } from './task-list.js';
import { taskUpdate } from './task-update.js';
import { teamCreate } from './team-create.js';
import { teamDelete } from './team-delete.js';

export const TEAM_TOOLS = [taskCreate, taskList, taskUpdate, teamCreate, teamDelete] as const;

/** Their names. */
export const TEAM_TOOL_NAMES = ['task_create', 'task_list', 'task_update', 'team_create', 'team_delete'];
