// Identity.sandbox_summary: what a toolbox may touch, in one paragraph for a person. It says
// only what Facet enforces: the address checks apply to the web tools, not to commands run
// through the shell, which reach whatever the host's network lets them reach.
import type { FacetConfig } from '../config.js';

function shellPart(config: FacetConfig): string {
  if (config.readOnly) return 'shell: off';
  const { allow, deny, routes } = config.shell;
  const rules: string[] = [];
  if (allow.length > 0) rules.push(`only commands matching ${allow.join(', ')}`);
  if (deny.length > 0) rules.push(`commands matching ${deny.join(', ')} refused`);
  for (const [program, toolbox] of Object.entries(routes)) rules.push(`${program} commands refused and sent to ${toolbox}`);
  return rules.length > 0 ? `shell: on (${rules.join(', ')})` : 'shell: on';
}

function networkPart(config: FacetConfig): string {
  const web =
    config.web.allowHosts.length > 0
      ? `web tools: public addresses plus ${config.web.allowHosts.join(', ')}`
      : 'web tools: public addresses only (private, loopback and metadata addresses refused)';
  // A read-only toolbox has no shell, so there is no command whose network to qualify.
  return config.readOnly ? web : `${web}; shell commands: not network-restricted`;
}

export function sandboxSummary(config: FacetConfig, roots: readonly string[]): string {
  const parts = [
    `roots: ${roots.join(', ')}`,
    config.readOnly ? 'read-only: writes, edits and shell are disabled' : 'writes and edits allowed inside the roots',
    shellPart(config),
    networkPart(config),
  ];
  return parts.join('; ');
}
