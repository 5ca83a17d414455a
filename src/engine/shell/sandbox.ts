// The shell sandbox: every command runs under bubblewrap (bwrap) in namespaces of its own,
// where the call's roots are the only writable directories that persist, the system is
// read-only, home directories, /tmp, the server's state and everything else of the machine
// are absent, and the network is off unless configured. File tools refuse paths outside
// the roots; without this a command could read or write anything the server's user can.
//
// Inside, from an empty root made read-only at the end:
// - /usr, /bin, /sbin, /lib*, /etc, /opt (and the Node.js and shell installs when they live
//   elsewhere, plus the operator's --shell-sandbox-ro paths) bound read-only;
// - /proc of a PID namespace of its own (the server's environment and open files are not
//   reachable through /proc/<pid>), a minimal /dev;
// - /tmp, /var/tmp and $HOME: empty private tmpfs, gone when the command ends;
// - the roots bound read-write at their own paths, then the state directory covered again,
//   and the session's own job logs and spilled output (which results name) shown read-only;
// - no network but a loopback of its own (--unshare-net), unless the network is shared.
// No --new-session: commands already lead a session of their own (spawned detached) with no
// terminal to inject into, and an interactive one must keep its pseudo-terminal. No
// --die-with-parent either: a kill sends TERM to the whole process group, bwrap's outer
// process dies of it at once, and with that option its child would be KILLed before the
// command could use its grace period; the PID namespace ends everything once its first
// process (bwrap's init) is gone, and the group's KILL after the grace reaches it.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';

export type SandboxMode = 'auto' | 'bwrap' | 'none';

export interface SandboxSettings {
  mode: SandboxMode;
  /** Commands may reach the network (--shell-network). */
  network: boolean;
  /** Extra directories or files bound read-only (--shell-sandbox-ro). */
  readOnly?: readonly string[];
  /** Directories hidden even where a root or a system directory holds them (the state and memory directories). */
  hidden: readonly string[];
  /** The shell, made visible when it lives outside the system directories. */
  shell: string;
}

/** What was decided at start-up, for Identity's summary and the start-up log. */
export interface SandboxStatus {
  requested: SandboxMode;
  /** bwrap: commands run in the sandbox; none: they run unconfined. */
  active: 'bwrap' | 'none';
  network: boolean;
  /** Why bubblewrap is not used (auto fell back), when it is not. */
  reason?: string;
}

/** What bash reads at start-up from $HOME (a login shell's profile, an interactive shell's rc). */
const STARTUP_FILES = ['.bash_profile', '.bash_login', '.profile', '.bashrc'];

const SYSTEM = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/etc', '/opt'];

export class SandboxError extends Error {
  override name = 'SandboxError';
}

/** A sandbox that builds the bwrap argv of one command. */
export class Sandbox {
  /** The mount arguments every command shares (system binds, /proc, /dev). */
  private readonly base: string[];
  private readonly visible: string[];

  constructor(
    readonly bwrap: string,
    readonly settings: SandboxSettings,
  ) {
    const { args, visible } = systemBinds(settings);
    this.base = args;
    this.visible = visible;
  }

  /** True when `p` (absolute) shows inside the sandbox read-only: a system directory or an added one. */
  systemVisible(p: string): boolean {
    return this.visible.some((v) => within(v, p));
  }

  /**
   * The argv that runs `file args` inside the sandbox for a call scoped to `roots`, starting in
   * `cwd`; `env` is the command's environment (HOME and TMPDIR are looked at, and TMPDIR is
   * pointed at the private /tmp when its directory would not exist inside).
   */
  wrap(
    file: string,
    args: readonly string[],
    roots: readonly string[],
    cwd: string,
    env: Record<string, string>,
    startupFiles = false,
    readOnly: readonly string[] = [],
  ): { file: string; args: string[] } {
    const a = [...this.base];
    const inRoots = (p: string) => roots.some((r) => within(r, p));
    const home = env.HOME;
    if (
      home &&
      path.isAbsolute(home) &&
      home !== '/' &&
      !inRoots(home) &&
      (this.systemVisible(home) ? isDir(home) : true)
    ) {
      a.push('--tmpfs', home);
      // A terminal session (or an operator's --shell-startup-files) reads the user's start-up files: those alone show,
      // read-only.
      if (startupFiles) for (const f of STARTUP_FILES) a.push('--ro-bind-try', path.join(home, f), path.join(home, f));
    }
    // Start-up files the operator passed on (--shell-env BASH_ENV): the file it names shows, read-only.
    for (const name of ['BASH_ENV', 'ENV']) {
      const f = env[name];
      if (f && path.isAbsolute(f) && !inRoots(f)) a.push('--ro-bind-try', f, f);
    }
    const tmp = env.TMPDIR;
    // Inside, /tmp and the home are empty: a directory below them (TMPDIR=/tmp/user/1000) does not exist there.
    const kept =
      tmp &&
      path.isAbsolute(tmp) &&
      (inRoots(tmp) || [path.resolve('/tmp'), home && path.resolve(home)].includes(path.resolve(tmp)));
    if (tmp && !kept) a.push('--setenv', 'TMPDIR', '/tmp');
    for (const r of roots) a.push('--bind', r, r);
    // Hidden again where a root (or a system directory) holds it: the state directory may sit in one.
    for (const h of this.settings.hidden) {
      if (isDir(h) && (inRoots(h) || this.systemVisible(h))) a.push('--tmpfs', h);
    }
    // The session's own job logs and spilled output, which its results name: readable, after the state directory was
    // hidden.
    for (const p of readOnly) a.push('--ro-bind-try', p, p);
    a.push('--remount-ro', '/', '--chdir', cwd, '--', file, ...args);
    return { file: this.bwrap, args: a };
  }
}

