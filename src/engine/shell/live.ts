// A live bash process kept per session (for a bash tool that keeps its shell): each command is evaluated in
// the same shell, so `cd`, variables and functions carry over to the next. A command is sent
// as `eval '<command>' </dev/null` followed by a line that prints a random end mark with the
// exit status and the directory; output is read (stdout and stderr on one pipe, in order)
// until that mark. A command that does not end in time has the whole process group killed;
// the next command then starts a fresh shell. The shell dies with the server, however the
// server ends (SIGKILL included): see WATCHDOG.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';

export interface LiveShellOptions {
  shell: string;
  cwd: string;
  env: Record<string, string>;
  /** Puts the shell's argv in its sandbox (bwrap first), when commands are sandboxed. */
  wrap?: (file: string, args: string[]) => { file: string; args: string[] };
}

export interface LiveRunOptions {
  timeoutMs: number;
  /** Output bytes kept; the rest is counted but dropped. */
  maxOutputBytes: number;
  signal?: AbortSignal;
}

export interface LiveRunResult {
  /** The output (stdout and stderr in order), up to maxOutputBytes, with one trailing newline removed. */
  output: string;
  totalBytes: number;
  /** Lines of the whole output (kept or not), a final line without a newline counted. */
  totalLines: number;
  truncated: boolean;
  /** How the command ended: its exit status, a timeout, the shell exiting, or the call being cancelled. */
  end:
    | { type: 'exit'; code: number; cwd: string }
    | { type: 'timeout' }
    | { type: 'shell_exited'; code: number | null; signal: string | null }
    | { type: 'cancelled' };
}

/**
 * Started first in every live shell: a process of the shell's group that waits on a pipe only
 * the server holds (fd 3), and kills the whole group once the pipe reads EOF, which is when
 * the server's process is gone, however it ended: the kernel closes a dead process's pipes.
 * Without it a running command (its stdin is /dev/null) and the shell waiting for it outlive a
 * SIGKILLed server. Node cannot set PR_SET_PDEATHSIG; a pipe needs no helper binary and no
 * polling. Forked from a subshell that exits at once, it is no job of the shell (a command's
 * `wait` or `jobs` never sees it), and the shell closes its own fd 3, so commands get none.
 */
const WATCHDOG = `( { read -r _ <&3; kill -KILL 0; } </dev/null >/dev/null 2>&1 & ); exec 3<&-\n`;

