// What the kernel refuses when a program is started, checked before we ask and worded when
// it still fails: every start failure becomes an EngineError at once, never a call that
// waits for a 'spawn' event that will not come.
import { readFileSync } from 'node:fs';
import { EngineError, engineFailure } from './errors.js';

/**
 * Longest single argument or environment string execve accepts: MAX_ARG_STRLEN (32 pages,
 * 131072 bytes) counts the terminating NUL. `bash -c <command>` hits this one first.
 */
export const MAX_ARG_BYTES = 131071;

let totalLimit: number | undefined;

/**
 * Room for all arguments and environment strings (with their pointers): a quarter of the
 * stack limit, at most three quarters of 8 MiB and at least 128 KiB (as Linux computes it).
 */
export function maxArgvBytes(): number {
  if (totalLimit !== undefined) return totalLimit;
  let stack = 8 * 1024 * 1024;
  try {
    const line = readFileSync('/proc/self/limits', 'latin1')
      .split('\n')
      .find((l) => l.startsWith('Max stack size'));
    const soft = line?.slice(26).trim().split(/\s+/)[0];
    stack = soft === undefined || soft === 'unlimited' ? Infinity : Number(soft);
  } catch {
    // keep the usual default
  }
  totalLimit = Math.max(128 * 1024, Math.min(stack / 4, 6 * 1024 * 1024));
  return totalLimit;
}

const RUN_FROM_FILE = 'write it to a file and run that';

function tooLong(n: number, m: number, what: string, field: string, extra = '', advice = RUN_FROM_FILE): EngineError {
  return engineFailure(
    'argument_too_long',
    `${what} too long: ${n} bytes${extra}, the limit is ${m}; ${advice}`,
    { bytes: n, limit: m },
    { field },
  );
}

/**
 * Throws the in-band error for an argv the kernel would refuse with E2BIG. `what` names the
 * thing for the model ("command", "pattern"), `field` the argument to blame.
 */
export function checkArgv(
  file: string,
  args: readonly string[],
  env: Record<string, string>,
  what = 'command',
  field = 'command',
  advice = RUN_FROM_FILE,
): void {
  let total = 0;
  let count = 0;
  for (const s of [file, ...args]) {
    const n = Buffer.byteLength(s);
    if (n > MAX_ARG_BYTES) throw tooLong(n, MAX_ARG_BYTES, what, field, '', advice);
    total += n + 1;
    count++;
  }
  for (const [k, v] of Object.entries(env)) {
    total += Buffer.byteLength(k) + Buffer.byteLength(v) + 2;
    count++;
  }
  total += (count + 2) * 8;
  const max = maxArgvBytes();
  if (total > max) throw tooLong(total, max, what, field, ' with its arguments and environment', advice);
}

/** The EngineError for a failure to start `file` (the error spawn threw or emitted). */
export function spawnFailure(
  err: NodeJS.ErrnoException,
  file: string,
  cwd: string | undefined,
  args: readonly string[] = [],
  env: Record<string, string> = {},
  field = 'command',
): EngineError {
  const code = err.code;
  if (code === 'ENOTDIR') {
    return engineFailure(
      'cwd_not_directory',
      `cannot start ${file}: the working directory ${cwd} is not a directory`,
      { program: file, cwd, code },
      { cause: err },
    );
  }
  if (code === 'ENOENT') {
    return engineFailure(
      'program_missing',
      `cannot start ${file}: no such program or working directory`,
      { program: file, cwd, code },
      { field, cause: err },
    );
  }
  if (code === 'EACCES') {
    return engineFailure(
      'program_denied',
      `cannot start ${file}: permission denied`,
      { program: file, code },
      { field, cause: err },
    );
  }
  if (code === 'E2BIG') {
    // The checks above missed it (a smaller limit than computed): word it with what we know.
    const n =
      [file, ...args].reduce((s, a) => s + Buffer.byteLength(a) + 1, 0) +
      Object.entries(env).reduce((s, [k, v]) => s + Buffer.byteLength(k) + Buffer.byteLength(v) + 2, 0);
    return tooLong(n, maxArgvBytes(), 'command', field, ' with its arguments and environment');
  }
  return engineFailure('spawn_failed', `cannot start ${file}: ${err.message}`, { program: file, code }, { cause: err });
}
