// The grep suite through ripgrep read over a plain pipe: the path taken where no socket can be
// made for rg's output (engine/socket-stdout.ts), here because the temporary directory is missing.
import assert from 'node:assert/strict';
import { before } from 'node:test';
import { socketStdout } from '../../src/engine/socket-stdout.js';
import { grepSuite } from './grep-suite.js';

before(async () => {
  // Failing to make its directory once is remembered for the process; the suite's own trees
  // then go to the real temporary directory.
  const tmpdir = process.env.TMPDIR;
  process.env.TMPDIR = '/nonexistent/facet-grep-rg-pipe';
  try {
    assert.equal(await socketStdout(() => undefined), undefined, 'this file must exercise the pipe');
  } finally {
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
  }
  assert.equal(await socketStdout(() => undefined), undefined, 'and keeps doing so');
});

grepSuite('rg');
