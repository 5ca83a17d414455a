// Translates a ripgrep (Rust regex) pattern into a JavaScript RegExp with the same meaning,
// for the fallback searcher. Where the dialects differ and no faithful translation exists
// (lookaround, backreferences, scoped inline flags, possessive quantifiers, class set
// operations...), it refuses with an EngineError naming the construct instead of silently
// matching something else.
//
// The result always runs with the `gu` flags (plus `i`) over a whole buffer of text, so
// line semantics are spelled out: in line mode nothing may match a newline; `^`/`$` are
// line boundaries; `.` and negated classes never match U+FFFD (what undecodable bytes
// become, and which Rust's Unicode classes never match).
import { engineFailure } from '../errors.js';

export type CaseMode = 'sensitive' | 'insensitive' | 'smart';

export interface RegexOptions {
  fixedStrings?: boolean;
  caseMode?: CaseMode;
  wordMatch?: boolean;
  /** rg -U --multiline-dotall: matches may span lines and `.` matches a newline. */
  multiline?: boolean;
}

export interface TranslatedRegex {
  /** Global, unicode RegExp ready for exec loops. */
  regex: RegExp;
  caseInsensitive: boolean;
  /** Whether a match may contain a newline (rg searches line by line otherwise, even with -U). */
  canMatchNewline: boolean;
}

// Rust's Unicode \w: Alphabetic, marks, decimal digits, connector punctuation, join controls.
const WORD_ITEMS = '\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}';
const WORD = `[${WORD_ITEMS}]`;
const BOUNDARY = `(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))`;
const LINE_START = '(?<![^\\n])';
const LINE_END = '(?![^\\n])';
// Characters JS allows escaped with a backslash outside a class under the `u` flag.
const JS_SYNTAX = new Set('^$\\.*+?()[]{}|/'.split(''));
// Punctuation the Rust dialect (regex-syntax of rg 13) lets you escape; any other escape is an error there.
const RUST_META = new Set('\\.+*?()|[]{}^$#&-~'.split(''));

const POSIX: Record<string, string> = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  ascii: '\\x00-\\x7F',
  blank: '\\t ',
  cntrl: '\\x00-\\x1F\\x7F',
  digit: '0-9',
  graph: '!-~',
  lower: 'a-z',
  print: ' -~',
  punct: '!-\\/:-@\\[-`{-~',
  space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z',
  word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f',
};

function refuse(pattern: string, construct: string, why: string): never {
  throw engineFailure(
    'regex_construct',
    `the pattern uses ${construct}, which ${why}`,
    { pattern, construct, dialect: 'rust-regex', reason: why },
    { field: 'pattern' },
  );
}

const hexEscape = (ch: string): string => `\\u{${ch.codePointAt(0)!.toString(16)}}`;

/** Escapes a literal string for a `u`-flag RegExp. */
export function escapeLiteral(s: string): string {
  let out = '';
  for (const ch of s) {
    if (ch === '\n') out += '\\n';
    else if (JS_SYNTAX.has(ch) || ch === '-') out += ch === '-' ? '\\u{2d}' : `\\${ch}`;
    else out += ch;
  }
  return out;
}

function hasUpper(s: string): boolean {
  for (const ch of s) if (ch !== ch.toLowerCase() && ch === ch.toUpperCase()) return true;
  return false;
}

/** Checks a property name as JS understands it; Rust also accepts bare script names. */
function property(pattern: string, name: string, negated: boolean): string {
  const letter = negated ? 'P' : 'p';
  const tryIt = (n: string): boolean => {
    try {
      new RegExp(`\\p{${n}}`, 'u');
      return true;
    } catch {
      return false;
    }
  };
  const bare = name.trim();
  const eq = bare.match(/^(sc|script|scx|script_extensions|gc|general_category)\s*[=:]\s*(.+)$/i);
  if (eq) {
    const key = /^sc|script$/i.test(eq[1]!)
      ? 'Script'
      : /^scx|script_extensions$/i.test(eq[1]!)
        ? 'Script_Extensions'
        : 'General_Category';
    if (tryIt(`${key}=${eq[2]}`)) return `\\${letter}{${key}=${eq[2]}}`;
  } else {
    if (tryIt(bare)) return `\\${letter}{${bare}}`;
    if (tryIt(`Script=${bare}`)) return `\\${letter}{Script=${bare}}`;
  }
  return refuse(
    pattern,
    `the Unicode class \\${letter}{${name}}`,
    'the fallback searcher cannot map to a JavaScript property (use a standard name such as L, Lu, Greek)',
  );
}

