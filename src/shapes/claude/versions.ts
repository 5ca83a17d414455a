// The Claude Code releases the claude shape serves, newest first (see docs/shape-versions.md).
import type { ShapeReleases } from '../release-types.js';

export const claudeReleases: ShapeReleases = {
  vendor: 'Claude Code',
  versioning: 'a release of Claude Code (@anthropic-ai/claude-code)',
  upstream: { registry: 'npm', package: '@anthropic-ai/claude-code' },
  releases: [{ version: '2.1.197', package: '@anthropic-ai/claude-code', registry: 'npm', released: '2026-06-30' }],
};
