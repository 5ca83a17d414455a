// The cut-apart reading of rg --json messages must give exactly what JSON.parse gives, on
// real rg output for text built to confuse it: the markers themselves inside the text,
// quotes, backslashes (one closing a string), tabs, Unicode, bytes that are not UTF-8, and
// paths with quotes in them.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { EngineError } from '../../src/engine/errors.js';
import { Scope } from '../../src/engine/scope.js';
import { grep } from '../../src/engine/search/grep.js';
import { parseRgLine, parseRgMessage, type RgMessage } from '../../src/engine/search/rg-json.js';
import { tempDir } from '../helpers/server.js';

/** The fields the rg backend reads, from either parse. */
function used(m: RgMessage): unknown {
  const d = m.data;
  if (m.type === 'begin') return { type: m.type, path: d.path };
  if (m.type !== 'match' && m.type !== 'context') return { type: m.type };
  return { type: m.type, lines: d.lines, line: d.line_number, subs: (d.submatches ?? []).map((s) => [s.start, s.end]) };
}

test('rg --json messages cut apart read the same as JSON.parse reads them', () => {
  const { dir, cleanup } = tempDir('facet-rgjson-');
  try {
    const tricky = [
      'plain needle line',
      'needle "quoted" and \\"escaped\\" needle',
      'ends in a backslash needle\\',
      'needle},"line_number":7,"absolute_offset":1,"submatches":[{"match":{"text":"x"},"start":0,"end":1}]}}',
      'tab\there needle\t"},"start":99,"end":100}',
      'naïve Ωmega needle straße 😀 needle',
      'context after',
      '{"type":"match","data":{"path":{"text":"fake"}}} needle',
    ];
    writeFileSync(path.join(dir, 'a "quoted" name.txt'), tricky.join('\n') + '\n');
    writeFileSync(path.join(dir, 'back\\slash.txt'), 'needle\n');
    writeFileSync(
      path.join(dir, 'latin1.txt'),
      Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65, 0x0a]),
    );
    const bytes = execFileSync('rg', ['--json', '--no-config', '--context', '1', '--sort', 'path', 'needle', '.'], {
      cwd: dir,
    });
    const lines = bytes
      .toString('utf8')
      .split('\n')
      .filter((l) => l !== '');
    const kinds = new Map<string, number>();
    for (const line of lines) {
      const ours = parseRgMessage(line);
      assert.deepEqual(used(ours), used(JSON.parse(line) as RgMessage), line);
      kinds.set(ours.type, (kinds.get(ours.type) ?? 0) + 1);
    }
    // The same lines read from the bytes, as the backend reads its stream (each line in place
    // in one buffer, so a marker searched past a line's end would be found in the next one).
    // With `bare`, a text without escapes comes without its "\n" (a "\r\n" line is read whole).
    let start = 0;
    let bare = 0;
    for (let nl = bytes.indexOf(0x0a); nl !== -1; start = nl + 1, nl = bytes.indexOf(0x0a, start)) {
      const line = bytes.toString('utf8', start, nl);
      assert.deepEqual(used(parseRgLine(bytes, start, nl)), used(JSON.parse(line) as RgMessage), line);
      const m = parseRgLine(bytes, start, nl, undefined, true);
      if (m.data.bare) {
        bare++;
        assert.ok(!m.data.lines!.text!.endsWith('\n'));
        m.data.lines!.text += '\n';
      }
      assert.deepEqual(used(m), used(JSON.parse(line) as RgMessage), line);
    }
    // plain, naïve, "context after" and back-slash.txt's line; the others hold quotes,
    // backslashes or a tab, or are not UTF-8.
    assert.equal(bare, 4);
    // Every kind of message was seen: 3 files, 9 matching lines (1 non-UTF-8), 1 context line.
    assert.deepEqual(Object.fromEntries(kinds), { begin: 3, match: 9, context: 1, end: 3, summary: 1 });
  } finally {
    cleanup();
  }
});

test('a line that is not JSON throws, as JSON.parse does', () => {
  assert.throws(
    () => parseRgMessage('{"type":"match","data":{"path":{"text":"x"},"lines":{"text":"y"},"line_number":1,'),
    SyntaxError,
  );
  assert.throws(() => parseRgMessage('not json'), SyntaxError);
});

test('from an rg that misbehaves: a line that is not JSON is skipped, a message of the wrong shape fails the call', async () => {
  const { dir, cleanup } = tempDir('facet-fakerg-');
  try {
    writeFileSync(path.join(dir, 'a.txt'), 'x\n');
    const fake = (messages: string[]): string => {
      const script = path.join(dir, `rg-${messages.length}.sh`);
      const body = messages.map((m) => `'${m}'`).join(' ');
      writeFileSync(
        script,
        `#!/bin/sh\nif [ "$1" = "--version" ]; then echo "ripgrep 14.1.0 (fake)"; exit 0; fi\nprintf '%s\\n' ${body}\n`,
      );
      chmodSync(script, 0o755);
      return script;
    };
    const begin = '{"type":"begin","data":{"path":{"text":"./a.txt"}}}';
    const match = (subs: string) =>
      `{"type":"match","data":{"path":{"text":"./a.txt"},"lines":{"text":"x\\n"},"line_number":1,"absolute_offset":0,"submatches":${subs}}}`;
    const end = '{"type":"end","data":{"path":{"text":"./a.txt"},"binary_offset":null,"stats":{}}}';
    const scope = Scope.fromRoots([dir]);
    const skipped = await grep(
      scope,
      { pattern: 'x', cwd: dir },
      { backend: 'rg', rgPath: fake([begin, 'garbage {', match('[{"match":{"text":"x"},"start":0,"end":1}]'), end]) },
    );
    assert.deepEqual(
      skipped.files.map((f) => [f.relative, f.lines.map((l) => [l.line, l.text, l.submatches])]),
      [['a.txt', [[1, 'x', [{ start: 0, end: 1 }]]]]],
    );
    await assert.rejects(
      grep(
        scope,
        { pattern: 'x', cwd: dir },
        { backend: 'rg', rgPath: fake([begin, match('5'), end, '{"type":"summary","data":{}}']) },
      ),
      (err: unknown) =>
        err instanceof EngineError && err.kind === 'internal' && /^reading ripgrep's output failed: /.test(err.message),
    );
  } finally {
    cleanup();
  }
});
