// One running language server: its process (a process group of its own, so stopping it
// ends tsserver and any other child with it), its JSON-RPC connection (vscode-languageserver-
// protocol, not a hand-written client), the documents Facet has opened in it, and the
// diagnostics it has published. Every wait is bounded; a server that dies or hangs rejects
// what is pending at once instead of leaving a caller waiting. The protocol library (~300 KB
// of JavaScript) loads with the first server started, not with the engine (issue 38).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic, ProtocolConnection, ServerCapabilities } from 'vscode-languageserver-protocol/node';
import { atExit } from '../at-exit.js';

type Rpc = typeof import('vscode-languageserver-protocol/node');
let rpc: Promise<Rpc> | undefined;
/**
 * The JSON-RPC client library, imported once, when the first server starts. A CommonJS package:
 * the bundle's chunk exports it as `default` only, Node's loader as `default` and by name.
 */
const loadRpc = (): Promise<Rpc> =>
  (rpc ??= import('vscode-languageserver-protocol/node').then((m) => (m as { default?: Rpc }).default ?? m));

// The protocol's method names that Facet listens for (the library's constants are runtime values).
const PUBLISH_DIAGNOSTICS = 'textDocument/publishDiagnostics';
const PULL_DIAGNOSTICS = 'textDocument/diagnostic';
const REGISTER_CAPABILITY = 'client/registerCapability';

/** Why a server cannot answer: its words go into the note an edit carries. */
export class LspUnavailable extends Error {
  constructor(
    message: string,
    readonly reason:
      | 'disabled'
      | 'missing'
      | 'start_failed'
      | 'start_timeout'
      | 'crashed'
      | 'timeout'
      | 'backoff'
      | 'memory'
      | 'closed',
  ) {
    super(message);
  }
}

export interface ServerSpawn {
  argv: string[];
  /** The server's name as shown (typescript-language-server, pyright...). */
  server: string;
  language: string;
  root: string;
  initializationOptions?: unknown;
  startTimeoutMs: number;
  requestTimeoutMs: number;
  /** Diagnostics straight from tsserver (see tsDiagnostics) rather than waiting for pushes. */
  tsserver?: boolean;
}

interface Published {
  seq: number;
  diagnostics: Diagnostic[];
}

const live = new Set<LanguageServer>();
// However the process ends, no server outlives it.
atExit(() => {
  for (const s of live) {
    s.kill();
    s.removeTmp();
  }
});

