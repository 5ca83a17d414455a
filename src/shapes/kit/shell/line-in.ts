// A command line and the shell that runs it, as the engine's command options: a shell the
// caller names gets the line after -lc (-c without a login shell); else the engine's own shell
// runs it, as a login shell when asked.

/** The command options that run `line` in `program` (when given) or in the engine's shell. */
export const lineIn = (
  line: string,
  login: boolean,
  program?: string,
): { command: string | string[]; login?: boolean } =>
  program ? { command: [program, login ? '-lc' : '-c', line] } : { command: line, login };
