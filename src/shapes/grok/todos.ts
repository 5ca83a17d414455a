// What Grok CLI's two todo tools share: the item fields, the engine's rules, and the list as
// Grok CLI prints it (ANSI-coloured lines with a mark per status).
import type { TodoItem } from '../../engine/index.js';
import type { Reply } from '../common/define.js';

const STATUSES = ['pending', 'in_progress', 'completed'] as const;
const PRIORITIES = ['high', 'medium', 'low'] as const;
export type Status = (typeof STATUSES)[number];
export type Priority = (typeof PRIORITIES)[number];
export const RULES = { statuses: STATUSES, uniqueIds: true };
const STYLE: Record<string, string> = { completed: '\x1b[32m\x1b[9m●', in_progress: '\x1b[36m◐', pending: '\x1b[37m○' };

export const itemProps = {
  id: { type: 'string' },
  content: { type: 'string' },
  status: { type: 'string', enum: [...STATUSES] },
  priority: { type: 'string', enum: [...PRIORITIES] },
};

/** The list as Grok CLI renders it (items after the first indented by two spaces), with the items for the host. */
export function todoReply(items: TodoItem[]): Reply {
  const text =
    items.length === 0
      ? 'No todos created yet'
      : items.map((t, i) => `${i > 0 ? '  ' : ''}${STYLE[t.status] ?? STYLE.pending} ${t.content}\x1b[0m\n`).join('');
  return { text, host: { counts: { items: items.length }, details: { todos: items } } };
}