/** Processes in the tree under `pid` (itself included), from /proc. */
function treeOf(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${out[i]}/task`);
    } catch {
      continue;
    }
    for (const t of tasks) {
      try {
        for (const c of readFileSync(`/proc/${out[i]}/task/${t}/children`, 'latin1').split(' '))
          if (c.trim()) out.push(Number(c));
      } catch {
        // gone
      }
    }
  }
  return out;
}

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

export class LanguageServer {
  readonly spec: ServerSpawn;
  private readonly proc: ChildProcess;
  /** Set once the protocol library has loaded (initialize); every request waits for `ready` first. */
  private conn?: ProtocolConnection;
  private lib?: Rpc;
  private stderrTail = '';
  private seq = 0;
  private waiters = new Set<() => void>();
  private stopping = false;
  /** Set once the process is gone, with why. */
  ended?: string;
  capabilities: ServerCapabilities = {};
  /** The server answers textDocument/diagnostic (declared, or registered later). */
  pull = false;
  readonly ready: Promise<void>;
  /** `ready` has resolved: the server started and shook hands (it may have ended since: see `ended`). */
  up = false;
  /**
   * Has answered a change's diagnostics or a question about a document once, so its project is
   * loaded: an edit waits for its diagnostics only then (issue 38). Initialized is not enough:
   * tsserver loads the project on the first file, which takes seconds on a large one.
   */
  warm = false;
  /** The tail of the checks in turn: one document's sync and its diagnostics are never interleaved with another's. */
  private turn: Promise<unknown> = Promise.resolve();
  readonly docs = new Map<string, { version: number; text: string; languageId: string }>();
  readonly published = new Map<string, Published>();
  /** Diagnostics Facet computed per document, with the text they are for (the baseline of the next change). */
  readonly checked = new Map<string, { text: string; diagnostics: import('./introduced.js').CodeDiagnostic[] }>();
  lastUsed = Date.now();
  /** Requests in flight (an idle sweep leaves a busy server alone). */
  busy = 0;
  onEnd?: (why: string) => void;

  constructor(spec: ServerSpawn) {
    this.spec = spec;
    // A temporary directory of its own, removed when it ends: typescript-language-server makes one
    // there for tsserver's cancellation pipe at every start and never removes it.
    this.tmp = mkdtempSync(path.join(os.tmpdir(), 'facet-lsp-'));
    const env = {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('FACET_'))),
      TMPDIR: this.tmp,
    };
    this.proc = spawn(spec.argv[0]!, spec.argv.slice(1), {
      cwd: spec.root,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    live.add(this);
    this.proc.stderr!.on('data', (b: Buffer) => {
      this.stderrTail = (this.stderrTail + b.toString('utf8')).slice(-2000);
    });
    // A write to a server that died is reported through 'exit', not as an unhandled error.
    this.proc.stdin!.on('error', () => undefined);
    const exited = new Promise<never>((_, reject) => {
      const fail = (why: string) => {
        if (this.ended) return;
        this.ended = why;
        live.delete(this);
        // Rejected before the connection is disposed, so waiters see why rather than the disposal.
        reject(new LspUnavailable(why, this.stopping ? 'closed' : 'crashed'));
        // What the server started dies with it.
        try {
          process.kill(-this.proc.pid!, 'SIGKILL');
        } catch {
          // nothing left
        }
        this.conn?.dispose();
        this.removeTmp();
        for (const w of [...this.waiters]) w();
        this.onEnd?.(why);
      };
      this.proc.on('error', (err) => fail(`${spec.server} could not start: ${err.message}`));
      this.proc.on('exit', (code, signal) => {
        const tail = this.stderrTail.trim().split('\n').slice(-1)[0];
        fail(
          `${spec.server} exited (${signal ? `signal ${signal}` : `code ${code}`})${tail && !this.stopping ? `: ${tail.slice(0, 200)}` : ''}`,
        );
      });
    });
    exited.catch(() => undefined);
    this.exited = exited;
    this.ready = this.initialize();
    this.ready.then(
      () => (this.up = true),
      () => undefined,
    );
  }

  /** Runs `fn` after every check queued before it (a failed one included). */
  inTurn<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.turn.then(fn, fn);
    this.turn = run.catch(() => undefined);
    return run;
  }

  private readonly exited: Promise<never>;

  /** The JSON-RPC connection over the server's stdio (its output waits in the pipe until then). */
  private connect(lib: Rpc): ProtocolConnection {
    const conn = lib.createProtocolConnection(
      new lib.StreamMessageReader(this.proc.stdout!),
      new lib.StreamMessageWriter(this.proc.stdin!),
    );
    conn.onError(() => undefined);
    conn.onNotification(PUBLISH_DIAGNOSTICS, (p: { uri: string; diagnostics: Diagnostic[] }) => {
      this.published.set(p.uri, { seq: ++this.seq, diagnostics: p.diagnostics });
      for (const w of [...this.waiters]) w();
    });
    conn.onRequest(REGISTER_CAPABILITY, (p: { registrations: Array<{ method: string }> }) => {
      if (p.registrations.some((r) => r.method === PULL_DIAGNOSTICS)) {
        this.pull = true;
        // Waiters for pushes (pyright registers pull diagnostics only after start-up) pull instead.
        for (const w of [...this.waiters]) w();
      }
      return null;
    });
    // Requests servers make of an editor that Facet has no use for: answered, so they do not wait.
    conn.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => null));
    conn.onRequest('window/workDoneProgress/create', () => null);
    conn.onRequest('client/unregisterCapability', () => null);
    conn.onRequest('workspace/diagnostic/refresh', () => null);
    conn.onRequest('window/showMessageRequest', () => null);
    conn.listen();
    return conn;
  }

  /** Loads the library, connects and shakes hands, all within the start-up bound. */
  private async initialize(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new LspUnavailable(
              `${this.spec.server} did not finish starting within ${this.spec.startTimeoutMs} ms`,
              'start_timeout',
            ),
          ),
        this.spec.startTimeoutMs,
      );
    });
    late.catch(() => undefined);
    try {
      const lib = await Promise.race([loadRpc(), this.exited, late]);
      if (this.ended) throw new LspUnavailable(this.ended, this.stopping ? 'closed' : 'crashed');
      this.lib = lib;
      this.conn = this.connect(lib);
      await this.handshake(this.conn, late);
    } catch (err) {
      this.kill();
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  private async handshake(conn: ProtocolConnection, late: Promise<never>): Promise<void> {
    const rootUri = pathToFileURL(this.spec.root).href;
    const init = conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri,
      rootPath: this.spec.root,
      workspaceFolders: [{ uri: rootUri, name: this.spec.root }],
      initializationOptions: this.spec.initializationOptions,
      capabilities: {
        general: { positionEncodings: ['utf-16'] },
        workspace: { configuration: true, workspaceFolders: true, symbol: { dynamicRegistration: false } },
        textDocument: {
          synchronization: { didSave: true, dynamicRegistration: false },
          publishDiagnostics: { relatedInformation: false, versionSupport: true },
          diagnostic: { dynamicRegistration: true, relatedDocumentSupport: false },
          definition: { linkSupport: true },
          references: {},
          hover: { contentFormat: ['markdown', 'plaintext'] },
          documentSymbol: { hierarchicalDocumentSymbolSupport: true },
          rename: { prepareSupport: false },
          implementation: { linkSupport: true },
          callHierarchy: { dynamicRegistration: false },
          // Literal support, or servers answer with bare commands only.
          codeAction: {
            isPreferredSupport: true,
            codeActionLiteralSupport: {
              codeActionKind: {
                valueSet: [
                  '',
                  'quickfix',
                  'refactor',
                  'refactor.extract',
                  'refactor.inline',
                  'refactor.rewrite',
                  'source',
                  'source.organizeImports',
                  'source.fixAll',
                ],
              },
            },
          },
        },
      },
    }) as Promise<{ capabilities: ServerCapabilities }>;
    const res = await Promise.race([init, this.exited, late]);
    this.capabilities = res.capabilities ?? {};
    if (this.capabilities.diagnosticProvider) this.pull = true;
    await conn.sendNotification('initialized', {});
  }

  /** A request, bounded by the request timeout (cancelled on the server when it runs out). */
  async request<R>(method: string, params: unknown, timeoutMs = this.spec.requestTimeoutMs): Promise<R> {
    const conn = await this.connected();
    this.lastUsed = Date.now();
    this.busy++;
    const cts = new this.lib!.CancellationTokenSource();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        cts.cancel();
        reject(new LspUnavailable(`${this.spec.server} did not answer ${method} within ${timeoutMs} ms`, 'timeout'));
      }, timeoutMs);
    });
    try {
      const answer = await Promise.race([conn.sendRequest(method, params, cts.token) as Promise<R>, this.exited, late]);
      if (method.startsWith('textDocument/')) this.warm = true;
      return answer;
    } finally {
      clearTimeout(timer);
      this.busy--;
      cts.dispose();
    }
  }

  /**
   * The server sees `text` as the document at `file`: opened, or changed and saved. Returns false when it already had
   * it.
   */
  async sync(file: string, languageId: string, text: string): Promise<boolean> {
    const conn = await this.connected();
    const uri = pathToFileURL(file).href;
    const doc = this.docs.get(uri);
    if (doc && doc.text === text) return false;
    if (!doc) {
      this.docs.set(uri, { version: 1, text, languageId });
      await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
    } else {
      doc.version++;
      doc.text = text;
      await conn.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: doc.version },
        contentChanges: [{ text }],
      });
      const save = this.saveOptions();
      if (save)
        await conn.sendNotification(
          'textDocument/didSave',
          save.includeText ? { textDocument: { uri }, text } : { textDocument: { uri } },
        );
    }
    return true;
  }

  /**
   * How the server asked to be told of saves (the file is on disk once a change is synced), or
   * undefined when it did not ask: as the protocol says, no didSave is sent then. The text goes
   * with it only when asked for. typescript-language-server asks for neither (and ignores
   * didSave): a second copy of the file per edit was a quarter of the bytes and messages Facet
   * wrote to it.
   */
  private saveOptions(): { includeText: boolean } | undefined {
    const sync = this.capabilities.textDocumentSync;
    if (typeof sync !== 'object' || !sync.save) return undefined;
    return { includeText: typeof sync.save === 'object' && sync.save.includeText === true };
  }

  /** The connection once the server has started; throws LspUnavailable when it is gone. */
  private async connected(): Promise<ProtocolConnection> {
    await Promise.race([this.ready, this.exited]);
    if (this.ended || !this.conn) throw new LspUnavailable(this.ended ?? 'the server is gone', 'crashed');
    return this.conn;
  }

  /** The publish counter now: diagnostics published after it are newer than a change made now. */
  mark(): number {
    return this.seq;
  }

  /**
   * The diagnostics of `uri` as they stand after the change marked `since`, waiting until
   * `deadline`: pulled where the server answers textDocument/diagnostic (or tsserver is asked
   * directly), else the first push after the change once pushes have paused for `settleMs`.
   */
  async diagnostics(file: string, since: number, deadline: number, settleMs = 150): Promise<Diagnostic[]> {
    const uri = pathToFileURL(file).href;
    const left = () => Math.max(1, deadline - Date.now());
    if (this.spec.tsserver) return this.tsDiagnostics(file, left());
    const pull = async () => {
      const res = await this.request<{ kind: string; items?: Diagnostic[] }>(
        PULL_DIAGNOSTICS,
        { textDocument: { uri } },
        left(),
      );
      return res.items ?? [];
    };
    if (this.pull) return pull();
    return new Promise<Diagnostic[]>((resolve, reject) => {
      let quiet: NodeJS.Timeout | undefined;
      const finish = () => {
        this.waiters.delete(check);
        clearTimeout(quiet);
        clearTimeout(stop);
        const p = this.published.get(uri);
        if (p && p.seq > since) resolve(p.diagnostics);
        else
          reject(
            new LspUnavailable(
              this.ended ?? `${this.spec.server} published no diagnostics within the wait`,
              this.ended ? 'crashed' : 'timeout',
            ),
          );
      };
      const check = () => {
        if (this.ended) return finish();
        if (this.pull) {
          this.waiters.delete(check);
          clearTimeout(quiet);
          clearTimeout(stop);
          return void pull().then(resolve, reject);
        }
        const p = this.published.get(uri);
        if (p && p.seq > since) {
          clearTimeout(quiet);
          quiet = setTimeout(finish, Math.min(settleMs, left()));
        }
      };
      const stop = setTimeout(finish, left());
      this.waiters.add(check);
      check();
    });
  }

  /**
   * tsserver's own diagnostics for one file, asked synchronously through typescript-language-
   * server's tsserverRequest command: typescript-language-server otherwise waits 200–800 ms
   * before asking, and publishes nothing when a clean file stays clean.
   */
  private async tsDiagnostics(file: string, timeoutMs: number): Promise<Diagnostic[]> {
    interface TsDiag {
      start: { line: number; offset: number };
      end: { line: number; offset: number };
      text: string;
      code?: number;
      category: string;
    }
    const ask = (command: string) =>
      this.request<{ body?: TsDiag[] } | TsDiag[] | null>(
        'workspace/executeCommand',
        { command: 'typescript.tsserverRequest', arguments: [command, { file }] },
        timeoutMs,
      );
    const [syn, sem] = await Promise.all([ask('syntacticDiagnosticsSync'), ask('semanticDiagnosticsSync')]);
    const list = (r: { body?: TsDiag[] } | TsDiag[] | null): TsDiag[] => (Array.isArray(r) ? r : (r?.body ?? []));
    const severity = (c: string) =>
      (c === 'error' ? 1 : c === 'warning' ? 2 : c === 'suggestion' ? 4 : 3) as Diagnostic['severity'];
    return [...list(syn), ...list(sem)].map((d) => ({
      range: {
        start: { line: d.start.line - 1, character: d.start.offset - 1 },
        end: { line: d.end.line - 1, character: d.end.offset - 1 },
      },
      message: d.text,
      severity: severity(d.category),
      ...(d.code !== undefined ? { code: d.code } : {}),
      source: 'typescript',
    }));
  }

  /** Resident memory of the server and everything it started, in bytes. */
  rss(): number {
    if (this.ended || !this.proc.pid) return 0;
    return treeOf(this.proc.pid).reduce((n, pid) => n + rssKb(pid), 0) * 1024;
  }

  get pid(): number | undefined {
    return this.proc.pid;
  }

  private readonly tmp: string;

  /** Removes the server's temporary directory (once it is gone, or as this process exits). */
  removeTmp(): void {
    rmSync(this.tmp, { recursive: true, force: true });
  }

  /** SIGKILL to the server's whole process group (and any child that left it). */
  kill(): void {
    const pid = this.proc.pid;
    if (!pid) return;
    this.stopping = true;
    // The group too when the leader is gone: its children (tsserver) may still be alive.
    const tree = this.ended ? [] : treeOf(pid);
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone
    }
    for (const p of tree) {
      try {
        process.kill(p, 'SIGKILL');
      } catch {
        // gone
      }
    }
  }

  /** Asks the server to shut down (bounded), then ends its process group; resolves once it is gone. */
  async stop(graceMs = 500): Promise<void> {
    if (this.ended) return;
    this.stopping = true;
    const gone = this.exited.catch(() => undefined);
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());
    const conn = this.conn;
    try {
      await Promise.race([
        // Not connected yet (the library still loading): nothing to ask, it is ended below.
        conn ? conn.sendRequest('shutdown').then(() => conn.sendNotification('exit')) : Promise.resolve(),
        wait(graceMs),
        gone,
      ]);
    } catch {
      // it is being ended anyway
    }
    if (!this.ended) {
      try {
        process.kill(-this.proc.pid!, 'SIGTERM');
      } catch {
        // gone
      }
      await Promise.race([gone, wait(graceMs)]);
    }
    this.kill();
    await Promise.race([gone, wait(2000)]);
  }
}
