// A shell engine as the shell tests build it: bash, no allow/deny rules, routes or extra
// environment, its state under `root`/.state; `extra` sets what a test needs beyond that.
import path from 'node:path';
import { ShellEngine, type ShellEngineConfig } from '../../src/engine/shell/engine.js';

export function bashEngine(root: string, extra: Partial<ShellEngineConfig> = {}): ShellEngine {
  return new ShellEngine({
    shell: '/bin/bash',
    allow: [],
    deny: [],
    routes: {},
    env: [],
    stateDir: path.join(root, '.state'),
    ...extra,
  });
}
