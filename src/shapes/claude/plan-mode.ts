// Claude Code's plan mode as session state: what EnterPlanMode turns on and ExitPlanMode ends,
// and what it refuses meanwhile in Claude Code's words (observed with no permission host):
// a write anywhere but the plan file is "Cannot write to <abs path> while in plan mode.", a Bash
// command that may change something gets the auto-mode refusal, a read-only one runs.
import path from 'node:path';
import type { PlanMode } from '../kit/host/questions.js';
import { toolUseError } from './errors.js';

const AUTO_MODE_REFUSAL =
  "Auto mode is unavailable: its safety check does not run for this session, so Bash was not run. Other actions that need the check will be denied too, and retrying won't help. Finish what you can without them, then tell the user what is blocked and that they can switch to another permission mode.";

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

/** Claude's plan mode, with its plan file (the one file it may write) under the primary root. */
export function claudePlanMode(planFile: string): PlanMode {
  return {
    since: Date.now(),
    dialect: 'claude',
    planFile,
    refusal(tool, args, cwd) {
      const target = args.file_path ?? args.notebook_path;
      if (typeof target === 'string') {
        const abs = path.resolve(cwd, target);
        return abs === planFile ? undefined : `Cannot write to ${abs} while in plan mode.`;
      }
      if (tool === 'Bash')
        return typeof args.command === 'string' && readOnlyCommand(args.command) ? undefined : AUTO_MODE_REFUSAL;
      return toolUseError(
        `${tool} cannot run while in plan mode. Call ExitPlanMode to present your plan for approval first.`,
      );
    },
  };
}
