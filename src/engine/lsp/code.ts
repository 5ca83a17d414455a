// Code intelligence over the language-server pool: the calls tools make (diagnostics,
// definition, references, hover, symbols, rename) and the diagnostics a change introduced,
// which every writing call of the engine asks for. Positions go in and out as 1-based lines and
// character columns; the server sees UTF-16. Before every request the server is given each
// file as it is on disk now, so changes made outside Facet are noticed on use.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type {
  CallHierarchyIncomingCall,
  CallHierarchyItem,
  CallHierarchyOutgoingCall,
  CodeAction,
  Command,
  Diagnostic,
  DocumentSymbol,
  Hover,
  Location,
  LocationLink,
  Range,
  SymbolInformation,
  TextDocumentEdit,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver-protocol';
import { EngineError, engineFailure, throwIfAborted } from '../errors.js';
import { readRegularText } from '../regular-file.js';
import type { Scope } from '../scope.js';
import type { Session } from '../session.js';
import { diffTexts, type FileDiff } from '../files/diff.js';
import { withPathLocks } from '../files/lock.js';
import { loadText, saveText, type LoadedText } from '../files/text-file.js';
import { atomicWrite } from '../files/atomic.js';
import { introduced, type CodeDiagnostic, type Severity } from './introduced.js';
import { LspPool, LspUnavailable, type LspSettings, type ServerFor } from './pool.js';
import { fromLsp, splitLines, toLsp, type Place } from './positions.js';
import type { LanguageServer } from './server.js';
import { symbolKindName } from './symbol-kinds.js';

export type { CodeDiagnostic, Severity } from './introduced.js';

/** What code calls need of an engine call's context. */
/** The session bag of diagnostics checked after their call answered (CodeEngine.takeLate). */
const LATE = 'lsp.late-diagnostics';
/** The session bag of those waiting for a late report (whenLate). */
const LATE_WAITERS = 'lsp.late-waiters';
/** Why a change's diagnostics are not in its own answer: its server was starting. */
const LATER = 'they come with a later call';
const STARTING = `is still starting; ${LATER}`;

/** What one file's check compared: the texts and their diagnostics, before and after the change. */
interface Basis {
  before: string;
  after: string;
  beforeDiags: CodeDiagnostic[];
  afterDiags: CodeDiagnostic[];
}
/**
 * Each report's bases, per file path, kept beside it (not in it: reports go to hosts as they
 * are), so that reports of one file handed out together compare its first text with its last.
 */
const bases = new WeakMap<ChangeDiagnostics, Map<string, Basis>>();

export interface CodeContext {
  scope: Scope;
  session: Session;
  signal: AbortSignal;
  cwd?: string;
}

export interface FileDiagnostics {
  path: string;
  relative: string;
  language: string;
  server: string;
  diagnostics: CodeDiagnostic[];
}

/** A place in a file as tools show it, with the line's text. */
export interface CodeLocation {
  path: string;
  relative: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** The text of the line (trimmed), when the file could be read. */
  text?: string;
}

export interface CodeSymbol {
  name: string;
  kind: string;
  /** Nesting in a document's outline (0: top level). */
  depth: number;
  container?: string;
  detail?: string;
  location: CodeLocation;
}

/** A call-hierarchy item as its server gave it (to be handed back as is) and where it is, 1-based. */
export interface CallHierarchyEntry {
  item: CallHierarchyItem;
  location: CodeLocation;
}

/** One caller (incoming) or callee (outgoing) of an item, with where the calls are (1-based). */
export interface CallEntry {
  peer: CallHierarchyEntry;
  /** The server's ranges of the calls: in the caller's file (incoming) or in the item's own file (outgoing). */
  fromRanges: Range[];
  calls: Place[];
}

export interface CallsResult {
  of: CallHierarchyEntry;
  calls: CallEntry[];
}

export type {
  CallHierarchyItem,
  CodeAction,
  Command,
  Diagnostic as LspDiagnostic,
  Range as LspRange,
  TextDocumentEdit as LspTextDocumentEdit,
  TextEdit as LspTextEdit,
};

export interface RenameResult {
  applied: boolean;
  newName: string;
  files: Array<{ path: string; relative: string; edits: number; diff: FileDiff }>;
}

/** The diagnostics a writing call's change introduced, per changed file, and why some files have none. */
export interface ChangeDiagnostics {
  files: Array<{ path: string; relative: string; language: string; server: string; introduced: CodeDiagnostic[] }>;
  /**
   * `checking`: a warm server was still checking when the call's wait ran out; the check goes on
   * and its report comes with a later call (a dialect whose vendor shows diagnostics only later may say nothing).
   */
  missing: Array<{ path: string; relative: string; language: string; reason: string; checking?: true }>;
}

