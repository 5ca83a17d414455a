// Identity.sandbox_summary: what a toolbox may touch, in one paragraph for a person. It says
// only what Facet enforces: the address checks apply to the web tools; commands are confined
// by the shell sandbox when bubblewrap runs (their network off unless allowed), and reach
// whatever the server's user can when it does not.
import type { FacetConfig } from '../config.js';
import { sandboxStatusFor, type SandboxStatus } from '../engine/index.js';

function shellPart(config: FacetConfig): string {
  if (config.readOnly) return 'shell: off';
  const { allow, deny, routes } = config.shell;
  const rules: string[] = [];
  if (allow.length > 0) rules.push(`only commands matching ${allow.join(', ')}`);
  if (deny.length > 0) rules.push(`commands matching ${deny.join(', ')} refused`);
  for (const [program, toolbox] of Object.entries(routes))
    rules.push(`${program} commands refused and sent to ${toolbox}`);
  return rules.length > 0 ? `shell: on (${rules.join(', ')})` : 'shell: on';
}

function statusOf(config: FacetConfig): SandboxStatus {
  return sandboxStatusFor(config.shell.sandbox, config.shell.network, config.shell.path);
}

function shellSandboxPart(status: SandboxStatus): string {
  if (status.active === 'bwrap') {
    return 'shell sandbox: bubblewrap (commands may write only inside the roots; the system is read-only; home directories, /tmp and the rest of the machine are hidden)';
  }
  const unconfined = "commands can read and write whatever the server's user can";
  return status.reason
    ? `shell sandbox: none, bubblewrap cannot run here (${status.reason}): ${unconfined}`
    : `shell sandbox: none (${unconfined})`;
}

function networkPart(config: FacetConfig): string {
  const web =
    config.web.allowHosts.length > 0
      ? `web tools: public addresses plus ${config.web.allowHosts.join(', ')}`
      : 'web tools: public addresses only (private, loopback and metadata addresses refused)';
  // A read-only toolbox has no shell, so there is no command whose network to qualify.
  if (config.readOnly) return web;
  const sandboxed = statusOf(config).active === 'bwrap';
  return `${web}; shell commands: ${sandboxed && !config.shell.network ? 'no network' : 'not network-restricted'}`;
}

export function sandboxSummary(config: FacetConfig, roots: readonly string[]): string {
  const parts = [
    `roots: ${roots.join(', ')}`,
    config.readOnly ? 'read-only: writes, edits and shell are disabled' : 'writes and edits allowed inside the roots',
    shellPart(config),
    ...(config.readOnly ? [] : [shellSandboxPart(statusOf(config))]),
    networkPart(config),
  ];
  return parts.join('; ');
}
