// Claude Code 2.1.332's EnterWorktree and ExitWorktree over real git: the cases of runs S4, S5, S6
// and S7 (vendors/claude/2.1.332.tests.md) in order, each result text exact, with Bash showing
// that the session works where the vendor's did and git showing what is left on disk.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { CLAUDE_PLUS, claudePlus } from '../../helpers/claude-toolbox.js';
import { tempDir, withServer } from '../../helpers/server.js';
import { result, type Result } from './harness.js';

const plus = claudePlus();
after(() => plus.close());

const ident = {
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.com',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.com',
};
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, env: { ...process.env, ...ident }, encoding: 'utf8' }).trim();
/** A git repository (branch main, one commit) as the root. */
function repo(dir: string): void {
  git(dir, 'init', '-q', '-b', 'main');
  writeFileSync(path.join(dir, 'README'), 'hello\n');
  git(dir, 'add', 'README');
  git(dir, 'commit', '-q', '-m', 'init');
}
const branches = (dir: string) => git(dir, 'branch', '--format=%(refname:short)').split('\n').sort();

type Caller = (tool: string, args: Record<string, unknown>) => Promise<Result>;
/** A server on a fresh root prepared by `setup`, its claude toolbox (with the worktree tools) called in one session. */
const scenario = (setup: (dir: string) => void, fn: (dir: string, call: Caller) => Promise<void>) =>
  withServer({ prefix: 'facet-claude-wt-', extraSpecs: plus.specs, setup }, (_t, dir, call) =>
    fn(dir, async (tool, args) => result(await call(tool, args, { shape: CLAUDE_PLUS, session: 'wt' }))),
  );

const NOW =
  'The session is now working in the worktree. Use ExitWorktree to leave mid-session, or exit the session to be prompted.';
const created = (wt: string, branch: string) =>
  `Created worktree at \u201c${wt}\u201d on branch \u201c${branch}\u201d. ${NOW}`;
const kept = (wt: string, branch: string, cwd: string) =>
  `Exited worktree. Your work is preserved at \u201c${wt}\u201d on branch \u201c${branch}\u201d. Session is now back in \u201c${cwd}\u201d.`;
const removed = (wt: string, cwd: string, lost = '') =>
  `Exited and removed worktree at \u201c${wt}\u201d.${lost} Session is now back in \u201c${cwd}\u201d.`;
const hasWork = (what: string) =>
  `<tool_use_error>Worktree has ${what}. Removing will discard this work permanently. Confirm with the user, then re-invoke with discard_changes: true \u2014 or use action: "keep" to preserve the worktree.</tool_use_error>`;
const NO_SESSION =
  '<tool_use_error>No-op: there is no active EnterWorktree session to exit. This tool only operates on worktrees created by EnterWorktree in the current session \u2014 it will not touch worktrees created manually or in a previous session. No filesystem changes were made.</tool_use_error>';

function ok(r: Result, text: string): void {
  assert.equal(r.text, text);
  assert.equal(r.error, '', 'is_error=false');
}
function refused(r: Result, text: string): void {
  assert.equal(r.text, text);
  assert.notEqual(r.error, '', 'is_error=true');
}