/** One changed file: its real path, its text before (null: it did not exist) and after (null: deleted). */
export interface Change {
  path: string;
  before: string | null;
  after: string | null;
}

export { SYMBOL_KINDS } from './symbol-kinds.js';

const SEVERITIES: Severity[] = ['error', 'warning', 'info', 'hint'];
/** Files above this are not sent to a server for diagnostics after a change. */
const MAX_SYNC_BYTES = 4 * 1024 * 1024;
/** Files a server names (a definition's, an open document's) are read for their lines up to this size. */
const MAX_SOURCE_BYTES = 64 * 1024 * 1024;

function unavailable(err: unknown, file?: string, language?: string): EngineError {
  if (err instanceof EngineError) return err;
  if (err instanceof LspUnavailable && err.reason === 'timeout') {
    const m = /within (\d+) ms/.exec(err.message);
    return engineFailure('lsp_timeout', err.message, {
      path: file,
      method: /answer (\S+)/.exec(err.message)?.[1] ?? '',
      timeoutMs: Number(m?.[1] ?? 0),
    });
  }
  const reason = err instanceof LspUnavailable ? err.reason : 'crashed';
  return engineFailure('lsp_unavailable', (err as Error).message, {
    path: file,
    language,
    reason,
    detail: (err as Error).message,
  });
}

export class CodeEngine {
  readonly pool: LspPool;

  constructor(readonly settings: LspSettings) {
    this.pool = new LspPool(settings);
  }

  get enabled(): boolean {
    return this.settings.enabled;
  }

  /** True when a server speaks for this file's extension (whether or not it is running). */
  handles(file: string): boolean {
    return this.settings.enabled && this.pool.languageOf(file) !== undefined;
  }

  // ---- what tools ask

  /**
   * Diagnostics of one file, or (no path) of every file open in a server within the scope, each as it is on disk now.
   */
  async diagnostics(ctx: CodeContext, input?: string): Promise<FileDiagnostics[]> {
    if (input !== undefined) {
      const f = await this.open(ctx, input);
      return [await this.diagnosticsOf(ctx, f.at, f.file, f.text)];
    }
    const out: FileDiagnostics[] = [];
    for (const server of this.pool.running()) {
      for (const uri of [...server.docs.keys()]) {
        const file = fileURLToPath(uri);
        if (!ctx.scope.contains(file)) continue;
        const text = await readRegularText(file, MAX_SOURCE_BYTES).catch(() => undefined);
        if (text === undefined) continue;
        const at = this.serverAt(file, ctx);
        out.push(await this.diagnosticsOf(ctx, at, file, text));
      }
    }
    return out.sort((a, b) => a.relative.localeCompare(b.relative));
  }

  async definition(ctx: CodeContext, input: string, place: Place): Promise<CodeLocation[]> {
    const { res } = await this.askAt<Location | Location[] | LocationLink[] | null>(
      ctx,
      input,
      place,
      'textDocument/definition',
    );
    return this.locations(ctx, res);
  }

  async references(
    ctx: CodeContext,
    input: string,
    place: Place,
    includeDeclaration: boolean,
  ): Promise<CodeLocation[]> {
    const { res } = await this.askAt<Location[] | null>(ctx, input, place, 'textDocument/references', {
      context: { includeDeclaration },
    });
    return this.locations(ctx, res);
  }

  /** The hover text at `place`, trimmed; `raw`: the server's text as it came (a dialect may show it so). */
  async hover(ctx: CodeContext, input: string, place: Place, raw = false): Promise<string | undefined> {
    const { res } = await this.askAt<Hover | null>(ctx, input, place, 'textDocument/hover');
    if (!res) return undefined;
    const part = (c: unknown): string => (typeof c === 'string' ? c : ((c as { value?: string }).value ?? ''));
    const text = (Array.isArray(res.contents) ? res.contents.map(part) : [part(res.contents)])
      .filter((s) => s.trim() !== '')
      .join('\n\n');
    if (text.trim() === '') return undefined;
    return raw ? text : text.trim();
  }

  async implementation(ctx: CodeContext, input: string, place: Place): Promise<CodeLocation[]> {
    const { res } = await this.askAt<Location | Location[] | LocationLink[] | null>(
      ctx,
      input,
      place,
      'textDocument/implementation',
    );
    return this.locations(ctx, res);
  }

