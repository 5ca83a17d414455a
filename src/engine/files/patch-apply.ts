// Applying a *** Begin Patch envelope, all or nothing: every hunk is resolved, checked and computed in
// memory first; only then are files written (each atomically), and if a write still fails
// the files already written are put back. Matching follows the reference's four passes.
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { engineFailure, fromSystemError, throwIfAborted } from '../errors.js';
import type { ResolvedPath, Scope } from '../scope.js';
import type { Session } from '../session.js';
import { diffArrays } from 'diff';
import { detectLineEnding, toLf } from './encoding.js';
import { diffTexts, type FileDiff } from './diff.js';
import { withPathLocks } from './lock.js';
import { asciiTypography } from './match.js';
import { parsePatch, type PatchHunk, type UpdateChunk } from './patch-parse.js';
import { fileText, loadText, NEW_FILE_FORMAT, saveText, type LoadedText } from './text-file.js';
import { currentChanges, sha256Hex } from '../audit.js';
import { atomicWrite, removeDirs } from './atomic.js';

export type PatchPass = 'exact' | 'trailing-whitespace' | 'trim' | 'typography';

export interface PatchFileChange {
  action: 'add' | 'update' | 'delete';
  /** Real path written (the destination for a move). */
  path: string;
  relative: string;
  /** As written in the patch. */
  patchPath: string;
  movedFrom?: string;
  /** The pass that matched each chunk, in order. */
  passes: PatchPass[];
  diff: FileDiff;
}

export interface PatchResult {
  changes: PatchFileChange[];
  added: string[];
  modified: string[];
  deleted: string[];
}

export interface PatchOptions {
  cwd?: string;
  signal?: AbortSignal;
  session?: Session;
  /** An Add File hunk may replace an existing file (the reference does; default true). */
  addOverwrites?: boolean;
}

interface Planned {
  hunk: PatchHunk;
  source: ResolvedPath;
  target: ResolvedPath;
  loaded?: LoadedText;
  /** New text in the file's own line endings; undefined for a delete. */
  text?: string;
  passes: PatchPass[];
  /** The diff, made once the patch is written. */
  diff: () => Promise<FileDiff>;
}

export async function applyPatch(scope: Scope, patch: string, opts: PatchOptions = {}): Promise<PatchResult> {
  const hunks = parsePatch(patch);
  if (hunks.length === 0) throw engineFailure('empty_patch', 'the patch changes no files', {}, { field: 'patch' });
  const resolved = await Promise.all(
    hunks.map(async (h) => ({
      source: await scope.resolve(h.path, opts.cwd, 'patch'),
      target:
        h.type === 'update' && h.moveTo !== undefined ? await scope.resolve(h.moveTo, opts.cwd, 'patch') : undefined,
    })),
  );
  const paths = resolved.flatMap((r) => [r.source.real, ...(r.target ? [r.target.real] : [])]);
  return withPathLocks(paths, async () => {
    // Plan: files as they will be after the hunks before them (a patch may touch one file twice).
    const state = new Map<string, string | null>(); // real path -> planned working text (null: deleted)
    const loads = new Map<string, LoadedText>(); // real path -> the file as first found
    const plans: Planned[] = [];
    for (const [k, h] of hunks.entries()) {
      throwIfAborted(opts.signal, 'patch');
      const { source, target } = resolved[k]!;
      plans.push(await plan(scope, h, source, target ?? source, { state, loads }, opts));
    }
    await commit(scope, plans, opts);
    const diffs = await Promise.all(plans.map((p) => p.diff()));
    const changes = plans.map((p, i): PatchFileChange => ({
      action: p.hunk.type,
      path: p.target.real,
      relative: scope.relative(p.target.real),
      patchPath: p.hunk.type === 'update' && p.hunk.moveTo ? p.hunk.moveTo : p.hunk.path,
      ...(p.hunk.type === 'update' && p.hunk.moveTo ? { movedFrom: scope.relative(p.source.real) } : {}),
      passes: p.passes,
      diff: diffs[i]!,
    }));
    const pick = (a: PatchFileChange['action']) => changes.filter((c) => c.action === a).map((c) => c.patchPath);
    return { changes, added: pick('add'), modified: pick('update'), deleted: pick('delete') };
  });
}

interface PlanState {
  state: Map<string, string | null>;
  loads: Map<string, LoadedText>;
}

