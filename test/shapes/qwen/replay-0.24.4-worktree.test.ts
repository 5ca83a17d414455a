// Qwen Code 0.24.4's enter-worktree.test.ts (23 cases) and exit-worktree.test.ts (8), both @1d7da201
// (vendors/qwen/0.24.4.tests.md), replayed against qwen@0.24.4 over a real git repository: each
// slug rule is asked of enter_worktree or exit_worktree as a model would, and a name the rules
// accept is made into a real worktree and removed again.
// Counts (checked by the ledger test): matched 19, deliberate 1, skipped 11 of 31; besides, one
// behaviour of the 0.24.4 bundle (which agent- names are reserved).
// Deliberate (1): the `agent-` reservation. The stored test refuses "agent-1234567"; 0.24.4's
//   validator (its bundle) lets agent-<7 hex>, an agent worktree's own shape, through, and Facet
//   follows the release ("agent-feature" is still refused).
// Skipped: the validator's own empty-name text (enter_worktree makes a name for "" and exit_worktree
//   checks emptiness first, in words of its own: replayed as exit's case); agent worktree slugs (sub-
//   agents need a model); the session marker file (3: Qwen's record of a worktree's owner across
//   runs; Facet knows only the session's own worktree); 100 unique generated names (a property of
//   the RNG, now crypto's as Qwen's, not a reply); default permissions (4, the host's); the
//   description of a pending call (the host's).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe } from 'node:test';
import { serverFixture } from '../../helpers/server.js';
import { caller } from '../gemini/harness.js';
import { CAPTURE, ledger } from './ledger.js';

const ENTER = 'enter-worktree.test.ts';
const EXIT = 'exit-worktree.test.ts';
const { replay, check } = ledger({
  [ENTER]: {
    total: 23,
    deliberate: {
      'reserves the `agent-` prefix for ephemeral agent worktrees':
        "0.24.4's validator lets agent-<7 hex> through (the stored test predates it); Facet follows the release",
    },
    skipped:
      'rejects empty (its text is unreachable), generateAgentWorktreeSlug, session marker (3), 100 unique slugs, ExitWorktreeTool default permission (2)',
  },
  [EXIT]: {
    total: 8,
    deliberate: {},
    skipped: 'default permission (2) and getDescription (the host shows it)',
  },
});

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, stdio: 'pipe' }).toString();

