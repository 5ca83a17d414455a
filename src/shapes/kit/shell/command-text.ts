// Text facts about commands: command substitution outside single quotes, a plain `cd <dir>`,
// a leading sleep, a line that backgrounds itself with a bare `&`, a git commit.

/** True when the line has $(), backticks, <() or >() outside single quotes. */
export function hasCommandSubstitution(cmd: string): boolean {
  let single = false;
  let double = false;
  for (let i = 0; i < cmd.length; i++) {
    const c = cmd[i];
    if (single) {
      if (c === "'") single = false;
      continue;
    }
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === "'" && !double) single = true;
    else if (c === '"') double = !double;
    else if (c === '`') return true;
    else if (c === '$' && cmd[i + 1] === '(') return true;
    else if (!double && (c === '<' || c === '>') && cmd[i + 1] === '(') return true;
  }
  return false;
}

/** A cd target with any of these is a shell line, not a plain directory: it runs as a command. */
const SHELL_SYNTAX = /[\s;&|<>$`(){}*?[\]'"\\~!#]/;

/** The directory of a line that is exactly `cd <dir>` with a plain directory (no shell syntax), else undefined. */
export function plainCdTarget(command: string): string | undefined {
  const target = /^cd\s+(.*)$/s.exec(command)?.[1]!.trim();
  return target && !SHELL_SYNTAX.test(target) ? target : undefined;
}

/**
 * The N of a standalone "sleep N" at the start of a line (alone or before more commands), as written; else undefined.
 */
export const leadingSleep = (command: string): string | undefined =>
  /^\s*sleep\s+(\d+(?:\.\d+)?)\s*(?:$|;|&&|\|\||\n)/.exec(command)?.[1];

/** True when the line ends in a bare `&` (it would background itself), not `&&`. */
export const endsInBackground = (command: string): boolean => /(?:^|[^&])&\s*$/.test(command);

/** True when the line runs `git commit` (options may come before the subcommand). */
export const runsGitCommit = (command: string): boolean => /\bgit\s+(?:-\S+\s+)*commit\b/.test(command);

/** The seconds of the line's leading sleep (as written) when they are at least `min`; undefined otherwise. */
export function sleepOfAtLeast(command: string, min: number): string | undefined {
  const sleep = leadingSleep(command);
  return sleep && Number(sleep) >= min ? sleep : undefined;
}
