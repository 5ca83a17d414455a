// The core shape is Facet's own dialect: its version is Facet's (see docs/shape-versions.md).
import { VERSION } from '../../version.js';
import type { ShapeReleases } from '../release-types.js';

export const coreReleases: ShapeReleases = {
  vendor: 'Facet',
  versioning: "Facet's own version: core changes with Facet and keeps no older release",
  upstream: { registry: 'facet', package: 'facet' },
  releases: [
    { version: VERSION, package: 'facet', registry: 'facet', follows: `Facet's own tools, version ${VERSION}.` },
  ],
};