interface State {
  pattern: string;
  multiline: boolean;
  /** Appended inside negated classes: what "anything but" must still exclude. */
  excluded: string;
  upper: boolean;
  newline: boolean;
}

/** Translates one escape (pattern[i] is the backslash); returns [js, nextIndex]. */
function escape(st: State, i: number, inClass: boolean): [string, number] {
  const p = st.pattern;
  const c = p[i + 1];
  if (c === undefined) refuse(p, 'a trailing backslash', 'is not a complete escape');
  const next = i + 2;
  if (st.multiline && 'DWsSnpPxuU'.includes(c)) st.newline = true;
  switch (c) {
    case 'd':
      return ['\\p{Nd}', next];
    case 'D':
      return [inClass ? '\\P{Nd}' : `[^\\p{Nd}${st.excluded}]`, next];
    case 'w':
      return [inClass ? WORD_ITEMS : WORD, next];
    case 'W':
      if (inClass)
        refuse(p, '\\W inside a character class', 'has no faithful JavaScript form; write the negated class out');
      return [`[^${WORD_ITEMS}${st.excluded}]`, next];
    case 's':
      return [inClass || st.multiline ? '\\p{White_Space}' : '[^\\P{White_Space}\\n]', next];
    case 'S':
      return [inClass ? '\\P{White_Space}' : `[^\\p{White_Space}${st.excluded}]`, next];
    case 'b':
      if (inClass) return ['\\x08', next];
      return [BOUNDARY, next];
    case 'B':
      if (inClass) break;
      // rg 13 locates only some of the matches of a pattern with \B: no faithful equivalent.
      return refuse(p, '\\B', 'rg itself reports inconsistently (it finds only some matches on a line)');
    case 'A':
      if (inClass) break;
      // rg reports such lines as matches without locating the match: no faithful equivalent.
      if (!st.multiline) refuse(p, '\\A outside multiline mode', 'rg applies inconsistently line by line (use ^)');
      return ['(?<![\\s\\S])', next];
    case 'z':
      if (inClass) break;
      return [st.multiline ? '(?![\\s\\S])' : LINE_END, next];
    case 'n':
      if (!st.multiline) refuse(p, 'a literal \\n', 'can only match with multiline on (rg refuses it too)');
      return ['\\n', next];
    case 't':
    case 'r':
    case 'f':
    case 'v':
      return [`\\${c}`, next];
    case 'a':
      return ['\\x07', next];
    case 'p':
    case 'P': {
      let name: string;
      let end: number;
      if (p[next] === '{') {
        end = p.indexOf('}', next);
        if (end === -1) refuse(p, 'an unterminated \\p{...}', 'is not valid');
        name = p.slice(next + 1, end);
        end += 1;
      } else {
        name = p[next] ?? '';
        end = next + 1;
        if (!name) refuse(p, `a bare \\${c}`, 'is not valid');
      }
      return [property(p, name, c === 'P'), end];
    }
    case 'x': {
      if (p[next] === '{') {
        const end = p.indexOf('}', next);
        const hex = end === -1 ? '' : p.slice(next + 1, end);
        if (!/^[0-9a-fA-F]{1,8}$/.test(hex)) refuse(p, 'a malformed \\x{...} escape', 'is not valid');
        return [`\\u{${hex}}`, end + 1];
      }
      const hex = p.slice(next, next + 2);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) refuse(p, 'a malformed \\x escape', 'is not valid');
      return [`\\x${hex}`, next + 2];
    }
    case 'u':
    case 'U': {
      const len = c === 'u' ? 4 : 8;
      if (p[next] === '{') {
        const end = p.indexOf('}', next);
        const hex = end === -1 ? '' : p.slice(next + 1, end);
        if (!/^[0-9a-fA-F]{1,8}$/.test(hex)) refuse(p, `a malformed \\${c}{...} escape`, 'is not valid');
        return [`\\u{${hex}}`, end + 1];
      }
      const hex = p.slice(next, next + len);
      if (!new RegExp(`^[0-9a-fA-F]{${len}}$`).test(hex)) refuse(p, `a malformed \\${c} escape`, 'is not valid');
      return [`\\u{${hex}}`, next + len];
    }
    default:
      break;
  }
  if (/[0-9]/.test(c!))
    refuse(p, `\\${c} (a backreference or octal escape)`, 'is not supported by the Rust regex dialect rg uses');
  if (RUST_META.has(c!)) {
    // Escaped punctuation is a literal in Rust; JS with `u` only accepts some as identity escapes.
    return [JS_SYNTAX.has(c!) && !(inClass && c === '/') ? `\\${c}` : hexEscape(c!), next];
  }
  return refuse(p, `the escape \\${c}`, 'is not part of the Rust regex dialect rg uses');
}