async function plan(
  scope: Scope,
  h: PatchHunk,
  source: ResolvedPath,
  target: ResolvedPath,
  { state, loads }: PlanState,
  opts: PatchOptions,
): Promise<Planned> {
  const current = async (r: ResolvedPath): Promise<{ loaded?: LoadedText; text: string | null }> => {
    if (state.has(r.real)) return { loaded: loads.get(r.real), text: state.get(r.real)! };
    const loaded = await loadText(scope, r.input, { cwd: opts.cwd, field: 'patch' });
    loads.set(r.real, loaded);
    return { loaded, text: loaded.exists ? loaded.text : null };
  };
  const rel = scope.relative(target.real);
  if (h.type === 'add') {
    const now = await current(source);
    if (now.text !== null && opts.addOverwrites === false) {
      throw engineFailure(
        'file_exists',
        `${h.path} already exists (line ${h.line} adds it)`,
        { path: h.path, line: h.line },
        { field: 'patch' },
      );
    }
    if (now.text === null) await checkCreatable(source, state, h);
    // A file the patch replaces keeps its uniform CRLF or CR endings; a new one is written as given.
    const contents = now.text !== null && now.loaded ? fileText(h.contents, now.loaded) : h.contents;
    state.set(source.real, contents);
    return {
      hunk: h,
      source,
      target,
      loaded: now.loaded,
      text: contents,
      passes: [],
      diff: () => diffTexts(rel, diffView(now.text ?? ''), diffView(contents)),
    };
  }
  const now = await current(source);
  if (now.text === null) {
    throw engineFailure(
      'file_missing',
      `${h.path} does not exist (line ${h.line} ${h.type === 'delete' ? 'deletes' : 'updates'} it)`,
      { path: h.path, line: h.line },
      { field: 'patch' },
    );
  }
  if (h.type === 'delete') {
    state.set(source.real, null);
    return {
      hunk: h,
      source,
      target,
      loaded: now.loaded,
      passes: [],
      diff: () => diffTexts(rel, diffView(now.text!), ''),
    };
  }
  const { text, passes } = applyChunks(now.text, h.chunks, h.path, h.line);
  if (target.real !== source.real && (await current(target)).text === null) await checkCreatable(target, state, h);
  if (target.real !== source.real) state.set(source.real, null);
  state.set(target.real, text);
  return {
    hunk: h,
    source,
    target,
    loaded: now.loaded,
    text,
    passes,
    diff: () => diffTexts(scope.relative(source.real), diffView(now.text!), diffView(text), 3, rel),
  };
}

/** Diffs are shown in LF whatever the file's endings. */
function diffView(text: string): string {
  return detectLineEnding(text) === 'lf' ? text : toLf(text);
}

/**
 * A file the patch creates needs a directory to land in: the nearest ancestor that exists (as
 * the earlier hunks leave things) must be a directory, and the path must not be one the patch
 * itself fills with files. Found here, before anything is written, rather than half-way through.
 */
async function checkCreatable(target: ResolvedPath, state: Map<string, string | null>, h: PatchHunk): Promise<void> {
  const name = h.type === 'update' && h.moveTo !== undefined ? h.moveTo : h.path;
  const message = (why: string) => `${name} cannot be created (line ${h.line}): ${why}`;
  const notDirectory = (why: string, parent: string) =>
    engineFailure('parent_not_directory', message(why), { path: name, line: h.line, parent }, { field: 'patch' });
  const inside = [...state].find(([p, text]) => text !== null && p.startsWith(target.real + path.sep));
  if (inside)
    throw engineFailure(
      'is_directory',
      message('an earlier hunk puts a file inside it, so it is a directory'),
      { path: name, line: h.line, file: inside[0] },
      { field: 'patch' },
    );
  for (let dir = path.dirname(target.real); ; dir = path.dirname(dir)) {
    const planned = state.get(dir);
    if (planned !== undefined && planned !== null) throw notDirectory(`${dir} is a file an earlier hunk writes`, dir);
    if (planned === undefined) {
      const st = await fsp.stat(dir).catch(() => undefined);
      if (st?.isDirectory()) return;
      if (st) throw notDirectory(`${dir} is a file, not a directory`, dir);
    }
    if (path.dirname(dir) === dir) return;
  }
}

/** One line of a file as found: its text and its own line ending ('' for an unterminated last line). */
interface SourceLine {
  text: string;
  ending: string;
}

/**
 * Splits a file into lines that keep their own endings. Lines end at "\n" (a "\r" before it belongs to
 * the ending), or at "\r" in an old-Mac file that uses nothing else. The preferred ending, given to
 * new lines, is the file's first one (LF when it has none), as the reference does.
 */
