// Output followed by a status line ("[exit code 1]", "Exit code: 2"): the status starts a line
// of its own whether or not the output ended with a line break.

/** The non-empty `parts`, each ended by a line break when it has none, then `last`. */
export const endedLines = (parts: readonly string[], last: string): string =>
  parts
    .filter((p) => p !== '')
    .map((p) => (p.endsWith('\n') ? p : `${p}\n`))
    .join('') + last;
