// Keeping the user's start-up files out of commands. bash reads ~/.bashrc even for `bash -c`
// when its stdin is a socket (it takes that for rshd/sshd), and a login shell (-l) reads the
// profile: a slow or chatty dotfile (pyenv, nvm, conda init) would then stall every command
// or print into its output. So bash is told not to, unless the operator or an interactive
// tool asks for the user's environment. Other shells need nothing: sh and dash read no file
// for -c, and BASH_ENV/ENV never reach a command unless configured (see env.ts).
import path from 'node:path';

const BASH_QUIET = ['--noprofile', '--norc'];

/** True for a program that is bash by name (bash, /usr/bin/bash, bash5.2). */
export function isBash(program: string): boolean {
  return /^bash[\d.]*$/.test(path.basename(program));
}

/**
 * Flags that keep `shell` from reading start-up files; they go before every other argument (bash takes long options
 * first).
 */
export function quietFlags(shell: string): string[] {
  return isBash(shell) ? [...BASH_QUIET] : [];
}

/**
 * An argv with the quiet flags put in after a bash program (["bash", "-lc", "x"] from a
 * shell call that sends argv); any other argv is returned as it is.
 */
export function quietArgv(argv: readonly string[]): string[] {
  const [program, ...rest] = argv;
  if (program === undefined || !isBash(program)) return [...argv];
  return [program, ...BASH_QUIET, ...rest];
}
