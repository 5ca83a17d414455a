// The ripgrep backend: runs `rg --json`, parses its stream line by line with bounded
// memory, assembles one file's findings between its begin and end messages (dropping
// files rg found binary), and kills rg as soon as the caller has enough, the signal fires
// or the search is stopped.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { engineFailure, abortError } from '../errors.js';
import { socketStdout } from '../socket-stdout.js';
import { checkArgv, spawnFailure } from '../spawn-errors.js';
import { TypeFilter } from './filters.js';
import { IgnoreRules, VCS_DIRS } from './ignore.js';
import { bytesInclude, bytesStartWith, parseRgLine, type RgMessage, type RgText } from './rg-json.js';
import { cutLine } from './scan.js';
import type { BackendRequest, FileHits, FileSink, GrepLine, Submatch } from './types.js';

/** A JSON line longer than this (one enormous text line) is dropped rather than buffered. */
const MAX_JSON_LINE = 32 * 1024 * 1024;
const STDERR_KEEP = 16 * 1024;
const B_END = Buffer.from('{"type":"end"');
const B_SUMMARY = Buffer.from('{"type":"summary"');
const B_TEXT_FILE = Buffer.from('"binary_offset":null');

let probe: { path: string; ok: Promise<boolean> } | undefined;

/** Whether `rgPath` runs (cached per path). */
export function rgAvailable(rgPath: string): Promise<boolean> {
  if (probe?.path !== rgPath) {
    const ok = new Promise<boolean>((resolve) => {
      const child = spawn(rgPath, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.on('error', () => resolve(false));
      child.on('close', (code) => resolve(code === 0 && out.startsWith('ripgrep')));
    });
    probe = { path: rgPath, ok };
  }
  return probe.ok;
}

export function rgArgs(req: BackendRequest): string[] {
  const a = ['--json', '--no-config', '--no-ignore-global', '--no-require-git'];
  if (req.inPathOrder) a.push('--sort', 'path');
  if (req.fixedStrings) a.push('--fixed-strings');
  a.push(
    req.caseMode === 'insensitive' ? '--ignore-case' : req.caseMode === 'smart' ? '--smart-case' : '--case-sensitive',
  );
  if (req.wordMatch) a.push('--word-regexp');
  if (req.multiline) a.push('--multiline', '--multiline-dotall');
  if (req.before > 0) a.push('--before-context', String(req.before));
  if (req.after > 0) a.push('--after-context', String(req.after));
  if (req.maxPerFile !== undefined) a.push('--max-count', String(req.maxPerFile));
  if (req.ignore.hidden) a.push('--hidden');
  if (req.ignore.noIgnore) a.push('--no-ignore');
  else if (req.ignore.noGitIgnore) a.push('--no-ignore-vcs');
  for (const t of req.types) a.push('--type', t);
  for (const t of req.typesNot) a.push('--type-not', t);
  if (req.globCaseInsensitive) a.push('--glob-case-insensitive');
  for (const g of req.globs) a.push('--glob', g);
  // Always-skipped names go last so they win over the caller's globs. rg already skips dot
  // names unless --hidden or an include glob lets them in; a glob rg need not test on every
  // path costs it about 2% of a large search.
  const dotsSkipped = !req.ignore.hidden && req.globs.length === 0;
  for (const n of req.ignore.skipNames ?? VCS_DIRS) if (!(dotsSkipped && n.startsWith('.'))) a.push('--glob', `!${n}`);
  a.push('--regexp', req.pattern);
  return a;
}

function decodeRg(v: RgText): { text: string; bytes?: Buffer } {
  if (v.text !== undefined) return { text: v.text };
  const bytes = Buffer.from(v.bytes ?? '', 'base64');
  return { text: bytes.toString('utf8'), bytes };
}

/** Strips the line terminator rg keeps at the end of `lines`. */
function stripEnd(s: string): string {
  if (s.endsWith('\n')) s = s.slice(0, -1);
  if (s.endsWith('\r')) s = s.slice(0, -1);
  return s;
}

/** Submatches of an ASCII line (byte offsets are UTF-16 offsets) without the empty ones. */
function nonEmpty(subs: Array<{ start: number; end: number }>): Submatch[] {
  // Empty matches: rg reports them at every byte, even inside characters.
  return subs.filter((s) => s.end > s.start).map((s) => ({ start: s.start, end: s.end }));
}

/** Converts rg's byte offsets into one line to UTF-16 offsets (encoding the line at most once). */
function utf16Offsets(
  text: string,
  bytes: Buffer | undefined,
  subs: Array<{ start: number; end: number }>,
): Submatch[] {
  // Pure ASCII: bytes and UTF-16 units coincide (byteLength is a native count, no copy).
  const b = bytes ?? (Buffer.byteLength(text, 'utf8') === text.length ? undefined : Buffer.from(text, 'utf8'));
  if (!b) return nonEmpty(subs);
  // Offsets come in increasing order: each is decoded on from the one before when that one
  // starts a character, so a line with many matches is decoded about once, not once per match.
  let lastByte = 0;
  let lastUnits = 0;
  const unitsAt = (byte: number): number => {
    const onward = byte >= lastByte && (b[lastByte] === undefined || (b[lastByte]! & 0xc0) !== 0x80);
    const n = onward ? lastUnits + b.toString('utf8', lastByte, byte).length : b.toString('utf8', 0, byte).length;
    lastByte = byte;
    lastUnits = n;
    return n;
  };
  const out: Submatch[] = [];
  for (const s of subs) if (s.end > s.start) out.push({ start: unitsAt(s.start), end: unitsAt(s.end) });
  return out;
}

/** How many lines a match body spans. */
function lineSpan(body: string): number {
  let n = 1;
  for (let i = body.indexOf('\n'); i !== -1; i = body.indexOf('\n', i + 1)) n++;
  return n;
}

/** rg prints paths below its working directory as "./x/y": joined without re-normalising. */
function underCwd(cwd: string, p: string): string {
  return p.startsWith('./') && !p.includes('/..') && !p.includes('/./')
    ? cwd.endsWith('/')
      ? cwd + p.slice(2)
      : cwd + p.slice(1)
    : path.resolve(cwd, p);
}

/** Extra ignore files (.geminiignore...) rg cannot read per directory: applied to its results. */
class ExtraIgnoreFilter {
  private readonly rules: IgnoreRules;
  private readonly dirVerdict = new Map<string, boolean>();

  constructor(
    private readonly roots: string[],
    names: string[],
  ) {
    this.rules = new IgnoreRules({ ignoreFileNames: names, hidden: true, skipNames: [], onlyExtraFiles: true });
    for (const r of roots) this.rules.loadAncestors(r);
  }

  async ignored(file: string): Promise<boolean> {
    const root = this.roots.find((r) => file.startsWith(r + path.sep));
    if (!root) return false;
    const dir = path.dirname(file);
    if (await this.dirIgnored(root, dir)) return true;
    await this.rules.loadPath(root, dir);
    return this.rules.reason(dir, path.basename(file), false) !== undefined;
  }

  private async dirIgnored(root: string, dir: string): Promise<boolean> {
    if (dir === root) return false;
    const known = this.dirVerdict.get(dir);
    if (known !== undefined) return known;
    const parent = path.dirname(dir);
    let v = await this.dirIgnored(root, parent);
    if (!v) {
      await this.rules.loadPath(root, parent);
      v = this.rules.reason(parent, path.basename(dir), true) !== undefined;
    }
    this.dirVerdict.set(dir, v);
    return v;
  }
}

/** The default heap (anonymous memory) past which a ripgrep run is stopped (--rg-memory-mb). */
export const RG_MEMORY_BYTES = 1024 * 1024 * 1024;
/** How often a running rg is looked at. */
const GUARD_MS = 100;

/**
 * Why a running rg should be stopped, read from /proc: one of its threads waits in the kernel
 * for a FIFO's writer (it opens every ignore file it meets, whatever it is, and nothing will
 * write), or its heap passed `maxBytes` (a link to /dev/zero as an ignore file: 3 GB in three
 * seconds). Undefined otherwise, and where /proc does not tell.
 */
export function rgTrouble(pid: number, maxBytes: number): 'fifo' | 'memory' | undefined {
  try {
    const anon = /RssAnon:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
    if (anon && Number(anon[1]) * 1024 > maxBytes) return 'memory';
    for (const t of readdirSync(`/proc/${pid}/task`)) {
      if (readFileSync(`/proc/${pid}/task/${t}/wchan`, 'latin1') === 'wait_for_partner') return 'fifo';
    }
  } catch {
    // gone, or /proc not readable: nothing to say
  }
  return undefined;
}

/**
 * Runs rg once per target, from the target's directory: rg matches --glob against paths
 * relative to its working directory, and the fallback matches them relative to the target.
 */
export async function runRg(
  req: BackendRequest,
  rgPath: string,
  sink: FileSink,
  maxTotal: number,
  memoryBytes = RG_MEMORY_BYTES,
): Promise<void> {
  new TypeFilter(req.types, req.typesNot); // same validation and message as the fallback
  let remaining = maxTotal;
  let open = true;
  const counting: FileSink = (hits) => {
    remaining -= hits.matchLines;
    open = sink(hits);
    return open;
  };
  for (const target of req.targets) {
    if (!open || remaining <= 0) break;
    if (req.signal.aborted) throw abortError(req.signal, 'search');
    const isDir = (await stat(target)).isDirectory();
    await runOne(
      req,
      rgPath,
      isDir ? target : path.dirname(target),
      isDir ? '.' : path.basename(target),
      counting,
      remaining,
      memoryBytes,
    );
  }
}

async function runOne(
  req: BackendRequest,
  rgPath: string,
  cwd: string,
  arg: string,
  sink: FileSink,
  maxTotal: number,
  memoryBytes: number,
): Promise<void> {
  const run = new RgRun(req, cwd, sink, maxTotal);
  const argv = [...rgArgs(req), '--', arg];
  // A pattern past the kernel's one-argument limit would fail to start: say so in band.
  checkArgv(
    rgPath,
    argv,
    process.env as Record<string, string>,
    'pattern',
    'pattern',
    'search for a shorter part of it',
  );
  // rg's output is read into one reused buffer where the socket can be made (socket-stdout.ts).
  const out = await socketStdout((chunk) => run.onChunk(chunk));
  let child: ChildProcess;
  try {
    child = spawn(rgPath, argv, { cwd, stdio: ['ignore', out ? out.childEnd : 'pipe', 'pipe'] });
  } catch (err) {
    out?.destroy();
    throw spawnFailure(err as NodeJS.ErrnoException, rgPath, cwd, argv, {}, 'pattern');
  } finally {
    out?.spawned();
  }
  run.watch(child);
  const onAbort = (): void => run.kill();
  req.signal.addEventListener('abort', onAbort, { once: true });
  const guard =
    child.pid === undefined
      ? undefined
      : setInterval(() => {
          const why = rgTrouble(child.pid!, memoryBytes);
          if (why) {
            run.trouble = why;
            run.kill();
          }
        }, GUARD_MS);
  const exit = await exitOf(child);
  clearInterval(guard);
  run.exited = true;
  // A child that never started leaves the socket open; one that ran closed its end.
  if (exit.error) out?.destroy();
  await out?.ended;
  req.signal.removeEventListener('abort', onAbort);
  await run.handedOver();
  throwIfFailed(req, rgPath, exit, run);
}

interface RgExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: Error;
}

