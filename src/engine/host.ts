// The host-in-the-loop area of the engine: questions a call puts to the person at the host
// (questions.ts) and the session state their answers change (plan mode, permissions granted). Shapes ask and read
// here; transports deliver the questions and answer them.
import type { Session } from './session.js';
import {
  Questions,
  type HostAsker,
  type PendingQuestion,
  type QuestionOutcome,
  type QuestionRequest,
} from './questions.js';
import { enterPlanMode, leavePlanMode, planModeOf, type PlanMode } from './plan-mode.js';
import { checkGrant, grant, type GrantCheck, type GrantScope, type Permissions } from './shell/grants.js';

type AskCtx = { session: Session; signal?: AbortSignal; asker?: HostAsker };
type SessionCtx = { session: Session };

export interface HostEngine {
  /**
   * Asks the call's host and waits for the answer: the host's reply, or `timeout` (--ask-timeout-ms),
   * `cancel` (the call was cancelled), `unavailable` (the transport has nobody to ask; at once).
   */
  ask(ctx: AskCtx, request: QuestionRequest): Promise<QuestionOutcome>;
  /** A transport's answer to question `id`; throws EngineError, changing nothing, when it is refused. */
  answer(id: string, reply: unknown, session?: string): void;
  /** The question `id` while it waits. */
  pending(id: string): PendingQuestion | undefined;
  /** The session's plan mode, when it is on. */
  plan(ctx: SessionCtx): PlanMode | undefined;
  enterPlan(ctx: SessionCtx, mode: PlanMode): void;
  /** Ends plan mode; what it was, or undefined when it was off. */
  leavePlan(ctx: SessionCtx): PlanMode | undefined;
  /**
   * What of a permissions request may be granted: paths (relative to the session's directory) that exist within
   * `serverRoots`, the network only when the server's commands have it; the rest refused, each with why.
   */
  grantable(
    ctx: SessionCtx & { scope: { primary: string } },
    want: { write?: readonly string[]; read?: readonly string[]; network?: boolean },
    serverRoots: readonly string[],
  ): GrantCheck;
  /** Widens the session's command sandbox by what grantable() allowed, for its turn or for the session. */
  grant(ctx: SessionCtx, permissions: Permissions, scope: GrantScope): void;
}

/** The default bound of a question's wait: five minutes. */
export const DEFAULT_ASK_TIMEOUT_MS = 300_000;

/** `networkShared`: whether commands have the network already (asked at a grant: decided after start-up). */
export function hostArea(
  config: { ask?: { timeoutMs?: number } },
  networkShared: () => boolean = () => false,
): HostEngine {
  const questions = new Questions(config.ask?.timeoutMs ?? DEFAULT_ASK_TIMEOUT_MS);
  return {
    ask: (ctx, request) => questions.ask(ctx, request),
    answer: (id, reply, session) => questions.answer(id, reply, session),
    pending: (id) => questions.pending(id),
    plan: (ctx) => planModeOf(ctx.session),
    enterPlan: (ctx, mode) => enterPlanMode(ctx.session, mode),
    leavePlan: (ctx) => leavePlanMode(ctx.session),
    grantable: (ctx, want, serverRoots) =>
      checkGrant(want, serverRoots, networkShared(), ctx.session.cwd ?? ctx.scope.primary),
    grant: (ctx, permissions, scope) => grant(ctx.session, permissions, scope),
  };
}