  /** The call-hierarchy items at `place` (usually the function there). */
  async prepareCallHierarchy(ctx: CodeContext, input: string, place: Place): Promise<CallHierarchyEntry[]> {
    const { res } = await this.askAt<CallHierarchyItem[] | null>(
      ctx,
      input,
      place,
      'textDocument/prepareCallHierarchy',
    );
    const out: CallHierarchyEntry[] = [];
    for (const item of res ?? []) out.push(await this.entry(ctx, item));
    return out;
  }

  /** Who calls `item` (an item prepareCallHierarchy gave, possibly round-tripped through a model). */
  incomingCalls(ctx: CodeContext, item: CallHierarchyItem): Promise<CallsResult> {
    return this.calls(ctx, item, 'incoming');
  }

  /** What `item` calls. */
  outgoingCalls(ctx: CodeContext, item: CallHierarchyItem): Promise<CallsResult> {
    return this.calls(ctx, item, 'outgoing');
  }

  /**
   * The server's own answer to `method` about a file, as protocol JSON (for a dialect that shows it so): `params` gets
   * the document's URI and, when `place` is given, its protocol position.
   */
  async request<R>(
    ctx: CodeContext,
    input: string,
    method: string,
    params: (doc: { uri: string; position?: { line: number; character: number } }) => object,
    place?: Place,
  ): Promise<R> {
    const { at, file, lines } = await this.open(ctx, input, place);
    const uri = pathToFileURL(file).href;
    return this.ask<R>(at.server, method, params(place ? { uri, position: toLsp(lines, place) } : { uri }));
  }

  /**
   * The code actions the server offers for the 1-based range `start`..`end` of a file, given the
   * diagnostics there (LSP-shaped, as the caller has them) and, optionally, the kinds wanted.
   * They are returned as the server gave them; none is applied.
   */
  async codeActions(
    ctx: CodeContext,
    input: string,
    start: Place,
    end: Place,
    diagnostics: readonly Diagnostic[],
    only?: readonly string[],
  ): Promise<Array<CodeAction | Command>> {
    const { at, file, lines } = await this.open(ctx, input, start);
    const res = await this.ask<Array<CodeAction | Command> | null>(at.server, 'textDocument/codeAction', {
      textDocument: { uri: pathToFileURL(file).href },
      range: { start: toLsp(lines, start), end: toLsp(lines, end) },
      context: { diagnostics, ...(only ? { only } : {}), triggerKind: 1 },
    });
    return res ?? [];
  }

  /** A file's outline, flattened in document order with each symbol's depth. */
  async documentSymbols(ctx: CodeContext, input: string): Promise<CodeSymbol[]> {
    const { at, file, lines } = await this.open(ctx, input);
    const res = await this.ask<Array<DocumentSymbol | SymbolInformation> | null>(
      at.server,
      'textDocument/documentSymbol',
      {
        textDocument: { uri: pathToFileURL(file).href },
      },
    );
    const out: CodeSymbol[] = [];
    const rel = ctx.scope.relative(file);
    const walk = (s: DocumentSymbol, depth: number, container?: string) => {
      out.push({
        name: s.name,
        kind: symbolKindName(s.kind),
        depth,
        ...(container ? { container } : {}),
        ...(s.detail ? { detail: s.detail } : {}),
        location: this.place(file, rel, lines, s.selectionRange),
      });
      for (const c of s.children ?? []) walk(c, depth + 1, s.name);
    };
    for (const s of res ?? []) {
      if ('location' in s) {
        out.push({
          name: s.name,
          kind: symbolKindName(s.kind),
          depth: 0,
          ...(s.containerName ? { container: s.containerName } : {}),
          location: this.place(file, rel, lines, s.location.range),
        });
      } else walk(s, 0);
    }
    return out;
  }