function exitOf(child: ChildProcess): Promise<RgExit> {
  return new Promise<RgExit>((resolve) => {
    child.on('error', (error) => resolve({ code: null, signal: null, error }));
    child.on('close', (code, signal) => resolve({ code, signal }));
  });
}

/**
 * One rg process's stream: splits its JSON lines, assembles each file's findings between its
 * begin and end messages, hands finished files to the sink, and stops rg when the caller has
 * enough.
 */
class RgRun {
  exited = false;
  /** No more findings are wanted (enough found, the sink said stop, or a fault of ours). */
  stopped = false;
  /** A fault of ours while handling a message: fails the call. */
  failure: unknown;
  /** Why the guard stopped rg (the caller redoes the search without it). */
  trouble: 'fifo' | 'memory' | undefined;
  stderr = '';
  private child: ChildProcess | undefined;
  private current: FileHits | undefined;
  private found = 0;
  /** Finished files not yet handed to the sink. */
  private readonly queue: FileHits[] = [];
  private draining: Promise<void> = Promise.resolve();
  private readonly extra: ExtraIgnoreFilter | undefined;
  private readonly lines: JsonLines;

  constructor(
    private readonly req: BackendRequest,
    private readonly cwd: string,
    private readonly sink: FileSink,
    private readonly maxTotal: number,
  ) {
    const names = req.ignore.ignoreFileNames;
    this.extra = !req.ignore.noIgnore && names?.length ? new ExtraIgnoreFilter([cwd], names) : undefined;
    // A prefix holds no terminator; the rest of such a line is not needed (not multiline, no
    // excludeLines: see handleLine below).
    this.lines = new JsonLines(this, req.multiline || req.excludeLines ? undefined : req.maxLineLength);
  }

