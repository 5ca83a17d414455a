// The Rust-regex → JavaScript translation of the fallback: faithful where it can be,
// refused (naming the construct) where the dialects differ.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EngineError } from '../../src/engine/errors.js';
import { translateRegex, type RegexOptions } from '../../src/engine/search/regex.js';

const matches = (pattern: string, text: string, opts: RegexOptions = {}): string[] =>
  [...text.matchAll(translateRegex(pattern, opts).regex)].map((m) => m[0]);

const refused = (pattern: string, construct: RegExp, opts: RegexOptions = {}): void => {
  assert.throws(
    () => translateRegex(pattern, opts),
    (err: unknown) => {
      assert.ok(err instanceof EngineError);
      assert.equal(err.kind, 'invalid_argument');
      assert.equal(err.field, 'pattern');
      assert.equal(err.facts.dialect, 'rust-regex');
      assert.match(String(err.facts.construct), construct);
      return true;
    },
  );
};

test('Unicode-aware classes as in Rust: \\w, \\d, \\s, \\b, .', () => {
  assert.deepEqual(matches('\\w+', 'naïve straße'), ['naïve', 'straße']);
  assert.deepEqual(matches('\\d+', 'x ٣٤ 12'), ['٣٤', '12']);
  assert.deepEqual(matches('\\bé\\w', 'é1 xé2'), ['é1']);
  assert.deepEqual(matches('a.c', 'abc a\ufffdc a\nc'), ['abc']);
  assert.deepEqual(matches('a.c', 'a\nc', { multiline: true }), ['a\nc']);
});

test('line semantics: ^ and $ at line boundaries, negated classes never cross a newline', () => {
  assert.deepEqual(matches('^b$', 'a\nb\nc'), ['b']);
  assert.deepEqual(matches('[^a]+', 'xy\nz'), ['xy', 'z']);
  assert.deepEqual(matches('\\S+\\s\\S+', 'a\nb c'), ['b c']);
  assert.deepEqual(matches('a$', 'a\r\n'), []);
});

test('case: insensitive, smart, leading (?i) and (?-i)', () => {
  assert.deepEqual(matches('abc', 'ABC abc', { caseMode: 'insensitive' }), ['ABC', 'abc']);
  assert.deepEqual(matches('abc', 'ABC abc', { caseMode: 'smart' }), ['ABC', 'abc']);
  assert.deepEqual(matches('Abc', 'ABC Abc abc', { caseMode: 'smart' }), ['Abc']);
  assert.deepEqual(matches('\\Sbc', 'ABC', { caseMode: 'smart' }), ['ABC']);
  assert.deepEqual(matches('(?i)abc', 'ABC'), ['ABC']);
  assert.deepEqual(matches('(?-i)abc', 'ABC abc', { caseMode: 'insensitive' }), ['abc']);
});

test('escapes, named groups, POSIX classes, properties, word and fixed modes', () => {
  assert.deepEqual(matches('\\x{3a9}\\u00e9\\#\\-\\~', 'Ωé#-~'), ['Ωé#-~']);
  assert.deepEqual(matches('(?P<n>a)b', 'ab'), ['ab']);
  assert.deepEqual(matches('[[:digit:]x]+', 'a1x2b'), ['1x2']);
  assert.deepEqual(matches('\\p{Greek}+|\\pN', 'αβ 7'), ['αβ', '7']);
  assert.deepEqual(matches('x]y}', 'x]y}'), ['x]y}']);
  assert.deepEqual(matches('foo', 'foo foo_ foo-', { wordMatch: true }), ['foo', 'foo']);
  assert.deepEqual(matches('a.b(c)[', 'a.b(c)[ axb(c)[', { fixedStrings: true }), ['a.b(c)[']);
});

test('constructs the dialects do not share are refused, naming them', () => {
  refused('(?<=a)b', /lookaround/);
  refused('a(?!b)', /lookaround/);
  refused('(a)\\1', /backreference/);
  refused('a(?i)b', /inline flag group/);
  refused('(?i:a)b', /inline flag group/);
  refused('(?x) a b', /inline flag x/);
  refused('a*+', /possessive/);
  refused('[a[b]]', /nested character class/);
  refused('[a-z&&[^aeiou]]', /nested|&&/);
  refused('[\\w--\\d]', /--/);
  refused('(?<n>a)', /named group/);
  refused('\\Aa', /\\A/);
  refused('o\\B', /\\B/);
  refused('\\p{NoSuchThing}', /Unicode class/);
  refused('a\\nb', /\\n/);
  refused('a\nb', /newline/, { fixedStrings: true });
  refused('\\<a', /escape/);
  refused('a{', /\{/);
  refused('*a', /nothing to repeat/);
});
