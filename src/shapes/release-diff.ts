// How an older release of a shape differs from its newer neighbour: the tools it lacks, has
// besides, or has in another form, and the words that differ. Each shape folder with more than
// one release keeps these in its diffs.ts, by version; shapes/versions.ts applies them.
import type { ToolDefinition } from '../registry/types.js';
import type { ShapeEnv } from './common/define.js';
import type { ShapeOptions } from './common/spec.js';

/** How one release's tools differ from those of its newer neighbour in the list. */
export interface ReleaseDiff {
  /** Tools of the newer release that this one does not have, by name (by the server's options, as a function). */
  removed?: readonly string[] | ((env: ShapeEnv) => readonly string[]);
  /** Tools this release has and the newer one does not; each group goes after the tool named (else at the end). */
  added?: ReadonlyArray<{ after?: string; tools: (env: ShapeEnv) => ToolDefinition[] }>;
  /** Tools both releases have, in this release's form (matched by name; the position stays). */
  replaced?: (env: ShapeEnv) => ToolDefinition[];
  /** The shape's description where this release's differs. */
  description?: string;
  /** The tool guide where this release's differs (it names tools the model has). */
  guide?: ShapeOptions['guide'];
}

/** A shape's older releases' differences, by version (every release but the newest has one). */
export type ReleaseDiffs = Readonly<Record<string, ReleaseDiff>>;
