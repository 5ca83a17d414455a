// The Gemini CLI releases the gemini shape serves, newest first (see docs/shape-versions.md).
import type { ShapeReleases } from '../release-types.js';

export const geminiReleases: ShapeReleases = {
  vendor: 'Gemini CLI',
  versioning: 'a release of Gemini CLI (@google/gemini-cli)',
  upstream: { registry: 'npm', package: '@google/gemini-cli' },
  releases: [{ version: '0.61.0', package: '@google/gemini-cli', registry: 'npm', released: '2026-09-24' }],
};