function sourceLines(text: string): { lines: SourceLine[]; preferred: string } {
  const cr = detectLineEnding(text) === 'cr';
  const lines: SourceLine[] = [];
  const sep = cr ? '\r' : '\n';
  let start = 0;
  for (let i = text.indexOf(sep); i !== -1; i = text.indexOf(sep, start)) {
    const crlf = !cr && i > start && text.charCodeAt(i - 1) === 13;
    lines.push({ text: text.slice(start, crlf ? i - 1 : i), ending: crlf ? '\r\n' : sep });
    start = i + 1;
  }
  if (start < text.length) lines.push({ text: text.slice(start), ending: '' });
  return { lines, preferred: lines[0]?.ending || '\n' };
}

/**
 * Replaces `old` by the texts `neu`, keeping the lines the replacement leaves as they were (with
 * their own endings): the common tail first, then the common head, then the lines a line diff of
 * the middle finds unchanged. Lines that are new take the file's preferred ending.
 */
function replaceLines(old: SourceLine[], neu: string[], preferred: string): SourceLine[] {
  let tail = 0;
  while (tail < old.length && tail < neu.length && old[old.length - 1 - tail]!.text === neu[neu.length - 1 - tail])
    tail++;
  let head = 0;
  while (head < old.length - tail && head < neu.length - tail && old[head]!.text === neu[head]) head++;
  const out = old.slice(0, head);
  const midOld = old.slice(head, old.length - tail);
  let k = 0;
  for (const part of diffArrays(
    midOld.map((l) => l.text),
    neu.slice(head, neu.length - tail),
  )) {
    if (part.removed) k += part.count ?? part.value.length;
    else if (part.added) out.push(...part.value.map((text) => ({ text, ending: preferred })));
    else for (const _ of part.value) out.push(midOld[k++]!);
  }
  out.push(...old.slice(old.length - tail));
  return out;
}

/**
 * Applies an update's chunks to `text` (the file's own line endings, which every untouched line
 * keeps); throws naming the chunk that does not fit. Lines are matched without their endings.
 */
export function applyChunks(
  text: string,
  chunks: UpdateChunk[],
  display: string,
  line: number,
): { text: string; passes: PatchPass[] } {
  const { lines: source, preferred } = sourceLines(text);
  const lines = source.map((l) => l.text);
  const replacements: Array<{ at: number; remove: number; insert: string[] }> = [];
  const passes: PatchPass[] = [];
  let cursor = 0;
  for (const [k, chunk] of chunks.entries()) {
    if (chunk.context !== undefined) {
      const found = seekSequence(lines, [chunk.context], cursor, false);
      if (!found) {
        throw engineFailure(
          'context_not_found',
          `could not find the context '${chunk.context}' in ${display}`,
          { path: display, line, chunk: k, context: chunk.context },
          { field: 'patch' },
        );
      }
      cursor = found.at + 1;
    }
    if (chunk.oldLines.length === 0) {
      // A pure addition goes at the end of the file (before a final empty line), as in the reference.
      const at = lines.length > 0 && lines[lines.length - 1] === '' ? lines.length - 1 : lines.length;
      replacements.push({ at, remove: 0, insert: chunk.newLines });
      passes.push('exact');
      continue;
    }
    let old = chunk.oldLines;
    let neu = chunk.newLines;
    let found = seekSequence(lines, old, cursor, chunk.endOfFile);
    if (!found && old[old.length - 1] === '') {
      old = old.slice(0, -1);
      if (neu[neu.length - 1] === '') neu = neu.slice(0, -1);
      found = seekSequence(lines, old, cursor, chunk.endOfFile);
    }
    if (!found) {
      throw engineFailure(
        'lines_not_found',
        `could not find the expected lines in ${display}:\n${chunk.oldLines.join('\n')}`,
        { path: display, line, chunk: k, expected: chunk.oldLines.join('\n') },
        { field: 'patch' },
      );
    }
    replacements.push({ at: found.at, remove: old.length, insert: neu });
    passes.push(found.pass);
    cursor = found.at + old.length;
  }
  replacements.sort((a, b) => a.at - b.at);
  const out = [...source];
  for (let i = replacements.length - 1; i >= 0; i--) {
    const r = replacements[i]!;
    out.splice(r.at, r.remove, ...replaceLines(out.slice(r.at, r.at + r.remove), r.insert, preferred));
  }
  // An updated file always ends with a line ending (the preferred one when the last line had none).
  return { text: out.map((l) => l.text + (l.ending || preferred)).join(''), passes };
}

