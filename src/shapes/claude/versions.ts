// The Claude Code releases the claude shape serves, newest first (see docs/shape-versions.md and
// vendors/claude/history.md for why these three: 2.1.310 on sends Monitor; 2.1.277 to 2.1.309
// has no TaskOutput and no Monitor; before 2.1.277 TaskOutput is there).
import type { ShapeReleases } from '../release-types.js';

export const claudeReleases: ShapeReleases = {
  vendor: 'Claude Code',
  versioning: 'a release of Claude Code (@anthropic-ai/claude-code)',
  upstream: { registry: 'npm', package: '@anthropic-ai/claude-code' },
  releases: [
    { version: '2.1.332', package: '@anthropic-ai/claude-code', registry: 'npm', released: '2026-11-24' },
    { version: '2.1.309', package: '@anthropic-ai/claude-code', registry: 'npm', released: '2026-10-22' },
    { version: '2.1.197', package: '@anthropic-ai/claude-code', registry: 'npm', released: '2026-06-30' },
  ],
};
