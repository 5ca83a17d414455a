// The data model of a shape's releases (each shape folder's versions.ts fills it in). A shape
// serves its newest release as its index.ts builds it; every older release is a small table of
// differences over its newer neighbour (release-diff.ts, in the shape folder's diffs.ts), never a
// copy of the tool set. Plain data with no imports: the config checks a pinned version with it.

/** Where a release is published: a package registry, a repository only, Facet itself, or a vendor's API. */
export type Registry = 'npm' | 'pypi' | 'github' | 'facet' | 'api';

export interface Release {
  /** As the vendor numbers it (the pin in NAME@VERSION). */
  version: string;
  /** Other spellings a host may pin, e.g. kimi's "1.x". */
  aliases?: readonly string[];
  /** The package as published (npm or PyPI name; for a repository, the package name in it). */
  package: string;
  registry: Registry;
  /** YYYY-MM-DD: when the registry published it. */
  released?: string;
  /**
   * The sentence Identity's description ends with, when the default ("Follows <vendor> <version> (<package>, <date>).")
   * does not fit.
   */
  follows?: string;
}

export interface ShapeReleases {
  /** The product whose dialect this is, as people name it (Claude Code, Gemini CLI...). */
  vendor: string;
  /** What a version of this shape names: a vendor release, Facet's own version, an API's tool version. */
  versioning: string;
  /** Where releases newer than the served ones appear; `npm run vendors:check` looks there. */
  upstream: { registry: Registry; package: string; repository?: string };
  /** Served releases, newest first. */
  releases: readonly [Release, ...Release[]];
}
