// The Codex CLI releases the codex shape serves, newest first (see docs/shape-versions.md and
// vendors/codex/history.md for why these two).
import type { ShapeReleases } from '../release-types.js';

export const codexReleases: ShapeReleases = {
  vendor: 'Codex CLI',
  versioning: 'a release of Codex CLI (@openai/codex)',
  upstream: { registry: 'npm', package: '@openai/codex' },
  releases: [
    // Its direct-mode tools (gpt-5.5, and models outside its catalog); 0.169.0 sent the same but for
    // exec_command.login's description.
    { version: '0.171.0', package: '@openai/codex', registry: 'npm', released: '2026-11-20' },
    // The set first served as codex@0.169.0 (an alias, so hosts' pins keep their tools); see diffs.ts.
    { version: '0.149.0', aliases: ['0.169.0'], package: '@openai/codex', registry: 'npm', released: '2026-08-21' },
  ],
};
