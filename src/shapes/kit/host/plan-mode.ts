// What every dialect's plan mode shares: the plan mode of a dialect whose refusals are per kind
// of call (a file written, a command run, another destructive tool); which command lines only
// look is read-only-command.ts.
import path from 'node:path';
import type { PlanMode } from './questions.js';
import { readOnlyCommand } from './read-only-command.js';

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
