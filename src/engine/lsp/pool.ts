// The language servers of one engine, one per (project root, language), started when a tool
// first needs one. The pool keeps them within bounds: at most `maxServers` (the least recently
// used idle one makes room), each stopped when idle for `idleMs`, and all of their process trees
// within `memoryMb` together (least recently used idle servers stop; one alone over it is
// killed). A server that crashed or was killed restarts only after a backoff that doubles with
// each failure in a row (so a server that dies on start-up is not respawned on every edit).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { languageOf, withCommand, type LanguageSpec } from './languages.js';
import { LanguageServer, LspUnavailable } from './server.js';

export interface LspSettings {
  enabled: boolean;
  startTimeoutMs: number;
  requestTimeoutMs: number;
  /** How long a writing tool waits for the diagnostics of what it changed. */
  diagnosticsMs: number;
  /**
   * A writing call waits for a warm server's diagnostics only until it has taken 1 + this many
   * times as long as its write alone (and within diagnosticsMs): an edit with them costs at most
   * that many times one without.
   */
  diagnosticsRatio: number;
  idleMs: number;
  /** The resident memory of all the pool's process trees together. */
  memoryMb: number;
  maxServers: number;
  /** language → argv replacing the built-in command (--lsp-server). */
  servers?: Record<string, string[]>;
}

export const DEFAULT_LSP: LspSettings = {
  enabled: true,
  startTimeoutMs: 20_000,
  requestTimeoutMs: 10_000,
  diagnosticsMs: 3_000,
  diagnosticsRatio: 2,
  idleMs: 10 * 60_000,
  memoryMb: 2048,
  maxServers: 8,
};

const BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 60_000;
const SWEEP_MS = 5_000;

interface Entry {
  key: string;
  server?: LanguageServer;
  /** Failures in a row; the next start waits out `retryAt`. */
  failures: number;
  retryAt: number;
  lastError?: string;
}

export interface ServerFor {
  server: LanguageServer;
  spec: LanguageSpec;
  languageId: string;
  root: string;
}

export class LspPool {
  private readonly entries = new Map<string, Entry>();
  private sweeper?: NodeJS.Timeout;
  private closed = false;

  constructor(readonly settings: LspSettings) {}

  /** The language (and its spec with any --lsp-server override) a file is spoken of in, or undefined. */
  languageOf(file: string): { spec: LanguageSpec; languageId: string } | undefined {
    const found = languageOf(file);
    if (!found) return undefined;
    const argv = this.settings.servers?.[found.spec.name];
    return argv ? { spec: withCommand(found.spec, argv), languageId: found.languageId } : found;
  }

  /**
   * The project root of `file`: the nearest directory up to `top` holding one of the language's markers, else `top`.
   */
  rootOf(file: string, spec: LanguageSpec, top: string): string {
    for (let dir = path.dirname(file); dir.startsWith(top); dir = path.dirname(dir)) {
      if (spec.markers.some((m) => existsSync(path.join(dir, m)))) return dir;
      if (dir === top || path.dirname(dir) === dir) break;
    }
    return top;
  }

  /**
   * The running (or starting) server for `file` under the scope root `top`; throws LspUnavailable saying why there is
   * none.
   */
  serverFor(file: string, top: string): ServerFor {
    if (!this.settings.enabled || this.closed)
      throw new LspUnavailable('code intelligence is off (--lsp off)', 'disabled');
    const lang = this.languageOf(file);
    if (!lang)
      throw new LspUnavailable(
        `no language server handles ${path.extname(file) || 'files without an extension'}`,
        'missing',
      );
    const root = this.rootOf(file, lang.spec, top);
    const key = `${lang.spec.name}\0${root}`;
    let entry = this.entries.get(key);
    if (!entry) this.entries.set(key, (entry = { key, failures: 0, retryAt: 0 }));
    if (entry.server && !entry.server.ended) {
      entry.server.lastUsed = Date.now();
      return { server: entry.server, spec: lang.spec, languageId: lang.languageId, root };
    }
    if (Date.now() < entry.retryAt) {
      const s = Math.ceil((entry.retryAt - Date.now()) / 1000);
      throw new LspUnavailable(`${entry.lastError ?? 'the language server failed'}; next start in ${s} s`, 'backoff');
    }
    const cmd = lang.spec.command();
    if ('missing' in cmd) throw new LspUnavailable(cmd.missing, 'missing');
    this.makeRoom();
    const server = new LanguageServer({
      argv: cmd.argv,
      server: cmd.server,
      language: lang.spec.name,
      root,
      initializationOptions: lang.spec.initializationOptions?.(),
      startTimeoutMs: this.settings.startTimeoutMs,
      requestTimeoutMs: this.settings.requestTimeoutMs,
      tsserver: lang.spec.name === 'typescript' && !this.settings.servers?.typescript,
    });
    const e = entry;
    e.server = server;
    server.onEnd = (why) => this.failed(e, server, why);
    server.ready.then(
      () => {
        if (e.server === server) e.failures = 0;
      },
      (err: Error) => this.failed(e, server, err.message),
    );
    this.startSweeper();
    return { server, spec: lang.spec, languageId: lang.languageId, root };
  }

