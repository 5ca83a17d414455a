// Git run by the engine itself (never through the user's shell, its policy or its sandbox):
// an argv, in a directory, with a clean environment (no GIT_DIR or GIT_WORK_TREE inherited
// from whoever started the server, no prompts, messages in English), its output collected.
import { execFile } from 'node:child_process';
import { engineFailure } from './errors.js';

export interface GitResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

const INHERITED_AWAY = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_INDEX_FILE',
  'GIT_OBJECT_DIRECTORY',
  'GIT_ALTERNATE_OBJECT_DIRECTORIES',
  'GIT_CEILING_DIRECTORIES',
];

function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', GIT_OPTIONAL_LOCKS: '0' };
  for (const k of INHERITED_AWAY) delete env[k];
  return env;
}

/** Runs git with `args` in `cwd`; a non-zero exit is a result, a git that cannot start fails (git_failed). */
export function git(cwd: string, args: string[], signal?: AbortSignal): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      { cwd, env: gitEnv(), signal, maxBuffer: 16 << 20, encoding: 'utf8' },
      (err, stdout, stderr) => {
        if (err && typeof (err as { code?: unknown }).code !== 'number') {
          const e = err as NodeJS.ErrnoException;
          if (e.name === 'AbortError') return reject(e);
          return reject(
            engineFailure(
              'git_failed',
              `git could not run: ${e.message}`,
              { args, exitCode: null, stderr: String(stderr ?? '') },
              { cause: e },
            ),
          );
        }
        resolve({ exitCode: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

/** Runs git and returns its stdout; a non-zero exit fails with git_failed carrying git's own words. */
export async function gitOk(cwd: string, args: string[], signal?: AbortSignal): Promise<string> {
  const r = await git(cwd, args, signal);
  if (r.exitCode !== 0) {
    throw engineFailure('git_failed', `git ${args[0]} failed: ${r.stderr.trim() || `exit ${r.exitCode}`}`, {
      args,
      exitCode: r.exitCode,
      stderr: r.stderr,
    });
  }
  return r.stdout;
}
