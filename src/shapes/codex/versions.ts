// The Codex CLI releases the codex shape serves, newest first (see docs/shape-versions.md).
import type { ShapeReleases } from '../release-types.js';

export const codexReleases: ShapeReleases = {
  vendor: 'Codex CLI',
  versioning: 'a release of Codex CLI (@openai/codex)',
  upstream: { registry: 'npm', package: '@openai/codex' },
  // Read from openai/codex at 6c6d291 and checked against the released 0.169.0 binary.
  releases: [{ version: '0.169.0', package: '@openai/codex', registry: 'npm', released: '2026-11-13' }],
};