  watch(child: ChildProcess): void {
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => this.onChunk(chunk));
    child.stderr?.on('data', (d: Buffer) => {
      if (this.stderr.length < STDERR_KEEP)
        this.stderr += d.toString('utf8').slice(0, STDERR_KEEP - this.stderr.length);
    });
  }

  kill(): void {
    if (!this.exited) this.child?.kill('SIGKILL');
  }

  onChunk(chunk: Buffer): void {
    this.lines.feed(chunk);
    this.drain();
  }

  /** Resolves once every finished file went to the sink. */
  async handedOver(): Promise<void> {
    this.drain();
    await this.draining;
  }

  /** One JSON line of rg's output, bytes `start`..`end` of `buf`. */
  handleLine(buf: Buffer, start: number, end: number, prefixFrom: number | undefined): void {
    if (this.stopped || end === start) return;
    // "end" (a third of the stream, mostly statistics) and "summary" need no parsing: only
    // whether rg found the file binary. A JSON string cannot hold an unescaped quote, so
    // the marker cannot come from a path.
    if (bytesStartWith(buf, start, end, B_END)) return this.endFile(bytesInclude(buf, start, end, B_TEXT_FILE));
    if (bytesStartWith(buf, start, end, B_SUMMARY)) return;
    let msg: RgMessage;
    try {
      msg = parseRgLine(buf, start, end, prefixFrom, !this.req.multiline);
    } catch {
      return; // not a JSON message (cannot happen with --json): skip it
    }
    try {
      this.handle(msg);
    } catch (err) {
      // A fault of ours: stop and fail the call (below) rather than drop findings silently.
      this.failure ??= err;
      this.stopped = true;
      this.kill();
    }
  }

  private handle(msg: RgMessage): void {
    const d = msg.data;
    if (msg.type === 'begin') {
      this.current = { path: underCwd(this.cwd, decodeRg(d.path ?? {}).text), matchLines: 0, matches: 0, lines: [] };
    } else if (msg.type === 'match' || msg.type === 'context') {
      // "end" and "summary" never get here: they are read without parsing (handleLine).
      if (this.current) this.addLine(this.current, msg);
    }
  }

  /** A match or context line of the current file. */
  private addLine(current: FileHits, msg: RgMessage): void {
    const d = msg.data;
    const { text, bytes } = decodeRg(d.lines ?? {});
    const body = d.prefixOnly || d.bare ? text : stripEnd(text);
    if (this.req.excludeLines?.test(body)) return; // left out before it counts, context or match
    let rec: GrepLine | undefined;
    if (msg.type === 'match') {
      const subs = d.prefixOnly ? (d.submatches ?? []) : utf16Offsets(text, bytes, d.submatches ?? []);
      const span = d.prefixOnly ? 1 : lineSpan(body);
      current.matchLines += span;
      current.matches += subs.length;
      this.found += span;
      if (this.req.keepLines) {
        const column = subs.length ? subs[0]!.start + 1 : 1;
        rec = { line: d.line_number ?? 0, kind: 'match', text: body, column, submatches: subs };
      }
    } else if (this.req.keepLines) {
      rec = { line: d.line_number ?? 0, kind: 'context', text: body };
    }
    if (rec) {
      const c = cutLine(rec.text, this.req.maxLineLength);
      if (c.cut) {
        rec.text = c.text;
        rec.cut = true;
      }
      current.lines.push(rec);
    }
    if (this.found >= this.maxTotal && !this.stopped) {
      // Enough: keep this file's findings so far and stop rg.
      this.finish(current);
      this.current = undefined;
      this.stopped = true;
      this.kill();
    }
  }

  private endFile(textFile: boolean): void {
    // A file whose every match was excluded (excludeLines) is no hit, as in the fallback.
    if (this.current && textFile && this.current.matchLines > 0) this.finish(this.current);
    this.current = undefined;
  }

  private finish(hits: FileHits): void {
    if (!this.stopped) this.queue.push(hits);
  }

  /**
   * Files are handed over between chunks; the extra-ignore check is async. Without extra
   * ignore files they are handed over at once: a promise per chunk costs more than the
   * hand-over (a large search reads a few thousand chunks).
   */
  private drain(): void {
    if (this.queue.length === 0) return;
    const extra = this.extra;
    if (!extra) {
      for (const hits of this.queue) {
        if (!this.sink(hits)) {
          this.stopped = true;
          this.kill();
          break;
        }
      }
      this.queue.length = 0;
      return;
    }
    const batch = this.queue.splice(0);
    this.draining = this.draining.then(async () => {
      for (const hits of batch) {
        if (await extra.ignored(hits.path)) continue;
        if (!this.sink(hits)) {
          this.stopped = true;
          this.kill();
          return;
        }
      }
    });
  }
}

