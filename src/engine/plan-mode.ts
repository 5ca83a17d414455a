// A session's plan mode: while it is on, the session explores and plans and changes nothing.
// The shape that turned it on says which calls it refuses and in what words (its vendor's),
// so a destructive tool of any dialect on that session is checked against it before it runs.
import type { Session } from './session.js';

export interface PlanMode {
  /** When it was turned on (ms since epoch). */
  since: number;
  /** The dialect that turned it on. */
  dialect: string;
  /** The file the plan is written to, when the dialect keeps one. */
  planFile?: string;
  /**
   * Why a destructive call is refused while planning, in the dialect's words; undefined lets it run
   * (a read-only command, the plan file itself). `cwd` resolves the call's relative paths.
   */
  refusal(tool: string, args: Record<string, unknown>, cwd: string): string | undefined;
}

const KEY = 'plan-mode';

interface Holder {
  mode?: PlanMode;
}

const holder = (s: Session) => s.bag<Holder>(KEY, () => ({}));

export function planModeOf(session: Session): PlanMode | undefined {
  return session.peek<Holder>(KEY)?.mode;
}

export function enterPlanMode(session: Session, mode: PlanMode): void {
  holder(session).mode = mode;
}

/** Ends plan mode; what it was, or undefined when it was off. */
export function leavePlanMode(session: Session): PlanMode | undefined {
  const h = holder(session);
  const was = h.mode;
  h.mode = undefined;
  return was;
}
