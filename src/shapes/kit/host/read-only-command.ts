// Whether a shell command line only looks: what plan mode lets run (Claude Code runs such
// commands in plan mode; Kimi Code's plan mode leaves Bash to its permission rules, which ask
// the person before a command that may change something, and Facet has nobody to ask there).
/** Programs that only look: a command made of these alone, with no redirection into a file, runs in plan mode. */
const LOOKING = new Set([
  'ls',
  'cat',
  'head',
  'tail',
  'wc',
  'pwd',
  'echo',
  'printf',
  'grep',
  'rg',
  'egrep',
  'fgrep',
  'file',
  'stat',
  'tree',
  'du',
  'df',
  'which',
  'type',
  'env',
  'date',
  'whoami',
  'uname',
  'diff',
  'cmp',
  'sort',
  'uniq',
  'cut',
  'basename',
  'dirname',
  'realpath',
  'readlink',
  'true',
  'false',
  'test',
  'jq',
  'less',
  'more',
  'nl',
  'tr',
]);
/** git subcommands that only look. */
const GIT_LOOKING = new Set(['status', 'log', 'diff', 'show', 'blame', 'branch', 'rev-parse', 'ls-files', 'grep']);

/** Whether a Bash command line only reads: every command of it a looking program, nothing redirected into a file. */
export function readOnlyCommand(line: string): boolean {
  if (/[`]|\$\(|>(?!&)|\bfind\b.*-(delete|exec)/.test(line.replace(/[12]?>&[12]|>\s*\/dev\/null/g, ''))) return false;
  return line
    .split(/&&|\|\||[;|\n]/)
    .map((part) => part.trim().split(/\s+/))
    .every(([program, sub]) => {
      if (program === undefined || program === '') return true;
      if (program === 'git') return sub !== undefined && GIT_LOOKING.has(sub);
      if (program === 'find') return true;
      return LOOKING.has(program);
    });
}
