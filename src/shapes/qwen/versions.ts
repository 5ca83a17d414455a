// The Qwen Code releases the qwen shape serves, newest first (see docs/shape-versions.md).
import type { ShapeReleases } from '../release-types.js';

export const qwenReleases: ShapeReleases = {
  vendor: 'Qwen Code',
  versioning: 'a release of Qwen Code (@qwen-code/qwen-code)',
  upstream: { registry: 'npm', package: '@qwen-code/qwen-code' },
  releases: [
    { version: '0.24.4', package: '@qwen-code/qwen-code', registry: 'npm', released: '2026-09-22' },
    { version: '0.15.10', package: '@qwen-code/qwen-code', registry: 'npm', released: '2026-09-22' },
  ],
};
