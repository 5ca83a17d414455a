// tool_call: Qwen Code 0.24.4's bridge to a deferred tool: {name, arguments} runs that tool as a
// direct call would (its arguments checked against its schema, its own result and failures).
// A tool already in the model's list, the bridge tools themselves and unknown names are refused
// with Qwen's "[tool_call bridge refused]" texts.
import { EngineError } from '../../engine/index.js';
import type { ToolDefinition } from '../../registry/types.js';
import { compileSchema, createAjv, toViolations } from '../../registry/validate.js';
import { type Call, defineTool, type Reply, type ToolMaker } from '../common/define.js';
import { type Bridge, resolveName } from './deferred.js';

interface Args {
  name: string;
  arguments: Record<string, unknown>;
}

const REFUSED = '[tool_call bridge refused] ';

const refused = (text: string): Reply => {
  const said = `${REFUSED}${text}`;
  return { text: said, host: { summary: said }, failure: new EngineError('invalid_argument', said, { field: 'name' }) };
};

const validators = new WeakMap<ToolDefinition, ReturnType<typeof compileSchema>>();

/** The tool's own answer to `args`, or its words for arguments its schema refuses (as a direct call's). */
async function run(t: ToolDefinition, args: Record<string, unknown>, c: Call): Promise<Reply> {
  let validate = validators.get(t);
  if (!validate) validators.set(t, (validate = compileSchema(createAjv(), t.argumentsSchema ?? t.inputSchema)));
  const given = structuredClone(args);
  if (!validate(given)) {
    const violations = toViolations(validate.errors);
    const why = violations.map((v) => `${v.field} ${v.description}`).join('; ');
    const err = new EngineError('invalid_argument', `invalid arguments for ${t.name}: ${why}`, {
      facts: { violations },
    });
    const text = t.formatError ? t.formatError(err, given, c) : err.message;
    return { text, host: { summary: text }, failure: err };
  }
  return t.handler(given, c);
}

/** tool_call over the shape's deferred tools; `bridge` gives them (known once the shape's tools are built). */
export const toolCall = (bridge: () => Bridge): ToolMaker<Args> =>
  defineTool<Args>({
    name: 'tool_call',
    summary: 'Call a deferred tool (one tool_search showed) by its exact name with arguments matching its schema.',
    description: [
      'Runs the deferred tool `name` with `arguments` (an object matching the schema tool_search showed) and answers',
      "with that tool's own result and failures, exactly as a direct call of it answers. Tools already in your list are",
      'called directly instead; tool_call refuses them, itself, tool_search and names no deferred tool has.',
    ],
    schema: {
      type: 'object',
      properties: { name: { type: 'string', minLength: 1 }, arguments: { type: 'object' } },
      required: ['name', 'arguments'],
      additionalProperties: false,
    },
    tags: [],
    idempotency: 'side_effecting',
    examples: [
      {
        description: 'Stop a background shell',
        arguments: { name: 'task_stop', arguments: { task_id: 'bg_1a2b3c4d' } },
        expectedOutcome: "task_stop's own result.",
      },
    ],
    errorModes: [
      '[tool_call bridge refused]: an unknown name, a tool already in your list, or tool_call / tool_search themselves.',
      "Otherwise the deferred tool's own failures, as a direct call of it has them.",
    ],
    async call(a, c) {
      const b = bridge();
      const registered = [...b.visible, ...b.deferred].map((t) => t.name);
      const name = resolveName(a.name, [...registered, 'tool_call', 'tool_search']);
      if (name === 'tool_call' || name === 'tool_search')
        return refused(`tool_call cannot invoke bridge tool "${name}".`);
      const target = b.deferred.find((t) => t.name === name);
      if (target) return run(target, a.arguments, c);
      if (registered.includes(name))
        return refused(
          `Tool "${name}" is already visible to the model or is not deferred. Call it directly instead of using tool_call.`,
        );
      return refused(
        `Deferred tool "${a.name}" is not registered in this session. Run tool_search again to inspect the available tools.`,
      );
    },
  });
