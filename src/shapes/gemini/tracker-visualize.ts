// tracker_visualize: the session's tracker as a tree: a status icon, the id, the type and the
// title per task, children indented under their parent, dependencies on the line below.
import { defineTool } from '../common/define.js';
import { object } from '../gemini-family/schema.js';
import { TAGS } from '../tags.js';
import {
  TRACKER_TAGS,
  trackerErrors,
  trackerHost,
  trackerTasks,
  type TrackerStatus,
  type TrackerTask,
} from './tracker.js';

const ICON: Record<TrackerStatus, string> = {
  open: '\u2b55',
  in_progress: '\u{1f6a7}',
  blocked: '\u26d4',
  closed: '\u2705',
};

/** The tree's lines, roots and each task's children in the order created. */
function tree(tasks: readonly TrackerTask[]): string {
  let out = 'Task Tracker Graph:\n';
  const draw = (t: TrackerTask, depth: number) => {
    const indent = '  '.repeat(depth);
    out += `${indent}${ICON[t.status]} ${t.id} [${t.type.toUpperCase()}] ${t.title}\n`;
    if (t.dependencies.length > 0) out += `${indent}  \u2514\u2500 Depends on: ${t.dependencies.join(', ')}\n`;
    for (const child of tasks.filter((x) => x.parentId === t.id)) draw(child, depth + 1);
  };
  for (const root of tasks.filter((t) => t.parentId === undefined)) draw(root, 0);
  return out;
}

export const trackerVisualize = defineTool<Record<string, never>>({
  name: 'tracker_visualize',
  summary: "Draw the session's task tracker as a tree: status, id, type and title, with dependencies.",
  description: [
    'Answers "Task Tracker Graph:" and a line per task: a status icon (\u2b55 open, \u{1f6a7} in progress, \u26d4',
    'blocked, \u2705 closed), the id, [EPIC], [TASK] or [BUG] and the title; subtasks are indented under their parent',
    'and a task\'s dependencies follow on a "\u2514\u2500 Depends on:" line.',
  ],
  schema: object({}),
  tags: [...TRACKER_TAGS, TAGS.readOnly],
  idempotency: 'idempotent',
  examples: [
    {
      description: 'See the plan',
      arguments: {},
      expectedOutcome: 'Task Tracker Graph:\n\u2b55 3fa2c1 [BUG] Fix the parser crash\n',
    },
  ],
  errorModes: 'None: an empty tracker is answered "No tasks to visualize."',
  errors: trackerErrors,
  async call(_a, c) {
    const tasks = trackerTasks(c);
    if (tasks.length === 0) return { text: 'No tasks to visualize.', host: { summary: 'Empty tracker.' } };
    return { text: tree(tasks), host: trackerHost(c, `${tasks.length} tasks`) };
  },
});
