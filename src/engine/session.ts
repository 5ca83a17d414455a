// Sessions hold what vendors keep per conversation: files read (for read-before-edit),
// the shell's working directory, background jobs, todo lists. In memory, bounded in
// number, expired when idle; a session's resources are released when it goes.

/** What the session knew of a file when it last read it. */
export interface ReadRecord {
  size: number;
  mtimeMs: number;
  /** sha256 of the file's bytes at the time of the read. */
  hash: string;
  /** True when the read covered the whole file (a partial view may not license an edit). */
  complete: boolean;
  /** The range shown, for "unchanged since last read" checks. */
  offset?: number;
  limit?: number;
}

export class Session {
  readonly id: string;
  /** Shell working directory; undefined means the scope's primary root. */
  cwd: string | undefined;
  /** Files read in this session, by real path. */
  readonly reads = new Map<string, ReadRecord>();
  lastUsed = Date.now();
  private readonly bags = new Map<string, unknown>();
  private readonly disposers: Array<() => void | Promise<void>> = [];
  private isDisposed = false;

  constructor(id: string) {
    this.id = id;
  }

  /** Per-session state owned by one engine part (jobs, todos...), created on first use. */
  bag<T>(key: string, init: () => T): T {
    let v = this.bags.get(key) as T | undefined;
    if (v === undefined) {
      v = init();
      this.bags.set(key, v);
    }
    return v;
  }

  /** Registers cleanup to run when the session expires or the server shuts down. */
  onDispose(fn: () => void | Promise<void>): void {
    this.disposers.push(fn);
  }

  /** True once dispose() ran: a call still holding the session must not start new resources. */
  get disposed(): boolean {
    return this.isDisposed;
  }

  async dispose(): Promise<void> {
    this.isDisposed = true;
    const fns = this.disposers.splice(0);
    await Promise.allSettled(fns.map(async (fn) => fn()));
    this.bags.clear();
    this.reads.clear();
  }
}

export interface SessionStoreOptions {
  maxSessions: number;
  idleMs: number;
}

export const DEFAULT_SESSION_ID = 'default';

export class SessionStore {
  private readonly sessions = new Map<string, Session>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly opts: SessionStoreOptions) {
    this.timer = setInterval(() => void this.sweep(), Math.min(60_000, Math.max(1_000, opts.idleMs / 4)));
    this.timer.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  /** The session named `id` (empty: the default session), created when new. */
  get(id: string | undefined): Session {
    const key = id && id.length > 0 ? id : DEFAULT_SESSION_ID;
    let s = this.sessions.get(key);
    if (s) {
      // Map order doubles as recency order for eviction.
      this.sessions.delete(key);
    } else {
      s = new Session(key);
      this.evictIfFull();
    }
    s.lastUsed = Date.now();
    this.sessions.set(key, s);
    return s;
  }

  private evictIfFull(): void {
    while (this.sessions.size >= this.opts.maxSessions) {
      const oldest = this.sessions.keys().next().value as string;
      const s = this.sessions.get(oldest)!;
      this.sessions.delete(oldest);
      void s.dispose();
    }
  }

  private async sweep(): Promise<void> {
    const cutoff = Date.now() - this.opts.idleMs;
    for (const [key, s] of this.sessions) {
      if (s.lastUsed < cutoff) {
        this.sessions.delete(key);
        await s.dispose();
      }
    }
  }

  /** Releases every session (background jobs killed): server shutdown. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.allSettled(all.map((s) => s.dispose()));
  }
}
