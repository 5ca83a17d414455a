// Claude Code's TaskCreate: a pending task with the session's next id ("1", "2"...; ids are not
// reused after a delete), kept per session over engine.tasks.
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { closed } from './render.js';
import { missingParameters, taskHost } from './task-words.js';

interface Args {
  subject: string;
  description: string;
  activeForm?: string;
  metadata?: Record<string, unknown>;
}

/** Free metadata: string keys, any values. */
export const METADATA = { type: 'object', propertyNames: { type: 'string' }, additionalProperties: {} };

export const taskCreate = defineTool<Args>({
  name: 'TaskCreate',
  summary: "Add a task to the session's task list (subject, description) to plan and track multi-step work.",
  description: [
    "Adds a pending task to this session's task list and returns its id (#1, #2... in the order created; an id is",
    'never reused). subject is a short imperative title, description says what to do, activeForm is the present',
    'continuous form shown while it is in progress, metadata is free data. Set its status, owner and dependencies with',
    'TaskUpdate; see the list with TaskList and one task with TaskGet. The list lasts as long as the session.',
  ],
  schema: closed({ subject: 'string', description: 'string', activeForm: 'string', metadata: METADATA }, [
    'subject',
    'description',
  ]),
  tags: [TAGS.planning],
  examples: [
    {
      description: 'Plan a step',
      arguments: { subject: 'Write tests', description: 'Add unit tests for the parser', activeForm: 'Writing tests' },
      expectedOutcome: 'Task #1 created successfully: Write tests',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'INVALID_ARGUMENT (<tool_use_error>): subject or description missing ("The required parameter `description` is missing").',
    'RESOURCE_EXHAUSTED: the session holds 1000 tasks; delete some with TaskUpdate status deleted.',
  ],
  errors: (err) => missingParameters(err, 'TaskCreate'),
  call: async (a, c) => {
    const t = c.engine.tasks.create(c, {
      subject: a.subject,
      description: a.description,
      ...(a.activeForm !== undefined ? { activeForm: a.activeForm } : {}),
      ...(a.metadata !== undefined ? { metadata: a.metadata } : {}),
    });
    return { text: `Task #${t.id} created successfully: ${t.subject}`, host: taskHost(t, `Created task #${t.id}`) };
  },
});
