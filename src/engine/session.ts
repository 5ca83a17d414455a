// Sessions hold what vendors keep per conversation: files read (for read-before-edit),
// the shell's working directory, background jobs, todo lists. In memory, bounded in
// number, expired when idle; a session's resources are released when it goes. A session
// that goes leaves a note under its id, so the next call there learns what happened
// instead of meeting a fresh session's misleading refusals ("not read yet").

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

/**
 * Read records kept per session. A session that reads file after file (read_many over a large
 * tree, a long agent run) would otherwise grow without end, and the server's memory with it.
 * Past this, the least recently recorded read is forgotten: editing that file again needs a
 * new read, as for a file never read (agents' own read records keep far fewer).
 */
export const MAX_READS = 2048;

/** A Map that keeps its `max` most recently set entries (set moves an entry to the newest place). */
export class ReadLog<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }

  override set(key: K, value: V): this {
    super.delete(key);
    super.set(key, value);
    while (this.size > this.max) super.delete(this.keys().next().value as K);
    return this;
  }
}

/** Why a session went, kept under its id after it is gone (see Session.takeEviction). */
export interface Eviction {
  session: string;
  /** The caller whose sessions it was among ('' when sessions are not scoped to callers). */
  caller: string;
  /** capacity: dropped to make room under maxSessions; idle: unused for idleMs. */
  reason: 'capacity' | 'idle';
  at: number;
  maxSessions: number;
  /** maxSessions counts each caller's sessions apart. */
  perCaller: boolean;
  idleMs: number;
  /** It still had background jobs running (they were stopped with it). */
  hadRunningWork: boolean;
  /** Sessions the pool held when it went. */
  sessions: number;
}

export class Session {
  readonly id: string;
  /** Whose session this is ('' when sessions are not scoped to callers). */
  readonly caller: string;
  /** Shell working directory; undefined means the scope's primary root. */
  cwd: string | undefined;
  /** Files read in this session, by real path (the most recently recorded MAX_READS of them). */
  readonly reads: Map<string, ReadRecord> = new ReadLog(MAX_READS);
  lastUsed = Date.now();
  /** Calls in flight that hold the session: it is never evicted from under them. */
  calls = 0;
  private readonly bags = new Map<string, unknown>();
  private readonly disposers: Array<() => void | Promise<void>> = [];
  private readonly workChecks: Array<() => boolean> = [];
  private isDisposed = false;
  private eviction: Eviction | undefined;

  constructor(id: string, caller = '', previous?: Eviction) {
    this.id = id;
    this.caller = caller;
    this.eviction = previous;
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

  /** Per-session state of one engine part, if it was created (metrics look without creating it). */
  peek<T>(key: string): T | undefined {
    return this.bags.get(key) as T | undefined;
  }

  /** Registers cleanup to run when the session expires or the server shuts down. */
  onDispose(fn: () => void | Promise<void>): void {
    this.disposers.push(fn);
  }

  /** Registers a check for work still under way (running jobs): such a session is evicted only after idle ones. */
  onRunningWork(check: () => boolean): void {
    this.workChecks.push(check);
  }

  get hasRunningWork(): boolean {
    return this.workChecks.some((check) => check());
  }

  /** Once, for the first call after an earlier session of this id was evicted: why it went. */
  takeEviction(): Eviction | undefined {
    const e = this.eviction;
    this.eviction = undefined;
    return e;
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
    this.workChecks.length = 0;
  }
}

export interface SessionStoreOptions {
  /** Sessions kept (per caller when perCaller) before one is evicted. */
  maxSessions: number;
  idleMs: number;
  /** Each caller has sessions of its own: the same id names different sessions, and maxSessions counts per caller. */
  perCaller?: boolean;
  /** Told of every session evicted or expired (logs, metrics). */
  onEvict?: (e: Eviction) => void;
}

export const DEFAULT_SESSION_ID = 'default';
/** Notes of evicted sessions kept per caller; the oldest are forgotten first. */
export const MAX_NOTES = 4096;
/** A note older than this is forgotten: the id may name a new conversation by then. */
const NOTE_TTL_MS = 24 * 3600 * 1000;

/** One caller's sessions (all of them when sessions are shared), least recently used first. */
interface Pool {
  sessions: Map<string, Session>;
  notes: Map<string, Eviction>;
}

export class SessionStore {
  private readonly pools = new Map<string, Pool>();
  private readonly timer: NodeJS.Timeout;
  /** Sessions evicted so far, by reason, and how many of them had jobs running. */
  readonly evictions = { capacity: 0, idle: 0, withRunningWork: 0 };

