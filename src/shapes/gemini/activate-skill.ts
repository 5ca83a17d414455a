// activate_skill: Gemini CLI 0.61.0's loading of a skill. Its `name` is an enum of the skills
// found, built once at start-up as the vendor builds it: the operator's skills directories
// (--skills-dir, standing in for ~/.gemini/skills) and each root's .gemini/skills and
// .agents/skills. Without skills the tool is not declared, as there. The result wraps the
// SKILL.md body and the skill directory's tree in <activated_skill>; a name outside the enum
// and a skill gone since start-up get the vendor's errors.
import { isCondition } from '../../engine/index.js';
import { defineTool } from '../common/define.js';
import { badParams } from '../gemini-family/shared.js';
import { TAGS } from '../tags.js';
import { folderStructure, TREE_IGNORED } from './folder-structure.js';

/** Where each root keeps its skills, as Gemini CLI 0.61.0 looks for them. */
export const GEMINI_SKILL_DIRS = ['.gemini/skills', '.agents/skills'] as const;

/** Entries read from a skill's directory: more than the tree shows, so its counting is the vendor's. */
const ENTRIES_READ = 1000;

/** The schema as sent: zod-to-json-schema's, with the skills found as the enum. */
export const activateSkillSchema = (names: readonly string[]) => ({
  type: 'object',
  properties: { name: { type: 'string', enum: [...names] } },
  required: ['name'],
  additionalProperties: false,
  $schema: 'http://json-schema.org/draft-07/schema#',
});

/** activate_skill over the skills named at start-up (`names`, at least one). */
export const activateSkill = (names: readonly string[]) =>
  defineTool<{ name: string }>({
    name: 'activate_skill',
    summary: "Load a skill's instructions (a SKILL.md) and the list of its files, to follow them now.",
    description: [
      `Activates the skill named name (one of: ${names.map((n) => `'${n}'`).join(', ')}). The result holds its`,
      'instructions in <instructions> and the tree of its directory in <available_resources>, inside <activated_skill>.',
    ],
    schema: activateSkillSchema(names),
    // Checked by the tool, so a name outside the enum gets the vendor's words.
    argumentsSchema: {
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
      additionalProperties: false,
    },
    tags: [TAGS.readOnly],
    idempotency: 'idempotent',
    examples: [
      {
        description: 'Load a skill',
        arguments: { name: names[0]! },
        expectedOutcome: `<activated_skill name="${names[0]!}">\n  <instructions>\n    ...`,
      },
    ],
    errorModes: [
      'invalid_tool_params: "params/name must be equal to one of the allowed values" for a name not in the enum;',
      '\'Skill "<name>" not found. Available skills are: ...\' for a skill removed or unreadable since start-up.',
    ],
    errors(err) {
      const invalid = { error_type: 'invalid_tool_params' };
      if (err.facts.outsideEnum === true)
        return { text: err.message, host: { summary: err.message, details: invalid } };
      if (isCondition(err, 'skill_missing') || isCondition(err, 'skill_unreadable'))
        return {
          text: `Skill "${err.facts.name}" not found. Available skills are: ${names.join(', ')}`,
          host: { summary: `No skill ${err.facts.name}`, details: invalid },
        };
      return undefined;
    },
    async call(a, c) {
      if (!names.includes(a.name))
        throw badParams('params/name must be equal to one of the allowed values', 'name', {
          name: a.name,
          outsideEnum: true,
        });
      const loaded = await c.engine.skills.load(c, GEMINI_SKILL_DIRS, a.name);
      const { dir, entries } = await c.engine.skills.files(c, GEMINI_SKILL_DIRS, a.name, ENTRIES_READ, TREE_IGNORED);
      const tree = folderStructure(dir, entries);
      const body = loaded.body.trim();
      return {
        text: `<activated_skill name="${a.name}">\n  <instructions>\n    ${body}\n  </instructions>\n\n  <available_resources>\n    ${tree}\n  </available_resources>\n</activated_skill>`,
        host: {
          summary: `Skill **${a.name}** activated.`,
          details: { skill: loaded.skill.name, dir, file: loaded.skill.file },
        },
      };
    },
  });
