// The shell engine as shapes see it: run a command to completion, start background or
// interactive jobs, read, write and stop them, all within a call's scope and a session.
// Every entry point checks the command policy first; every option a vendor tool needs is
// here, with the shape choosing values (timeouts, caps, spill, cwd persistence) and words.
import { createHash, randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { EngineError, engineFailure } from '../errors.js';
import type { Scope } from '../scope.js';
import type { ProgressSink } from '../progress.js';
import type { Session } from '../session.js';
import { buildEnv } from './env.js';
import { JobTable, type JobRead, type JobSnapshot, type ReadOptions, type StartJobSpec } from './jobs.js';
import { sweepMarkers, type ContainmentMode } from './kill.js';
import { ShellPolicy } from './policy.js';
import { loadPty } from './pty.js';
import { runToCompletion, withOutput, type KeptCommand, type RunResult } from './run.js';
import { LiveShell, type LiveRunResult } from './live.js';
import type { SandboxUse } from './process.js';
import { within, type Sandbox, type SandboxDecision, type SandboxStatus } from './sandbox.js';
import { grantsOf } from './grants.js';
import { findRefusals, refusalNote, type SandboxRefusal } from './sandbox-note.js';
import { pushNotification } from '../notifications.js';
import { grantRead } from '../read-grants.js';
import { lastLines } from './last-lines.js';
import { removeSessionDir } from '../state-dir.js';
import {
  monitorsOfSession,
  startMonitor,
  type MonitorInfo,
  type MonitorOptions,
  type MonitorStarted,
} from './monitor.js';

export interface ShellEngineConfig {
  /** Shell for command lines (bash). */
  shell: string;
  allow: string[];
  deny: string[];
  routes: Record<string, string>;
  /** Extra environment: names copied from the server's environment, or NAME=value. */
  env: string[];
  /** The operator lets bash read the user's start-up files for every command (default: never). */
  startupFiles?: boolean;
  /** Spill files and job logs live under <stateDir>/shell/<session>. */
  stateDir: string;
  maxJobsPerSession?: number;
  maxLogBytes?: number;
  killGraceMs?: number;
  /**
   * How commands are enclosed for killing: 'auto' (a cgroup when usable) or 'marker' (process group + environment
   * marker).
   */
  containment?: ContainmentMode;
  /** The sandbox every command runs in (null or absent: none), and what was decided at start-up. */
  sandbox?: Sandbox | null;
  sandboxStatus?: SandboxStatus;
  /** Overrides both when set: a decision a background probe may still be making (the first command waits for it). */
  decision?: SandboxDecision;
}

/** What the engine needs of a call (a HandlerContext fits). */
export interface ShellContext {
  session: Session;
  scope: Scope;
  signal?: AbortSignal;
  /** Told of every output chunk of the call's command, or of the job it waits on. */
  progress?: ProgressSink;
  /**
   * Set by a caller that wants what the sandbox refused as data: each run whose output earned a note adds its refusals.
   */
  sandboxRefusals?: SandboxRefusal[];
}

export interface CommandOptions {
  /** A shell line, or an argv run without a shell (a tool that sends argv). */
  command: string | readonly string[];
  /** Working directory as the caller wrote it, relative to the session directory; checked against the scope. */
  workdir?: string;
  /** Argument name to blame for a bad workdir (dir_path, workdir, directory...). */
  workdirField?: string;
  /** Variables the shape adds (PAGER=cat...). FACET_* is dropped. */
  env?: Record<string, string>;
  login?: boolean;
  /** Read the user's start-up files as the vendor's interactive terminal does (a tty session); default: not read. */
  startupFiles?: boolean;
}

export interface RunOptions extends CommandOptions {
  /** Requested timeout; the effective one is min(timeoutMs ?? defaultTimeoutMs, maxTimeoutMs). */
  timeoutMs?: number;
  defaultTimeoutMs?: number;
  maxTimeoutMs?: number;
  idleTimeoutMs?: number;
  killGraceMs?: number;
  /** 'separate' (default): stdout and stderr apart plus merged by arrival; 'merged': one pipe, exact order. */
  streams?: 'separate' | 'merged';
  /** In-memory cap per stream, split between head and tail (default 1 MiB). */
  maxOutputBytes?: number;
  headShare?: number;
  /** Spill the whole merged output to a file once it exceeds this many bytes. */
  spillOverBytes?: number;
  maxSpillBytes?: number;
  /** Keep `cd` for the next call of the session (reset to the root when it leaves the scope). */
  persistCwd?: boolean;
  /** Report the pids of jobs the line left in the background. */
  reportBackground?: boolean;
  /** Leave background processes running after the line ends (killed with the session). */
  keepBackground?: boolean;
  /** Written to stdin, which is then closed. */
  input?: string;
}

export interface RunOutcome extends RunResult {
  /** Where the command ran. */
  cwd: string;
  timeoutMs: number;
  /** The session directory after the call. */
  sessionCwd: string;
  /** Set when the command left the scope and the session directory went back to the root. */
  cwdReset?: { attempted: string; resetTo: string };
}

export interface StartOptions extends CommandOptions {
  description?: string;
  /** Keep stdin open for write(). */
  stdin?: boolean;
  /** Run on a pseudo-terminal (falls back to pipes when node-pty cannot load; see ttyFallback). */
  tty?: boolean;
  cols?: number;
  rows?: number;
  /** Kill the job after this long. */
  timeoutMs?: number;
  /**
   * 'merged' (default): stderr joins stdout at the source; 'separate': two pipes, told apart in onOutput (the log holds
   * both).
   */
  streams?: 'merged' | 'separate';
  /** Told of every output chunk as it arrives, and of the end (see StartJobSpec). */
  onOutput?: StartJobSpec['onOutput'];
  onEnd?: StartJobSpec['onEnd'];
  logTrailer?: StartJobSpec['logTrailer'];
  /** Learn where a shell line ended (JobSnapshot.finalCwd), for keepCwd. */
  reportCwd?: boolean;
}

export interface LiveOptions {
  timeoutMs: number;
  /** Output bytes kept (the rest is counted). */
  maxOutputBytes: number;
  /** Variables the shape adds when a shell starts. */
  env?: Record<string, string>;
}

export interface LiveOutcome extends LiveRunResult {
  /** A new shell was started for this command. */
  started: boolean;
  /** What the sandbox refused, when the output shows it (a note ends the output). */
  sandbox?: SandboxRefusal[];
  /** The command left the scope: the shell went back to the first root. */
  cwdReset?: { attempted: string; resetTo: string };
}

interface LiveState {
  shell?: LiveShell;
  /** The roots the shell's sandbox was made for (a call with other roots gets a fresh shell). */
  roots?: string;
  /** The end of the last command queued. */
  turn: Promise<unknown>;
}

interface SessionShell {
  jobs: JobTable;
  dir: string;
  /** Commands whose leftovers were deliberately left running by runs (keepBackground). */
  kept: Set<KeptCommand>;
  /** Markers of the session's commands enclosed by the marker mechanism (swept at its end). */
  markers: Set<string>;
}

const BAG = 'engine.shell';
const LIVE_BAG = 'engine.shell.live';
const MiB = 1 << 20;

export class ShellEngine {
  readonly policy: ShellPolicy;

  constructor(readonly config: ShellEngineConfig) {
    this.policy = new ShellPolicy({ allow: config.allow, deny: config.deny, routes: config.routes });
  }

  /** Runs a command to completion. A timeout is a result (timedOut); the call's abort throws. */
  async run(ctx: ShellContext, opts: RunOptions): Promise<RunOutcome> {
    const cwd = await this.prepare(ctx, opts);
    const timeoutMs = effectiveTimeout(opts);
    const maxOut = positive(opts.maxOutputBytes, 'maxOutputBytes') ?? MiB;
    const headBytes = Math.floor(maxOut * (opts.headShare ?? 0.5));
    const state = this.state(ctx.session);
    const isLine = typeof opts.command === 'string';
    const env = buildEnv(this.config.env, opts.env);
    const sandbox = await this.sandboxUse(ctx, this.startupFiles(opts), state.dir);
    const result = await runToCompletion({
      command: opts.command,
      shell: this.config.shell,
      login: opts.login,
      startupFiles: this.startupFiles(opts),
      cwd,
      env,
      merge: opts.streams === 'merged',
      report: isLine && Boolean(opts.persistCwd || opts.reportBackground),
      timeoutMs,
      idleTimeoutMs: opts.idleTimeoutMs,
      killGraceMs: opts.killGraceMs ?? this.config.killGraceMs ?? 2000,
      signal: ctx.signal,
      headBytes,
      tailBytes: maxOut - headBytes,
      spill:
        opts.spillOverBytes !== undefined
          ? {
              path: path.join(state.dir, `output-${randomBytes(6).toString('hex')}.txt`),
              overBytes: opts.spillOverBytes,
              maxBytes: opts.maxSpillBytes ?? 64 * MiB,
            }
          : undefined,
      keepBackground: Boolean(opts.keepBackground),
      input: opts.input,
      onKept: (kept) => state.kept.add(kept),
      progress: ctx.progress,
      containment: this.config.containment,
      markers: state.markers,
      sandbox,
      annotate: (text, background) => {
        const found = this.refusals(sandbox, text, cwd, env, background.length);
        if (found.length === 0) return undefined;
        ctx.sandboxRefusals?.push(...found);
        return { note: refusalNote(found, sandbox!.roots), facts: found };
      },
    });
    const outcome: RunOutcome = { ...result, cwd, timeoutMs, sessionCwd: ctx.session.cwd ?? ctx.scope.primary };
    if (opts.persistCwd && result.finalCwd !== undefined) {
      const reset = await this.keepCwd(ctx, result.finalCwd);
      if (reset) outcome.cwdReset = reset;
      outcome.sessionCwd = ctx.session.cwd ?? ctx.scope.primary;
    }
    return outcome;
  }

  /**
   * Makes `finalCwd` (where a line ended) the session directory; one outside the scope sends it back to the first root,
   * and the reset is returned.
   */
  async keepCwd(ctx: ShellContext, finalCwd: string): Promise<{ attempted: string; resetTo: string } | undefined> {
    const real = await fsp.realpath(finalCwd).catch(() => undefined);
    if (real !== undefined && ctx.scope.contains(real)) {
      ctx.session.cwd = real;
      return undefined;
    }
    ctx.session.cwd = undefined;
    return { attempted: finalCwd, resetTo: ctx.scope.primary };
  }

  /** Starts a job and returns at once (read its output with output()). */
  async start(ctx: ShellContext, opts: StartOptions): Promise<JobSnapshot> {
    const cwd = await this.prepare(ctx, opts);
    const state = this.state(ctx.session);
    let tty: { cols: number; rows: number; pty: NonNullable<Awaited<ReturnType<typeof loadPty>>> & object } | undefined;
    let ttyFallback: string | undefined;
    if (opts.tty) {
      const pty = await loadPty();
      if (typeof pty === 'string') ttyFallback = pty;
      else tty = { cols: opts.cols ?? 120, rows: opts.rows ?? 40, pty };
    }
    const extra = tty ? { TERM: 'xterm-256color', ...opts.env } : opts.env;
    const env = buildEnv(this.config.env, extra);
    const sandbox = await this.sandboxUse(ctx, this.startupFiles(opts), state.dir);
    return state.jobs.start({
      command: opts.command,
      shell: this.config.shell,
      login: opts.login,
      startupFiles: this.startupFiles(opts),
      cwd,
      env,
      merge: opts.streams !== 'separate',
      report: typeof opts.command === 'string' && Boolean(opts.reportCwd),
      stdin: Boolean(opts.stdin || opts.tty),
      onOutput: opts.onOutput,
      onEnd: opts.onEnd,
      logTrailer: opts.logTrailer,
      tty,
      description: opts.description,
      timeoutMs: opts.timeoutMs,
      ttyFallback,
      containment: this.config.containment,
      markers: state.markers,
      sandbox,
      annotate: (text) => {
        const found = this.refusals(sandbox, text, cwd, env);
        if (found.length === 0) return undefined;
        // Reaches the host block only when the job ends within the call that started it (a call that waits for its
        // job).
        ctx.sandboxRefusals?.push(...found);
        return refusalNote(found, sandbox!.roots);
      },
    });
  }

  /** Starts a monitored command: its output lines and its end become notifications of the session (monitor.ts). */
  monitor(ctx: ShellContext, opts: MonitorOptions): Promise<MonitorStarted> {
    return startMonitor(this, ctx, opts);
  }

  /** The session's monitors, running and ended. */
  monitors(ctx: ShellContext): MonitorInfo[] {
    return monitorsOfSession(ctx.session);
  }

  /** Starts a background job whose end is queued as a notification of the session (job-notify.ts). */
  async startNotified(ctx: ShellContext, opts: Omit<StartOptions, 'onEnd'>, label?: string): Promise<JobSnapshot> {
    const session = ctx.session;
    const job = await this.start(ctx, {
      ...opts,
      onEnd: (ended, newest) =>
        pushNotification(session, {
          type: 'job_ended',
          job: ended,
          ...(label !== undefined ? { label } : {}),
          outputFile: ended.logPath,
          lastLines: lastLines(newest, 10).lines,
        }),
    });
    grantRead(session, job.logPath);
    return job;
  }

  /** Where a job's whole output is, made readable by the session's read tools. */
  outputFile(ctx: ShellContext, id: string | number): { job: JobSnapshot; path: string } {
    const job = this.job(ctx, id);
    grantRead(ctx.session, job.logPath);
    return { job, path: job.logPath };
  }

  jobs(ctx: ShellContext): JobSnapshot[] {
    return this.state(ctx.session).jobs.list();
  }

  job(ctx: ShellContext, id: string | number): JobSnapshot {
    return this.state(ctx.session).jobs.get(id);
  }

  /** New output of a job (see ReadOptions for waiting and budgets). */
  output(ctx: ShellContext, id: string | number, opts: ReadOptions = {}): Promise<JobRead> {
    return this.state(ctx.session).jobs.read(id, {
      ...opts,
      signal: opts.signal ?? ctx.signal,
      progress: opts.progress ?? ctx.progress,
    });
  }

  /** The newest output of a job, at most `maxBytes`. */
  tail(ctx: ShellContext, id: string | number, maxBytes?: number) {
    return this.state(ctx.session).jobs.tail(id, maxBytes);
  }

  /** Writes to a job's stdin, then reads what came. Empty input only polls. */
  async write(ctx: ShellContext, id: string | number, chars: string, read: ReadOptions = {}): Promise<JobRead> {
    const jobs = this.state(ctx.session).jobs;
    if (chars.length > 0) await jobs.write(id, chars);
    return jobs.read(id, {
      until: 'exit',
      ...read,
      signal: read.signal ?? ctx.signal,
      progress: read.progress ?? ctx.progress,
    });
  }

  /** Writes raw bytes to a job's stdin, reading nothing (its output goes wherever the job's onOutput sends it). */
  async send(ctx: ShellContext, id: string | number, data: Buffer): Promise<JobSnapshot> {
    return this.state(ctx.session).jobs.write(id, data);
  }

  /** Ends a job's input (EOF). */
  endInput(ctx: ShellContext, id: string | number): JobSnapshot {
    return this.state(ctx.session).jobs.endInput(id);
  }

  /** Sends one signal to a job's process group, leaving the rest to the job (stop() is TERM, then KILL). */
  signal(ctx: ShellContext, id: string | number, sig: NodeJS.Signals): JobSnapshot {
    return this.state(ctx.session).jobs.signal(id, sig);
  }

  /** Resizes a job's terminal (no_terminal when it runs on pipes). */
  resize(ctx: ShellContext, id: string | number, cols: number, rows: number): JobSnapshot {
    return this.state(ctx.session).jobs.resize(id, cols, rows);
  }

  /** Kills a job's whole process group. Stopping a finished job is harmless. */
  stop(ctx: ShellContext, id: string | number): Promise<JobSnapshot> {
    return this.state(ctx.session).jobs.stop(id);
  }

  /**
   * Stops a job whose call failed while it ran (cancelled, mostly): an EngineError `err` comes back carrying what the
   * job printed and how it ended, as a cancelled run's error carries them (facts.output, process).
   */
  async stopFailed(ctx: ShellContext, id: string | number, err: unknown): Promise<{ job: JobSnapshot; err: unknown }> {
    const { job, output } = await this.state(ctx.session).jobs.stopKeeping(id);
    return { job, err: err instanceof EngineError ? withOutput(err, output, job, job.durationMs) : err };
  }

  /**
   * Runs a command in the session's live bash, where `cd` and variables persist (started in
   * the session directory on first use, and again after it ended, timed out or was
   * restarted). A directory left outside the scope sends the shell back to the first root.
   */
  async runLive(ctx: ShellContext, command: string, opts: LiveOptions): Promise<LiveOutcome> {
    validateCommand(command);
    this.policy.check(command);
    const live = this.liveState(ctx.session);
    // One command at a time per session: a second call waits for the first to end.
    const turn = live.turn.then(() => this.liveTurn(ctx, command, opts, live));
    live.turn = turn.catch(() => undefined);
    return turn;
  }

  private async liveTurn(ctx: ShellContext, command: string, opts: LiveOptions, live: LiveState): Promise<LiveOutcome> {
    let started = false;
    const sandbox = await this.sandboxUse(ctx);
    const rootsKey = [...(sandbox?.roots ?? ctx.scope.roots), '', ...(sandbox?.readOnly ?? [])].join('\0');
    // A shell sandboxed for other roots (a call narrowed differently, a grant since) cannot serve this call.
    if (live.shell?.alive && sandbox && live.roots !== rootsKey) live.shell.kill();
    const env = buildEnv(this.config.env, { ...opts.env });
    if (!live.shell?.alive) {
      const cwd = await this.resolveCwd(ctx, undefined);
      const wrap = sandbox
        ? (file: string, args: string[]) =>
            sandbox.box.wrap(file, args, sandbox.roots, cwd, env, false, sandbox.readOnly)
        : undefined;
      live.shell = new LiveShell({ shell: this.config.shell, cwd, env, wrap });
      live.roots = rootsKey;
      started = true;
    }
    const shell = live.shell;
    const result = await shell.run(command, {
      timeoutMs: opts.timeoutMs,
      maxOutputBytes: opts.maxOutputBytes,
      signal: ctx.signal,
    });
    const outcome: LiveOutcome = { ...result, started };
    const found = result.end.type === 'exit' ? this.refusals(sandbox, result.output, result.end.cwd, env) : [];
    if (found.length > 0) {
      outcome.output = `${result.output}${result.output === '' ? '' : '\n'}${refusalNote(found, sandbox!.roots)}`;
      outcome.sandbox = found;
      ctx.sandboxRefusals?.push(...found);
    }
    if (result.end.type === 'exit') {
      const real = await fsp.realpath(result.end.cwd).catch(() => undefined);
      if (real !== undefined && ctx.scope.contains(real)) {
        ctx.session.cwd = real;
      } else {
        shell.cd(ctx.scope.primary);
        ctx.session.cwd = undefined;
        outcome.cwdReset = { attempted: result.end.cwd, resetTo: ctx.scope.primary };
      }
    } else {
      // Timed out, cancelled or exited: the shell is gone (killed with everything it started).
      shell.kill();
      live.shell = undefined;
    }
    return outcome;
  }

  /** Ends the session's live bash, if any (the next runLive starts a fresh one); true when one was running. */
  restartLive(ctx: ShellContext): boolean {
    const live = this.liveState(ctx.session);
    const was = live.shell?.alive ?? false;
    live.shell?.kill();
    live.shell = undefined;
    ctx.session.cwd = undefined;
    return was;
  }

  private liveState(session: Session): LiveState {
    if (session.disposed)
      throw engineFailure('session_ended', 'the session has ended; call again to get a fresh one', {
        session: session.id,
      });
    return session.bag(LIVE_BAG, () => {
      const s: LiveState = { turn: Promise.resolve() };
      session.onDispose(() => s.shell?.kill());
      return s;
    });
  }

  /** Checks a command against the policy without running it. */
  check(command: string | readonly string[]): void {
    this.policy.check(command);
  }

  /** What was decided about the sandbox at start-up (asked before a background probe answered, it probes now). */
  get sandboxStatus(): SandboxStatus {
    if (this.config.decision) return this.config.decision.now().status;
    return (
      this.config.sandboxStatus ?? { requested: 'none', active: this.config.sandbox ? 'bwrap' : 'none', network: false }
    );
  }

  /** The sandbox status once decided: a background probe may still be running just after start-up. */
  get sandboxReady(): Promise<SandboxStatus> {
    return this.config.decision
      ? this.config.decision.ready.then((d) => d.status)
      : Promise.resolve(this.sandboxStatus);
  }

  /**
   * The sandbox for a call; `own` is the session's directory of spilled output and job logs, which its commands may
   * read.
   */
  private async sandboxUse(ctx: ShellContext, startupFiles = false, own?: string): Promise<SandboxUse | undefined> {
    // Just after start-up a background probe may still be deciding: the first command waits for it.
    if (this.config.decision?.settled === false) await this.config.decision.ready;
    const box = this.config.decision ? this.config.decision.now().sandbox : this.config.sandbox;
    if (!box) return undefined;
    // What the host granted the session (grants.ts): more writable paths, more readable ones; none reopens a
    // hidden directory, and a read grant never makes a writable path read-only.
    const granted = grantsOf(ctx.session);
    const roots = [...ctx.scope.roots, ...(granted?.write ?? [])];
    const open = (p: string) => !box.settings.hidden.some((h) => within(h, p)) && !roots.some((r) => within(r, p));
    const readOnly = [...(own ? [own] : []), ...(granted?.read ?? []).filter(open)];
    return { box, roots, startupFiles, ...(readOnly.length > 0 ? { readOnly } : {}) };
  }

  private refusals(
    sandbox: SandboxUse | undefined,
    text: string,
    cwd: string,
    env: Record<string, string>,
    background = 0,
  ): SandboxRefusal[] {
    if (!sandbox) return [];
    return findRefusals(
      text,
      { box: sandbox.box, roots: sandbox.roots, cwd, home: env.HOME },
      sandbox.box.settings.network,
      background,
    );
  }

  private startupFiles(opts: CommandOptions): boolean {
    return Boolean(this.config.startupFiles || opts.startupFiles);
  }

  private async prepare(ctx: ShellContext, opts: CommandOptions): Promise<string> {
    validateCommand(opts.command);
    this.policy.check(opts.command);
    return this.resolveCwd(ctx, opts.workdir, opts.workdirField ?? 'workdir');
  }

  /** The session directory if still inside the call's scope, else the first root; then `workdir` from it. */
  async resolveCwd(ctx: ShellContext, workdir: string | undefined, field = 'workdir'): Promise<string> {
    let base = ctx.scope.primary;
    const cur = ctx.session.cwd;
    if (cur !== undefined && ctx.scope.contains(cur)) {
      const st = await fsp.stat(cur).catch(() => undefined);
      if (st?.isDirectory()) base = cur;
    }
    if (workdir === undefined || workdir === '') return base;
    const r = await ctx.scope.resolve(workdir, base, field);
    const st = await fsp.stat(r.real).catch(() => undefined);
    if (!st)
      throw engineFailure(
        'path_missing',
        `the directory ${workdir} does not exist`,
        { path: workdir, resolved: r.real },
        { field },
      );
    if (!st.isDirectory())
      throw engineFailure(
        'not_a_directory',
        `${workdir} is not a directory`,
        { path: workdir, resolved: r.real },
        { field },
      );
    return r.real;
  }

  private state(session: Session): SessionShell {
    if (session.disposed) {
      // A call that still holds an expired session: anything started now would outlive it.
      throw engineFailure('session_ended', 'the session has ended; call again to get a fresh one', {
        session: session.id,
      });
    }
    return session.bag(BAG, () => {
      const hash = createHash('sha256').update(session.id).digest('hex').slice(0, 16);
      const dir = path.join(this.config.stateDir, 'shell', `${hash}-${randomBytes(3).toString('hex')}`);
      const s: SessionShell = {
        dir,
        kept: new Set(),
        markers: new Set(),
        jobs: new JobTable({
          dir: path.join(dir, 'jobs'),
          maxJobs: this.config.maxJobsPerSession ?? 32,
          maxLogBytes: this.config.maxLogBytes ?? 32 * MiB,
          killGraceMs: this.config.killGraceMs ?? 2000,
        }),
      };
      session.onRunningWork(() => s.jobs.runningCount > 0);
      session.onDispose(async () => {
        const grace = this.config.killGraceMs ?? 2000;
        const kept = [...s.kept].map((k) => k.kill(grace));
        await Promise.allSettled([s.jobs.close(), ...kept]);
        // Under the marker mechanism, a finished command's daemon that let go of its output
        // was not seen when the command ended: find and end it now.
        await sweepMarkers(s.markers, grace);
        await removeSessionDir(dir, this.config.stateDir);
      });
      return s;
    });
  }
}

function validateCommand(command: string | readonly string[]): void {
  if (typeof command === 'string') {
    if (command.trim() === '') throw engineFailure('empty_command', 'the command is empty', {}, { field: 'command' });
    if (command.includes('\0'))
      throw engineFailure('nul_in_command', 'the command contains a NUL byte', {}, { field: 'command' });
    return;
  }
  if (command.length === 0 || command[0] === '')
    throw engineFailure('no_program', 'the command has no program', {}, { field: 'command' });
  if (command.some((a) => a.includes('\0')))
    throw engineFailure('nul_in_command', 'an argument contains a NUL byte', {}, { field: 'command' });
}

function positive(v: number | undefined, field: string): number | undefined {
  if (v === undefined) return undefined;
  if (!Number.isFinite(v) || v <= 0)
    throw engineFailure('not_positive', `${field} must be a positive number`, { value: v }, { field });
  return v;
}

/** min(requested ?? default, max): what each vendor does with a timeout over its maximum. */
export function effectiveTimeout(opts: Pick<RunOptions, 'timeoutMs' | 'defaultTimeoutMs' | 'maxTimeoutMs'>): number {
  const requested = positive(opts.timeoutMs, 'timeout');
  const def = opts.defaultTimeoutMs ?? 120_000;
  const max = opts.maxTimeoutMs ?? 600_000;
  return Math.max(1, Math.min(requested ?? def, max));
}
