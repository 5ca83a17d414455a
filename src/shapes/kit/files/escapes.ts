// A search text with its \uXXXX escapes decoded, or else its non-ASCII characters escaped:
// models sometimes send one spelling where the file holds the other, and an edit may try the
// other spelling when the first is not found (as Claude Code's Edit does).
const ESCAPE = /\\u([0-9a-fA-F]{4})/g;
const unescape = (t: string) => t.replace(ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const escape = (t: string) => t.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The other spelling of `text`, with the function that respells a replacement alike; undefined when neither changes it.
 */
export function swapEscapes(text: string): { text: string; apply: (s: string) => string } | undefined {
  const decoded = unescape(text);
  if (decoded !== text) return { text: decoded, apply: unescape };
  const encoded = escape(text);
  if (encoded !== text) return { text: encoded, apply: escape };
  return undefined;
}