  /** A server that ended or failed to start: its entry waits out a backoff before the next start. */
  private failed(e: Entry, server: LanguageServer, why: string): void {
    if (e.server !== server) return;
    e.server = undefined;
    if (this.closed || why === 'idle') return;
    e.failures++;
    e.lastError = why;
    e.retryAt = Date.now() + Math.min(MAX_BACKOFF_MS, BACKOFF_MS * 2 ** (e.failures - 1));
  }

  /** A server that hangs (a request ran out of time) is ended so the next use starts afresh after a backoff. */
  hung(server: LanguageServer, why: string): void {
    const e = [...this.entries.values()].find((x) => x.server === server);
    if (!e) return;
    this.failed(e, server, why);
    void server.stop(200);
  }

  private makeRoom(): void {
    const running = [...this.entries.values()].filter((e) => e.server && !e.server.ended);
    if (running.length < this.settings.maxServers) return;
    const idle = running.filter((e) => e.server!.busy === 0).sort((a, b) => a.server!.lastUsed - b.server!.lastUsed);
    const victim = idle[0] ?? running.sort((a, b) => a.server!.lastUsed - b.server!.lastUsed)[0]!;
    const s = victim.server!;
    victim.server = undefined;
    void s.stop();
  }

  private startSweeper(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => this.sweep(), Math.min(SWEEP_MS, Math.max(50, this.settings.idleMs / 2)));
    this.sweeper.unref();
  }

  /**
   * Stops idle servers; then holds the pool within its memory cap: a server whose tree alone is
   * over it is killed (and restarted after a backoff), and while the pool as a whole is over it
   * the least recently used idle servers stop (started again when next needed).
   */
  sweep(): void {
    const now = Date.now();
    const cap = this.settings.memoryMb * 1024 * 1024;
    const sizes: Array<{ e: Entry; s: LanguageServer; rss: number }> = [];
    for (const e of this.entries.values()) {
      const s = e.server;
      if (!s || s.ended) continue;
      if (s.busy === 0 && now - s.lastUsed > this.settings.idleMs) {
        e.server = undefined;
        void s.stop();
        continue;
      }
      const rss = s.rss();
      if (rss > cap) {
        this.failed(
          e,
          s,
          `${s.spec.server} used ${Math.round(rss / 1048576)} MB, over the ${this.settings.memoryMb} MB cap, and was restarted`,
        );
        s.kill();
        continue;
      }
      sizes.push({ e, s, rss });
    }
    let total = sizes.reduce((n, x) => n + x.rss, 0);
    for (const x of sizes.filter((x) => x.s.busy === 0).sort((a, b) => a.s.lastUsed - b.s.lastUsed)) {
      if (total <= cap) break;
      x.e.server = undefined;
      void x.s.stop();
      total -= x.rss;
    }
    if (![...this.entries.values()].some((e) => e.server)) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }

  /** Servers running now. */
  running(): LanguageServer[] {
    return [...this.entries.values()].flatMap((e) => (e.server && !e.server.ended ? [e.server] : []));
  }

  /** Resident memory of every server's process tree, in bytes. */
  rss(): number {
    return this.running().reduce((n, s) => n + s.rss(), 0);
  }

  /** Stops every server (shutdown, then their process groups); later uses are refused. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    this.sweeper = undefined;
    const all = this.running();
    for (const e of this.entries.values()) e.server = undefined;
    await Promise.all(all.map((s) => s.stop()));
  }
}

export { LspUnavailable };