/**
 * Bounded line splitting on the bytes: a partial line is carried only up to the next
 * newline. Lines are read in place in the chunks; one that spans chunks is gathered in a
 * buffer kept for the whole call (a new buffer per long line made the GC work hard: a
 * search on minified code has lines of hundreds of KB). Each line is decoded on its own
 * (a newline byte never falls inside a UTF-8 character), and a long line to be cut is
 * decoded only as far as it is kept (rg-json.ts).
 */
class JsonLines {
  private carry = Buffer.allocUnsafe(0);
  private carried = 0;
  /** Inside a line too long to keep (MAX_JSON_LINE): skipped to its end. */
  private dropping = false;

  constructor(
    private readonly run: RgRun,
    private readonly prefixFrom: number | undefined,
  ) {}

  feed(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      if (this.dropping) this.dropping = false;
      else if (this.carried === 0) this.run.handleLine(chunk, start, nl, this.prefixFrom);
      else {
        this.gather(chunk, start, nl);
        const length = this.carried;
        this.carried = 0;
        this.run.handleLine(this.carry, 0, length, this.prefixFrom);
      }
      start = nl + 1;
    }
    if (start < chunk.length && !this.dropping) {
      if (this.carried + chunk.length - start > MAX_JSON_LINE) {
        this.dropping = true;
        this.carried = 0;
      } else this.gather(chunk, start, chunk.length);
    }
  }

  private gather(chunk: Buffer, from: number, to: number): void {
    const need = this.carried + to - from;
    if (need > this.carry.length) {
      const grown = Buffer.allocUnsafe(Math.max(need, 2 * this.carry.length, 64 * 1024));
      this.carry.copy(grown, 0, 0, this.carried);
      this.carry = grown;
    }
    chunk.copy(this.carry, this.carried, from, to);
    this.carried = need;
  }
}

