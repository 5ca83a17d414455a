// Kimi Code 2.1.0's plan mode as session state: what EnterPlanMode turns on and ExitPlanMode
// ends, and what it refuses meanwhile, in Kimi Code's words where it has them: Write and Edit
// anywhere but the plan file ("Plan mode is active. You may only write to the current plan
// file: …") and TaskStop. Kimi Code leaves Bash to its permission rules, which would ask the
// person before a command that may change something; Facet has no such prompt, so a Bash
// command that may write is refused, in a sentence of Facet's own (the facts hold none).
import path from 'node:path';
import type { PlanMode } from '../kit/host/questions.js';
import { readOnlyCommand } from '../kit/host/read-only-command.js';
import { codeFail } from './errors.js';

/** Kimi Code's refusal of a write outside the plan file. */
export const onlyPlanFile = (planFile: string): string =>
  `Plan mode is active. You may only write to the current plan file: ${planFile}. Call ExitPlanMode to exit plan mode before editing other files.`;

const TASK_STOP_REFUSAL =
  'TaskStop is not available in plan mode. Call ExitPlanMode to exit plan mode before stopping a background task.';

/** Facet's own words: Kimi Code would ask the person about this command; nobody is asked while planning. */
const BASH_REFUSAL =
  'Plan mode is active. Bash may only run commands that change nothing (reading, listing, searching) until the plan is approved. Call ExitPlanMode to exit plan mode before running commands that change files.';

/** Kimi's plan mode, with its plan file (the one file Write and Edit may touch). */
export function kimiPlanMode(planFile: string): PlanMode {
  return {
    since: Date.now(),
    dialect: 'kimi',
    planFile,
    refusal(tool, args, cwd) {
      if (tool === 'Write' || tool === 'Edit') {
        const target = typeof args.path === 'string' ? path.resolve(cwd, args.path) : undefined;
        return target === planFile ? undefined : codeFail(onlyPlanFile(planFile)).text;
      }
      if (tool === 'TaskStop') return codeFail(TASK_STOP_REFUSAL).text;
      if (tool === 'Bash')
        return typeof args.command === 'string' && readOnlyCommand(args.command)
          ? undefined
          : codeFail(BASH_REFUSAL).text;
      // Kimi Code refuses nothing else while planning.
      return undefined;
    },
  };
}
