// Omission placeholders: lines a model writes instead of code it left out ("// ... rest of
// methods ...", "# ... existing code ..."). A write or edit holding one would delete that code.

/** The phrases Gemini CLI reads as standing for left-out code, before an ellipsis. */
const OMITTED = new Set([
  'rest of',
  'rest of method',
  'rest of methods',
  'rest of code',
  'unchanged code',
  'unchanged method',
  'unchanged methods',
]);
/** A wider net: whole comment lines such as "# ... existing code ..." or "// ... rest of methods ...". */
const COMMENTED =
  /^(?:\/\/|#|\/\*|<!--|--|\*)?\s*(?:\.\.\.|…)?\s*(?:rest of|remaining|existing|unchanged|other|previous)\b[^\n]*?(?:\.\.\.|…)\s*(?:\*\/|-->)?$/i;

/** The placeholder a line stands for ("rest of methods ..."), or undefined for a line of real text. */
function placeholderOf(line: string): string | undefined {
  const t = line.trim();
  if (!t) return undefined;
  // The strict form: the whole line, maybe after "//" and inside parentheses, is a known phrase then dots.
  let g = t.startsWith('//') ? t.slice(2).trim() : t;
  if (g.startsWith('(') && g.endsWith(')')) g = g.slice(1, -1).trim();
  const at = g.indexOf('...');
  if (at >= 0) {
    const phrase = g.slice(0, at).trim().toLowerCase().split(/\s+/).filter(Boolean).join(' ');
    if (OMITTED.has(phrase) && /^\.*$/.test(g.slice(at + 3).trim())) return `${phrase} ...`;
  }
  if (/\.\.\.|…/.test(t) && COMMENTED.test(t)) {
    const phrase = t
      .toLowerCase()
      .replace(/^(?:\/\/|#|\/\*|<!--|--|\*)/, '')
      .replace(/(?:\*\/|-->)$/, '')
      .replace(/\.\.\.|…/g, ' ');
    return `${phrase.trim().split(/\s+/).join(' ')} ...`;
  }
  return undefined;
}

/** Every placeholder line of `text` (trimmed), with the phrase it stands for. */
export function placeholders(text: string): Array<{ line: string; phrase: string }> {
  if (!/\.\.\.|…/.test(text)) return []; // one native scan spares splitting a large file into lines
  return text.split(/\r?\n/).flatMap((l) => {
    const phrase = placeholderOf(l);
    return phrase ? [{ line: l.trim(), phrase }] : [];
  });
}

/** The placeholders `after` adds that `before` did not hold (an edit's new text against its old). */
export function addedPlaceholders(before: string, after: string): Array<{ line: string; phrase: string }> {
  const had = new Set(placeholders(before).map((h) => h.phrase));
  return placeholders(after).filter((h) => !had.has(h.phrase));
}
