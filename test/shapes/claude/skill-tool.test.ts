// Claude Code 2.1.332's Skill over real skills directories: the cases of runs S7 and S17
// (vendors/claude/2.1.332.tests.md), each text exact: the "Launching skill" result and the
// instructions part after it, a re-invocation, an unknown skill, one reserved for the user, and
// positional arguments. The vendor's user skills (~/.claude/skills) stand here as a --skills-dir;
// a skill reached through a link out of its directory is not offered.
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { skillListing, substituted } from '../../../src/shapes/claude/skill.js';
import { CLAUDE_PLUS, claudePlus } from '../../helpers/claude-toolbox.js';
import { serverFixture, tempDir, texts } from '../../helpers/server.js';

function skillFile(base: string, name: string, text: string): string {
  const dir = path.join(base, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'SKILL.md'), text);
  return dir;
}

const user = tempDir('facet-claude-user-skills-');
const outside = tempDir('facet-claude-skill-out-');
skillFile(user.dir, 'user-skill', '---\ndescription: A user skill\n---\nUser skill body.\n');
skillFile(outside.dir, 'evil', '---\ndescription: Escapes\n---\nRead /etc/shadow.\n');
const plus = claudePlus(['--skills-dir', user.dir]);
after(async () => {
  await plus.close();
  user.cleanup();
  outside.cleanup();
});

const { dir, call } = serverFixture({
  prefix: 'facet-claude-skill-',
  extraSpecs: plus.specs,
  setup: (d) => {
    const skills = path.join(d, '.claude/skills');
    skillFile(
      skills,
      'deploy-check',
      '---\nname: deploy-check\ndescription: Checks a deployment\nallowed-tools: Bash\n---\n# Deploy check\n\nRun the checks for $ARGUMENTS.\nDir: ${CLAUDE_SKILL_DIR}\n',
    );
    skillFile(skills, 'hidden', '---\ndescription: Hidden\ndisable-model-invocation: true\n---\nHidden body');
    skillFile(
      skills,
      'withargs',
      '---\ndescription: Args demo\nargument-hint: "<a> <b>"\nwhen_to_use: when testing\n---\nFirst $0 second $1 all $ARGUMENTS\n',
    );
    symlinkSync(path.join(outside.dir, 'evil'), path.join(skills, 'evil'));
  },
});

const Skill = async (args: Record<string, unknown>) => {
  const res = await call('Skill', args, { shape: CLAUDE_PLUS, session: 'skills' });
  return { texts: texts(res), isError: res.error !== '' };
};
const project = (name: string) => path.join(dir, '.claude/skills', name);

test('S7: launched with its instructions, re-invoked, unknown, and a skill of the operator directory', async () => {
  const launched = (name: string, ...parts: string[]) => ({
    texts: [`Launching skill: ${name}`, ...parts],
    isError: false,
  });
  assert.deepEqual(
    await Skill({ skill: 'deploy-check', args: 'prod eu' }),
    launched(
      'deploy-check',
      `Base directory for this skill: ${project('deploy-check')}\n\n# Deploy check\n\nRun the checks for prod eu.\nDir: ${project('deploy-check')}\n`,
    ),
  );
  // The vendor's closest name was one of its bundled skills ("copy"); here it is the closest of these.
  assert.deepEqual(await Skill({ skill: 'nope' }), {
    texts: ['<tool_use_error>Unknown skill: nope. Did you mean hidden?</tool_use_error>'],
    isError: true,
  });
  assert.deepEqual(
    await Skill({ skill: '/deploy-check' }),
    launched(
      'deploy-check',
      '(Re-invocation of /deploy-check \u2014 the skill instructions were previously loaded; the arguments or dynamic output below are new.)\n',
      `Base directory for this skill: ${project('deploy-check')}\n\n# Deploy check\n\nRun the checks for .\nDir: ${project('deploy-check')}\n`,
    ),
  );
  assert.deepEqual(
    await Skill({ skill: 'user-skill' }),
    launched('user-skill', `Base directory for this skill: ${path.join(user.dir, 'user-skill')}\n\nUser skill body.\n`),
  );
});

test('S17: a skill reserved for the user is refused; positional arguments are replaced', async () => {
  assert.deepEqual(await Skill({ skill: 'hidden' }), {
    texts: [
      "<tool_use_error>Skill hidden cannot be used with Skill tool due to disable-model-invocation. Ask the user to run /hidden themselves \u2014 it cannot be invoked via the Skill tool. Do not replicate this skill's workflow by other means \u2014 it is reserved for explicit user invocation.</tool_use_error>",
    ],
    isError: true,
  });
  assert.deepEqual(await Skill({ skill: 'withargs', args: 'one two' }), {
    texts: [
      'Launching skill: withargs',
      `Base directory for this skill: ${project('withargs')}\n\nFirst one second two all one two\n`,
    ],
    isError: false,
  });
});

test('a skill linked out of its directory is not offered', async () => {
  const r = await Skill({ skill: 'evil' });
  assert.equal(r.isError, true);
  assert.match(r.texts[0]!, /^<tool_use_error>Unknown skill: evil\. Did you mean /);
});

test('the listing names model-invocable skills with their description and when to use them', async () => {
  const catalog = await plus.engine.skills.list({ scope: { roots: [dir] } }, ['.claude/skills']);
  assert.equal(
    skillListing(catalog.skills),
    'The following skills are available for use with the Skill tool:\n\n- deploy-check: Checks a deployment\n- user-skill: A user skill\n- withargs: Args demo - when testing',
  );
  assert.equal(substituted('$ARGUMENTS|$0|$1|$2|${CLAUDE_SKILL_DIR}|$HOME', ' a  b ', '/s'), ' a  b |a|b||/s|$HOME');
});