test('S4: create, work there, keep, resume, refuse removing changes, discard, a random name, no session, a bad name', () =>
  scenario(repo, async (dir, call) => {
    const wt = path.join(dir, '.claude/worktrees/feat-x');
    ok(await call('EnterWorktree', { name: 'feat-x' }), created(wt, 'worktree-feat-x'));
    const where = await call('Bash', { command: 'pwd; git branch --show-current; echo new > added.txt' });
    assert.equal(where.text, `${wt}\nworktree-feat-x`);
    assert.match(git(dir, 'worktree', 'list', '--porcelain'), /worktree-feat-x\nlocked/);
    ok(await call('ExitWorktree', { action: 'keep' }), kept(wt, 'worktree-feat-x', dir));
    assert.equal((await call('Bash', { command: 'pwd' })).text, dir);
    assert.doesNotMatch(git(dir, 'worktree', 'list', '--porcelain'), /locked/);
    assert.deepEqual(branches(dir), ['main', 'worktree-feat-x']);

    ok(
      await call('EnterWorktree', { name: 'feat-x' }),
      `Resumed worktree at \u201c${wt}\u201d on branch \u201cworktree-feat-x\u201d. A worktree with this name already existed and was resumed as-is \u2014 it may carry an earlier session\u2019s commits. Pass a different name if you wanted a fresh worktree. ${NOW}`,
    );
    refused(await call('ExitWorktree', { action: 'remove' }), hasWork('1 uncommitted file'));
    assert.ok(existsSync(path.join(wt, 'added.txt')), 'the refusal lost nothing');
    ok(
      await call('ExitWorktree', { action: 'remove', discard_changes: true }),
      removed(wt, dir, ' Discarded 1 uncommitted file.'),
    );
    assert.equal((await call('Bash', { command: 'pwd' })).text, dir);
    assert.deepEqual(branches(dir), ['main']);
    assert.equal(existsSync(wt), false);

    const random = await call('EnterWorktree', {});
    const name = /worktrees\/([a-z0-9-]+)\u201d/.exec(random.text)?.[1] ?? '';
    ok(random, created(path.join(dir, '.claude/worktrees', name), `worktree-${name}`));
    refused(
      await call('EnterWorktree', { name: 'again' }),
      '<tool_use_error>Already in a worktree session. Pass `path` to switch into another existing worktree, or use ExitWorktree to leave this one before creating a new worktree.</tool_use_error>',
    );
    ok(await call('ExitWorktree', { action: 'remove' }), removed(path.join(dir, '.claude/worktrees', name), dir));
    refused(await call('ExitWorktree', { action: 'keep' }), NO_SESSION);
    const issue = {
      code: 'custom',
      message:
        'Invalid worktree name "bad name/../x": each "/"-separated segment must be non-empty and contain only letters, digits, dots, underscores, and dashes',
      path: ['name'],
    };
    refused(
      await call('EnterWorktree', { name: 'bad name/../x' }),
      `<tool_use_error>InputValidationError: ${JSON.stringify([issue], null, 2)}</tool_use_error>`,
    );
    assert.deepEqual(branches(dir), ['main']);
    assert.equal(git(dir, 'worktree', 'list', '--porcelain').split('\n')[0], `worktree ${dir}`);
  }));

test('S5: outside git, EnterWorktree is refused in the vendor words and makes nothing', () =>
  scenario(
    () => undefined,
    async (dir, call) => {
      refused(
        await call('EnterWorktree', { name: 'x' }),
        'Cannot create a worktree: not in a git repository and no WorktreeCreate hooks are configured. Configure WorktreeCreate/WorktreeRemove hooks in settings.json to use worktree isolation with other VCS systems.',
      );
      refused(await call('ExitWorktree', { action: 'keep' }), NO_SESSION);
      assert.equal(existsSync(path.join(dir, '.claude')), false);
    },
  ));

