// The claude shape as a toolbox a test server serves beside the real shapes, with any tools it
// does not serve added (those it serves already are its own): the shape's own options over an
// engine of their own built from `args` (facet serve flags such as
// --lsp on or --skills-dir) with a temporary state directory. close() stops that engine.
import { parseConfig } from '../../src/config.js';
import { createEngine, type Engine } from '../../src/engine/index.js';
import type { ToolboxSpec } from '../../src/registry/types.js';
import { claudeShape } from '../../src/shapes/claude/index.js';
import { claudeDialect } from '../../src/shapes/claude/errors.js';
import { buildTools, type ToolMaker } from '../../src/shapes/common/define.js';
import { shapeOptionsOf, shapeSpec } from '../../src/shapes/common/spec.js';
import { tempDir } from './server.js';

/** The key the extra toolbox is served under (a shape name of its own, beside "claude"). */
export const CLAUDE_PLUS = 'claudeplus';

export interface ClaudePlus {
  /** For startTestServer's or serverFixture's extraSpecs. */
  specs: ReadonlyMap<string, ToolboxSpec>;
  engine: Engine;
  close(): Promise<void>;
}

export function claudePlus(makers: ReadonlyArray<ToolMaker<never>>, args: string[] = []): ClaudePlus {
  const state = tempDir('facet-claudeplus-state-');
  const config = parseConfig(['--lsp', 'off', '--state-dir', state.dir, ...args], {});
  const engine = createEngine(config);
  const base = claudeShape(config, engine);
  const opts = shapeOptionsOf(base)!;
  const spec = shapeSpec(config, {
    ...opts,
    tools: [
      ...opts.tools,
      ...buildTools({ config, engine }, claudeDialect, makers).filter(
        (t) => !opts.tools.some((o) => o.name === t.name),
      ),
    ],
  });
  return {
    specs: new Map([[CLAUDE_PLUS, spec]]),
    engine,
    async close() {
      await engine.close();
      state.cleanup();
    },
  };
}