  constructor(private readonly opts: SessionStoreOptions) {
    this.timer = setInterval(() => void this.sweep(), Math.min(60_000, Math.max(1_000, opts.idleMs / 4)));
    this.timer.unref();
  }

  get size(): number {
    let n = 0;
    for (const pool of this.pools.values()) n += pool.sessions.size;
    return n;
  }

  /** Notes of evicted sessions kept now (at most MAX_NOTES per caller). */
  get notes(): number {
    let n = 0;
    for (const pool of this.pools.values()) n += pool.notes.size;
    return n;
  }

  /** Every session kept now (for gauges). */
  *all(): IterableIterator<Session> {
    for (const pool of this.pools.values()) yield* pool.sessions.values();
  }

  /** The session named `id` (empty: the default session) of `caller`, created when new. */
  get(id: string | undefined, caller = ''): Session {
    const key = id && id.length > 0 ? id : DEFAULT_SESSION_ID;
    const pool = this.pool(caller);
    let s = pool.sessions.get(key);
    if (s) {
      // Map order doubles as recency order for eviction.
      pool.sessions.delete(key);
    } else {
      this.makeRoom(pool, 1);
      s = new Session(key, caller, this.takeNote(pool, key));
    }
    s.lastUsed = Date.now();
    pool.sessions.set(key, s);
    return s;
  }

  /** get() for a call: the session is held (never evicted) until release(). */
  acquire(id: string | undefined, caller = ''): Session {
    const s = this.get(id, caller);
    s.calls++;
    return s;
  }

  /** Ends a call's hold; sessions over the cap while calls held them are evicted now. */
  release(s: Session): void {
    s.calls = Math.max(0, s.calls - 1);
    s.lastUsed = Date.now();
    const pool = this.pools.get(s.caller);
    if (pool?.sessions.get(s.id) === s) this.makeRoom(pool, 0);
  }

  private pool(caller: string): Pool {
    let pool = this.pools.get(caller);
    if (!pool) {
      pool = { sessions: new Map(), notes: new Map() };
      this.pools.set(caller, pool);
    }
    return pool;
  }

  private takeNote(pool: Pool, key: string): Eviction | undefined {
    const note = pool.notes.get(key);
    pool.notes.delete(key);
    return note && Date.now() - note.at < NOTE_TTL_MS ? note : undefined;
  }

  /**
   * Evicts until `incoming` more sessions fit under the cap. Sessions held by a call are never
   * evicted (the pool may exceed the cap until those calls end); idle sessions go before those
   * with jobs running; least recently used first within each.
   */
  private makeRoom(pool: Pool, incoming: number): void {
    while (pool.sessions.size + incoming > this.opts.maxSessions) {
      let withWork: Session | undefined;
      let victim: Session | undefined;
      for (const s of pool.sessions.values()) {
        if (s.calls > 0) continue;
        if (!s.hasRunningWork) {
          victim = s;
          break;
        }
        withWork ??= s;
      }
      victim ??= withWork;
      if (!victim) return;
      this.evict(pool, victim, 'capacity');
    }
  }

  private evict(pool: Pool, s: Session, reason: Eviction['reason']): void {
    const note: Eviction = {
      session: s.id,
      caller: s.caller,
      reason,
      at: Date.now(),
      maxSessions: this.opts.maxSessions,
      perCaller: this.opts.perCaller ?? false,
      idleMs: this.opts.idleMs,
      hadRunningWork: s.hasRunningWork,
      sessions: pool.sessions.size,
    };
    pool.sessions.delete(s.id);
    pool.notes.delete(s.id);
    pool.notes.set(s.id, note);
    if (pool.notes.size > MAX_NOTES) pool.notes.delete(pool.notes.keys().next().value as string);
    this.evictions[reason]++;
    if (note.hadRunningWork) this.evictions.withRunningWork++;
    this.opts.onEvict?.(note);
    void s.dispose();
  }

  private async sweep(): Promise<void> {
    const now = Date.now();
    const cutoff = now - this.opts.idleMs;
    for (const [caller, pool] of this.pools) {
      for (const s of [...pool.sessions.values()]) {
        if (s.calls === 0 && s.lastUsed < cutoff) this.evict(pool, s, 'idle');
      }
      for (const [key, note] of pool.notes) if (now - note.at >= NOTE_TTL_MS) pool.notes.delete(key);
      if (pool.sessions.size === 0 && pool.notes.size === 0) this.pools.delete(caller);
    }
  }

  /** Releases every session (background jobs killed): server shutdown. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    const all = [...this.pools.values()].flatMap((pool) => [...pool.sessions.values()]);
    this.pools.clear();
    await Promise.allSettled(all.map((s) => s.dispose()));
  }
}