/** The call's outcome from rg's exit: nothing, or the failure to throw. */
function throwIfFailed(req: BackendRequest, rgPath: string, exit: RgExit, run: RgRun): void {
  if (exit.error) {
    throw engineFailure(
      'rg_not_started',
      `ripgrep could not be started: ${exit.error.message}`,
      { rgPath },
      { cause: exit.error },
    );
  }
  if (run.trouble) {
    const what = run.trouble === 'fifo' ? 'waited on a FIFO' : 'passed its memory bound';
    throw engineFailure('rg_stopped', `ripgrep ${what} reading the tree and was stopped`, { reason: run.trouble });
  }
  const failure = run.failure;
  if (failure !== undefined) {
    const message = `reading ripgrep's output failed: ${(failure as Error)?.message ?? failure}`;
    throw engineFailure('rg_output_unreadable', message, {}, { cause: failure });
  }
  if (req.signal.aborted) throw abortError(req.signal, 'search');
  if (run.stopped || exit.code === 0 || exit.code === 1) return;
  const msg = run.stderr.trim();
  if (exit.code === 2 && refusedSearch(msg)) {
    throw engineFailure(
      'rg_refused',
      `ripgrep refused the search: ${msg}`,
      { pattern: req.pattern, stderr: msg },
      { field: 'pattern' },
    );
  }
  if (exit.code === 2) return; // some files could not be read; rg searched the rest
  const outputTruncated = run.stderr.length >= STDERR_KEEP;
  const rg = {
    tool: 'rg',
    exitCode: exit.code ?? -1,
    signal: exit.signal ?? '',
    output: msg,
    outputTruncated,
    backend: 'rg',
  };
  throw engineFailure('rg_failed', `ripgrep failed (exit ${exit.code ?? exit.signal})`, {}, { process: rg });
}

/** rg's exit 2 with this on stderr is a pattern, glob or type it refused, not a file it could not read. */
function refusedSearch(stderr: string): boolean {
  return (
    /regex parse error|error parsing glob|unrecognized file type|literal .* is not allowed|invalid|unknown/i.test(
      stderr,
    ) && !/No such file|Permission denied/i.test(stderr)
  );
}
