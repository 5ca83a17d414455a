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