test('S6: an existing branch, commits counted, a missing path, entry by path, and not the owner', () =>
  scenario(
    (dir) => {
      repo(dir);
      git(dir, 'branch', 'worktree-taken');
    },
    async (dir, call) => {
      const taken = path.join(dir, '.claude/worktrees/taken');
      ok(await call('EnterWorktree', { name: 'taken' }), created(taken, 'worktree-taken'));
      ok(await call('ExitWorktree', { action: 'keep' }), kept(taken, 'worktree-taken', dir));
      const c1 = path.join(dir, '.claude/worktrees/c1');
      ok(await call('EnterWorktree', { name: 'c1' }), created(c1, 'worktree-c1'));
      writeFileSync(path.join(c1, 'z.txt'), 'z\n');
      git(c1, 'add', 'z.txt');
      git(c1, 'commit', '-qm', 'wip');
      writeFileSync(path.join(c1, 'u.txt'), 'u\n');
      refused(
        await call('ExitWorktree', { action: 'remove' }),
        hasWork('1 uncommitted file and 1 commit on \u201cworktree-c1\u201d'),
      );
      ok(
        await call('ExitWorktree', { action: 'remove', discard_changes: true }),
        removed(c1, dir, ' Discarded 1 commit and 1 uncommitted file.'),
      );
      assert.deepEqual(branches(dir), ['main', 'worktree-taken']);

      const missing = path.join(dir, 'nonexistent/wt');
      refused(
        await call('EnterWorktree', { path: missing }),
        `Cannot enter worktree: ${missing}: ENOENT: no such file or directory, realpath '${missing}'`,
      );
      ok(
        await call('EnterWorktree', { path: taken }),
        `Entered worktree at \u201c${taken}\u201d on branch \u201cworktree-taken\u201d. ${NOW}`,
      );
      refused(
        await call('ExitWorktree', { action: 'remove' }),
        `<tool_use_error>This session is not the owner of the worktree at \u201c${taken}\u201d \u2014 it either entered a pre-existing worktree via EnterWorktree({path}) or resumed into a checkout whose liveness lock another running Claude Code session still holds \u2014 so this tool will not remove it. Use action: "keep" to return to \u201c${dir}\u201d. If no other session is using it, remove it yourself with \`git worktree remove\`; while a live session's lock is present, git will refuse and name the owner.</tool_use_error>`,
      );
      assert.equal(
        (await call('Bash', { command: 'pwd; git branch --show-current' })).text,
        `${taken}\nworktree-taken`,
      );
      ok(await call('ExitWorktree', { action: 'keep' }), kept(taken, 'worktree-taken', dir));
      assert.ok(existsSync(taken));
    },
  ));

test('S7: a branch worktree-<name> with its own commit is reset to the base', () =>
  scenario(
    (dir) => {
      repo(dir);
      git(dir, 'checkout', '-q', '-b', 'worktree-taken');
      writeFileSync(path.join(dir, 'side'), 'side\n');
      git(dir, 'add', 'side');
      git(dir, 'commit', '-qm', 'side');
      git(dir, 'checkout', '-q', 'main');
      writeFileSync(path.join(dir, 'main2'), 'main2\n');
      git(dir, 'add', 'main2');
      git(dir, 'commit', '-qm', 'main2');
    },
    async (dir, call) => {
      const taken = path.join(dir, '.claude/worktrees/taken');
      ok(await call('EnterWorktree', { name: 'taken' }), created(taken, 'worktree-taken'));
      assert.equal(git(taken, 'log', '--format=%s'), 'main2\ninit');
      assert.equal(git(dir, 'rev-parse', 'worktree-taken'), git(dir, 'rev-parse', 'main'));
      ok(await call('ExitWorktree', { action: 'remove' }), removed(taken, dir));
    },
  ));

test('paths are scoped: a path outside the roots, and a worktree directory linked out of them, are refused', () => {
  const outside = tempDir('facet-claude-wt-out-');
  return scenario(
    (dir) => {
      repo(dir);
      mkdirSync(path.join(outside.dir, 'worktrees'));
      symlinkSync(outside.dir, path.join(dir, '.claude'));
    },
    async (dir, call) => {
      const far = await call('EnterWorktree', { path: outside.dir });
      assert.equal(far.code, 'PERMISSION_DENIED', far.text);
      const linked = await call('EnterWorktree', { name: 'x' });
      assert.equal(linked.code, 'PERMISSION_DENIED', linked.text);
      assert.match(linked.text, /^<tool_use_error>Permission denied: /);
      assert.deepEqual(branches(dir), ['main']);
      assert.equal(git(dir, 'worktree', 'list', '--porcelain').split('\n')[0], `worktree ${dir}`);
      refused(await call('ExitWorktree', { action: 'keep' }), NO_SESSION);
    },
  ).finally(outside.cleanup);
});