function systemBinds(settings: SandboxSettings): { args: string[]; visible: string[] } {
  const args = ['--unshare-all', ...(settings.network ? ['--share-net'] : [])];
  const visible: string[] = [];
  const bind = (p: string) => {
    let st;
    try {
      st = lstatSync(p);
    } catch {
      return;
    }
    if (visible.some((v) => within(v, p))) return;
    // /bin -> usr/bin on merged-/usr systems: the same link inside.
    if (st.isSymbolicLink() && SYSTEM.includes(p)) args.push('--symlink', readlinkSync(p), p);
    else args.push('--ro-bind', p, p);
    visible.push(p);
  };
  for (const p of SYSTEM) bind(p);
  // Node.js (npm, npx) and the shell, when installed outside the system directories (nvm, a tarball).
  for (const p of [path.dirname(path.dirname(realOf(process.execPath))), path.dirname(realOf(settings.shell))]) bind(p);
  for (const p of settings.readOnly ?? []) bind(realOf(p));
  // With the network shared, names resolve through /etc/resolv.conf, which may point into /run.
  if (settings.network) bind(realOf('/etc/resolv.conf'));
  args.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp', '--tmpfs', '/var/tmp');
  return { args, visible };
}

function realOf(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** True when `p` is `dir` or lies beneath it (both absolute and normalised). */
export function within(dir: string, p: string): boolean {
  return p === dir || p.startsWith(dir.endsWith('/') ? dir : `${dir}/`);
}

/** bwrap on PATH (absolute), or undefined. */
function findBwrap(pathVar = process.env.PATH ?? ''): string | undefined {
  for (const dir of pathVar.split(':')) {
    if (dir === '') continue;
    const f = path.join(dir, 'bwrap');
    try {
      accessSync(f, constants.X_OK);
      return f;
    } catch {
      // not here
    }
  }
  return undefined;
}

const HOW_TO_ALLOW =
  'bubblewrap needs unprivileged user namespaces: on the host, sysctl user.max_user_namespaces must be above 0 ' +
  '(and kernel.unprivileged_userns_clone=1 on older Debian kernels; on Ubuntu 23.10 and later kernel.apparmor_restrict_unprivileged_userns=0 ' +
  'or an AppArmor profile that lets bwrap use them); in a container, a seccomp profile that allows unshare and clone with namespace flags ' +
  '(docker run --security-opt seccomp=unconfined --security-opt apparmor=unconfined, or seccompProfile: Unconfined in Kubernetes) and an unmasked /proc ' +
  '(--security-opt systempaths=unconfined, or procMount: Unmasked); or run with --shell-sandbox none to turn the sandbox off';

type ProbeResult = { ok: true; bwrap: string } | { ok: false; reason: string };

/**
 * Probe results, once per process, network setting and PATH: bwrap's answer does not change while the server runs.
 * A probe still running in the background is held as its promise.
 */
const probes = new Map<string, ProbeResult | Promise<ProbeResult>>();

const probeKey = (settings: SandboxSettings) => `${settings.network}\0${process.env.PATH ?? ''}`;

/** The command that tries bwrap (a real command's mounts and namespaces, running `true`), or why there is none. */
function probeCommand(settings: SandboxSettings): { bwrap: string; file: string; args: string[] } | ProbeResult {
  const bwrap = findBwrap();
  if (!bwrap) return { ok: false, reason: 'bwrap was not found on PATH (install the bubblewrap package)' };
  const box = new Sandbox(bwrap, { ...settings, readOnly: [], hidden: [] });
  const run = box.wrap(settings.shell, ['-c', 'true'], [], '/', { PATH: process.env.PATH ?? '/usr/bin:/bin' });
  return { bwrap, ...run };
}

/** What the probe's run says: bwrap works, or why not (its last lines of stderr, else how it ended). */
function probeVerdict(bwrap: string, status: number | null, stderr: string, how: string): ProbeResult {
  if (status === 0) return { ok: true, bwrap };
  const said = stderr.trim().split('\n').slice(-2).join(' ') || how;
  return { ok: false, reason: `bwrap cannot create its sandbox here: ${said}` };
}

function probe(settings: SandboxSettings): ProbeResult {
  const key = probeKey(settings);
  const known = probes.get(key);
  if (known && !(known instanceof Promise)) return known;
  // Asked while a background probe runs (or first): probe now; the background one's answer is the same.
  const cmd = probeCommand(settings);
  let result: ProbeResult;
  if (!('file' in cmd)) result = cmd;
  else {
    const r = spawnSync(cmd.file, cmd.args, { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'pipe'] });
    result = probeVerdict(
      cmd.bwrap,
      r.status,
      r.stderr ?? '',
      r.error?.message ?? `exit status ${r.status ?? r.signal}`,
    );
  }
  probes.set(key, result);
  return result;
}

