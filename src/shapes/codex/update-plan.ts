// update_plan: the session's plan as Codex keeps it (steps with pending, in_progress or
// completed). The model reads only "Plan updated"; the host gets the list. Codex CLI 0.171.0
// declares status as an enum and does not check how many steps are in progress; the first
// capture (codex@0.149.0) allowed one. 0.171.0 sends it only when enabled (--codex-update-plan).
import type { TodoItem } from '../../engine/index.js';
import type { ArgsOf } from '../kit/args/schema-args.js';
import { defineTool, errorTable, firstWording } from '../common/define.js';
import { TAGS } from '../tags.js';
import { STRING } from './schema.js';

const STATUSES = ['pending', 'in_progress', 'completed'] as const;
const RULES149 = { statuses: STATUSES, inProgress: { status: 'in_progress', max: 1 } };
const RULES = { statuses: STATUSES };

/** The plan's schema, with the release's declaration of a step's status. */
const planSchema = <S>(status: S) =>
  ({
    type: 'object',
    properties: {
      explanation: STRING,
      plan: {
        type: 'array',
        items: {
          type: 'object',
          properties: { step: STRING, status },
          required: ['step', 'status'],
          additionalProperties: false,
        },
      },
    },
    required: ['plan'],
    additionalProperties: false,
  }) as const;

const schema149 = planSchema(STRING);
/** Codex CLI 0.171.0 declares the statuses as an enum. */
const schema = planSchema({ type: 'string', enum: STATUSES } as const);

const updatePlanOf = (
  schemaOf: typeof schema149 | typeof schema,
  rules: typeof RULES | typeof RULES149,
  words: { rule: string; mode: string },
) =>
  defineTool<ArgsOf<typeof schema149>, TodoItem[]>({
    name: 'update_plan',
    fields: { todos: 'plan' },
    summary:
      'Record or revise your step-by-step plan for a multi-step task (each step pending, in_progress or completed).',
    description: [
      "Replaces the session's plan with `plan`, a list of {step, status}; status is pending, in_progress or completed,",
      `${words.rule} \`explanation\` says why the plan changed. Answers "Plan updated";`,
      'the host shows the list. Use it for work of several steps, updating statuses as you go; it changes no files.',
    ],
    schema: schemaOf,
    tags: [TAGS.planning],
    examples: [
      {
        description: 'Start a three-step plan',
        arguments: {
          explanation: 'Fixing the failing parser test',
          plan: [
            { step: 'Reproduce the failure', status: 'in_progress' },
            { step: 'Fix the parser', status: 'pending' },
            { step: 'Run the tests', status: 'pending' },
          ],
        },
        expectedOutcome: 'Plan updated',
      },
    ],
    idempotency: 'idempotent',
    errorModes: words.mode,
    async call(args, c) {
      const steps = args.plan.map((p, i) => ({ id: String(i + 1), content: p.step, status: p.status }));
      return c.engine.todos.replace(c, steps, rules, args.explanation);
    },
    format(list, args) {
      const done = list.filter((t) => t.status === 'completed').length;
      return {
        text: 'Plan updated',
        host: {
          summary: `${done} of ${list.length} steps completed`,
          counts: { steps: list.length, completed: done },
          details: {
            plan: list.map((t) => ({ step: t.content, status: t.status })),
            ...(args.explanation ? { explanation: args.explanation } : {}),
          },
        },
      };
    },
    // Plan errors in terms of steps (the engine speaks of todo items); any other failure in the engine's own words.
    errors: firstWording(
      errorTable({
        bad_todo_status: ({ facts: f }) =>
          `plan step ${f.index + 1} has status "${f.status}"; a status is one of ${f.allowed.join(', ')}. The plan was not changed.`,
        too_many_in_progress: ({ facts: f }) =>
          `${f.inProgress} steps are in_progress; at most one step may be in_progress at a time. The plan was not changed.`,
        empty_todo: ({ facts: f }) => `plan step ${f.index + 1} has no text. The plan was not changed.`,
      }),
      (err) => err.message,
    ),
  });

/** The first capture's update_plan (codex@0.149.0): one step in progress at most. */
export const updatePlan149 = updatePlanOf(schema149, RULES149, {
  rule: 'and at most one step may be in_progress.',
  mode: 'INVALID_ARGUMENT: a status other than pending, in_progress or completed, or two steps in_progress; the previous plan stays.',
});

/** Codex CLI 0.171.0's update_plan (served with --codex-update-plan). */
export const updatePlan = updatePlanOf(schema, RULES, {
  rule: 'keeping one step in_progress at a time.',
  mode: 'INVALID_ARGUMENT: a status other than pending, in_progress or completed; the previous plan stays.',
});