  /** Symbols matching `query` across the project of `input` (a file in it), or of every server running in the scope. */
  async workspaceSymbols(ctx: CodeContext, query: string, input?: string): Promise<CodeSymbol[]> {
    const servers: LanguageServer[] = [];
    if (input !== undefined) servers.push((await this.open(ctx, input)).at.server);
    else servers.push(...this.pool.running().filter((s) => ctx.scope.contains(s.spec.root)));
    if (servers.length === 0) {
      throw engineFailure(
        'lsp_unavailable',
        'no language server is running yet: name a file of the project to search',
        {
          reason: 'missing',
          detail: 'no server running',
        },
      );
    }
    const out: CodeSymbol[] = [];
    for (const server of servers) {
      const res = await this.ask<SymbolInformation[] | null>(server, 'workspace/symbol', { query });
      for (const s of res ?? []) {
        if (!s.location?.uri?.startsWith('file:')) continue;
        const file = fileURLToPath(s.location.uri);
        if (!ctx.scope.contains(file) || file.includes(`${path.sep}node_modules${path.sep}`)) continue;
        const range =
          'range' in s.location
            ? s.location.range
            : { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
        const lines = await this.linesOf(file);
        out.push({
          name: s.name,
          kind: symbolKindName(s.kind),
          depth: 0,
          ...(s.containerName ? { container: s.containerName } : {}),
          location: this.place(file, ctx.scope.relative(file), lines, range),
        });
      }
    }
    return out;
  }

  /**
   * Renames the symbol at `place` everywhere the server knows of. Returns each file's diff;
   * with `apply`, writes them all or none (each atomically; a failure part-way restores those
   * already written), and only if no file changed since the server computed the edit.
   */
  async rename(ctx: CodeContext, input: string, place: Place, newName: string, apply: boolean): Promise<RenameResult> {
    const { res: edit, at } = await this.askAt<WorkspaceEdit | null>(ctx, input, place, 'textDocument/rename', {
      newName,
    });
    const byFile = new Map<string, TextEdit[]>();
    for (const [uri, edits] of Object.entries(edit?.changes ?? {}))
      byFile.set(uri, [...(byFile.get(uri) ?? []), ...edits]);
    for (const dc of edit?.documentChanges ?? []) {
      if (!('textDocument' in dc)) {
        throw engineFailure(
          'rename_refused',
          `the server's rename also creates, renames or deletes files, which is not applied`,
          {
            path: input,
            reason: 'file operations',
          },
        );
      }
      byFile.set(dc.textDocument.uri, [...(byFile.get(dc.textDocument.uri) ?? []), ...(dc.edits as TextEdit[])]);
    }
    if (byFile.size === 0) {
      throw engineFailure('rename_refused', `nothing to rename at ${input}:${place.line}:${place.column}`, {
        path: input,
        reason: 'no symbol',
      });
    }
    const targets = [...byFile.keys()].map((uri) => fileURLToPath(uri));
    for (const t of targets) if (!ctx.scope.contains(t)) throw ctx.scope.outside(t, t);
    return withPathLocks(targets, async () => {
      const planned: Array<{ file: string; loaded: LoadedText; text: string; edits: number }> = [];
      for (const [uri, edits] of byFile) {
        const target = fileURLToPath(uri);
        const loaded = await loadText(ctx.scope, target, { cwd: ctx.cwd });
        const known = at.server.docs.get(uri);
        if (known && known.text !== loaded.text) {
          throw engineFailure(
            'rename_refused',
            `${ctx.scope.relative(target)} changed while the rename was computed; ask again`,
            {
              path: target,
              reason: 'changed',
            },
          );
        }
        planned.push({ file: target, loaded, text: applyEdits(loaded.text, edits), edits: edits.length });
      }
      throwIfAborted(ctx.signal, 'rename');
      if (apply) await commitAll(ctx, planned);
      const files = await Promise.all(
        planned.map(async (p) => ({
          path: p.file,
          relative: ctx.scope.relative(p.file),
          edits: p.edits,
          diff: await diffTexts(
            ctx.scope.relative(p.file),
            p.loaded.text.replace(/\r\n?/g, '\n'),
            p.text.replace(/\r\n?/g, '\n'),
          ),
        })),
      );
      if (apply)
        for (const p of planned)
          await at.server
            .sync(p.file, this.pool.languageOf(p.file)?.languageId ?? at.languageId, p.text)
            .catch(() => false);
      return { applied: apply, newName, files };
    });
  }

  // ---- what writing calls ask

  /**
   * The diagnostics `changes` introduced, waiting only for servers that are warm, and for them at
   * most the diagnostics bound; given the `call`'s start and how long its write took, only until
   * the call has taken 1 + `diagnosticsRatio` times the write, when that is sooner: an edit with
   * diagnostics costs at most that many times one without (issue 38).
   * Files no server speaks for are left out; a server that is missing, starting, slow or dead
   * gives the file a `missing` entry saying why, and never an error. A check not waited for (the
   * server is starting, or it ran past the wait) goes on, and its report comes with a later call
   * of the session (takeLate).
   */
  async changed(
    ctx: CodeContext,
    changes: readonly Change[],
    call?: { startedAt: number; writeMs: number },
  ): Promise<ChangeDiagnostics | undefined> {
    if (!this.settings.enabled) return undefined;
    const mine = changes.filter((c) => c.after !== null && this.pool.languageOf(c.path) && ctx.scope.contains(c.path));
    if (mine.length === 0) return undefined;
    const { diagnosticsMs, diagnosticsRatio } = this.settings;
    const waitMs = call
      ? Math.min(
          diagnosticsMs,
          Math.max(0, (1 + diagnosticsRatio) * call.writeMs - (performance.now() - call.startedAt)),
        )
      : diagnosticsMs;
    const deadline = Date.now() + waitMs;
    const report: ChangeDiagnostics = { files: [], missing: [] };
    await Promise.all(
      mine.map(async (c) => {
        const relative = ctx.scope.relative(c.path);
        const language = this.pool.languageOf(c.path)!.spec.name;
        let at: ServerFor;
        try {
          at = this.serverAt(c.path, ctx);
        } catch (err) {
          report.missing.push({ path: c.path, relative, language, reason: (err as Error).message });
          return;
        }
        // A server that has not answered diagnostics yet (starting, or loading its project) is
        // not waited for (issue 38): the call answers now.
        const warm = at.server.warm;
        const check = this.checkChange(at, c, relative, language);
        let timer: NodeJS.Timeout | undefined;
        const done = warm
          ? await Promise.race([
              check,
              new Promise<undefined>(
                (r) => (timer = setTimeout(() => r(undefined), Math.max(0, deadline - Date.now()))),
              ),
            ])
          : undefined;
        clearTimeout(timer);
        if (done) {
          report.files.push(...done.files);
          report.missing.push(...done.missing);
          const basis = bases.get(done)?.get(c.path);
          if (basis) basisOf(report).set(c.path, basis);
          return;
        }
        const late = ctx.session.bag<ChangeDiagnostics[]>(LATE, () => []);
        void check.then((r) => {
          late.push(r);
          for (const wake of ctx.session.bag<Array<() => void>>(LATE_WAITERS, () => []).splice(0)) wake();
        });
        const why = warm ? `is still checking after ${Math.round(waitMs)} ms; ${LATER}` : STARTING;
        report.missing.push({
          path: c.path,
          relative,
          language,
          reason: `${at.server.spec.server} ${why}`,
          ...(warm ? { checking: true as const } : {}),
        });
      }),
    );
    report.files.sort((a, b) => a.relative.localeCompare(b.relative));
    report.missing.sort((a, b) => a.relative.localeCompare(b.relative));
    return report;
  }

  /**
   * The diagnostics of changes whose check was not waited for, checked since and not yet handed
   * out, as one report per change (in the order they finished), followed by `current` (the
   * reports of the call answering now); each late report is handed out once. When several of
   * them checked one file, the last one's entry for it holds what all those changes together
   * introduced (its first text against its last), so an error one edit made and the next kept
   * is not lost to a reader that keeps the last entry per file.
   */
  takeLate(session: Session, current: readonly ChangeDiagnostics[] = []): ChangeDiagnostics[] {
    const late = session.bag<ChangeDiagnostics[]>(LATE, () => []);
    if (late.length === 0) return [...current];
    // Never the bag itself: what a caller adds to the answer must not become the next call's.
    return combined([...late.splice(0, late.length), ...current]);
  }

  /**
   * Resolves once the session holds a late report for takeLate to hand out (at once when it holds
   * one): for a host that announces late diagnostics, or a bench that waits for them without
   * polling (a poll every few ms adds its own wake-ups to the CPU a check is measured at).
   */
  whenLate(session: Session): Promise<void> {
    if (session.bag<ChangeDiagnostics[]>(LATE, () => []).length > 0) return Promise.resolve();
    return new Promise((resolve) => session.bag<Array<() => void>>(LATE_WAITERS, () => []).push(resolve));
  }

  /**
   * The report of one change's check, once its server is up; it never rejects (a server that
   * fails to start, or a check that fails, is reported as missing). A cold server's first check
   * loads its project, so every check gets the start-up bound, not the edit's.
   */
  private async checkChange(at: ServerFor, c: Change, relative: string, language: string): Promise<ChangeDiagnostics> {
    const report: ChangeDiagnostics = { files: [], missing: [] };
    try {
      // A server up already is not raced against a timer on every edit.
      if (!at.server.up)
        await this.until(
          at.server.ready,
          Date.now() + this.settings.startTimeoutMs,
          `${at.server.spec.server} did not start`,
          this.settings.startTimeoutMs,
        );
      const waited = this.settings.startTimeoutMs + this.settings.diagnosticsMs;
      const basis = await this.introducedBy(at, c, Date.now() + waited, waited);
      basisOf(report).set(c.path, basis);
      report.files.push({
        path: c.path,
        relative,
        language,
        server: at.server.spec.server,
        introduced: introducedIn(basis),
      });
    } catch (err) {
      report.missing.push({ path: c.path, relative, language, reason: (err as Error).message });
    }
    return report;
  }

  /** Resident memory of every running server, in bytes. */
  rss(): number {
    return this.pool.rss();
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  // ---- inside

  private async calls(ctx: CodeContext, item: CallHierarchyItem, way: 'incoming' | 'outgoing'): Promise<CallsResult> {
    const file = fileOf(item.uri);
    const { at } = await this.open(ctx, file);
    const of = await this.entry(ctx, item);
    const res = await this.ask<Array<CallHierarchyIncomingCall | CallHierarchyOutgoingCall> | null>(
      at.server,
      `callHierarchy/${way}Calls`,
      { item },
    );
    const calls: CallEntry[] = [];
    for (const c of res ?? []) {
      const peerItem = 'from' in c ? c.from : c.to;
      const peer = await this.entry(ctx, peerItem);
      // The call sites are in the caller's file: the peer's for incoming calls, the item's own for outgoing.
      const lines = await this.linesOf(fileOf('from' in c ? c.from.uri : item.uri));
      calls.push({ peer, fromRanges: c.fromRanges, calls: c.fromRanges.map((r) => fromLsp(lines, r.start)) });
    }
    return { of, calls };
  }

  private async entry(ctx: CodeContext, item: CallHierarchyItem): Promise<CallHierarchyEntry> {
    const file = fileOf(item.uri);
    const lines = await this.linesOf(file);
    return {
      item,
      location: this.place(
        file,
        ctx.scope.contains(file) ? ctx.scope.relative(file) : file,
        lines,
        item.selectionRange,
      ),
    };
  }

  private async introducedBy(
    at: ServerFor,
    c: Change,
    deadline: number,
    waitedMs = this.settings.diagnosticsMs,
  ): Promise<Basis> {
    const after = c.after!;
    if (Buffer.byteLength(after) > MAX_SYNC_BYTES) throw new Error(`the file is over ${MAX_SYNC_BYTES / 1048576} MB`);
    const s = at.server;
    const uri = pathToFileURL(c.path).href;
    let beforeDiags: CodeDiagnostic[] = [];
    const before = c.before ?? '';
    if (c.before !== null) {
      const cached = s.checked.get(uri);
      if (cached && cached.text === c.before) beforeDiags = cached.diagnostics;
      else beforeDiags = await this.check(at, c.path, c.before, deadline, waitedMs);
    }
    const afterDiags = await this.check(at, c.path, after, deadline, waitedMs);
    return { before, after, beforeDiags, afterDiags };
  }

  /** Gives the server `text` as the file and returns its diagnostics for it (remembered per server). */
  private check(
    at: ServerFor,
    file: string,
    text: string,
    deadline: number,
    waitedMs = this.settings.diagnosticsMs,
  ): Promise<CodeDiagnostic[]> {
    const s = at.server;
    // In turn: a late check and an edit's own never give the server each other's text in between.
    return s.inTurn(async () => {
      const uri = pathToFileURL(file).href;
      const cached = s.checked.get(uri);
      if (cached && cached.text === text && s.docs.get(uri)?.text === text) return cached.diagnostics;
      const mark = s.mark();
      await s.sync(file, at.languageId, text);
      const raw = await this.until(
        s.diagnostics(file, mark, deadline),
        deadline,
        `${s.spec.server} gave no diagnostics within ${waitedMs} ms`,
        waitedMs,
      );
      const diagnostics = toCodeDiagnostics(raw, splitLines(text));
      s.checked.set(uri, { text, diagnostics });
      s.warm = true;
      return diagnostics;
    });
  }

  private async diagnosticsOf(ctx: CodeContext, at: ServerFor, file: string, text: string): Promise<FileDiagnostics> {
    const deadline = Date.now() + this.settings.requestTimeoutMs;
    try {
      await this.until(
        at.server.ready,
        Date.now() + this.settings.startTimeoutMs,
        `${at.server.spec.server} is still starting`,
      );
      const diagnostics = await this.check(at, file, text, deadline, this.settings.requestTimeoutMs);
      return {
        path: file,
        relative: ctx.scope.relative(file),
        language: at.spec.name,
        server: at.server.spec.server,
        diagnostics,
      };
    } catch (err) {
      throw unavailable(err, ctx.scope.relative(file), at.spec.name);
    }
  }

  /** `p`, or a rejection saying `why` once `deadline` passes. */
  private until<T>(p: Promise<T>, deadline: number, why: string, waitedMs = this.settings.diagnosticsMs): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new LspUnavailable(`${why} (waited ${waitedMs} ms)`, 'timeout')),
        Math.max(0, deadline - Date.now()),
      );
    });
    return Promise.race([p, late]).finally(() => clearTimeout(timer));
  }

  private serverAt(file: string, ctx: CodeContext): ServerFor {
    const top = ctx.scope.rootOf(file) ?? path.dirname(file);
    return this.pool.serverFor(file, top);
  }

  /** Resolves a tool's path in scope, reads it, and gives it to its server as it is on disk now. */
  private async open(
    ctx: CodeContext,
    input: string,
    place?: Place,
  ): Promise<{ at: ServerFor; file: string; text: string; lines: string[] }> {
    const resolved = await ctx.scope.resolve(input, ctx.cwd ?? ctx.session.cwd);
    if (!ctx.scope.contains(resolved.real)) throw ctx.scope.outside(input, resolved.real);
    if (!this.settings.enabled) {
      throw engineFailure('lsp_unavailable', 'code intelligence is off (--lsp off)', {
        path: input,
        reason: 'disabled',
        detail: 'off',
      });
    }
    const lang = this.pool.languageOf(resolved.real);
    if (!lang) {
      const ext = path.extname(resolved.real);
      throw engineFailure(
        'no_language_server',
        `no language server handles ${ext || 'files without an extension'} (${input})`,
        { path: input, ext },
      );
    }
    const loaded = await loadText(ctx.scope, resolved, { cwd: ctx.cwd, maxBytes: MAX_SYNC_BYTES });
    if (!loaded.exists) throw engineFailure('file_missing', `${input} does not exist`, { path: input });
    const lines = splitLines(loaded.text);
    if (
      place &&
      (place.line < 1 ||
        place.line > lines.length ||
        place.column < 1 ||
        place.column > [...lines[place.line - 1]!].length + 1)
    ) {
      throw engineFailure(
        'bad_position',
        `${input} has no line ${place.line}, column ${place.column} (it has ${lines.length} lines${place.line >= 1 && place.line <= lines.length ? `; line ${place.line} has ${[...lines[place.line - 1]!].length} characters` : ''})`,
        { path: input, line: place.line, column: place.column, lines: lines.length },
        { field: place.line < 1 || place.line > lines.length ? 'line' : 'column' },
      );
    }
    let at: ServerFor;
    try {
      at = this.serverAt(resolved.real, ctx);
      await this.until(
        at.server.ready,
        Date.now() + this.settings.startTimeoutMs + 100,
        `${lang.spec.name} server is still starting`,
      );
      await at.server.sync(resolved.real, lang.languageId, loaded.text);
    } catch (err) {
      throw unavailable(err, input, lang.spec.name);
    }
    return { at, file: resolved.real, text: loaded.text, lines };
  }

  /**
   * Opens `input` and asks its server `method` about `place`: a text-document position request, plus `extra` params.
   */
  private async askAt<R>(
    ctx: CodeContext,
    input: string,
    place: Place,
    method: string,
    extra: object = {},
  ): Promise<{ res: R; at: ServerFor }> {
    const { at, file, lines } = await this.open(ctx, input, place);
    const res = await this.ask<R>(at.server, method, {
      textDocument: { uri: pathToFileURL(file).href },
      position: toLsp(lines, place),
      ...extra,
    });
    return { res, at };
  }

  private async ask<R>(server: LanguageServer, method: string, params: unknown): Promise<R> {
    try {
      return await server.request<R>(method, params);
    } catch (err) {
      // A server that let a request run out its whole time is taken for hung.
      if (err instanceof LspUnavailable && err.reason === 'timeout') this.pool.hung(server, err.message);
      throw unavailable(err, undefined, server.spec.language);
    }
  }

  private async linesOf(file: string): Promise<string[] | undefined> {
    const text = await readRegularText(file, MAX_SOURCE_BYTES).catch(() => undefined);
    return text === undefined ? undefined : splitLines(text);
  }

  private place(
    file: string,
    relative: string,
    lines: readonly string[] | undefined,
    range: { start: { line: number; character: number }; end: { line: number; character: number } },
  ): CodeLocation {
    const start = fromLsp(lines, range.start);
    const end = fromLsp(lines, range.end);
    const text = lines?.[range.start.line]?.trim();
    return {
      path: file,
      relative,
      line: start.line,
      column: start.column,
      endLine: end.line,
      endColumn: end.column,
      ...(text !== undefined ? { text } : {}),
    };
  }

  private async locations(
    ctx: CodeContext,
    res: Location | Location[] | LocationLink[] | null,
  ): Promise<CodeLocation[]> {
    const list = res === null ? [] : Array.isArray(res) ? res : [res];
    const out: CodeLocation[] = [];
    for (const l of list) {
      const uri = 'targetUri' in l ? l.targetUri : l.uri;
      const range = 'targetUri' in l ? l.targetSelectionRange : l.range;
      if (!uri.startsWith('file:')) continue;
      const file = fileURLToPath(uri);
      out.push(
        this.place(file, ctx.scope.contains(file) ? ctx.scope.relative(file) : file, await this.linesOf(file), range),
      );
    }
    return out.sort((a, b) => a.relative.localeCompare(b.relative) || a.line - b.line || a.column - b.column);
  }
}

