// The Kimi releases the kimi shape serves, newest first (see docs/shape-versions.md and
// vendors/kimi/history.md): Kimi Code 2.1.0 (TypeScript; 0.43 to 2.1.0 send the same tools), and
// the Python kimi-cli's last dialect (1.49, read at MoonshotAI/kimi-cli@4a550ef), also "1.x".
import type { ShapeReleases } from '../release-types.js';

export const kimiReleases: ShapeReleases = {
  vendor: 'Kimi CLI',
  versioning:
    'a release of Kimi CLI: 1.x the Python kimi-cli (PyPI), 2.x the TypeScript Kimi Code (@moonshot-ai/kimi-code)',
  // kimi-cli is archived; its successor is a new TypeScript code base under a new package.
  upstream: { registry: 'npm', package: '@moonshot-ai/kimi-code', repository: 'MoonshotAI/kimi-code' },
  releases: [
    {
      version: '2.1.0',
      package: '@moonshot-ai/kimi-code',
      registry: 'npm',
      released: '2026-09-23',
      follows: 'Follows Kimi Code 2.1.0 (@moonshot-ai/kimi-code, released 2026-09-23).',
    },
    {
      version: '1.49',
      aliases: ['1.x'],
      package: 'kimi-cli',
      registry: 'pypi',
      follows: 'Follows the Python Kimi CLI 1.49 (kimi-cli on PyPI).',
    },
  ],
};
