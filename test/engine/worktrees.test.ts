// Worktrees a session enters and leaves, over real git in temporary repositories: made from
// HEAD or the remote's default branch, the session directory moved in and back, kept or
// removed, removals refused for work not on the base, for worktrees the session did not make
// and while a job works there; bad names, paths out of scope and failed adds leave nothing.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { isCondition, type Condition } from '../../src/engine/errors.js';
import { Scope } from '../../src/engine/scope.js';
import { Session } from '../../src/engine/session.js';
import { workAreas } from '../../src/engine/work-areas.js';
import { tempDir } from '../helpers/server.js';
import { bashEngine } from '../helpers/shell-engine.js';

const { dir: base, cleanup } = tempDir('facet-worktrees-');
const shell = bashEngine(base, { killGraceMs: 500 });
const { worktrees } = workAreas({}, (ctx) => shell.jobs(ctx));
const sessions: Session[] = [];
after(async () => {
  await Promise.all(sessions.map((s) => s.dispose()));
  cleanup();
});

const ident = {
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.com',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.com',
};
const sh = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, env: { ...process.env, ...ident }, encoding: 'utf8' }).trim();
let repos = 0;
/** A repository with one commit (README), as the root of a fresh session's scope. */
function repo(): { root: string; ctx: { session: Session; scope: Scope } } {
  const root = path.join(base, `repo${++repos}`);
  mkdirSync(root);
  sh(root, 'init', '-q', '-b', 'main');
  writeFileSync(path.join(root, 'README'), 'hello\n');
  sh(root, 'add', 'README');
  sh(root, 'commit', '-q', '-m', 'first');
  const session = new Session(`w${repos}`);
  sessions.push(session);
  return { root, ctx: { session, scope: Scope.fromRoots([root]) } };
}
const branches = (root: string) => sh(root, 'branch', '--format=%(refname:short)').split('\n').sort();
const listed = (root: string) => sh(root, 'worktree', 'list', '--porcelain');

async function refused(p: Promise<unknown>, condition: Condition): Promise<Record<string, unknown>> {
  try {
    await p;
  } catch (e) {
    assert.ok(isCondition(e, condition), `expected ${condition}, got ${String(e)}`);
    return { ...e.facts };
  }
  assert.fail(`expected ${condition}`);
}

test('a worktree is made from HEAD on its own branch, locked while used; keep leaves it and moves the session back', async () => {
  const { root, ctx } = repo();
  const head = sh(root, 'rev-parse', 'HEAD');
  const wt = path.join(root, '.wt', 'feat', 'x');
  const entered = await worktrees.enter(ctx, { name: 'feat/x', dir: '.wt' });
  assert.deepEqual(entered, {
    path: wt,
    branch: 'worktree-feat/x',
    repoRoot: root,
    how: 'created',
    previousCwd: root,
    owned: true,
    base: head,
    baseRef: 'HEAD',
  });
  assert.equal(ctx.session.cwd, wt);
  assert.deepEqual(worktrees.active(ctx), {
    path: wt,
    branch: 'worktree-feat/x',
    repoRoot: root,
    owned: true,
    base: head,
  });
  assert.match(
    listed(root),
    new RegExp(`worktree ${wt}\nHEAD ${head}\nbranch refs/heads/worktree-feat/x\nlocked in use by session w1`),
  );
  assert.deepEqual(await worktrees.changes(ctx), {
    trackedChanges: 0,
    untrackedFiles: 0,
    uncommittedFiles: 0,
    commits: 0,
  });
  const kept = await worktrees.exit(ctx, 'keep');
  assert.deepEqual(kept, { action: 'keep', path: wt, branch: 'worktree-feat/x', cwd: root });
  assert.equal(ctx.session.cwd, undefined);
  assert.equal(worktrees.active(ctx), undefined);
  assert.ok(existsSync(path.join(wt, 'README')));
  assert.doesNotMatch(listed(root), /locked/);
  assert.deepEqual(branches(root), ['main', 'worktree-feat/x']);
  // The same name again resumes it as it is, not owned: it cannot be removed from here.
  const resumed = await worktrees.enter(ctx, { name: 'feat/x', dir: '.wt' });
  assert.deepEqual([resumed.how, resumed.owned, resumed.branch], ['resumed', false, 'worktree-feat/x']);
  assert.deepEqual(await refused(worktrees.exit(ctx, 'remove'), 'worktree_not_owned'), {
    path: wt,
    branch: 'worktree-feat/x',
    cwd: root,
    condition: 'worktree_not_owned',
  });
  await worktrees.exit(ctx, 'keep');
});

