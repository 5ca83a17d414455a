// Find in page: passages around a literal phrase, fetched through the same guard.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { EngineError } from '../../src/engine/errors.js';
import { WebEngine, findInText } from '../../src/engine/web/index.js';
import { send, serve, type LoopbackServer } from './http-server.js';

let site: LoopbackServer;
before(async () => {
  site = await serve((req, res) => {
    if (req.url === '/png') return send(res, 200, 'image/png', Buffer.from('89504e470d0a1a0a', 'hex'));
    send(
      res,
      200,
      'text/html',
      '<html><head><title>Guide</title></head><body><h1>Install</h1><p>Run the  installer.</p><p>Then run the\ninstaller again? No: the Installer runs once.</p></body></html>',
    );
  });
});
after(() => site.close());

describe('findInText', () => {
  const text = 'alpha beta\ngamma beta delta\nBETA';
  test('finds every occurrence with line, column and context', () => {
    const r = findInText(text, 'beta', { contextChars: 6 });
    assert.equal(r.totalMatches, 3);
    assert.deepEqual(r.matches, [
      { index: 6, line: 1, column: 7, match: 'beta', before: 'alpha ', after: '\ngamma' },
      { index: 17, line: 2, column: 7, match: 'beta', before: 'gamma ', after: ' delta' },
      { index: 28, line: 3, column: 1, match: 'BETA', before: 'delta\n', after: '' },
    ]);
  });
  test('is case-sensitive on request', () => {
    assert.equal(findInText(text, 'BETA', { caseSensitive: true }).totalMatches, 1);
  });
  test('whitespace in the phrase matches any whitespace run', () => {
    const r = findInText(text, 'beta   gamma');
    assert.deepEqual(
      r.matches.map((m) => m.match),
      ['beta\ngamma'],
    );
  });
  test('regex characters are literal', () => {
    assert.equal(findInText('a.c abc (x)', 'a.c').totalMatches, 1);
    assert.equal(findInText('a.c abc (x)', '(x)').totalMatches, 1);
    assert.equal(findInText('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab', '(a+)+$').totalMatches, 0);
  });
  test('maxMatches caps the list, not the count', () => {
    const r = findInText('x x x x x', 'x', { maxMatches: 2 });
    assert.equal(r.totalMatches, 5);
    assert.equal(r.matches.length, 2);
  });
  test('an empty pattern is an invalid argument', () => {
    assert.throws(
      () => findInText('abc', '  '),
      (e: EngineError) => e.kind === 'invalid_argument' && e.field === 'pattern',
    );
  });
});

describe('findInPage', () => {
  const engine = new WebEngine({ allowHosts: ['127.0.0.1'] });
  test('searches the page as Markdown', async () => {
    const r = await engine.findInPage(`${site.origin}/guide`, 'run the installer', { contextChars: 10 });
    assert.equal(r.title, 'Guide');
    assert.equal(r.finalUrl, `${site.origin}/guide`);
    assert.equal(r.totalMatches, 2);
    assert.deepEqual(
      r.matches.map((m) => [m.line, m.column, m.match, m.before, m.after]),
      [
        // HTML collapses the double space and the line break inside the paragraphs.
        [3, 1, 'Run the installer', ' Install\n\n', '.\n\nThen ru'],
        [5, 6, 'run the installer', 'er.\n\nThen ', ' again? No'],
      ],
    );
    assert.equal(r.truncated, false);
  });
  test('goes through the guard', async () => {
    const strict = new WebEngine();
    await assert.rejects(
      strict.findInPage(`${site.origin}/guide`, 'x'),
      (e: EngineError) => e.kind === 'security_policy',
    );
  });
  test('refuses images', async () => {
    await assert.rejects(engine.findInPage(`${site.origin}/png`, 'x'), (e: EngineError) => e.kind === 'unsupported');
  });
});
