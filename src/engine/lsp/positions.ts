// Positions as tools speak them (1-based lines, 1-based columns counted in characters, i.e.
// code points) against LSP's (0-based lines, 0-based columns in UTF-16 code units). An emoji
// is one character to a model but two UTF-16 units to a server, so every conversion goes
// through the line's text.

export interface LspPosition {
  line: number;
  character: number;
}

export interface LspRange {
  start: LspPosition;
  end: LspPosition;
}

/** A 1-based line and column as tools give and show them. */
export interface Place {
  line: number;
  column: number;
}

/** The lines of a text, split on LF, CRLF or CR as LSP does. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** UTF-16 offset in `line` of the 1-based character column `column` (past the end: the line's end). */
export function utf16Of(line: string, column: number): number {
  let units = 0;
  let chars = 1;
  for (const ch of line) {
    if (chars >= column) return units;
    units += ch.length;
    chars++;
  }
  return units;
}

/** 1-based character column of the UTF-16 offset `units` in `line` (inside a surrogate pair: that character). */
export function columnOf(line: string, units: number): number {
  let seen = 0;
  let col = 1;
  for (const ch of line) {
    if (seen + ch.length > units) return col;
    seen += ch.length;
    col++;
  }
  return col;
}

/** A tool's 1-based place as an LSP position within `lines`. */
export function toLsp(lines: readonly string[], place: Place): LspPosition {
  const line = Math.max(0, place.line - 1);
  return { line, character: utf16Of(lines[line] ?? '', Math.max(1, place.column)) };
}

/** An LSP position as a tool's 1-based place, within `lines` (undefined lines: columns taken as they come). */
export function fromLsp(lines: readonly string[] | undefined, pos: LspPosition): Place {
  const text = lines?.[pos.line];
  return { line: pos.line + 1, column: text === undefined ? pos.character + 1 : columnOf(text, pos.character) };
}