test('adopt resumes a worktree as owned, its commits counted from the base; one another session holds is not', async () => {
  const { root, ctx } = repo();
  const { path: wt } = await worktrees.enter(ctx, { name: 'mine', dir: '.wt' });
  await worktrees.exit(ctx, 'keep');
  writeFileSync(path.join(wt, 'README'), 'changed\n');
  sh(wt, 'commit', '-q', '-am', 'work');
  const again = await worktrees.enter(ctx, { name: 'mine', dir: '.wt', existingWorktree: 'adopt' });
  assert.deepEqual([again.how, again.owned], ['resumed', true]);
  assert.match(listed(root), /branch refs\/heads\/worktree-mine\nlocked/);
  assert.equal((await refused(worktrees.exit(ctx, 'remove'), 'worktree_has_changes')).commits, 1);
  await worktrees.exit(ctx, 'keep');
  // Locked by someone else (another live session): entered as it is, never removed from here.
  sh(root, 'worktree', 'lock', '--reason', 'in use by session other', wt);
  const held = await worktrees.enter(ctx, { name: 'mine', dir: '.wt', existingWorktree: 'adopt' });
  assert.deepEqual([held.how, held.owned], ['resumed', false]);
  await refused(worktrees.exit(ctx, 'remove', true), 'worktree_not_owned');
  await worktrees.exit(ctx, 'keep');
  assert.match(listed(root), /locked in use by session other/);
  assert.ok(existsSync(wt));
});

test('remove deletes a clean worktree and its branch; work not on the base is refused with counts unless discarded', async () => {
  const { root, ctx } = repo();
  await worktrees.enter(ctx, { name: 'clean', dir: '.wt' });
  const removed = await worktrees.exit(ctx, 'remove');
  assert.deepEqual(removed, {
    action: 'remove',
    path: path.join(root, '.wt', 'clean'),
    branch: 'worktree-clean',
    cwd: root,
    discarded: { trackedChanges: 0, untrackedFiles: 0, uncommittedFiles: 0, commits: 0 },
    branchDeleted: true,
  });
  assert.deepEqual(readdirSync(path.join(root, '.wt')), []);
  assert.deepEqual(branches(root), ['main']);

  const { path: wt } = await worktrees.enter(ctx, { name: 'busy', dir: '.wt' });
  writeFileSync(path.join(wt, 'README'), 'changed\n');
  sh(wt, 'commit', '-q', '-am', 'work');
  writeFileSync(path.join(wt, 'README'), 'changed again\n');
  writeFileSync(path.join(wt, 'new1'), '');
  mkdirSync(path.join(wt, 'sub'));
  writeFileSync(path.join(wt, 'sub', 'new2'), '');
  const counts = { trackedChanges: 1, untrackedFiles: 2, uncommittedFiles: 3, commits: 1 };
  assert.deepEqual(await refused(worktrees.exit(ctx, 'remove'), 'worktree_has_changes'), {
    path: wt,
    branch: 'worktree-busy',
    ...counts,
    condition: 'worktree_has_changes',
  });
  assert.equal(ctx.session.cwd, wt);
  assert.ok(existsSync(path.join(wt, 'new1')));
  const discarded = await worktrees.exit(ctx, 'remove', true);
  assert.deepEqual(discarded.discarded, counts);
  assert.equal(existsSync(wt), false);
  assert.deepEqual(branches(root), ['main']);
  assert.equal(ctx.session.cwd, undefined);
});

test('a running job in the worktree blocks its removal until it is stopped', async () => {
  const { ctx } = repo();
  const { path: wt } = await worktrees.enter(ctx, { name: 'job', dir: '.wt' });
  const job = await shell.start(ctx, { command: 'exec sleep 30' });
  assert.equal(job.cwd, wt);
  assert.deepEqual(await refused(worktrees.exit(ctx, 'remove'), 'worktree_busy'), {
    path: wt,
    jobs: [job.id],
    condition: 'worktree_busy',
  });
  await shell.stop(ctx, job.id);
  assert.equal((await worktrees.exit(ctx, 'remove')).action, 'remove');
});

test('the fresh base is the remote default branch when there is one', async () => {
  const { root: upstream } = repo();
  const root = path.join(base, 'clone');
  sh(base, 'clone', '-q', upstream, root);
  const remoteHead = sh(root, 'rev-parse', 'origin/main');
  writeFileSync(path.join(root, 'local'), '');
  sh(root, 'add', 'local');
  sh(root, 'commit', '-q', '-m', 'local only');
  const session = new Session('clone');
  sessions.push(session);
  const ctx = { session, scope: Scope.fromRoots([root]) };
  const e = await worktrees.enter(ctx, { name: 'f', dir: '.wt', base: 'fresh' });
  assert.deepEqual([e.base, e.baseRef], [remoteHead, 'origin/main']);
  assert.equal(existsSync(path.join(e.path, 'local')), false);
  await worktrees.exit(ctx, 'remove');
  const h = await worktrees.enter(ctx, { name: 'h', dir: '.wt', base: 'head' });
  assert.deepEqual([h.base, h.baseRef], [sh(root, 'rev-parse', 'HEAD'), 'HEAD']);
  await worktrees.exit(ctx, 'remove');
});

