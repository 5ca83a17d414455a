// Skills found in operator directories and per-root layouts: frontmatter parsed (the rest of
// its keys kept), bodies without it, $ARGUMENTS and the caller's placeholders replaced, the
// first of two same-named skills kept, closest names for unknown ones, links that lead out of
// their directory refused.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { isCondition } from '../../src/engine/errors.js';
import { Scope } from '../../src/engine/scope.js';
import { splitFrontmatter } from '../../src/engine/skills.js';
import { workAreas } from '../../src/engine/work-areas.js';
import { tempDir } from '../helpers/server.js';

const { dir: base, cleanup } = tempDir('facet-skills-');
after(cleanup);

function skill(dir: string, name: string, text: string): string {
  const d = path.join(dir, name);
  mkdirSync(d, { recursive: true });
  writeFileSync(path.join(d, 'SKILL.md'), text);
  return d;
}

const root = path.join(base, 'root');
const operator = path.join(base, 'operator');
const outside = path.join(base, 'outside');
mkdirSync(root);
mkdirSync(outside);
const rootSkills = path.join(root, '.agent', 'skills');
const deployDir = skill(
  rootSkills,
  'deploy-check',
  '---\nname: deploy\ndescription: >\n  Checks a deploy\n  before it ships.\nallowed-tools: [Bash, Read]\n---\nRun the checks for $ARGUMENTS.\nFiles: ${SKILL_DIR}/list, ${OTHER} and $HOME stay.\n',
);
skill(rootSkills, 'copy', '---\ndescription: "Copies: files"\n---\nCopy.\n');
skill(rootSkills, 'bare', 'No frontmatter here.\n');
skill(rootSkills, 'broken', '---\ndescription: [unclosed\n---\nbody\n');
skill(path.join(root, '.other', 'skills'), 'copy', '---\ndescription: second copy\n---\nshadowed\n');
const opDir = skill(operator, 'lint', '---\ndescription: Lints\n---\nLint $ARGUMENTS now; again: $ARGUMENTS\n');
// A skill directory and a SKILL.md linked out of the directory they are found in.
skill(outside, 'secret', '---\ndescription: outside\n---\nsecret\n');
symlinkSync(path.join(outside, 'secret'), path.join(rootSkills, 'linked-dir'));
mkdirSync(path.join(rootSkills, 'linked-file'));
symlinkSync(path.join(outside, 'secret', 'SKILL.md'), path.join(rootSkills, 'linked-file', 'SKILL.md'));
// A directory without SKILL.md is no skill and no problem.
mkdirSync(path.join(rootSkills, 'empty'));
// A SKILL.md that is a FIFO is a problem, read without waiting for a writer.
mkdirSync(path.join(rootSkills, 'piped'));
execFileSync('mkfifo', [path.join(rootSkills, 'piped', 'SKILL.md')]);

const { skills } = workAreas({ skillsDirs: [operator] }, () => []);
const ctx = { scope: Scope.fromRoots([root]) };
const layouts = ['.agent/skills', '.other/skills', '.missing/skills'];

test('skills are listed by directory name with their descriptions; problems are named, not fatal', async () => {
  const cat = await skills.list(ctx, layouts);
  assert.deepEqual(
    cat.skills.map((s) => [s.name, s.declaredName, s.description, s.source]),
    [
      ['bare', undefined, '', 'root'],
      ['copy', undefined, 'Copies: files', 'root'],
      ['deploy-check', 'deploy', 'Checks a deploy before it ships.', 'root'],
      ['lint', undefined, 'Lints', 'dir'],
    ],
  );
  const deploy = cat.skills.find((s) => s.name === 'deploy-check')!;
  assert.deepEqual(
    [deploy.dir, deploy.file, deploy.frontmatter],
    [deployDir, path.join(deployDir, 'SKILL.md'), { 'allowed-tools': ['Bash', 'Read'] }],
  );
  assert.deepEqual(
    cat.problems.map((p) => [path.relative(base, p.path), p.reason.replace(/:.*/s, '')]),
    [
      ['root/.agent/skills/broken/SKILL.md', 'bad frontmatter'],
      ['root/.agent/skills/linked-dir/SKILL.md', `it leads out of ${rootSkills}`],
      ['root/.agent/skills/linked-file/SKILL.md', `it leads out of ${rootSkills}`],
      ['root/.agent/skills/piped/SKILL.md', `${path.join(rootSkills, 'piped', 'SKILL.md')} is not a regular file`],
      ['root/.other/skills/copy/SKILL.md', `shadowed by ${path.join(rootSkills, 'copy', 'SKILL.md')}`],
    ],
  );
  assert.equal(skills.dirs[0], operator);
});