/** The path of a file: URI; anything else is refused in-band. */
function fileOf(uri: string): string {
  if (typeof uri !== 'string' || !uri.startsWith('file:'))
    throw engineFailure('file_missing', `${String(uri)} is not a file: URI`, { path: String(uri) });
  try {
    return fileURLToPath(uri);
  } catch {
    throw engineFailure('file_missing', `${uri} is not a valid file: URI`, { path: uri });
  }
}

export function toCodeDiagnostics(raw: readonly Diagnostic[], lines: readonly string[]): CodeDiagnostic[] {
  return raw
    .map((d) => {
      const start = fromLsp(lines, d.range.start);
      const end = fromLsp(lines, d.range.end);
      const code = typeof d.code === 'object' ? undefined : d.code;
      return {
        line: start.line,
        column: start.column,
        endLine: end.line,
        endColumn: end.column,
        severity: SEVERITIES[(d.severity ?? 1) - 1] ?? 'error',
        message: typeof d.message === 'string' ? d.message : d.message.value,
        ...(code !== undefined ? { code } : {}),
        ...(d.source ? { source: d.source } : {}),
      };
    })
    .sort((a, b) => a.line - b.line || a.column - b.column);
}

/** `edits` (LSP ranges over `text`) applied, last first so earlier offsets hold. */
function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  const offset = (p: { line: number; character: number }) =>
    Math.min(text.length, (starts[p.line] ?? text.length) + p.character);
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start));
  let out = text;
  for (const e of sorted) out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  return out;
}

