// Qwen Code 0.24.4's Agent Team task list (served with --qwen-agent-team on): one team per
// session, its tasks numbered 1, 2, ... (the next id is the highest plus one, as Qwen numbers its
// task files), with blocks/blockedBy edges kept mirrored. Facet has no teammates: the session's
// model is the team's leader. Kept in the session (Qwen writes ~/.qwen/tasks/<team>/), so a
// session's team ends with it; engine.tasks has no caller-chosen ids or blockers to hold them.
import { EngineError, type ErrorKind } from '../../engine/index.js';
import type { Call } from '../common/define.js';

export type TeamStatus = 'pending' | 'in_progress' | 'completed';

export interface TeamTask {
  id: string;
  subject: string;
  description: string;
  activeForm?: string;
  owner?: string;
  status: TeamStatus;
  blocks: string[];
  blockedBy: string[];
  metadata?: Record<string, unknown>;
}

export interface Team {
  name: string;
  description?: string;
  tasks: Map<string, TeamTask>;
}

/** The name Qwen gives the team's leader: the session's model here. */
export const LEADER = 'leader';

/** A failure with Qwen's text, as the model sees it (Qwen's team tools answer {error: message}). */
export const teamError = (kind: ErrorKind, message: string): EngineError => new EngineError(kind, message);

/** Qwen's canonical agent and team names: lower case, runs of other characters as one hyphen, none at the ends. */
export const sanitizeName = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');

/** The session's team slot. */
export const teamSlot = (c: Call) => c.session.bag('qwen.team', () => ({ team: undefined as Team | undefined }));

/** The session's active team, or Qwen's answer that there is none. */
export function activeTeam(c: Call): Team {
  const team = teamSlot(c).team;
  if (!team) throw teamError('precondition_failed', 'No active team. Create a team first.');
  return team;
}

/** Qwen's task ids are positive integers, given as strings. */
export function assertTaskId(id: string): void {
  if (!/^[1-9]\d*$/.test(id))
    throw teamError('invalid_argument', `Invalid task ID "${id}". Task IDs must be positive integers.`);
}

/** A new pending task under the next id. */
export function createTask(team: Team, t: Pick<TeamTask, 'subject' | 'description' | 'activeForm' | 'metadata'>) {
  let max = 0;
  for (const id of team.tasks.keys()) max = Math.max(max, Number(id));
  const task: TeamTask = { id: String(max + 1), ...t, status: 'pending', blocks: [], blockedBy: [] };
  team.tasks.set(task.id, task);
  return task;
}

/** The tasks in id order. */
export const listTasks = (team: Team): TeamTask[] =>
  [...team.tasks.values()].sort((a, b) => Number(a.id) - Number(b.id));

/** Removes a task and every edge naming it; false when there is no such task. */
export function deleteTask(team: Team, id: string): boolean {
  if (!team.tasks.delete(id)) return false;
  for (const t of team.tasks.values()) {
    t.blocks = t.blocks.filter((x) => x !== id);
    t.blockedBy = t.blockedBy.filter((x) => x !== id);
  }
  return true;
}

/** The cycle adding these edges to `id` would close (as ids from `id` back to it), or null. */
export function findCycle(team: Team, id: string, addBlocks: readonly string[], addBlockedBy: readonly string[]) {
  const next = new Map<string, Set<string>>();
  const edge = (from: string, to: string) => next.set(from, (next.get(from) ?? new Set()).add(to));
  for (const t of team.tasks.values()) {
    for (const b of t.blocks) edge(t.id, b);
    for (const b of t.blockedBy) edge(b, t.id);
  }
  for (const b of addBlocks) edge(id, b);
  for (const b of addBlockedBy) edge(b, id);
  const path: string[] = [];
  const seen = new Set([id]);
  const walk = (node: string): string[] | null => {
    path.push(node);
    for (const n of next.get(node) ?? []) {
      if (n === id) return [...path, id];
      if (seen.has(n)) continue;
      seen.add(n);
      const found = walk(n);
      if (found) return found;
    }
    path.pop();
    return null;
  };
  return walk(id);
}

/** `list` with `more` added once each, in order. */
export const union = (list: readonly string[], more: readonly string[] = []) => [...new Set([...list, ...more])];
