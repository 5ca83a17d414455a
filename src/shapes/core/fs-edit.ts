// fs.edit: exact-text replacements in one file, all or nothing, over the engine's tolerant matching ladder.
import { ALL_RUNGS, type EditResult, type EditSpec, EngineError } from '../../engine/index.js';
import { literalEdit } from '../kit/files/literal-edits.js';
import { type ArgsOf, changeReply, defineTool, pathProp, policy, requireReadProp, TAGS } from './shared.js';

const itemProps = {
  old_string: { type: 'string', description: 'Text to find (literal). Empty creates a new file holding new_string.' },
  new_string: { type: 'string', description: 'Replacement text (literal: no $ patterns).' },
  replace_all: { type: 'boolean', description: 'Replace every occurrence (default: old_string must be unique).' },
  expected_replacements: { type: 'integer', minimum: 1, description: 'Exact number of occurrences expected.' },
} as const;

const schema = {
  type: 'object',
  properties: {
    path: pathProp,
    ...itemProps,
    edits: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: itemProps,
        required: ['old_string', 'new_string'],
        additionalProperties: false,
      },
      description: 'Several edits, applied in order to the running content; any failure writes nothing.',
    },
    exact: { type: 'boolean', description: 'Exact matching only (default false: the tolerant ladder).' },
    require_read: requireReadProp,
  },
  required: ['path'],
  additionalProperties: false,
} as const;

type Item = NonNullable<ArgsOf<typeof schema>['edits']>[number];
const toSpec = (e: Item): EditSpec => literalEdit(e.old_string, e.new_string, e.expected_replacements ?? e.replace_all);

export const editTool = defineTool<ArgsOf<typeof schema>, EditResult>({
  name: 'fs.edit',
  summary: 'Replace exact text in a file (one edit or several, all or nothing) when changing part of a file.',
  description: [
    'Finds `old_string` and replaces it with `new_string`, or applies `edits` in order, all or none.',
    'old_string must occur once unless replace_all or expected_replacements says otherwise. When the',
    'exact text is not found, matching retries ignoring trailing whitespace, then indentation (the',
    'replacement is re-indented), then typographic quotes and dashes; `exact` turns that off. The',
    'structured block names the rung that matched. Encoding, BOM and line endings are kept.',
    'Returns a unified diff and the changed line numbers (past 256 KiB, line counts and a note instead).',
  ],
  schema,
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Rename a function call',
      arguments: { path: 'src/app.ts', old_string: 'oldName(', new_string: 'newName(', replace_all: true },
      expectedOutcome: 'A diff of the change.',
    },
    {
      description: 'Two edits at once',
      arguments: {
        path: 'src/app.ts',
        edits: [
          { old_string: 'let a = 1', new_string: 'const a = 1' },
          { old_string: 'let b = 2', new_string: 'const b = 2' },
        ],
      },
      expectedOutcome: 'Both applied, or neither.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'INVALID_ARGUMENT: old_string not found (facts.condition no_match), identical strings (no_change), both or neither of old_string/edits.',
    'CONFLICT: old_string occurs more than once (ambiguous) or not the expected number of times (count_mismatch); add context or set replace_all.',
    'NOT_FOUND: the file does not exist (use an empty old_string to create it). ALREADY_EXISTS: empty old_string on a non-empty file.',
    'PERMISSION_DENIED: outside the roots. CONFLICT: require_read and not read, only partly read, or changed since (facts.condition says which).',
    'INVALID_ARGUMENT: the file is binary (condition binary). RESOURCE_EXHAUSTED: the file is over the size limit for modifying a file (facts.maxBytes).',
  ],
  async call(args, c) {
    const single = args.old_string !== undefined || args.new_string !== undefined;
    if (
      single === (args.edits !== undefined) ||
      (single && (args.old_string === undefined || args.new_string === undefined))
    ) {
      throw new EngineError('invalid_argument', 'give either old_string and new_string, or edits', { field: 'edits' });
    }
    const specs = args.edits ? args.edits.map(toSpec) : [toSpec(args as Item)];
    const ladder = args.exact ? ['exact' as const] : ALL_RUNGS;
    return c.engine.files.edit(c, args.path, specs, {
      freshness: policy(args.require_read),
      ladder,
      absorbNewlineOnDelete: true,
    });
  },
  format(r) {
    const d = r.diff;
    const head = `${r.created ? 'Created' : 'Edited'} ${r.relative}: ${r.replacements} replacement(s).`;
    const data = {
      path: r.path,
      created: r.created,
      replacements: r.replacements,
      rungs: r.edits.map((e) => e.rung),
      changedLines: d.changedLines,
    };
    return changeReply(head, r.path, d, { ...data, added: d.added, removed: d.removed });
  },
});
