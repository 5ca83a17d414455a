// What every dialect's plan mode shares: which shell command lines only look (they run while
// planning; anything else is refused in the dialect's words), and the plan mode of a dialect
// whose refusals are per kind of call (a file written, a command run, another destructive tool).
import path from 'node:path';
import type { PlanMode } from './questions.js';

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

/** A dialect's words for what plan mode refuses; each returns the text the model sees. */
export interface PlanWords {
  /** A file write outside the plan's own files (`abs`: the resolved path). */
  write(abs: string): string;
  /** A shell command that may change something. */
  shell(tool: string): string;
  /** Any other destructive tool. */
  other(tool: string): string;
}

/**
 * A plan mode that refuses writes (but to `writable`, a file or a folder's files), shell commands
 * that may change something (`shellTools`, their `command`), and every other destructive tool.
 */
export function planModeRefusing(opts: {
  dialect: string;
  words: PlanWords;
  shellTools: readonly string[];
  writable?: { file?: string; dir?: string };
  planFile?: string;
}): PlanMode {
  const { words, writable } = opts;
  const mayWrite = (abs: string) =>
    abs === writable?.file || (writable?.dir !== undefined && abs.startsWith(writable.dir + path.sep));
  return {
    since: Date.now(),
    dialect: opts.dialect,
    ...(opts.planFile ? { planFile: opts.planFile } : {}),
    refusal(tool, args, cwd) {
      const target = args.file_path ?? args.notebook_path;
      if (typeof target === 'string') {
        const abs = path.resolve(cwd, target);
        return mayWrite(abs) ? undefined : words.write(abs);
      }
      if (opts.shellTools.includes(tool))
        return typeof args.command === 'string' && readOnlyCommand(args.command) ? undefined : words.shell(tool);
      return words.other(tool);
    },
  };
}
