// The ripgrep backend: runs `rg --json`, parses its stream line by line with bounded
// memory, assembles one file's findings between its begin and end messages (dropping
// files rg found binary), and kills rg as soon as the caller has enough, the signal fires
// or the search is stopped.
import { spawn, type ChildProcess } from 'node:child_process';
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
  a.push(req.caseMode === 'insensitive' ? '--ignore-case' : req.caseMode === 'smart' ? '--smart-case' : '--case-sensitive');
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
function utf16Offsets(text: string, bytes: Buffer | undefined, subs: Array<{ start: number; end: number }>): Submatch[] {
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
  return p.startsWith('./') && !p.includes('/..') && !p.includes('/./') ? (cwd.endsWith('/') ? cwd + p.slice(2) : cwd + p.slice(1)) : path.resolve(cwd, p);
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

/**
 * Runs rg once per target, from the target's directory: rg matches --glob against paths
 * relative to its working directory, and the fallback matches them relative to the target.
 */
export async function runRg(req: BackendRequest, rgPath: string, sink: FileSink, maxTotal: number): Promise<void> {
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
    await runOne(req, rgPath, isDir ? target : path.dirname(target), isDir ? '.' : path.basename(target), counting, remaining);
  }
}

async function runOne(req: BackendRequest, rgPath: string, cwd: string, arg: string, sink: FileSink, maxTotal: number): Promise<void> {
  const extra = !req.ignore.noIgnore && req.ignore.ignoreFileNames?.length ? new ExtraIgnoreFilter([cwd], req.ignore.ignoreFileNames) : undefined;
  const argv = [...rgArgs(req), '--', arg];
  // A pattern past the kernel's one-argument limit would fail to start: say so in band.
  checkArgv(rgPath, argv, process.env as Record<string, string>, 'pattern', 'pattern', 'search for a shorter part of it');
  // rg's output is read into one reused buffer where the socket can be made (socket-stdout.ts).
  const out = await socketStdout((chunk) => onChunk(chunk));
  let child: ChildProcess;
  try {
    child = spawn(rgPath, argv, { cwd, stdio: ['ignore', out ? out.childEnd : 'pipe', 'pipe'] });
  } catch (err) {
    out?.destroy();
    throw spawnFailure(err as NodeJS.ErrnoException, rgPath, cwd, argv, {}, 'pattern');
  } finally {
    out?.spawned();
  }
  let stderr = '';
  let stopped = false;
  let exited = false;
  const kill = (): void => {
    if (!exited) child.kill('SIGKILL');
  };
  const onAbort = (): void => kill();
  req.signal.addEventListener('abort', onAbort, { once: true });

  let current: FileHits | undefined;
  let failure: unknown;
  let found = 0;
  const queue: FileHits[] = [];
  const finish = (hits: FileHits): void => {
    if (stopped) return;
    queue.push(hits);
  };

  const endFile = (textFile: boolean): void => {
    // A file whose every match was excluded (excludeLines) is no hit, as in the fallback.
    if (current && textFile && current.matchLines > 0) finish(current);
    current = undefined;
  };
  const handle = (msg: RgMessage): void => {
    const d = msg.data;
    switch (msg.type) {
      case 'begin':
        current = { path: underCwd(cwd, decodeRg(d.path ?? {}).text), matchLines: 0, matches: 0, lines: [] };
        break;
      case 'match':
      case 'context': {
        if (!current) return;
        const { text, bytes } = decodeRg(d.lines ?? {});
        // A prefix holds no terminator; the rest of such a line is not needed (not multiline,
        // no excludeLines: see prefixFrom below).
        const body = d.prefixOnly || d.bare ? text : stripEnd(text);
        if (req.excludeLines?.test(body)) return; // left out before it counts, context or match
        let rec: GrepLine | undefined;
        if (msg.type === 'match') {
          const subs = d.prefixOnly ? (d.submatches ?? []) : utf16Offsets(text, bytes, d.submatches ?? []);
          const span = d.prefixOnly ? 1 : lineSpan(body);
          current.matchLines += span;
          current.matches += subs.length;
          found += span;
          if (req.keepLines) rec = { line: d.line_number ?? 0, kind: 'match', text: body, column: subs.length ? subs[0]!.start + 1 : 1, submatches: subs };
        } else if (req.keepLines) {
          rec = { line: d.line_number ?? 0, kind: 'context', text: body };
        }
        if (rec) {
          const c = cutLine(rec.text, req.maxLineLength);
          if (c.cut) {
            rec.text = c.text;
            rec.cut = true;
          }
          current.lines.push(rec);
        }
        if (found >= maxTotal && !stopped) {
          // Enough: keep this file's findings so far and stop rg.
          finish(current);
          current = undefined;
          stopped = true;
          kill();
        }
        break;
      }
      default: // "end" and "summary" never get here: they are read without parsing, below
        break;
    }
  };

  // Bounded line splitting on the bytes: a partial line is carried only up to the next
  // newline. Lines are read in place in the chunks; one that spans chunks is gathered in a
  // buffer kept for the whole call (a new buffer per long line made the GC work hard: a
  // search on minified code has lines of hundreds of KB). Each line is decoded on its own
  // (a newline byte never falls inside a UTF-8 character), and a long line to be cut is
  // decoded only as far as it is kept (rg-json.ts).
  const prefixFrom = req.multiline || req.excludeLines ? undefined : req.maxLineLength;
  let carry = Buffer.allocUnsafe(0);
  let carried = 0;
  let dropping = false;
  const gather = (chunk: Buffer, from: number, to: number): void => {
    const need = carried + to - from;
    if (need > carry.length) {
      const grown = Buffer.allocUnsafe(Math.max(need, 2 * carry.length, 64 * 1024));
      carry.copy(grown, 0, 0, carried);
      carry = grown;
    }
    chunk.copy(carry, carried, from, to);
    carried = need;
  };
  const onLine = (buf: Buffer, start: number, end: number): void => {
    if (stopped || end === start) return;
    // "end" (a third of the stream, mostly statistics) and "summary" need no parsing: only
    // whether rg found the file binary. A JSON string cannot hold an unescaped quote, so
    // the marker cannot come from a path.
    if (bytesStartWith(buf, start, end, B_END)) return endFile(bytesInclude(buf, start, end, B_TEXT_FILE));
    if (bytesStartWith(buf, start, end, B_SUMMARY)) return;
    let msg: RgMessage;
    try {
      msg = parseRgLine(buf, start, end, prefixFrom, !req.multiline);
    } catch {
      return; // not a JSON message (cannot happen with --json): skip it
    }
    try {
      handle(msg);
    } catch (err) {
      // A fault of ours: stop and fail the call (below) rather than drop findings silently.
      failure ??= err;
      stopped = true;
      kill();
    }
  };
  const onChunk = (chunk: Buffer): void => {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      if (dropping) dropping = false;
      else if (carried === 0) onLine(chunk, start, nl);
      else {
        gather(chunk, start, nl);
        const length = carried;
        carried = 0;
        onLine(carry, 0, length);
      }
      start = nl + 1;
    }
    if (start < chunk.length && !dropping) {
      if (carried + chunk.length - start > MAX_JSON_LINE) {
        dropping = true;
        carried = 0;
      } else gather(chunk, start, chunk.length);
    }
    drain();
  };
  child.stdout?.on('data', onChunk);
  child.stderr?.on('data', (d: Buffer) => {
    if (stderr.length < STDERR_KEEP) stderr += d.toString('utf8').slice(0, STDERR_KEEP - stderr.length);
  });

  // Files are handed over between chunks; the extra-ignore check is async. Without extra
  // ignore files they are handed over at once: a promise per chunk costs more than the hand-over
  // (a large search reads a few thousand chunks).
  let draining: Promise<void> = Promise.resolve();
  const drain = (): void => {
    if (queue.length === 0) return;
    if (!extra) {
      for (const hits of queue) {
        if (!sink(hits)) {
          stopped = true;
          kill();
          break;
        }
      }
      queue.length = 0;
      return;
    }
    const batch = queue.splice(0);
    draining = draining.then(async () => {
      for (const hits of batch) {
        if (extra && (await extra.ignored(hits.path))) continue;
        if (!sink(hits)) {
          stopped = true;
          kill();
          return;
        }
      }
    });
  };

  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>((resolve) => {
    child.on('error', (error) => resolve({ code: null, signal: null, error }));
    child.on('close', (code, signal) => resolve({ code, signal }));
  });
  exited = true;
  // A child that never started leaves the socket open; one that ran closed its end.
  if (exit.error) out?.destroy();
  await out?.ended;
  req.signal.removeEventListener('abort', onAbort);
  drain();
  await draining;
  if (exit.error) {
    throw engineFailure('rg_not_started', `ripgrep could not be started: ${exit.error.message}`, { rgPath }, { cause: exit.error });
  }
  if (failure !== undefined)
    throw engineFailure('rg_output_unreadable', `reading ripgrep's output failed: ${(failure as Error)?.message ?? failure}`, {}, { cause: failure });
  if (req.signal.aborted) throw abortError(req.signal, 'search');
  if (stopped || exit.code === 0 || exit.code === 1) return;
  const msg = stderr.trim();
  if (
    /regex parse error|error parsing glob|unrecognized file type|literal .* is not allowed|invalid|unknown/i.test(msg) &&
    exit.code === 2 &&
    !/No such file|Permission denied/i.test(msg)
  ) {
    throw engineFailure('rg_refused', `ripgrep refused the search: ${msg}`, { pattern: req.pattern, stderr: msg }, { field: 'pattern' });
  }
  if (exit.code === 2) return; // some files could not be read; rg searched the rest
  throw engineFailure(
    'rg_failed',
    `ripgrep failed (exit ${exit.code ?? exit.signal})`,
    {},
    {
      process: { tool: 'rg', exitCode: exit.code ?? -1, signal: exit.signal ?? '', output: msg, outputTruncated: stderr.length >= STDERR_KEEP, backend: 'rg' },
    },
  );
}