test('an existing worktree is entered by path, not owned; a switch keeps the way back', async () => {
  const { root, ctx } = repo();
  sh(root, 'worktree', 'add', '-q', '-b', 'manual', path.join(root, 'manual'));
  sh(root, 'worktree', 'add', '-q', '-b', 'other', path.join(root, 'other'));
  mkdirSync(path.join(root, 'plain'));
  const e = await worktrees.enter(ctx, { path: 'manual', dir: '.wt' });
  assert.deepEqual(e, {
    path: path.join(root, 'manual'),
    branch: 'manual',
    repoRoot: root,
    how: 'entered',
    previousCwd: root,
    owned: false,
  });
  // Already in one: a new name is refused, a path switches.
  assert.deepEqual(await refused(worktrees.enter(ctx, { name: 'n', dir: '.wt' }), 'worktree_active'), {
    path: path.join(root, 'manual'),
    branch: 'manual',
    condition: 'worktree_active',
  });
  const s = await worktrees.enter(ctx, { path: path.join(root, 'other'), dir: '.wt' });
  assert.deepEqual([s.branch, s.previousCwd], ['other', root]);
  await refused(worktrees.exit(ctx, 'remove', true), 'worktree_not_owned');
  assert.deepEqual((await worktrees.exit(ctx, 'keep')).cwd, root);
  assert.equal(ctx.session.cwd, undefined);
  assert.ok(existsSync(path.join(root, 'other')));
  assert.deepEqual(await refused(worktrees.enter(ctx, { path: 'plain', dir: '.wt' }), 'not_a_worktree'), {
    path: 'plain',
    condition: 'not_a_worktree',
  });
  await refused(worktrees.enter(ctx, { path: 'absent', dir: '.wt' }), 'path_missing');
  await refused(worktrees.enter(ctx, { path: base, dir: '.wt' }), 'outside_roots');
});

test('bad names, no repository, nothing to exit and an existing branch are refused; nothing is made', async () => {
  const { root, ctx } = repo();
  for (const name of ['..', 'a/../b', 'a b', 'x.lock', '.hidden', 'a//b', 'a/', 'x'.repeat(65), '']) {
    const f = await refused(worktrees.enter(ctx, { name, dir: '.wt' }), 'bad_worktree_name');
    assert.equal(f.name, name);
  }
  assert.deepEqual(await refused(worktrees.exit(ctx, 'keep'), 'no_worktree_active'), {
    condition: 'no_worktree_active',
  });
  sh(root, 'branch', 'worktree-taken');
  assert.deepEqual(await refused(worktrees.enter(ctx, { name: 'taken', dir: '.wt' }), 'worktree_branch_exists'), {
    branch: 'worktree-taken',
    condition: 'worktree_branch_exists',
  });
  assert.equal(existsSync(path.join(root, '.wt')), false);
  const plain = path.join(base, 'not-a-repo');
  mkdirSync(plain);
  const session = new Session('plain');
  sessions.push(session);
  const f = await refused(
    worktrees.enter({ session, scope: Scope.fromRoots([plain]) }, { name: 'a', dir: '.wt' }),
    'not_a_git_repository',
  );
  assert.equal(f.path, plain);
  assert.deepEqual(readdirSync(plain), []);
});

test('an existing branch can be reset to the base; a failed add leaves no directory, branch or entry', async () => {
  const { root, ctx } = repo();
  const head = sh(root, 'rev-parse', 'HEAD');
  sh(root, 'checkout', '-q', '-b', 'worktree-old');
  writeFileSync(path.join(root, 'old'), '');
  sh(root, 'add', 'old');
  sh(root, 'commit', '-q', '-m', 'old');
  sh(root, 'checkout', '-q', 'main');
  const e = await worktrees.enter(ctx, { name: 'old', dir: '.wt', existingBranch: 'reset' });
  assert.equal(sh(e.path, 'rev-parse', 'HEAD'), head);
  await worktrees.exit(ctx, 'remove');
  const before = [branches(root), listed(root)];
  // git refuses: "main" is checked out already (the branch existed), and "worktree-a/b" cannot sit beside "worktree-a".
  await refused(
    worktrees.enter(ctx, { name: 'main', dir: '.wt', branchPrefix: '', existingBranch: 'reset' }),
    'git_failed',
  );
  sh(root, 'branch', 'worktree-a');
  await refused(worktrees.enter(ctx, { name: 'a/b', dir: '.made/deep' }), 'git_failed');
  assert.equal(existsSync(path.join(root, '.made')), false);
  assert.deepEqual(readdirSync(path.join(root, '.wt')), []);
  assert.deepEqual([branches(root), listed(root)], [[...before[0]!, 'worktree-a'].sort(), before[1]]);
  assert.equal(ctx.session.cwd, undefined);
});

test('a worktree directory that leads out of the roots is refused before anything is made', async () => {
  const { root, ctx } = repo();
  const outside = path.join(base, 'outside');
  mkdirSync(outside);
  symlinkSync(outside, path.join(root, '.wt'));
  await refused(worktrees.enter(ctx, { name: 'x', dir: '.wt' }), 'outside_roots');
  assert.deepEqual(readdirSync(outside), []);
  assert.deepEqual(branches(root), ['main']);
});
