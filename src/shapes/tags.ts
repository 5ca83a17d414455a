// Conventional tags of the contract, shared by every shape.
export const TAGS = {
  filesystem: 'filesystem',
  network: 'network',
  readOnly: 'read-only',
  destructive: 'destructive',
  shell: 'shell',
  search: 'search',
  web: 'web',
  planning: 'planning',
} as const;

/** Whether a read-only server (--read-only) serves a tool: nothing that changes files, and no shell tool at all. */
export function servedReadOnly(tool: { destructive: boolean; tags: readonly string[] }): boolean {
  return !tool.destructive && !tool.tags.includes(TAGS.shell);
}