/** Writes every planned file atomically; a failure part-way puts back the files already written. */
async function commitAll(
  ctx: CodeContext,
  planned: Array<{ file: string; loaded: LoadedText; text: string }>,
): Promise<void> {
  const undo: Array<() => Promise<unknown>> = [];
  try {
    for (const p of planned) {
      throwIfAborted(ctx.signal, 'rename');
      await saveText(ctx.scope, p.loaded.resolved, p.text, p.loaded, {
        mode: p.loaded.mode,
        session: ctx.session,
        signal: ctx.signal,
      });
      undo.push(() => atomicWrite(ctx.scope, p.loaded.resolved, p.loaded.bytes, { mode: p.loaded.mode }));
    }
  } catch (err) {
    for (const u of undo.reverse()) await u().catch(() => undefined);
    throw err;
  }
}

export type { LanguageServer };

const introducedIn = (b: Basis) => introduced(b.before, b.after, b.beforeDiags, b.afterDiags);

function basisOf(report: ChangeDiagnostics): Map<string, Basis> {
  let m = bases.get(report);
  if (!m) bases.set(report, (m = new Map<string, Basis>()));
  return m;
}

/** `reports` with each file checked by more than one of them compared from its first text to its last (takeLate). */
function combined(reports: readonly ChangeDiagnostics[]): ChangeDiagnostics[] {
  const first = new Map<string, Basis>();
  const last = new Map<string, { report: number; basis: Basis }>();
  reports.forEach((r, i) => {
    for (const [path, basis] of bases.get(r) ?? []) {
      if (!first.has(path)) first.set(path, basis);
      else last.set(path, { report: i, basis });
    }
  });
  if (last.size === 0) return [...reports];
  return reports.map((r, i) => {
    const files = r.files.map((f) => {
      const l = last.get(f.path);
      if (l?.report !== i) return f;
      const from = first.get(f.path)!;
      return { ...f, introduced: introducedIn({ ...l.basis, before: from.before, beforeDiags: from.beforeDiags }) };
    });
    return { ...r, files };
  });
}
