// The answer both vendors' todo tools (Gemini CLI's write_todos, Qwen Code's todo_write) give:
// the cleared words for an empty list, else the updated words; the host block counts the
// items and carries them as the tool shows them.
import type { TodoItem } from '../../engine/index.js';
import { todosHost } from '../kit/todos/todo-list.js';
import type { Reply } from '../common/define.js';

/**
 * The list `items` after a write: `cleared` when it is empty, else `updated`; `shown` is what the host block carries of
 * the items.
 */
export function todoListReply(
  items: readonly TodoItem[],
  shown: readonly unknown[],
  cleared: string,
  updated: string,
): Reply {
  return { text: items.length === 0 ? cleared : updated, host: todosHost(items, shown) };
}
