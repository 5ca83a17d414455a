// Identity.sandbox_summary: what a toolbox may touch, in one paragraph for a person.
import type { FacetConfig } from '../config.js';

export function sandboxSummary(config: FacetConfig, roots: readonly string[]): string {
  const parts = [
    `roots: ${roots.join(', ')}`,
    config.readOnly ? 'read-only: writes, edits and shell are disabled' : 'writes and edits allowed inside the roots',
    config.readOnly ? 'shell: off' : 'shell: on',
    config.web.allowHosts.length > 0
      ? `network: public addresses plus ${config.web.allowHosts.join(', ')}`
      : 'network: public addresses only (private, loopback and metadata addresses refused)',
  ];
  return parts.join('; ');
}
