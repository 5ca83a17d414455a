// Codex's approval parameters (sandbox_permissions, additional_permissions, justification,
// prefix_rule). Facet has no approval flow and one sandbox, its roots: a request to leave it
// is refused the way Codex refuses escalation under a policy that never asks.
import { engineFailure } from '../../engine/index.js';
import { BOOLEAN, STRINGS } from './schema.js';

export const additionalPermissionsSchema = {
  type: 'object',
  properties: {
    network: { type: 'object', properties: { enabled: BOOLEAN }, additionalProperties: false },
    file_system: { type: 'object', properties: { read: STRINGS, write: STRINGS }, additionalProperties: false },
  },
  additionalProperties: false,
};

export const sandboxPermissionsSchema = {
  type: 'string',
  enum: ['use_default', 'with_additional_permissions', 'require_escalated'],
};

interface ApprovalArgs {
  sandbox_permissions?: string;
  additional_permissions?: unknown;
  justification?: string;
  prefix_rule?: string[];
}

export const APPROVAL_MODE =
  'PERMISSION_DENIED: sandbox_permissions other than use_default, or additional_permissions, ask to run outside the sandbox; ' +
  'this server never grants that (there is no one to approve it): run the command inside the roots without them.';

/** Codex CLI 0.171.0's refusal of require_escalated under the approval policy never (codex exec's). */
export const NEVER_ESCALATE =
  'approval policy is Never; reject command \u2014 you cannot ask for escalated permissions if the approval policy is Never';

export const ESCALATION_MODE =
  `sandbox_permissions require_escalated is refused as Codex refuses it under the approval policy never ("${NEVER_ESCALATE}"): ` +
  'this server has no one to approve it; run the command inside the roots without it.';

/**
 * Refuses any request to run outside the sandbox; justification and prefix_rule only matter to an approver and are
 * ignored. `refusal`: the release's own words for it, where it has them.
 */
export function checkApproval(args: ApprovalArgs, refusal?: string): void {
  const mode = args.sandbox_permissions ?? 'use_default';
  const extra = args.additional_permissions !== undefined;
  if (mode === 'use_default' && !extra) return;
  const asked = extra ? 'additional_permissions requested' : `sandbox_permissions ${mode}`;
  const why =
    refusal ??
    `commands cannot run outside the sandbox here (${asked}): approvals are never granted by this server; run the command without sandbox_permissions or additional_permissions, inside the roots`;
  throw engineFailure(
    'escalation_refused',
    why,
    { sandboxPermissions: mode },
    { field: extra ? 'additional_permissions' : 'sandbox_permissions' },
  );
}
