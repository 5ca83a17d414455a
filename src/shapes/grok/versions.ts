// The Grok CLI releases the grok shape serves, newest first (see docs/shape-versions.md and
// vendors/grok/history.md: grok-dev 1.1.5 to 1.1.7 send the same tools; 0.0.34 is the dialect
// before the 2026-03 rewrite).
import type { ShapeReleases } from '../release-types.js';

export const grokReleases: ShapeReleases = {
  vendor: 'Grok CLI',
  versioning: 'a release of Grok CLI (superagent-ai/grok-cli: @vibe-kit/grok-cli 0.0.x, then grok-dev 1.x)',
  // The project renamed its package to grok-dev in its 2026-03 rewrite; grok-dev is read from the repository.
  upstream: { registry: 'github', package: 'grok-dev', repository: 'superagent-ai/grok-cli' },
  releases: [
    { version: '1.1.7', package: 'grok-dev', registry: 'github', released: '2026-05-15' },
    { version: '0.0.34', package: '@vibe-kit/grok-cli', registry: 'npm', released: '2026-07-12' },
  ],
};