function translateClass(st: State, start: number): [string, number] {
  const p = st.pattern;
  let i = start + 1;
  let out = '[';
  let negated = false;
  if (p[i] === '^') {
    negated = true;
    out += '^';
    i++;
  }
  if (p[i] === ']') {
    out += '\\]';
    i++;
  }
  for (;;) {
    const ch = p[i];
    if (ch === undefined) refuse(p, 'an unclosed character class', 'is not valid');
    if (ch === ']') {
      i++;
      break;
    }
    if (ch === '[') {
      const posix = /^\[:(\^?)([a-z]+):\]/.exec(p.slice(i));
      if (posix && POSIX[posix[2]!] !== undefined) {
        if (posix[1]) refuse(p, 'a negated POSIX class inside a class', 'has no faithful JavaScript form');
        out += POSIX[posix[2]!];
        if (['ascii', 'cntrl', 'space'].includes(posix[2]!)) st.newline ||= st.multiline;
        i += posix[0].length;
        continue;
      }
      refuse(
        p,
        'a nested character class',
        'is a Rust set operation JavaScript does not share; escape the [ if you meant it literally',
      );
    }
    if ((ch === '&' || ch === '-' || ch === '~') && p[i + 1] === ch && ch !== '-') {
      refuse(p, `the class operator ${ch}${ch}`, 'is a Rust set operation JavaScript does not share');
    }
    if (ch === '-' && p[i + 1] === '-')
      refuse(p, 'the class operator --', 'is a Rust set operation JavaScript does not share');
    if (ch === '\\') {
      const [js, next] = escape(st, i, true);
      out += js;
      i = next;
      continue;
    }
    if (ch === '\n' && !st.multiline) refuse(p, 'a literal newline', 'can only match with multiline on');
    if (ch === '\n') st.newline = true;
    if (hasUpper(ch)) st.upper = true;
    const cp = p.codePointAt(i)!;
    const len = cp > 0xffff ? 2 : 1;
    out += ch === '/' || ch === '-' ? ch : JS_SYNTAX.has(ch) ? `\\${ch}` : p.slice(i, i + len);
    i += len;
  }
  if (negated) {
    out += st.excluded;
    st.newline ||= st.multiline;
  }
  return [out + ']', i];
}

