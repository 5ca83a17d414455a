// Long lines through the rg backend: it decodes only the kept start of a long line
// (rg-json.ts parseRgLine), converts its match offsets without decoding the rest, and gathers a line that spans pipe
// chunks in one buffer. The
// results must be exactly what the fallback searcher gives, which reads the files itself.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { Scope } from '../../src/engine/scope.js';
import { grep } from '../../src/engine/search/grep.js';
import { parseRgLine, parseRgMessage } from '../../src/engine/search/rg-json.js';
import type { GrepOptions, GrepResult } from '../../src/engine/search/types.js';
import { tempDir } from '../helpers/server.js';
import { render } from './grep-suite.js';

const filler = (n: number): string => 'x = "a\\tb" + \'\\\\u00e9\'; '.repeat(n);

/** Lines built to sit on the edges of the prefix reading. */
function files(): Record<string, string> {
  const long = filler(200); // about 4,800 characters, every one ASCII
  return {
    // Escapes everywhere (quotes, backslashes, tabs) and a literal "\u00e9" in the source.
    'escapes.js': `${long}needle${long}needle\n`,
    // A control character: rg writes it as \u0001, six bytes for one character.
    'control.txt': `needle${'\u0001'.repeat(30)}${long}needle\n`,
    // Not ASCII: offsets converted from bytes (many matches on one line).
    'unicode.txt': `${'é needle '.repeat(300)}${long}\n`,
    // Everything at once before each match: two- and four-byte characters, escapes, a control character.
    'mixed.txt': `${'é\t"\u0002😀\\ needle '.repeat(300)}\n`,
    // A surrogate pair across the cut (keep 40: it is dropped whole; keep 41: kept whole).
    'astral.txt': `${'a'.repeat(39)}😀needle${long}😀needle\n`,
    // CRLF line ending, and a last line without any terminator.
    'crlf.txt': `${long}needle\r\n${long}needle`,
    // A backslash run ending exactly where the kept prefix is cut (below: keep 40).
    'cut-escape.txt': `${'\\'.repeat(41)}needle${long}\n`,
    // Longer than a pipe chunk (64 KiB): gathered from several chunks.
    'huge.js': `${filler(6000)}needle ${filler(3000)}needle\nneedle short\n`,
  };
}

test('long lines: the rg backend gives exactly what the fallback gives', async () => {
  const { dir, cleanup } = tempDir('facet-rglong-');
  try {
    for (const [name, text] of Object.entries(files())) writeFileSync(path.join(dir, name), text);
    const scope = Scope.fromRoots([dir]);
    const run = (backend: 'rg' | 'fallback', o: Partial<GrepOptions>): Promise<GrepResult> =>
      grep(scope, { pattern: 'needle', cwd: dir, limit: 0, ...o }, { backend });
    for (const o of [
      { maxLineLength: 39 },
      { maxLineLength: 40 },
      { maxLineLength: 41 },
      { maxLineLength: 5000 },
      { maxLineLength: 40, before: 1 },
      { mode: 'count' as const },
    ]) {
      const [viaRg, viaFallback] = [await run('rg', o), await run('fallback', o)];
      assert.equal(viaRg.backend, 'rg');
      assert.deepEqual(render(viaRg), render(viaFallback), JSON.stringify(o));
      assert.deepEqual({ ...viaRg, backend: '' }, { ...viaFallback, backend: '' }, JSON.stringify(o));
    }
    // Pinned: the escapes line is cut at 40 characters, with both matches at their offsets.
    const r = await run('rg', { maxLineLength: 40, paths: ['escapes.js'] });
    const line = r.files[0]!.lines[0]!;
    const long = filler(200);
    assert.equal(line.text, long.slice(0, 40));
    assert.equal(line.cut, true);
    assert.deepEqual(line.submatches, [
      { start: long.length, end: long.length + 6 },
      { start: 2 * long.length + 6, end: 2 * long.length + 12 },
    ]);
  } finally {
    cleanup();
  }
});

/** rg's byte offsets into `text` as UTF-16 offsets, without the empty ones. */
function utf16(text: string, subs: Array<{ start: number; end: number }>): Array<{ start: number; end: number }> {
  const b = Buffer.from(text);
  const at = (n: number): number => b.toString('utf8', 0, n).length;
  return subs.filter((s) => s.end > s.start).map((s) => ({ start: at(s.start), end: at(s.end) }));
}

test('parseRgLine: a long line comes back as its prefix with UTF-16 offsets, every other line as parseRgMessage reads it', () => {
  const { dir, cleanup } = tempDir('facet-rglong-');
  try {
    for (const [name, text] of Object.entries(files())) writeFileSync(path.join(dir, name), text);
    const out = execFileSync('rg', ['--json', '--no-config', '--sort', 'path', 'needle', '.'], {
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
    });
    let prefixes = 0;
    let start = 0;
    for (let nl = out.indexOf(0x0a); nl !== -1; start = nl + 1, nl = out.indexOf(0x0a, start)) {
      const whole = parseRgMessage(out.toString('utf8', start, nl));
      const ours = parseRgLine(out, start, nl, 40);
      if (!ours.data.prefixOnly) {
        assert.deepEqual(ours, whole);
        continue;
      }
      prefixes++;
      const text = whole.data.lines!.text!;
      assert.ok(ours.data.lines!.text!.length > 40);
      assert.ok(text.startsWith(ours.data.lines!.text!));
      assert.ok(!/[\r\n]/.test(ours.data.lines!.text!));
      assert.deepEqual(ours.data.submatches, utf16(text, whole.data.submatches!));
      assert.equal(ours.data.line_number, whole.data.line_number);
    }
    // Every long line is read in part (escapes, control, unicode, mixed, astral, two crlf
    // lines, cut-escape, huge); "needle short" whole.
    assert.equal(prefixes, 9);
  } finally {
    cleanup();
  }
});
