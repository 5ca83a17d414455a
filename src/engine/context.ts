// Agent context files (CLAUDE.md, AGENTS.md, GEMINI.md, ...) found at the top of each root,
// served as resources. Read through the same scope checks as any file.
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { EngineError, engineFailure } from './errors.js';
import { openRegular } from './regular-file.js';
import type { Scope } from './scope.js';

export interface ContextFile {
  /** Real path of the file. */
  path: string;
  /** Its file name (e.g. AGENTS.md). */
  name: string;
  /** The root it was found in. */
  root: string;
  size: number;
}

/** Largest context file served, in bytes: these are instructions, not data. */
export const CONTEXT_FILE_MAX_BYTES = 256 * 1024;

/** The context files named `names` at the top of each root (links followed only inside the scope). */
export async function findContextFiles(scope: Scope, names: readonly string[]): Promise<ContextFile[]> {
  const out: ContextFile[] = [];
  for (const root of scope.roots) {
    for (const name of names) {
      const candidate = path.join(root, name);
      try {
        const resolved = await scope.resolve(candidate, root);
        if (!resolved.exists) continue;
        const st = await fsp.stat(resolved.real);
        if (st.isFile()) out.push({ path: resolved.real, name, root, size: st.size });
      } catch {
        // missing, or a link out of scope: not offered
      }
    }
  }
  return out;
}

/** Reads one context file as UTF-8 text, refusing anything larger than the cap. */
export async function readContextFile(scope: Scope, file: string): Promise<string> {
  const resolved = await scope.resolve(file);
  // Only a regular file, opened non-blocking: a FIFO would hold the open until something wrote to it.
  const { handle, stats: st } = await openRegular(resolved.real, file).catch((err: NodeJS.ErrnoException) => {
    if (err instanceof EngineError) throw err;
    const message = `cannot open ${file}: ${err.message}`;
    throw err.code === 'ENOENT'
      ? engineFailure('path_missing', message, { path: file })
      : engineFailure('io_error', message, { path: file });
  });
  try {
    if (st.size > CONTEXT_FILE_MAX_BYTES) {
      throw engineFailure(
        'context_file_too_large',
        `${file} is ${st.size} bytes; context files are served up to ${CONTEXT_FILE_MAX_BYTES}`,
        {
          path: file,
          size: st.size,
          max: CONTEXT_FILE_MAX_BYTES,
        },
      );
    }
    const buf = Buffer.alloc(st.size);
    await handle.read(buf, 0, st.size, 0);
    return buf.toString('utf8').replace(/^\uFEFF/, '');
  } finally {
    await handle.close();
  }
}