/** The probe without blocking: known at once when cached or when bwrap is missing, else a promise of bwrap's answer. */
function probeInBackground(settings: SandboxSettings): ProbeResult | Promise<ProbeResult> {
  const key = probeKey(settings);
  const known = probes.get(key);
  if (known) return known;
  const cmd = probeCommand(settings);
  if (!('file' in cmd)) {
    probes.set(key, cmd);
    return cmd;
  }
  const running = new Promise<ProbeResult>((resolve) => {
    let stderr = '';
    const child = spawn(cmd.file, cmd.args, { timeout: 10_000, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.once('error', (err) => resolve(probeVerdict(cmd.bwrap, null, '', err.message)));
    child.once('close', (status, signal) =>
      resolve(probeVerdict(cmd.bwrap, status, stderr, `exit status ${status ?? signal}`)),
    );
  }).then((result) => {
    // A synchronous probe may have answered meanwhile: the same answer, kept.
    if (probes.get(key) === running) probes.set(key, result);
    return result;
  });
  probes.set(key, running);
  return running;
}

/** The sandbox and its status from a probe's answer (`bwrap` mode throws when bwrap cannot run). */
function decide(settings: SandboxSettings, p: ProbeResult): { sandbox: Sandbox | null; status: SandboxStatus } {
  const status: SandboxStatus = { requested: settings.mode, active: 'none', network: settings.network };
  if (!p.ok) {
    if (settings.mode === 'bwrap') throw new SandboxError(`--shell-sandbox bwrap: ${p.reason}. ${HOW_TO_ALLOW}`);
    return { sandbox: null, status: { ...status, reason: p.reason } };
  }
  return { sandbox: new Sandbox(p.bwrap, settings), status: { ...status, active: 'bwrap' } };
}

/**
 * Decides the sandbox at start-up: bwrap is tried once with a trivial command. `bwrap` mode
 * throws a SandboxError saying how to allow it when it cannot run; `auto` falls back to none.
 */
export function resolveSandbox(settings: SandboxSettings): { sandbox: Sandbox | null; status: SandboxStatus } {
  if (settings.mode === 'none')
    return { sandbox: null, status: { requested: 'none', active: 'none', network: settings.network } };
  return decide(settings, probe(settings));
}

/**
 * The sandbox decision of one engine. In `auto` mode bwrap's trial run goes on in the background
 * while the server starts (issue 38: it held start-up for the length of a process spawn); the
 * first command waits for `ready`. `none` is known at once, and `bwrap` mode decides before
 * start-up goes on, since a bwrap that cannot run must stop it.
 */
export class SandboxDecision {
  private decided?: { sandbox: Sandbox | null; status: SandboxStatus };
  /** Resolves once decided; never rejects (`bwrap` mode's failure is thrown by the constructor). */
  readonly ready: Promise<{ sandbox: Sandbox | null; status: SandboxStatus }>;

  constructor(private readonly settings: SandboxSettings) {
    const p = settings.mode === 'auto' ? probeInBackground(settings) : undefined;
    if (p instanceof Promise) this.ready = p.then((r) => (this.decided ??= decide(settings, r)));
    else {
      this.decided = p ? decide(settings, p) : resolveSandbox(settings);
      this.ready = Promise.resolve(this.decided);
    }
  }

  /** True once decided: nothing to wait for. */
  get settled(): boolean {
    return this.decided !== undefined;
  }

  /** The decision now: asked before the background probe answered, it probes synchronously (the same answer). */
  now(): { sandbox: Sandbox | null; status: SandboxStatus } {
    return (this.decided ??= resolveSandbox(this.settings));
  }
}

/** The start-up decision for a mode and network setting, without building a sandbox (Identity's summary). */
export function sandboxStatusFor(mode: SandboxMode, network: boolean, shell: string): SandboxStatus {
  if (mode === 'none') return { requested: mode, active: 'none', network };
  const p = probe({ mode, network, hidden: [], shell });
  return p.ok
    ? { requested: mode, active: 'bwrap', network }
    : { requested: mode, active: 'none', network, reason: p.reason };
}
