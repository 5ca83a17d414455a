// The Kimi releases the kimi shape serves, newest first (see docs/shape-versions.md).
import type { ShapeReleases } from '../release-types.js';

export const kimiReleases: ShapeReleases = {
  vendor: 'Kimi CLI',
  versioning:
    'a release of Kimi CLI: 1.x the Python kimi-cli (PyPI), 2.x the TypeScript Kimi Code (@moonshot-ai/kimi-code)',
  // kimi-cli is archived; its successor is a new TypeScript code base under a new package.
  upstream: { registry: 'npm', package: '@moonshot-ai/kimi-code', repository: 'MoonshotAI/kimi-code' },
  // The Python kimi-cli's last dialect (1.49, read at MoonshotAI/kimi-cli@4a550ef): "1.x" names it too.
  releases: [
    {
      version: '1.49',
      aliases: ['1.x'],
      package: 'kimi-cli',
      registry: 'pypi',
      follows: 'Follows the Python Kimi CLI 1.49 (kimi-cli on PyPI).',
    },
  ],
};
