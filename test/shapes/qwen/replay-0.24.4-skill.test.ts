// Qwen Code's skill.test.ts (@0597f284, 48 cases) replayed against qwen@0.24.4 with real skill
// files: a project skill in the root's .qwen/skills and a user skill in the operator's
// --skills-dir, as Qwen's two fixtures (code-review, project; testing, user, with allowed-tools).
// Counts (checked by the ledger test): matched 11, deliberate 1, skipped 36 of 48.
// Deliberate (1): a skill with `paths:` frontmatter is not gated until a matching file is touched
//   (Facet does not activate skills by file access); it loads like any other.
// Skipped: the skill list inside the tool description (12 cases of initialization, refresh and
//   commands: 0.24.4 names the skills in a startup <system-reminder> instead, which is the host's
//   prompt), model-invocable commands (MCP prompts, bundled commands: 10; Facet has none), the
//   listener and dispose (internal), the default permission and a pending call's description (the
//   host's), telemetry prompt ids (4), and the model override a skill's `model:` asks for (6: the
//   host picks the model), and a load that fails after the skill was listed (no way to stage it
//   without a race: a file that cannot be read is not listed).
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe } from 'node:test';
import { serverFixture, tempDir, unary } from '../../helpers/server.js';
import { caller } from '../gemini/harness.js';
import { ledger } from './ledger.js';

const FILE = 'skill.test.ts';
const { replay, check } = ledger({
  [FILE]: {
    total: 48,
    deliberate: {
      'returns a path-activation error for a registered but not-yet-activated conditional skill':
        'Facet does not gate skills by paths: frontmatter; the skill loads',
    },
    skipped:
      'a load failing after listing (cannot be staged), skills listed in the description (0.24.4 sends them in a startup reminder, the host prompt), model-invocable commands, listener/dispose, permission, pending-call description, telemetry prompt ids, model override',
  },
});

const user = tempDir('facet-qwen-skills-user-');
after(() => user.cleanup());

const skillFile = (dir: string, name: string, front: string, body: string) => {
  mkdirSync(path.join(dir, name), { recursive: true });
  writeFileSync(path.join(dir, name, 'SKILL.md'), `---\nname: ${name}\n${front}---\n${body}`);
};

describe('Qwen Code skill.test.ts replayed against qwen@0.24.4', () => {
  const { t, dir } = serverFixture({ shape: 'qwen', prefix: 'facet-qwen-skill-', args: ['--skills-dir', user.dir] });
  const call = caller(() => t, 'qwen@0.24.4', 'skill');
  const said = async (args: Record<string, unknown>, session = 'skill') => {
    const o = await call('skill', args, { session });
    return o.error || o.text;
  };
  const project = () => path.join(dir, '.qwen/skills');
  const base = (d: string) =>
    `Base directory for this skill: ${d}\nImportant: ALWAYS resolve absolute paths from this base directory when working with skills.\n\n`;

  replay(FILE, 'should show appropriate message when no skills available', async () => {
    assert.equal(
      await said({ skill: 'non-existent' }, 'skill-none'),
      'Skill "non-existent" not found. No skills are currently available.',
    );
  });
  // The fixtures of Qwen's suite, made on disk once the empty case has run.
  const fixtures = () => {
    skillFile(
      project(),
      'code-review',
      'description: Specialized skill for reviewing code quality\n',
      'Review code for quality and best practices.\n',
    );
    skillFile(
      user.dir,
      'testing',
      'description: Skill for writing and running tests\nallowed-tools: read_file, write_file, shell\n',
      'Help write comprehensive tests.\n',
    );
  };

  replay(FILE, 'should initialize with correct name and properties', async () => {
    fixtures();
    const listed = await unary(t.client.listTools, t.client, {}, { shape: 'qwen@0.24.4' });
    const s = listed.tools.find((x) => x.name === 'skill');
    assert.ok(s);
    assert.equal(s.destructive, false);
  });
  for (const name of [
    'should expose static schema without dynamic enums',
    'should keep schema static even when no skills available',
  ])
    replay(FILE, name, async () => {
      const listed = await unary(t.client.listTools, t.client, {}, { shape: 'qwen@0.24.4' });
      assert.deepEqual(listed.tools.find((x) => x.name === 'skill')?.inputSchema, {
        type: 'object',
        properties: { skill: { type: 'string' }, args: { type: 'string' } },
        required: ['skill'],
      });
    });
  replay(FILE, 'should validate valid parameters', async () => {
    assert.ok((await said({ skill: 'code-review' })).startsWith('Base directory for this skill: '));
  });
  replay(FILE, 'should reject empty skill', async () => {
    assert.equal(await said({ skill: '' }), 'Parameter "skill" must be a non-empty string.');
  });
  replay(FILE, 'should reject non-existent skill', async () => {
    assert.equal(
      await said({ skill: 'non-existent' }),
      'Skill "non-existent" not found. Available skills: code-review, testing',
    );
  });
  replay(FILE, 'should execute skill load successfully', async () => {
    const o = await call('skill', { skill: 'code-review' });
    assert.equal(o.text, `${base(path.join(project(), 'code-review'))}Review code for quality and best practices.\n`);
    assert.equal(o.display.summary, 'Specialized skill for reviewing code quality');
  });
  replay(FILE, 'should include allowedTools in result when present', async () => {
    const o = await call('skill', { skill: 'testing' });
    assert.equal(o.text, `${base(path.join(user.dir, 'testing'))}Help write comprehensive tests.\n`);
    assert.equal(o.display.summary, 'Skill for writing and running tests');
  });
  replay(FILE, 'should handle skill not found error', async () => {
    assert.match(await said({ skill: 'non-existent' }), /^Skill "non-existent" not found/);
  });
  replay(FILE, 'should handle skill without additional files', async () => {
    assert.ok(!(await said({ skill: 'code-review' })).includes('## Additional Files'));
  });
  check({ matched: 11, deliberate: 1, skipped: 36, capture: 0 });
});