export type MatchPass = [PatchPass, (s: string) => string];

export const PASSES: readonly MatchPass[] = [
  ['exact', (s) => s],
  ['trailing-whitespace', (s) => s.trimEnd()],
  ['trim', (s) => s.trim()],
  ['typography', (s) => asciiTypography(s.trim())],
];

/**
 * The reference's matcher: four passes (or the `passes` given), each over every candidate
 * position before the next pass. With `eof`, only the position that ends at the last line.
 */
export function seekSequence(
  lines: string[],
  pattern: string[],
  start: number,
  eof: boolean,
  passes: readonly MatchPass[] = PASSES,
): { at: number; pass: PatchPass } | undefined {
  if (pattern.length === 0) return { at: start, pass: 'exact' };
  if (pattern.length > lines.length) return undefined;
  const first = eof ? lines.length - pattern.length : start;
  const last = lines.length - pattern.length;
  for (const [pass, norm] of passes) {
    for (let i = Math.max(0, first); i <= last; i++) {
      let ok = true;
      for (let j = 0; j < pattern.length && ok; j++) ok = norm(lines[i + j]!) === norm(pattern[j]!);
      if (ok) return { at: i, pass };
    }
  }
  return undefined;
}

/** Writes every planned change; on a failure, restores what was already written. */
async function commit(scope: Scope, plans: Planned[], opts: PatchOptions): Promise<void> {
  const undo: Array<() => Promise<unknown>> = [];
  // All or none: what a failed patch wrote and undid is not part of the call's record.
  const changes = currentChanges();
  const mark = changes?.mark();
  const hashOf = (bytes: Uint8Array | undefined) => (changes?.hashes && bytes ? sha256Hex(bytes) : null);
  try {
    for (const p of plans) {
      throwIfAborted(opts.signal, 'patch');
      const src = p.loaded;
      if (p.hunk.type === 'delete') {
        const backup = src?.bytes;
        // The entry itself goes: a link is removed, never the file it points to.
        const entry = await scope.entry(p.source, 'patch');
        const link = await fsp.readlink(entry).catch(() => undefined);
        await fsp.unlink(entry).catch((err) => {
          throw fromSystemError(err, p.hunk.path, 'delete');
        });
        if (link !== undefined) undo.push(() => fsp.symlink(link, entry));
        else if (backup) undo.push(() => atomicWrite(scope, p.source, backup, { mode: src?.mode }));
        opts.session?.reads.delete(p.source.real);
        changes?.files.push({ path: p.source.real, change: 'deleted', before: hashOf(backup), after: null, bytes: 0 });
        continue;
      }
      const fmt = src?.exists ? src : { ...NEW_FILE_FORMAT, lineEnding: 'lf' as const };
      const targetBefore =
        p.target.real === p.source.real
          ? src
          : await loadText(scope, p.target.input, { cwd: opts.cwd, field: 'patch' }).catch(() => undefined);
      const saved = await saveText(scope, p.target, p.text!, fmt, {
        mode: src?.mode,
        session: opts.session,
        signal: opts.signal,
      });
      undo.push(() =>
        (targetBefore?.exists
          ? atomicWrite(scope, p.target, targetBefore.bytes, { mode: targetBefore.mode })
          : fsp.unlink(p.target.real)
        ).finally(() => removeDirs(saved.createdDirs)),
      );
      if (p.target.real !== p.source.real) {
        const entry = await scope.entry(p.source, 'patch');
        const link = await fsp.readlink(entry).catch(() => undefined);
        await fsp.unlink(entry).catch((err) => {
          throw fromSystemError(err, p.hunk.path, 'move');
        });
        if (link !== undefined) undo.push(() => fsp.symlink(link, entry));
        else if (src?.exists) undo.push(() => atomicWrite(scope, p.source, src.bytes, { mode: src.mode }));
        opts.session?.reads.delete(p.source.real);
        if (changes) {
          const written = changes.files[changes.files.length - 1];
          if (written?.path === p.target.real) written.from = p.source.real;
          changes.files.push({
            path: p.source.real,
            change: 'moved',
            to: p.target.real,
            before: hashOf(src?.bytes),
            after: null,
            bytes: 0,
          });
        }
      }
    }
  } catch (err) {
    if (mark) changes?.rollback(mark);
    for (const u of undo.reverse()) await u().catch(() => undefined);
    throw err;
  }
}
