// A session's todo list (plan). One generic item shape serves every vendor's dialect
// (TodoWrite, write_todos, todo_write, SetTodoList, create/update_todo_list, update_plan):
// shapes map their field names and status words onto it and format the list back.
import { engineFailure } from './errors.js';
import type { Session } from './session.js';

export interface TodoItem {
  /** Stable id; generated ("1", "2", ...) when the dialect has none. */
  id: string;
  content: string;
  /** The dialect's own status word (pending, in_progress, completed, done, blocked, ...). */
  status: string;
  priority?: string;
  /** Present-tense wording some dialects show while the item runs. */
  activeForm?: string;
}

export interface TodoRules {
  /** Status words accepted; anything else is refused naming the item. */
  statuses: readonly string[];
  /** The status meaning "being worked on" and how many items may have it at once. */
  inProgress?: { status: string; max: number };
  /** Refuse two items with the same id. */
  uniqueIds?: boolean;
}

export interface TodoUpdate {
  id: string;
  content?: string;
  status?: string;
  priority?: string;
}

const KEY = 'todos';

interface TodoState {
  items: TodoItem[];
  explanation?: string;
}

function state(session: Session): TodoState {
  return session.bag<TodoState>(KEY, () => ({ items: [] }));
}

/** The current list (a copy). */
export function getTodos(session: Session): TodoItem[] {
  return state(session).items.map((t) => ({ ...t }));
}

/** Replaces the whole list after checking every item; nothing changes when one is bad. */
export function replaceTodos(session: Session, items: TodoItem[], rules: TodoRules, explanation?: string): TodoItem[] {
  checkList(items, rules);
  const s = state(session);
  s.items = items.map((t) => ({ ...t }));
  s.explanation = explanation;
  return getTodos(session);
}

/**
 * Applies partial updates by id, all or nothing: an unknown id or a bad value refuses the
 * whole call (a vendor that applies the updates before the bad one is safer done this way).
 */
export function updateTodos(session: Session, updates: TodoUpdate[], rules: TodoRules): TodoItem[] {
  const s = state(session);
  const next = s.items.map((t) => ({ ...t }));
  updates.forEach((u, i) => {
    const item = next.find((t) => t.id === u.id);
    if (!item) {
      throw engineFailure(
        'todo_missing',
        `no todo with id ${u.id}`,
        { id: u.id, known: next.map((t) => t.id) },
        { field: `updates.${i}.id` },
      );
    }
    if (u.content) item.content = u.content;
    if (u.status) item.status = u.status;
    if (u.priority) item.priority = u.priority;
  });
  checkList(next, rules);
  s.items = next;
  return getTodos(session);
}

function checkList(items: TodoItem[], rules: TodoRules): void {
  const seen = new Set<string>();
  items.forEach((t, i) => {
    if (!rules.statuses.includes(t.status)) {
      throw engineFailure(
        'bad_todo_status',
        `todo ${i + 1} has status "${t.status}"; expected one of ${rules.statuses.join(', ')}`,
        { index: i, status: t.status, allowed: [...rules.statuses] },
        { field: `todos.${i}.status` },
      );
    }
    if (t.content.trim() === '') {
      throw engineFailure('empty_todo', `todo ${i + 1} has no text`, { index: i }, { field: `todos.${i}` });
    }
    if (rules.uniqueIds) {
      if (seen.has(t.id)) {
        throw engineFailure(
          'duplicate_todo_id',
          `todo id ${t.id} appears more than once`,
          { id: t.id },
          { field: `todos.${i}.id` },
        );
      }
      seen.add(t.id);
    }
  });
  if (rules.inProgress) {
    const running = items.filter((t) => t.status === rules.inProgress!.status).length;
    if (running > rules.inProgress.max) {
      throw engineFailure(
        'too_many_in_progress',
        `${running} todos are ${rules.inProgress.status}; at most ${rules.inProgress.max} may be`,
        { inProgress: running, max: rules.inProgress.max },
        { field: 'todos' },
      );
    }
  }
}

/** Every id holds more than blanks and at most `max` characters (for dialects whose ids the model writes). */
export function requireTodoIds(items: ReadonlyArray<{ id: string }>, max: number): void {
  items.forEach((t, i) => {
    if (t.id.trim() === '' || t.id.length > max)
      throw engineFailure(
        'bad_todo_id',
        `todo ${i + 1} needs an id of 1 to ${max} characters`,
        { index: i, max },
        { field: `todos.${i}.id` },
      );
  });
}
