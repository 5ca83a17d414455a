// A session working in a git worktree: entered by creating one (`git worktree add` under the
// repository root, on a branch of its own, from a base) or by naming an existing one; the
// session's working directory moves into it and back on exit. Exit keeps it or removes it; a
// removal is refused while it holds uncommitted files or commits the base lacks (unless the
// caller discards them), and a worktree this session did not create is never removed. Git is
// run by the engine (git.ts), never through the user's shell. A failed creation leaves no
// directory, no branch and no worktree entry behind.
import { randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { engineFailure, isCondition } from './errors.js';
import { git, gitOk } from './git.js';
import type { Scope } from './scope.js';
import type { Session } from './session.js';
import type { JobSnapshot } from './shell/jobs.js';

export interface WorktreeContext {
  scope: Scope;
  session: Session;
  signal?: AbortSignal;
}

export interface WorktreeEnterOptions {
  /**
   * Create (or resume) the worktree <repository root>/<dir>/<name>; slash-separated segments of letters, digits, dots,
   * underscores and dashes.
   */
  name?: string;
  /** Or enter this existing worktree (relative to the session directory); it stays the repository's. */
  path?: string;
  /** Where named worktrees live, relative to the repository root (e.g. ".agent/worktrees"). */
  dir: string;
  /** The branch is <branchPrefix><name> (default "worktree-"). */
  branchPrefix?: string;
  /** 'fresh' (default): the remote's default branch (origin/HEAD) when there is one, else HEAD; 'head': HEAD. */
  base?: 'fresh' | 'head';
  /** The branch exists without a worktree: 'refuse' (default), or 'reset' it to the base and use it. */
  existingBranch?: 'refuse' | 'reset';
  /**
   * A worktree of that name exists: 'resume' (default: enter it as it is, not owned), 'adopt'
   * (resume it as this session's own, removable, unless another session's lock is on it), or 'refuse'.
   */
  existingWorktree?: 'resume' | 'adopt' | 'refuse';
  /** Longest name accepted (default 64). */
  maxNameChars?: number;
}

export interface WorktreeEntered {
  /** The worktree's real path: the session's directory now. */
  path: string;
  /** Its branch ("HEAD" when detached). */
  branch: string;
  repoRoot: string;
  /** created: made now; resumed: a worktree of that name was there; entered: named by path. */
  how: 'created' | 'resumed' | 'entered';
  /** The commit it was made from, and the name that commit was taken from (created only). */
  base?: string;
  baseRef?: string;
  /** The session's directory before (the first root when it had none of its own). */
  previousCwd: string;
  /** This session made it (and may remove it). */
  owned: boolean;
}

export interface WorktreeChanges {
  /** Tracked files changed (staged or not). */
  trackedChanges: number;
  untrackedFiles: number;
  /** The two together. */
  uncommittedFiles: number;
  /** Commits on the worktree's HEAD that its base lacks. */
  commits: number;
}

export interface WorktreeExited {
  action: 'keep' | 'remove';
  path: string;
  branch: string;
  /** The session's directory again. */
  cwd: string;
  /** What a removal threw away (remove only). */
  discarded?: WorktreeChanges;
  /** The branch was deleted with the worktree. */
  branchDeleted?: boolean;
}

interface Active {
  path: string;
  branch: string;
  repoRoot: string;
  base?: string;
  owned: boolean;
  /** The session directory to go back to (undefined: none of its own). */
  previousCwd: string | undefined;
  locked: boolean;
}

const KEY = 'engine.worktree';
const SEGMENT = /^[A-Za-z0-9._-]+$/;

const activeOf = (s: Session) => s.peek<{ active?: Active }>(KEY)?.active;

function setActive(s: Session, active: Active | undefined): void {
  const box = s.bag<{ active?: Active; hooked?: boolean }>(KEY, () => ({}));
  box.active = active;
  if (!box.hooked) {
    box.hooked = true;
    // A session that ends inside a worktree leaves it kept, but not locked for a session that is gone.
    s.onDispose(async () => {
      const a = box.active;
      if (a?.locked) await git(a.repoRoot, ['worktree', 'unlock', a.path]).catch(() => undefined);
    });
  }
}

/** The worktree the session works in, if any. */
export function activeWorktree(session: Session): Omit<Active, 'locked' | 'previousCwd'> | undefined {
  const a = activeOf(session);
  return (
    a && { path: a.path, branch: a.branch, repoRoot: a.repoRoot, owned: a.owned, ...(a.base ? { base: a.base } : {}) }
  );
}

/** Refuses a name git or the file system would take otherwise than meant; returns it. */
export function checkWorktreeName(name: string, max = 64): string {
  const bad = (reason: string) =>
    engineFailure(
      'bad_worktree_name',
      `invalid worktree name "${name}": ${reason}`,
      { name, reason },
      { field: 'name' },
    );
  if (name.length === 0) throw bad('it is empty');
  if (name.length > max) throw bad(`it has ${name.length} characters; at most ${max}`);
  for (const seg of name.split('/')) {
    if (!SEGMENT.test(seg))
      throw bad(
        'each "/"-separated segment must be non-empty and hold only letters, digits, dots, underscores and dashes',
      );
    // Path and ref safety beyond the character set: no "." or ".." segments, no hidden or .lock segment.
    if (seg.startsWith('.') || seg.endsWith('.lock') || seg.endsWith('.'))
      throw bad('a segment may not start or end with "." or end with ".lock"');
  }
  return name;
}

/** A name for a worktree the caller did not name: two words and four hex digits. */
export function randomWorktreeName(): string {
  const first = [
    'amber',
    'brisk',
    'calm',
    'deft',
    'eager',
    'fair',
    'gentle',
    'hardy',
    'keen',
    'lucid',
    'merry',
    'nimble',
    'quiet',
    'swift',
  ];
  const second = [
    'brook',
    'cedar',
    'dune',
    'fern',
    'grove',
    'harbor',
    'isle',
    'lark',
    'meadow',
    'otter',
    'pine',
    'ridge',
    'stone',
    'wren',
  ];
  const b = randomBytes(4);
  return `${first[b[0]! % first.length]}-${second[b[1]! % second.length]}-${b.subarray(2).toString('hex')}`;
}

/** Moves the session into a worktree, made now or existing. */
export async function enterWorktree(ctx: WorktreeContext, opts: WorktreeEnterOptions): Promise<WorktreeEntered> {
  const current = activeOf(ctx.session);
  if (current && opts.path === undefined) {
    throw engineFailure('worktree_active', `the session already works in the worktree ${current.path}`, {
      path: current.path,
      branch: current.branch,
    });
  }
  const cwd = await sessionDir(ctx);
  return opts.path !== undefined ? enterExisting(ctx, cwd, opts.path, current) : create(ctx, cwd, opts);
}

async function create(ctx: WorktreeContext, cwd: string, opts: WorktreeEnterOptions): Promise<WorktreeEntered> {
  const name = checkWorktreeName(opts.name ?? randomWorktreeName(), opts.maxNameChars);
  const repoRoot = await topLevel(cwd, ctx.signal);
  const wanted = path.join(repoRoot, opts.dir, name);
  // Checked through the scope with links followed: a linked worktree directory cannot lead out.
  const where = await ctx.scope.resolve(wanted, repoRoot, 'name');
  const branch = `${opts.branchPrefix ?? 'worktree-'}${name}`;
  if (where.exists) {
    const listed = await worktreePaths(repoRoot, ctx.signal);
    if (!listed.includes(where.real) || opts.existingWorktree === 'refuse') {
      throw engineFailure('worktree_path_taken', `${wanted} already exists`, { path: wanted }, { field: 'name' });
    }
    if (opts.existingWorktree === 'adopt' && !(await lockedPaths(repoRoot, ctx.signal)).includes(where.real)) {
      // Its base is where it left the base ref: the commits after it are the work a removal would lose.
      // The base ref is the repository's (HEAD there, not in the worktree).
      const baseRef = opts.base === 'head' ? 'HEAD' : await remoteDefault(repoRoot, ctx.signal);
      const tip = (await gitOk(repoRoot, ['rev-parse', '--verify', `${baseRef}^{commit}`], ctx.signal)).trim();
      const fork = await git(where.real, ['merge-base', tip, 'HEAD'], ctx.signal);
      const base = fork.exitCode === 0 ? fork.stdout.trim() : undefined;
      return enterAt(ctx, cwd, where.real, repoRoot, 'resumed', true, base);
    }
    return enterAt(ctx, cwd, where.real, repoRoot, 'resumed', false);
  }
  const branchExisted =
    (await git(repoRoot, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`], ctx.signal)).exitCode === 0;
  if (branchExisted && opts.existingBranch !== 'reset') {
    throw engineFailure('worktree_branch_exists', `the branch ${branch} already exists`, { branch }, { field: 'name' });
  }
  const baseRef = opts.base === 'head' ? 'HEAD' : await remoteDefault(repoRoot, ctx.signal);
  const base = (await gitOk(repoRoot, ['rev-parse', '--verify', `${baseRef}^{commit}`], ctx.signal)).trim();
  const madeParent = await fsp.mkdir(path.dirname(where.absolute), { recursive: true });
  const args = ['worktree', 'add', branchExisted ? '-B' : '-b', branch, where.absolute, base];
  // Nothing half made: on failure the directory, the parents made for it, a new branch and the worktree entry go.
  const undo = async () => {
    await fsp.rm(where.absolute, { recursive: true, force: true }).catch(() => undefined);
    if (madeParent) await fsp.rm(madeParent, { recursive: true, force: true }).catch(() => undefined);
    if (!branchExisted) await git(repoRoot, ['branch', '-D', branch]).catch(() => undefined);
    await git(repoRoot, ['worktree', 'prune']).catch(() => undefined);
  };
  try {
    await gitOk(repoRoot, args, ctx.signal);
  } catch (e) {
    await undo();
    throw e;
  }
  const real = await fsp.realpath(where.absolute);
  const entered = await enterAt(ctx, cwd, real, repoRoot, 'created', true, base);
  return { ...entered, base, baseRef };
}

async function enterExisting(
  ctx: WorktreeContext,
  cwd: string,
  input: string,
  current: Active | undefined,
): Promise<WorktreeEntered> {
  const where = await ctx.scope.resolve(input, cwd, 'path');
  if (!where.exists)
    throw engineFailure(
      'path_missing',
      `${input} does not exist`,
      { path: input, resolved: where.real },
      { field: 'path' },
    );
  const top = await git(where.real, ['rev-parse', '--show-toplevel'], ctx.signal);
  const real = top.exitCode === 0 ? await fsp.realpath(top.stdout.trim()).catch(() => '') : '';
  if (real !== where.real || !(await worktreePaths(real, ctx.signal)).includes(real)) {
    throw engineFailure(
      'not_a_worktree',
      `${input} is not the top of a git worktree`,
      { path: input },
      { field: 'path' },
    );
  }
  if (current?.locked) await git(current.repoRoot, ['worktree', 'unlock', current.path]).catch(() => undefined);
  return enterAt(
    ctx,
    current ? (current.previousCwd ?? ctx.scope.primary) : cwd,
    real,
    await mainWorktree(real, ctx.signal),
    'entered',
    false,
    undefined,
    current,
  );
}

async function enterAt(
  ctx: WorktreeContext,
  cwd: string,
  real: string,
  repoRoot: string,
  how: WorktreeEntered['how'],
  owned: boolean,
  base?: string,
  switchedFrom?: Active,
): Promise<WorktreeEntered> {
  const branch = (await gitOk(real, ['rev-parse', '--abbrev-ref', 'HEAD'], ctx.signal)).trim();
  // Locked while the session works in it, so a prune elsewhere leaves it alone; the reason names the session.
  const locked =
    owned &&
    (await git(real, ['worktree', 'lock', '--reason', `in use by session ${ctx.session.id}`, real])).exitCode === 0;
  const previousCwd = switchedFrom ? switchedFrom.previousCwd : ctx.session.cwd;
  setActive(ctx.session, { path: real, branch, repoRoot, owned, previousCwd, locked, ...(base ? { base } : {}) });
  ctx.session.cwd = real;
  return { path: real, branch, repoRoot, how, previousCwd: previousCwd ?? cwd, owned };
}

/** What the active worktree holds that its base lacks: uncommitted files and commits. */
export async function worktreeChanges(ctx: WorktreeContext): Promise<WorktreeChanges> {
  const a = activeOf(ctx.session);
  if (!a) throw engineFailure('no_worktree_active', 'the session works in no worktree', {});
  return changesIn(a, ctx.signal);
}

async function changesIn(a: Pick<Active, 'path' | 'base'>, signal?: AbortSignal): Promise<WorktreeChanges> {
  const fields = (await gitOk(a.path, ['status', '--porcelain=v1', '-z', '--untracked-files=all'], signal)).split('\0');
  let trackedChanges = 0;
  let untrackedFiles = 0;
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    if (f.length < 4) continue;
    if (f.startsWith('??')) untrackedFiles++;
    else if (!f.startsWith('!!')) trackedChanges++;
    // A rename or copy carries its source path as the next field.
    if (f[0] === 'R' || f[0] === 'C') i++;
  }
  const commits = a.base ? Number((await gitOk(a.path, ['rev-list', '--count', `${a.base}..HEAD`], signal)).trim()) : 0;
  return { trackedChanges, untrackedFiles, uncommittedFiles: trackedChanges + untrackedFiles, commits };
}

/**
 * Leaves the active worktree: the session directory goes back to where it was. 'remove' also
 * deletes the worktree and its branch, refused for one this session did not create, for one
 * a running job of the session works in, and (unless `discard`) for one with work in it.
 */
export async function exitWorktree(
  ctx: WorktreeContext & { jobs?: () => JobSnapshot[] },
  action: 'keep' | 'remove',
  discard = false,
): Promise<WorktreeExited> {
  const a = activeOf(ctx.session);
  if (!a) throw engineFailure('no_worktree_active', 'the session works in no worktree', {});
  const back = () => {
    ctx.session.cwd = a.previousCwd;
    setActive(ctx.session, undefined);
    return a.previousCwd ?? ctx.scope.primary;
  };
  if (action === 'keep') {
    if (a.locked) await git(a.path, ['worktree', 'unlock', a.path]).catch(() => undefined);
    return { action, path: a.path, branch: a.branch, cwd: back() };
  }
  if (!a.owned)
    throw engineFailure('worktree_not_owned', `this session did not create the worktree ${a.path}`, {
      path: a.path,
      branch: a.branch,
      cwd: a.previousCwd ?? ctx.scope.primary,
    });
  const inside = (ctx.jobs?.() ?? []).filter(
    (j) => j.status === 'running' && (j.cwd === a.path || j.cwd.startsWith(a.path + path.sep)),
  );
  if (inside.length > 0) {
    throw engineFailure('worktree_busy', `${inside.length} running job(s) work in ${a.path}; stop them first`, {
      path: a.path,
      jobs: inside.map((j) => j.id),
    });
  }
  const changes = await changesIn(a, ctx.signal);
  if (!discard && (changes.uncommittedFiles > 0 || changes.commits > 0)) {
    throw engineFailure(
      'worktree_has_changes',
      `the worktree has ${changes.uncommittedFiles} uncommitted file(s) and ${changes.commits} commit(s) not on its base`,
      { path: a.path, branch: a.branch, ...changes },
      { field: 'discard_changes' },
    );
  }
  const main = a.repoRoot;
  if (a.locked) await git(main, ['worktree', 'unlock', a.path]).catch(() => undefined);
  try {
    await gitOk(main, ['worktree', 'remove', '--force', a.path], ctx.signal);
  } catch (e) {
    if (isCondition(e, 'git_failed') && a.locked) await git(main, ['worktree', 'lock', a.path]).catch(() => undefined);
    throw e;
  }
  const branchDeleted = a.branch !== 'HEAD' && (await git(main, ['branch', '-D', a.branch])).exitCode === 0;
  return { action, path: a.path, branch: a.branch, cwd: back(), discarded: changes, branchDeleted };
}

async function sessionDir(ctx: WorktreeContext): Promise<string> {
  const cur = ctx.session.cwd;
  if (cur !== undefined && ctx.scope.contains(cur) && (await fsp.stat(cur).catch(() => undefined))?.isDirectory())
    return cur;
  return ctx.scope.primary;
}

async function topLevel(cwd: string, signal?: AbortSignal): Promise<string> {
  const r = await git(cwd, ['rev-parse', '--show-toplevel'], signal);
  if (r.exitCode !== 0)
    throw engineFailure('not_a_git_repository', `${cwd} is not in a git repository`, {
      path: cwd,
      stderr: r.stderr.trim(),
    });
  return fsp.realpath(r.stdout.trim());
}

/** The first entry of `git worktree list`: the repository's main working tree. */
async function mainWorktree(dir: string, signal?: AbortSignal): Promise<string> {
  return (await worktreePaths(dir, signal))[0] ?? dir;
}

async function worktreePaths(dir: string, signal?: AbortSignal): Promise<string[]> {
  return (await worktreeList(dir, signal)).map((w) => w.path);
}

/** The worktrees that hold a lock (this or another session's, or one made by hand). */
async function lockedPaths(dir: string, signal?: AbortSignal): Promise<string[]> {
  return (await worktreeList(dir, signal)).filter((w) => w.locked).map((w) => w.path);
}

/** `git worktree list`: each worktree's real path and whether it is locked. */
async function worktreeList(dir: string, signal?: AbortSignal): Promise<Array<{ path: string; locked: boolean }>> {
  const out = await gitOk(dir, ['worktree', 'list', '--porcelain', '-z'], signal);
  // Records are separated by an empty field; each starts with "worktree <path>".
  const list: Array<{ path: string; locked: boolean }> = [];
  for (const field of out.split('\0')) {
    if (field.startsWith('worktree ')) list.push({ path: field.slice('worktree '.length), locked: false });
    else if ((field === 'locked' || field.startsWith('locked ')) && list.length > 0)
      list[list.length - 1]!.locked = true;
  }
  return Promise.all(list.map(async (w) => ({ ...w, path: await fsp.realpath(w.path).catch(() => w.path) })));
}

/** origin's default branch (origin/HEAD's target) when the repository has one, else HEAD. */
async function remoteDefault(repoRoot: string, signal?: AbortSignal): Promise<string> {
  const r = await git(repoRoot, ['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD'], signal);
  return r.exitCode === 0 && r.stdout.trim() !== '' ? r.stdout.trim() : 'HEAD';
}
