// skill: Qwen Code 0.24.4's loader of a skill's instructions (a SKILL.md under the operator's
// --skills-dir or a root's .qwen/skills/<name>/). The result is the skill's base directory, the
// reminder to resolve paths from it, then its instructions; unknown names list the skills there.
import { EngineError, isCondition, type Engine } from '../../engine/index.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';

interface Args {
  skill: string;
  args?: string;
}

/** Where each root keeps its skills, as Qwen Code lays them out. */
export const QWEN_SKILL_DIRS = ['.qwen/skills'] as const;

type LoadedSkill = Awaited<ReturnType<Engine['skills']['load']>>;

export const skill = defineTool<Args, LoadedSkill>({
  name: 'skill',
  summary: "Load a skill's instructions (SKILL.md in the skills directories) to follow them now.",
  description: [
    "Loads skill `skill` (a name from the skills directories: the server's and each root's .qwen/skills) and returns",
    '"Base directory for this skill: <dir>", a reminder to resolve paths from it, then the instructions of its SKILL.md',
    '($ARGUMENTS replaced by args). An unknown name is answered with the names available.',
  ],
  schema: {
    type: 'object',
    properties: { skill: { type: 'string' }, args: { type: 'string' } },
    required: ['skill'],
  },
  tags: [TAGS.readOnly],
  idempotency: 'idempotent',
  examples: [
    {
      description: 'Load a project skill',
      arguments: { skill: 'code-review' },
      expectedOutcome: 'Base directory for this skill: ..., then its instructions.',
    },
  ],
  errorModes: [
    'NOT_FOUND: Skill "<name>" not found. Available skills: <names> (or: No skills are currently available.).',
    'INVALID_ARGUMENT: Parameter "skill" must be a non-empty string.',
  ],
  errors(err, a) {
    if (err.field === 'skill' && err.kind === 'invalid_argument')
      return 'Parameter "skill" must be a non-empty string.';
    if (isCondition(err, 'skill_missing'))
      return err.facts.known.length === 0
        ? `Skill "${a.skill}" not found. No skills are currently available.`
        : `Skill "${a.skill}" not found. Available skills: ${err.facts.known.join(', ')}`;
    if (isCondition(err, 'skill_unreadable')) return `Failed to load skill "${a.skill}": ${err.facts.reason}`;
    return undefined;
  },
  call(a, c) {
    if (a.skill.trim() === '') throw new EngineError('invalid_argument', 'skill is empty', { field: 'skill' });
    return c.engine.skills.load(c, QWEN_SKILL_DIRS, a.skill, a.args ?? '');
  },
  format: (s) => ({
    text: `Base directory for this skill: ${s.skill.dir}\nImportant: ALWAYS resolve absolute paths from this base directory when working with skills.\n\n${s.body}`,
    host: { summary: s.skill.description, details: { skill: s.skill.name, dir: s.skill.dir, file: s.skill.file } },
  }),
});
