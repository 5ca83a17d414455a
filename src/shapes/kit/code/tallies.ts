// What hosts are told of a code answer, alike in every dialect: how many diagnostics a set of
// files has, and which files a list of places touches.
import type { CodeLocation, FileDiagnostics } from '../../../engine/index.js';

/** The diagnostics of all the files together. */
export const diagnosticTotal = (files: readonly FileDiagnostics[]): number =>
  files.reduce((n, f) => n + f.diagnostics.length, 0);

/** Each file of the places once, in the order first met. */
export const locationPaths = (locations: readonly CodeLocation[]): string[] => [
  ...new Set(locations.map((l) => l.path)),
];
