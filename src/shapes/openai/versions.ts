// The Responses API client tools the openai shape serves, newest first (see docs/shape-versions.md).
import type { ShapeReleases } from '../release-types.js';

export const openaiReleases: ShapeReleases = {
  vendor: "OpenAI's Responses API client tools",
  // The API does not version apply_patch, shell and local_shell: the version is the date of the API types read.
  versioning:
    'the date of the Responses API types the tools follow (openai-python; the API gives these tools no version)',
  upstream: { registry: 'api', package: 'OpenAI Responses API' },
  releases: [
    {
      version: '2026-08-21',
      package: 'OpenAI Responses API',
      registry: 'api',
      follows: 'Follows the Responses API tool types as of 2026-08-21 (apply_patch, shell, local_shell).',
    },
  ],
};
