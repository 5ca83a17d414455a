// A todo list as a host shows it, and the items of a dialect that has no ids numbered as ids
// (and named back as that dialect names them).
import type { HostContent } from '../../../engine/index.js';
import type { TodoItem } from '../../../engine/index.js';

/** Items without ids, given ids "1", "2", ... in order: id, content, status and activeForm, in that order. */
export const numberedTodos = (items: ReadonlyArray<Omit<TodoItem, 'id'>>): TodoItem[] =>
  items.map((t, i) => ({ id: String(i + 1), content: t.content, status: t.status, activeForm: t.activeForm }));

/** How many items and how many of them are completed, with the items. */
export function todoHost(list: TodoItem[]): HostContent {
  const done = list.filter((t) => t.status === 'completed').length;
  return {
    summary: `${list.length} todos, ${done} completed`,
    counts: { items: list.length, completed: done },
    details: { todos: list },
  };
}

/** Each item as a todo item of its `fields` only, in that order (any other property of the item is left out). */
export const todoItems = <K extends keyof TodoItem>(
  items: ReadonlyArray<Pick<TodoItem, K>>,
  fields: readonly K[],
): TodoItem[] => items.map((t) => Object.fromEntries(fields.map((k) => [k, t[k]])) as unknown as TodoItem);

/**
 * A dialect's list without ids as items numbered "1", "2"... in its order, each one's text read from its field `key`.
 */
export function todosFrom<K extends string>(
  list: ReadonlyArray<Record<K, string> & { status: string }>,
  key: K,
): TodoItem[] {
  return list.map((t, i) => ({ id: String(i + 1), content: t[key], status: t.status }));
}

/** Items as a dialect without ids names them: the text under `key`, then the status. */
export const todosAs = <K extends string>(items: readonly TodoItem[], key: K) =>
  items.map((t) => ({ [key]: t.content, status: t.status }));

/**
 * What a host shows of a list just written: how many items, the items as `shown`, and whether it was cleared or how
 * many it holds.
 */
export function todosHost(items: readonly TodoItem[], shown: readonly unknown[]): HostContent {
  return {
    counts: { todos: items.length },
    details: { todos: shown },
    summary: items.length === 0 ? 'Cleared the todo list' : `${items.length} todo(s)`,
  };
}