/** The command as one single-quoted bash word. */
const quoted = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export class LiveShell {
  private readonly proc: ChildProcess;
  private readonly mark = `__facet_end_${randomBytes(8).toString('hex')}__`;
  private exited: { code: number | null; signal: string | null } | undefined;
  private onData: ((chunk: Buffer) => void) | undefined;
  private onExit: (() => void) | undefined;
  private busy = false;

  constructor(opts: LiveShellOptions) {
    const argv = opts.wrap
      ? opts.wrap(opts.shell, ['--noprofile', '--norc'])
      : { file: opts.shell, args: ['--noprofile', '--norc'] };
    this.proc = spawn(argv.file, argv.args, {
      cwd: opts.cwd,
      env: opts.env,
      detached: true,
      // fd 3: the watchdog's end of a pipe nothing ever writes to.
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
    });
    (this.proc.stdio[3] as { unref?: () => void } | null)?.unref?.();
    this.proc.stdin!.on('error', () => undefined);
    this.proc.on('error', () => {
      this.exited ??= { code: null, signal: null };
      this.onExit?.();
    });
    this.proc.stdout!.on('data', (b: Buffer) => this.onData?.(b));
    // Until the first command makes stderr join stdout, anything the shell says goes here too.
    this.proc.stderr!.on('data', (b: Buffer) => this.onData?.(b));
    this.proc.on('exit', (code, signal) => {
      this.exited = { code, signal };
      // The shell is gone (an `exit` of its own): the watchdog ends what it left, and itself.
      (this.proc.stdio[3] as { destroy?: () => void } | null)?.destroy?.();
      this.onExit?.();
    });
    this.proc.stdin!.write(`${WATCHDOG}exec 2>&1\n`);
  }

  get alive(): boolean {
    return this.exited === undefined;
  }

  get pid(): number | undefined {
    return this.proc.pid;
  }

  /** Runs one command to its end mark (one at a time; a second caller waits its turn by failing fast). */
  run(command: string, opts: LiveRunOptions): Promise<LiveRunResult> {
    if (this.busy) throw new Error('live shell: one command at a time');
    this.busy = true;
    const markLine = `\n${this.mark} `;
    const kept: Buffer[] = [];
    let keptBytes = 0;
    let totalBytes = 0;
    let newlines = 0;
    let lastByte = -1;
    // Output not yet taken: its end may hold the start of the end mark.
    let pending = '';
    const take = (text: string) => {
      const bytes = Buffer.from(text, 'latin1');
      totalBytes += bytes.length;
      for (const b of bytes) if (b === 10) newlines++;
      if (bytes.length > 0) lastByte = bytes[bytes.length - 1]!;
      const room = opts.maxOutputBytes - keptBytes;
      if (room > 0) {
        const piece = bytes.subarray(0, room);
        kept.push(piece);
        keptBytes += piece.length;
      }
    };
    return new Promise<LiveRunResult>((resolve) => {
      const clock: { timer?: NodeJS.Timeout } = {};
      const finish = (end: LiveRunResult['end']) => {
        clearTimeout(clock.timer);
        opts.signal?.removeEventListener('abort', onAbort);
        this.onData = undefined;
        this.onExit = undefined;
        this.busy = false;
        const text = Buffer.concat(kept).toString('utf8');
        const output = text.endsWith('\n') ? text.slice(0, -1) : text;
        // The one final newline removed from the output is not a line of its own.
        const totalLines = totalBytes === 0 ? 0 : lastByte === 10 ? newlines : newlines + 1;
        resolve({ output, totalBytes, totalLines, truncated: totalBytes > opts.maxOutputBytes, end });
      };
      const onAbort = () => {
        this.kill();
        take(pending);
        finish({ type: 'cancelled' });
      };
      this.onData = (chunk) => {
        pending += chunk.toString('latin1');
        const at = pending.indexOf(markLine);
        if (at < 0) {
          const keep = Math.min(pending.length, markLine.length - 1);
          take(pending.slice(0, pending.length - keep));
          pending = pending.slice(pending.length - keep);
          return;
        }
        // The status line may not be complete yet: wait for the rest of it.
        const status = /^(-?\d+) (.*)\n/.exec(pending.slice(at + markLine.length));
        if (!status) return;
        take(pending.slice(0, at));
        finish({ type: 'exit', code: Number(status[1]), cwd: Buffer.from(status[2]!, 'latin1').toString('utf8') });
      };
      this.onExit = () => {
        take(pending);
        finish({ type: 'shell_exited', code: this.exited?.code ?? null, signal: this.exited?.signal ?? null });
      };
      if (this.exited) return this.onExit();
      if (opts.signal?.aborted) return onAbort();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      clock.timer = setTimeout(() => {
        this.kill();
        take(pending);
        finish({ type: 'timeout' });
      }, opts.timeoutMs);
      this.proc.stdin!.write(
        `eval ${quoted(command)} </dev/null\n__facet_rc=$?; printf '\\n%s %d %s\\n' '${this.mark}' "$__facet_rc" "$PWD"\n`,
      );
    });
  }

  /** Moves the shell to `dir` without output (the directory left the scope). */
  cd(dir: string): void {
    if (this.alive) this.proc.stdin!.write(`cd -- ${quoted(dir)} >/dev/null 2>&1\n`);
  }

  /** Kills the shell and everything it started (its process group). */
  kill(): void {
    const pid = this.proc.pid;
    if (pid !== undefined && this.exited === undefined) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        try {
          this.proc.kill('SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    this.exited ??= { code: null, signal: 'SIGKILL' };
  }
}
