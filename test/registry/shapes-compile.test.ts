// Servers compile a tool's schemas at its first call (Toolbox compile: 'first-call'), so the
// checks a toolbox makes at construction are made here instead, for every release of every
// shape this build serves: every input and output schema compiles and every example keeps it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ALL_SHAPES, parseConfig } from '../../src/config.js';
import { createEngine } from '../../src/engine/index.js';
import { Toolbox } from '../../src/registry/toolbox.js';
import { buildShapes } from '../../src/shapes/index.js';
import { SHAPE_RELEASES } from '../../src/shapes/release-table.js';
import { tempDir } from '../helpers/server.js';

test('every served release of every shape compiles its schemas and keeps its examples', () => {
  const state = tempDir('facet-shapes-compile-');
  try {
    const releases = ALL_SHAPES.flatMap((shape) => SHAPE_RELEASES[shape]!.releases.map((r) => `${shape}@${r.version}`));
    const config = parseConfig(['--lsp', 'off', '--state-dir', state.dir, '--shape', releases.join(',')], {});
    const specs = new Set(buildShapes(config, createEngine(config)).values());
    assert.equal(specs.size, releases.length);
    // Construction (compile: 'now') throws, naming the tool, at the first schema or example that fails.
    for (const spec of specs) assert.equal(new Toolbox(spec).toolNames.length, spec.tools.length, spec.name);
  } finally {
    state.cleanup();
  }
});