function translateBody(st: State): { source: string; flagI: boolean | undefined } {
  const p = st.pattern;
  let out = '';
  let i = 0;
  let flagI: boolean | undefined;
  // Leading inline flags apply to the whole pattern and map onto ours.
  const lead = /^\(\?([a-zA-Z-]+)\)/.exec(p);
  if (lead) {
    let on = true;
    for (const f of lead[1]!) {
      if (f === '-') on = false;
      else if (f === 'i') flagI = on;
      else if (f === 'm' || f === 's') {
        // m: rg already treats ^/$ as line boundaries; s: line mode keeps . within a line, multiline mode already has
        // it.
      } else refuse(p, `the inline flag ${f}`, 'is not supported by the fallback searcher (only i, m and s are)');
    }
    i = lead[0].length;
  }
  let lastAtom = false;
  while (i < p.length) {
    const ch = p[i]!;
    if (ch === '\\') {
      const [js, next] = escape(st, i, false);
      const c = p[i + 1]!;
      out += js;
      i = next;
      lastAtom = !'bBAz'.includes(c);
      continue;
    }
    if (ch === '[') {
      const [js, next] = translateClass(st, i);
      out += js;
      i = next;
      lastAtom = true;
      continue;
    }
    if (ch === '(') {
      if (p[i + 1] === '?') {
        const rest = p.slice(i + 2);
        if (rest.startsWith(':')) {
          out += '(?:';
          i += 3;
        } else if (/^(=|!|<=|<!)/.test(rest)) {
          refuse(p, 'lookaround', 'is not supported by the Rust regex dialect rg uses');
        } else if (/^P<[A-Za-z_][A-Za-z0-9_]*>/.test(rest)) {
          const name = /^P<([A-Za-z_][A-Za-z0-9_]*)>/.exec(rest)![1]!;
          out += `(?<${name}>`;
          i += 4 + name.length + 1;
        } else if (rest.startsWith('<') || rest.startsWith('P<')) {
          refuse(p, 'this named group syntax', 'is not accepted by rg 13 (use (?P<name>...))');
        } else {
          refuse(
            p,
            'an inline flag group inside the pattern',
            'the fallback searcher cannot scope (put (?i) at the very start or use the case option)',
          );
        }
      } else {
        out += '(';
        i++;
      }
      lastAtom = false;
      continue;
    }
    if (ch === '*' || ch === '+' || ch === '?' || ch === '{') {
      let q = ch;
      let next = i + 1;
      if (ch === '{') {
        const m = /^\{\s*(\d+)\s*(,\s*(\d*)\s*)?\}/.exec(p.slice(i));
        if (!m) refuse(p, 'a { that does not start a repetition', 'is an error in the Rust dialect (escape it as \\{)');
        q = `{${m[1]}${m[2] !== undefined ? ',' + (m[3] ?? '') : ''}}`;
        next = i + m[0].length;
      }
      if (!lastAtom) refuse(p, `the repetition ${q} with nothing to repeat`, 'is not a valid pattern');
      if (p[next] === '?') {
        q += '?';
        next++;
      } else if (p[next] === '+') {
        refuse(p, 'a possessive quantifier', 'is not supported by JavaScript (rg reads it as a nested repetition)');
      }
      if (p[next] === '*' || p[next] === '+' || p[next] === '{')
        refuse(
          p,
          'a repetition of a repetition',
          'is read differently by the two dialects; wrap the inner one in (?:...)',
        );
      out += q;
      i = next;
      lastAtom = false;
      continue;
    }
    if (ch === '.') {
      st.newline ||= st.multiline;
      out += st.multiline ? '[^\\uFFFD]' : '[^\\n\\uFFFD]';
      i++;
      lastAtom = true;
      continue;
    }
    if (ch === '^' || ch === '$') {
      out += ch === '^' ? LINE_START : LINE_END;
      i++;
      lastAtom = false;
      continue;
    }
    if (ch === ')' || ch === '|') {
      out += ch;
      i++;
      lastAtom = ch === ')';
      continue;
    }
    if (ch === '\n' && !st.multiline)
      refuse(p, 'a literal newline', 'can only match with multiline on (rg refuses it too)');
    if (ch === '\n') st.newline = true;
    if (hasUpper(ch)) st.upper = true;
    const cp = p.codePointAt(i)!;
    const len = cp > 0xffff ? 2 : 1;
    out += ch === ']' || ch === '}' ? `\\${ch}` : p.slice(i, i + len);
    i += len;
    lastAtom = true;
  }
  return { source: out, flagI };
}

/** Builds the JS RegExp equivalent to what `rg` would run for these options. */
export function translateRegex(pattern: string, opts: RegexOptions = {}): TranslatedRegex {
  const multiline = opts.multiline === true;
  const st: State = {
    pattern,
    multiline,
    excluded: multiline ? '\\uFFFD' : '\\n\\uFFFD',
    upper: false,
    newline: false,
  };
  let source: string;
  let flagI: boolean | undefined;
  if (opts.fixedStrings) {
    if (pattern.includes('\n') && !multiline)
      refuse(pattern, 'a literal newline', 'can only match with multiline on (rg refuses it too)');
    source = escapeLiteral(pattern);
    st.upper = hasUpper(pattern);
    st.newline = pattern.includes('\n');
  } else {
    ({ source, flagI } = translateBody(st));
  }
  const mode = opts.caseMode ?? 'sensitive';
  let ci = mode === 'insensitive' || (mode === 'smart' && !st.upper);
  if (flagI !== undefined) ci = flagI;
  if (opts.wordMatch) source = `(?<!${WORD})(?:${source})(?!${WORD})`;
  try {
    return { regex: new RegExp(source, ci ? 'giu' : 'gu'), caseInsensitive: ci, canMatchNewline: st.newline };
  } catch (err) {
    throw engineFailure(
      'invalid_regex',
      `the pattern is not a valid regular expression: ${(err as Error).message}`,
      { pattern, dialect: 'rust-regex' },
      { field: 'pattern' },
    );
  }
}