describe('Qwen Code 0.24.4 enter/exit-worktree tests replayed against qwen', () => {
  const { t, dir } = serverFixture({
    shape: 'qwen',
    prefix: 'facet-qwen-wt-',
    setup: (root) => {
      git(root, 'init', '-q', '-b', 'main');
      writeFileSync(path.join(root, 'r.txt'), 'r\n');
      git(root, 'add', '.');
      git(root, 'commit', '-qm', 'r');
    },
  });
  const call = caller(() => t, 'qwen@0.24.4', 'wt');
  const said = async (tool: string, args: Record<string, unknown>, session = 'wt-refusals') => {
    const o = await call(tool, args, { session });
    return o.error || o.text;
  };
  const wtDir = (slug: string) => path.join(dir, '.qwen/worktrees', slug);
  /** Makes worktree `name` (undefined: let the tool name it) in its own session, then removes it; its answer. */
  const roundTrip = async (name: string | undefined, session: string) => {
    const made = JSON.parse(await said('enter_worktree', name === undefined ? {} : { name }, session)) as {
      worktreePath: string;
      worktreeBranch: string;
      message: string;
    };
    const slug = path.basename(made.worktreePath);
    assert.deepEqual(made, {
      worktreePath: wtDir(slug),
      worktreeBranch: `worktree-${slug}`,
      message: `Created worktree "${slug}" at ${wtDir(slug)} on branch worktree-${slug}. Use this absolute path for all subsequent file operations until you call exit_worktree.`,
    });
    assert.ok(existsSync(path.join(made.worktreePath, 'r.txt')));
    assert.deepEqual(JSON.parse(await said('exit_worktree', { name: slug, action: 'remove' }, session)), {
      action: 'remove',
      worktreePath: wtDir(slug),
      worktreeBranch: `worktree-${slug}`,
      message: `Removed worktree "${slug}" and deleted branch worktree-${slug}.`,
    });
    assert.ok(!existsSync(made.worktreePath));
    assert.equal(git(dir, 'branch', '--list', `worktree-${slug}`), '');
    return slug;
  };
  const CHARS = 'Worktree name may only contain letters, digits, dots, underscores, and hyphens.';
  const START = 'Worktree name must not start with "." or "-" or contain "..".';

  // ---- GitWorktreeService.validateUserWorktreeSlug, through enter_worktree
  replay(ENTER, 'accepts simple slugs', async () => {
    for (const slug of ['my-feature', 'foo123', 'foo.bar_baz-1'])
      assert.equal(await roundTrip(slug, `wt-${slug}`), slug);
  });
  replay(ENTER, 'rejects path-traversal patterns', async () => {
    assert.equal(await said('enter_worktree', { name: '../etc/passwd' }), CHARS);
    assert.equal(await said('enter_worktree', { name: 'a/b' }), CHARS);
    assert.equal(await said('enter_worktree', { name: 'foo..bar' }), START);
    assert.equal(await said('enter_worktree', { name: '.hidden' }), START);
    assert.equal(await said('enter_worktree', { name: '-leadingdash' }), START);
  });
  replay(ENTER, 'rejects disallowed characters', async () => {
    assert.equal(await said('enter_worktree', { name: 'a b' }), CHARS);
    assert.equal(await said('enter_worktree', { name: 'a@b' }), CHARS);
  });
  replay(ENTER, 'rejects strings longer than 64 chars', async () => {
    assert.equal(
      await said('enter_worktree', { name: 'a'.repeat(65) }),
      'Worktree name must be at most 64 characters.',
    );
    await roundTrip('a'.repeat(64), 'wt-64');
  });
  replay(CAPTURE, 'enter_worktree: agent- names other than agent-<7 hex> are reserved', async () => {
    assert.equal(
      await said('enter_worktree', { name: 'agent-feature' }),
      'Worktree name must not start with "agent-": that prefix is reserved for ephemeral agent worktrees and is subject to automatic cleanup after 30 days.',
    );
    for (const slug of ['agent', 'agentic', 'my-agent', 'agent-1234567']) await roundTrip(slug, `wt-${slug}`);
  });

  // ---- names, branches and places
  replay(ENTER, 'prefixes the slug with WORKTREE_BRANCH_PREFIX', async () => {
    await roundTrip('feat-x', 'wt-branch');
  });
  replay(ENTER, 'uses .qwen/worktrees under the project root', async () => {
    const made = JSON.parse(await said('enter_worktree', { name: 'feat-y' }, 'wt-place')) as { worktreePath: string };
    assert.equal(made.worktreePath, path.join(dir, '.qwen', 'worktrees', 'feat-y'));
    assert.equal(git(made.worktreePath, 'rev-parse', '--abbrev-ref', 'HEAD').trim(), 'worktree-feat-y');
    await said('exit_worktree', { name: 'feat-y', action: 'remove' }, 'wt-place');
  });
  replay(ENTER, 'produces a slug matching the {adj}-{noun}-{6hex} pattern', async () => {
    for (let i = 0; i < 3; i++) assert.match(await roundTrip(undefined, 'wt-auto'), /^[a-z]+-[a-z]+-[0-9a-f]{6}$/);
  });

  // ---- EnterWorktreeTool metadata
  replay(ENTER, 'exposes the correct tool name and display name', async () => {
    const found = await said('tool_search', { query: 'select:enter_worktree' });
    assert.match(found, /^<functions>\n<function>\{"name":"enter_worktree",/);
  });
  replay(ENTER, 'rejects an explicitly invalid name during validation', async () => {
    assert.equal(await said('enter_worktree', { name: '../../etc' }), CHARS);
  });
  replay(ENTER, 'accepts an undefined name', async () => {
    assert.match(await roundTrip(undefined, 'wt-undef'), /^[a-z]+-[a-z]+-[0-9a-f]{6}$/);
  });
  replay(ENTER, 'accepts an empty-string name (treated as auto-generate)', async () => {
    const made = JSON.parse(await said('enter_worktree', { name: '' }, 'wt-empty')) as { worktreePath: string };
    const slug = path.basename(made.worktreePath);
    assert.match(slug, /^[a-z]+-[a-z]+-[0-9a-f]{6}$/);
    await said('exit_worktree', { name: slug, action: 'remove' }, 'wt-empty');
  });

  // ---- ExitWorktreeTool (both files: metadata and validation)
  replay(ENTER, 'exposes the correct tool name', async () => {
    assert.match(
      await said('tool_search', { query: 'select:exit_worktree' }),
      /^<functions>\n<function>\{"name":"exit_worktree",/,
    );
  });
  replay(EXIT, 'exposes the correct tool name', async () => {
    const found = await said('tool_search', { query: 'select:exit_worktree' });
    assert.match(found, /^<functions>\n<function>\{"name":"exit_worktree",/);
  });
  replay(EXIT, 'requires a non-empty name', async () => {
    assert.equal(
      await said('exit_worktree', { name: '', action: 'keep' }),
      'Parameter "name" must be a non-empty string.',
    );
  });
  const ACTION = 'Parameter "action" must be either "keep" or "remove".';
  replay(EXIT, 'requires action to be keep or remove', async () => {
    assert.equal(await said('exit_worktree', { name: 'foo', action: 'destroy' }), ACTION);
    // keep and remove pass the checks: what answers is that no worktree "foo" is there.
    for (const action of ['keep', 'remove'])
      assert.equal(
        await said('exit_worktree', { name: 'foo', action }),
        `Worktree "foo" not found at ${wtDir('foo')}.`,
      );
  });
  replay(ENTER, 'requires action to be keep or remove', async () => {
    assert.equal(await said('exit_worktree', { name: 'foo', action: 'destroy' }), ACTION);
  });
  replay(EXIT, 'rejects slugs that would resolve outside the worktrees dir', async () => {
    assert.equal(await said('exit_worktree', { name: 'a/b', action: 'remove' }), CHARS);
    assert.equal(await said('exit_worktree', { name: '../etc', action: 'remove' }), CHARS);
  });
  replay(ENTER, 'rejects invalid name slugs', async () => {
    assert.equal(await said('exit_worktree', { name: 'a/b', action: 'remove' }), CHARS);
  });
  replay(EXIT, 'rejects discard_changes when it is not a boolean', async () => {
    assert.equal(
      await said('exit_worktree', { name: 'foo', action: 'remove', discard_changes: 'yes' }),
      'Parameter "discard_changes" must be a boolean.',
    );
  });

  check({ matched: 19, deliberate: 1, skipped: 11, capture: 1 });
});
