// Claude Code's plan mode as session state: what EnterPlanMode turns on and ExitPlanMode ends,
// and what it refuses meanwhile in Claude Code's words (observed with no permission host):
// a write anywhere but the plan file is "Cannot write to <abs path> while in plan mode.", a Bash
// command that may change something gets the auto-mode refusal, a read-only one runs.
import path from 'node:path';
import type { PlanMode } from '../kit/host/questions.js';
import { readOnlyCommand } from '../kit/host/read-only-command.js';
import { toolUseError } from './errors.js';

const AUTO_MODE_REFUSAL =
  "Auto mode is unavailable: its safety check does not run for this session, so Bash was not run. Other actions that need the check will be denied too, and retrying won't help. Finish what you can without them, then tell the user what is blocked and that they can switch to another permission mode.";

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
