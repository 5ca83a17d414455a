// The directories a search that spans "the workspace" starts from: the session directory,
// then each root that does not hold it (so no file is found twice through a parent root).
import { isWithin, type Scope } from '../../../engine/index.js';

export const workspaceDirs = (scope: Scope, cwd: string): string[] => [
  cwd,
  ...scope.roots.filter((root) => !isWithin(root, cwd)),
];
