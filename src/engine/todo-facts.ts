// A todo list as a host shows it, and the items of a dialect that has no ids numbered as ids.
import type { HostFacts } from './host-facts.js';
import type { TodoItem } from './todos.js';

/** Items without ids, given ids "1", "2", ... in order (each item's own fields follow). */
export const numberedTodos = <T extends Omit<TodoItem, 'id'>>(items: readonly T[]): Array<{ id: string } & T> =>
  items.map((t, i) => ({ id: String(i + 1), ...t }));

/** How many items and how many of them are completed, with the items. */
export function todoFacts(list: TodoItem[]): HostFacts {
  const done = list.filter((t) => t.status === 'completed').length;
  return { summary: `${list.length} todos, ${done} completed`, counts: { items: list.length, completed: done }, details: { todos: list } };
}

/** Each item as a todo item of its `fields` only, in that order (any other property of the item is left out). */
export const todoItems = <K extends keyof TodoItem>(items: ReadonlyArray<Pick<TodoItem, K>>, fields: readonly K[]): TodoItem[] =>
  items.map((t) => Object.fromEntries(fields.map((k) => [k, t[k]])) as unknown as TodoItem);