test('a loaded skill is its body without frontmatter, with $ARGUMENTS and the given placeholders replaced', async () => {
  const d = await skills.load(ctx, layouts, 'deploy-check', 'staging', { SKILL_DIR: deployDir });
  assert.equal(d.body, 'Run the checks for $ARGUMENTS.\nFiles: ${SKILL_DIR}/list, ${OTHER} and $HOME stay.\n');
  assert.equal(d.text, `Run the checks for staging.\nFiles: ${deployDir}/list, \${OTHER} and $HOME stay.\n`);
  assert.equal(d.usedArguments, true);
  // By its declared name too; no arguments give an empty string.
  assert.equal(
    (await skills.load(ctx, layouts, 'deploy')).text,
    'Run the checks for .\nFiles: ${SKILL_DIR}/list, ${OTHER} and $HOME stay.\n',
  );
  const lint = await skills.load(ctx, layouts, 'lint', 'src/$ARGUMENTS');
  assert.equal(lint.text, 'Lint src/$ARGUMENTS now; again: src/$ARGUMENTS\n');
  assert.equal(lint.skill.dir, opDir);
  const bare = await skills.load(ctx, layouts, 'bare', 'x');
  assert.deepEqual([bare.text, bare.usedArguments], ['No frontmatter here.\n', false]);
});

test('an unknown skill fails naming the closest; with no skills at all there is none to name', async () => {
  await assert.rejects(skills.load(ctx, layouts, 'lnit'), (e) => {
    assert.ok(isCondition(e, 'skill_missing'));
    assert.deepEqual(
      { ...e.facts },
      { name: 'lnit', known: ['bare', 'copy', 'deploy-check', 'lint'], closest: 'lint', condition: 'skill_missing' },
    );
    return true;
  });
  const none = workAreas({}, () => []).skills;
  await assert.rejects(
    none.load(ctx, ['.nothing'], 'x'),
    (e) => isCondition(e, 'skill_missing') && e.facts.closest === undefined && e.facts.known.length === 0,
  );
});

test('frontmatter is only a block that opens the file', () => {
  assert.deepEqual(splitFrontmatter('---\na: 1\n---\nbody\n---\nmore'), {
    frontmatter: 'a: 1',
    body: 'body\n---\nmore',
  });
  assert.deepEqual(splitFrontmatter('\uFEFF---\r\na: 1\r\n---\r\nbody'), { frontmatter: 'a: 1', body: 'body' });
  assert.deepEqual(splitFrontmatter('---\n---\nbody'), { frontmatter: '', body: 'body' });
  assert.deepEqual(splitFrontmatter('text\n---\na: 1\n---\n'), {
    frontmatter: undefined,
    body: 'text\n---\na: 1\n---\n',
  });
  assert.deepEqual(splitFrontmatter('---\nno end'), { frontmatter: undefined, body: '---\nno end' });
});

test('names read at once: the ones discovery lists, each as its frontmatter names it, operator directories first', () => {
  assert.deepEqual(skills.namesNow([root], layouts), ['lint', 'bare', 'copy', 'deploy']);
  assert.deepEqual(skills.namesNow([path.join(base, 'none')], layouts), ['lint']);
});

test("a skill's files: breadth first, sorted, bounded, links and skipped folders not entered", async () => {
  mkdirSync(path.join(deployDir, 'scripts', 'deep'), { recursive: true });
  mkdirSync(path.join(deployDir, 'node_modules', 'x'), { recursive: true });
  writeFileSync(path.join(deployDir, 'scripts', 'run.sh'), '');
  writeFileSync(path.join(deployDir, 'scripts', 'deep', 'a.txt'), '');
  writeFileSync(path.join(deployDir, 'node_modules', 'x', 'i.js'), '');
  symlinkSync(outside, path.join(deployDir, 'out'));
  const skip = new Set(['node_modules']);
  const all = await skills.files(ctx, layouts, 'deploy', 100, skip);
  assert.equal(all.dir, deployDir);
  assert.deepEqual(all.entries, [
    { path: 'node_modules', dir: true },
    { path: 'scripts', dir: true },
    { path: 'SKILL.md', dir: false },
    { path: 'scripts/deep', dir: true },
    { path: 'scripts/run.sh', dir: false },
    { path: 'scripts/deep/a.txt', dir: false },
  ]);
  const two = await skills.files(ctx, layouts, 'deploy', 2, skip);
  assert.deepEqual(
    two.entries.map((e) => e.path),
    ['node_modules', 'scripts'],
  );
});
