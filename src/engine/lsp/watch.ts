// Diagnostics after every change, done once for every writing call of the engine: the texts of
// the files a call names are taken before it runs, the files it changed are read after, and
// the diagnostics the change introduced are added to the call's context (`changeDiagnostics`),
// where the shape's wrapper finds them whatever the tool. Never fails the call: the wait is
// bounded (by the call's own time too: CodeEngine.changed) and whatever goes wrong becomes a
// `missing` entry saying why.
import { statSync } from 'node:fs';
import { readRegularText, readRegularTextSync } from '../regular-file.js';
import type { ChangeDiagnostics, CodeContext, CodeEngine } from './code.js';

/** Where a writing call's context collects the diagnostics its changes introduced. */
export interface DiagnosticsSink {
  changeDiagnostics?: ChangeDiagnostics[];
}

const MAX_BYTES = 4 * 1024 * 1024;

/**
 * Read inline up to this size: a promise stat and readFile are six thread-pool round trips
 * (~25 µs of CPU each for a syscall of ~2), twice per edit, a fifth of what diagnostics cost
 * Facet on a warm edit (bench lsp). Larger files are read asynchronously, not to hold the loop.
 */
const INLINE_BYTES = 256 * 1024;

async function textOf(file: string): Promise<string | null> {
  try {
    // The readers refuse anything but a regular file of at most MAX_BYTES; the size picks the thread.
    return statSync(file).size > INLINE_BYTES
      ? await readRegularText(file, MAX_BYTES)
      : readRegularTextSync(file, MAX_BYTES);
  } catch {
    return null;
  }
}

/**
 * Runs a writing call `run`, whose inputs name `inputs` (paths as the caller wrote them; a
 * function when finding them costs work, done only when diagnostics are wanted), and reports
 * what `changed(result)` lists: real paths, and whether each was deleted.
 */
export async function watched<R>(
  code: CodeEngine,
  ctx: CodeContext & DiagnosticsSink,
  inputs: readonly string[] | (() => readonly string[]),
  run: () => Promise<R>,
  changed: (r: R) => Array<{ path: string; deleted?: boolean }>,
): Promise<R> {
  const sink = ctx.changeDiagnostics;
  if (!sink || !code.enabled) return run();
  const startedAt = performance.now();
  const before = new Map<string, string | null>();
  for (const input of typeof inputs === 'function' ? inputs() : inputs) {
    try {
      const r = await ctx.scope.resolve(input, ctx.cwd ?? ctx.session.cwd);
      if (code.handles(r.real)) before.set(r.real, await textOf(r.real));
    } catch {
      // the call itself reports a bad path
    }
  }
  const writing = performance.now();
  const result = await run();
  const writeMs = performance.now() - writing;
  const files = changed(result).filter((f) => code.handles(f.path));
  if (files.length === 0) return result;
  const changes = await Promise.all(
    files.map(async (f) => ({
      path: f.path,
      before: before.has(f.path) ? before.get(f.path)! : null,
      after: f.deleted ? null : await textOf(f.path),
    })),
  );
  const report = await code.changed(ctx, changes, { startedAt, writeMs }).catch(() => undefined);
  if (report && (report.files.length > 0 || report.missing.length > 0)) sink.push(report);
  return result;
}
