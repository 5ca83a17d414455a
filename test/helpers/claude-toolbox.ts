// The claude shape with these flags, as a toolbox a test server serves beside the real shapes:
// over an engine of its own built from `args` (facet serve flags such as --lsp on or
// --skills-dir) with a temporary state directory. close() stops that engine.
import { parseConfig } from '../../src/config.js';
import { createEngine, type Engine } from '../../src/engine/index.js';
import type { ToolboxSpec } from '../../src/registry/types.js';
import { claudeShape } from '../../src/shapes/claude/index.js';
import { tempDir } from './server.js';

/** The key the extra toolbox is served under (a shape name of its own, beside "claude"). */
export const CLAUDE_PLUS = 'claudeplus';

export interface ClaudePlus {
  /** For startTestServer's or serverFixture's extraSpecs. */
  specs: ReadonlyMap<string, ToolboxSpec>;
  engine: Engine;
  close(): Promise<void>;
}

export function claudePlus(args: string[] = []): ClaudePlus {
  const state = tempDir('facet-claudeplus-state-');
  const config = parseConfig(['--lsp', 'off', '--state-dir', state.dir, ...args], {});
  const engine = createEngine(config);
  const spec = claudeShape(config, engine);
  return {
    specs: new Map([[CLAUDE_PLUS, spec]]),
    engine,
    async close() {
      await engine.close();
      state.cleanup();
    },
  };
}
