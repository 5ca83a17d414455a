// Plan mode as Gemini CLI and Qwen Code keep it: while on, a write outside the plans directory
// (Gemini's; Qwen keeps none), a shell command that may change something and any other
// destructive tool are refused; read-only commands run. Neither vendor's refusal text is in the
// facts (Gemini takes run_shell_command away and narrows write_file/replace to the plans
// directory; Qwen's plan mode is interactive-only), so the refusals are Facet's own sentences.
import type { PlanMode } from '../kit/host/questions.js';
import { planModeRefusing } from '../kit/host/plan-mode.js';

const APPROVAL = 'Present the plan with exit_plan_mode and wait for its approval first.';

/** The plan mode of `dialect`; `plansDir` is the one folder it may write in (Gemini's plans). */
export function familyPlanMode(dialect: 'gemini' | 'qwen', plansDir?: string): PlanMode {
  return planModeRefusing({
    dialect,
    shellTools: ['run_shell_command'],
    ...(plansDir ? { writable: { dir: plansDir } } : {}),
    words: {
      write: (abs) =>
        plansDir
          ? `Cannot write to ${abs} while in Plan Mode: only plan files under ${plansDir} may be written. ${APPROVAL}`
          : `Cannot write to ${abs} while in Plan Mode. ${APPROVAL}`,
      shell: (tool) => `${tool} cannot run a command that may change something while in Plan Mode. ${APPROVAL}`,
      other: (tool) => `${tool} cannot run while in Plan Mode. ${APPROVAL}`,
    },
  });
}
