// The data model of a shape's releases (each shape folder's versions.ts fills it in). A shape
// serves its newest release as its index.ts builds it; every older release is a small table of
// differences over its newer neighbour, never a copy of the tool set.
import type { ToolDefinition } from '../registry/types.js';
import type { ShapeEnv } from './common/define.js';
import type { ShapeOptions } from './common/spec.js';

/** Where a release is published: a package registry, a repository only, Facet itself, or a vendor's API. */
export type Registry = 'npm' | 'pypi' | 'github' | 'facet' | 'api';

/** How one release's tools differ from those of its newer neighbour in the list. */
export interface ReleaseDiff {
  /** Tools of the newer release that this one does not have, by name. */
  removed?: readonly string[];
  /** Tools this release has and the newer one does not; each group goes after the tool named (else at the end). */
  added?: ReadonlyArray<{ after?: string; tools: (env: ShapeEnv) => ToolDefinition[] }>;
  /** Tools both releases have, in this release's form (matched by name; the position stays). */
  replaced?: (env: ShapeEnv) => ToolDefinition[];
  /** The shape's description where this release's differs. */
  description?: string;
  /** The tool guide where this release's differs (it names tools the model has). */
  guide?: ShapeOptions['guide'];
}

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
  /** The sentence Identity's description ends with, when the default ("Follows <vendor> <version> (<package>, <date>).") does not fit. */
  follows?: string;
  /** How this release differs from the next newer one in the list; the newest has none. */
  diff?: ReleaseDiff;
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
