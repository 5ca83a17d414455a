// The Messages API client-tool versions the anthropic shape serves, newest first (see docs/shape-versions.md).
import type { ShapeReleases } from '../release-types.js';

export const anthropicReleases: ShapeReleases = {
  vendor: "Anthropic's Messages API client tools",
  versioning: 'the newest API tool version served (the date in text_editor_20250728, bash_20250124, memory_20250818)',
  upstream: { registry: 'api', package: 'Anthropic Messages API' },
  releases: [
    {
      version: '20250818',
      package: 'Anthropic Messages API',
      registry: 'api',
      follows:
        'Follows the API tool versions text_editor_20250728, text_editor_20250124, bash_20250124 and memory_20250818.',
    },
  ],
};
