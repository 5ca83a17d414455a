// The environment commands see: a short allow list of the server's own variables, the
// names (or NAME=value pairs) the configuration adds, then what the shape adds. Variables
// of the server itself (FACET_*, such as FACET_TOKEN) never reach a command.
import os from 'node:os';

const BASE_NAMES = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LANGUAGE',
  'TZ',
  'TMPDIR',
  'TERM',
  'COLORTERM',
  'NO_COLOR',
];
const BASE_PREFIXES = ['LC_'];
const FALLBACK_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/**
 * Start-up files a non-interactive shell runs (bash's BASH_ENV, sh's ENV): passed only when the configuration names
 * them.
 */
const STARTUP_NAMES = ['BASH_ENV', 'ENV'];

/** What keeps a command from waiting on a pager or a credential prompt that no one will answer. */
export const NON_INTERACTIVE_ENV: Readonly<Record<string, string>> = {
  PAGER: 'cat',
  GIT_PAGER: 'cat',
  GIT_TERMINAL_PROMPT: '0',
};

export function isServerSecret(name: string): boolean {
  return name.toUpperCase().startsWith('FACET_');
}

/**
 * Builds a command environment. `configured` entries are names copied from `source` or
 * NAME=value pairs; `extra` is what a shape sets (PAGER=cat...), never BASH_ENV or ENV.
 * FACET_* is always dropped.
 */
export function buildEnv(
  configured: readonly string[],
  extra: Record<string, string> = {},
  source: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const env: Record<string, string> = {};
  // Names first, values only for those kept: every read of process.env is a getenv() call,
  // and Object.entries(process.env) read all of them (about 40 µs per command).
  for (const k of Object.keys(source)) {
    if (!BASE_NAMES.includes(k) && !BASE_PREFIXES.some((p) => k.startsWith(p))) continue;
    const v = source[k];
    if (v !== undefined) env[k] = v;
  }
  for (const entry of configured) {
    const eq = entry.indexOf('=');
    if (eq > 0) env[entry.slice(0, eq)] = entry.slice(eq + 1);
    else if (source[entry] !== undefined) env[entry] = source[entry]!;
  }
  for (const [k, v] of Object.entries(extra)) if (!STARTUP_NAMES.includes(k)) env[k] = v;
  env.PATH ??= FALLBACK_PATH;
  for (const k of Object.keys(env)) if (isServerSecret(k) || k.includes('\0') || env[k]!.includes('\0')) delete env[k];
  return env;
}

/** The name of the user the server (and so every command it runs) runs as. */
export function ownUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    return process.env.USER ?? process.env.LOGNAME ?? '';
  }
}
