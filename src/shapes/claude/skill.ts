// Claude Code 2.1.332's Skill: a skill's instructions loaded into the conversation. Skills are
// the operator's (--skills-dir) and the roots' .claude/skills/<name>/SKILL.md; the result is
// "Launching skill: <name>" with the instructions as a second text part, "Base directory for this
// skill: <dir>" first, $ARGUMENTS, $0, $1... and ${CLAUDE_SKILL_DIR} replaced as the vendor does.
// A second call of a skill in the session is marked as a re-invocation. Skills run inline: Facet
// has no subagents, so a skill the vendor would fork (context: fork) is loaded like the others.
import { EngineError, isCondition } from '../../engine/index.js';
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { toolUseError } from './errors.js';

interface Args {
  skill: string;
  args?: string;
}

/** Where each root keeps its skills, as Claude Code lays them out. */
export const CLAUDE_SKILL_DIRS = ['.claude/skills'] as const;

const INVOKED = 'claude.skillsInvoked';

/** $ARGUMENTS (the arguments as given), $0, $1... (them split at whitespace) and ${CLAUDE_SKILL_DIR}, in one pass. */
export function substituted(body: string, args: string, dir: string): string {
  const words = args.trim() === '' ? [] : args.trim().split(/\s+/);
  return body.replace(/\$ARGUMENTS|\$\{CLAUDE_SKILL_DIR\}|\$(\d+)/g, (m, n: string | undefined) =>
    m === '$ARGUMENTS' ? args : n === undefined ? dir : (words[Number(n)] ?? ''),
  );
}

/** The vendor's listing of skills (its system prompt names them so): a model-invocable skill a line. */
export function skillListing(
  skills: ReadonlyArray<{ name: string; description: string; frontmatter: Record<string, unknown> }>,
): string {
  const lines = skills
    .filter((s) => s.frontmatter['disable-model-invocation'] !== true)
    .map((s) => {
      const when = s.frontmatter.when_to_use;
      return `- ${s.name}: ${s.description}${typeof when === 'string' && when !== '' ? ` - ${when}` : ''}`;
    });
  return ['The following skills are available for use with the Skill tool:', '', ...lines].join('\n');
}

export const skill = defineTool<Args>({
  name: 'Skill',
  summary: "Load a skill's instructions (a SKILL.md from the skills directories) to follow them now.",
  description: [
    'Loads the instructions of the skill named skill (a leading "/" is accepted): the SKILL.md of a skills directory',
    'given to the server (--skills-dir) or of .claude/skills/<name>/ in a root. args are handed to it ($ARGUMENTS, and',
    '$0, $1... word by word). The result names the skill, then gives its directory and its instructions; follow them.',
    'Skills marked disable-model-invocation are for the user to run.',
  ],
  schema: {
    type: 'object',
    properties: { skill: { type: 'string' }, args: { type: 'string' } },
    required: ['skill'],
    additionalProperties: false,
  },
  tags: [TAGS.readOnly],
  idempotency: 'idempotent',
  examples: [
    {
      description: 'Run a project skill with arguments',
      arguments: { skill: 'deploy-check', args: 'prod eu' },
      expectedOutcome: 'Launching skill: deploy-check, then "Base directory for this skill: ..." and its instructions.',
    },
  ],
  errorModes: [
    '<tool_use_error>Unknown skill: <name>. Did you mean <closest>?</tool_use_error> for a name no skill has.',
    '<tool_use_error>Skill <name> cannot be used with Skill tool due to disable-model-invocation...</tool_use_error>: ask the user to run it.',
    'A SKILL.md that cannot be read (too large, unreadable) fails with the reason; skills reached through links out of their directory are not offered.',
  ],
  errors(err) {
    if (err.facts.reason === 'disable-model-invocation') {
      const name = String(err.facts.skill);
      return toolUseError(
        `Skill ${name} cannot be used with Skill tool due to disable-model-invocation. Ask the user to run /${name} themselves \u2014 it cannot be invoked via the Skill tool. Do not replicate this skill's workflow by other means \u2014 it is reserved for explicit user invocation.`,
      );
    }
    if (isCondition(err, 'skill_missing'))
      return toolUseError(
        `Unknown skill: ${err.facts.name}.${err.facts.closest !== undefined ? ` Did you mean ${err.facts.closest}?` : ''}`,
      );
    return undefined;
  },
  async call(a, c): Promise<Reply> {
    const name = a.skill.startsWith('/') ? a.skill.slice(1) : a.skill;
    const args = a.args ?? '';
    const loaded = await c.engine.skills.load(c, CLAUDE_SKILL_DIRS, name, args);
    const s = loaded.skill;
    if (s.frontmatter['disable-model-invocation'] === true)
      throw new EngineError('precondition_failed', `the skill ${s.name} is for the user to run`, {
        field: 'skill',
        facts: { skill: s.name, reason: 'disable-model-invocation' },
      });
    const invoked = c.session.bag(INVOKED, () => new Set<string>());
    const again = invoked.has(s.name);
    invoked.add(s.name);
    const instructions = `Base directory for this skill: ${s.dir}\n\n${substituted(loaded.body, args, s.dir)}`;
    const note = `(Re-invocation of /${s.name} \u2014 the skill instructions were previously loaded; the arguments or dynamic output below are new.)\n`;
    return {
      text: `Launching skill: ${s.name}`,
      parts: again ? [note, instructions] : [instructions],
      host: {
        summary: `Launched skill ${s.name}`,
        details: { skill: s.name, dir: s.dir, file: s.file, reinvoked: again },
      },
    };
  },
});
