// How long the fuzz-load bench lets each hostile call take before it counts as unanswered.
// Most calls must be answered within BOUND_MS. Commands that wait (on a FIFO with no writer, a
// background child holding the output) legitimately run until the tool's own limit, so theirs
// is that limit plus a margin: 120 s at most by default for the tools with a timeout (Claude's
// Bash), and for Gemini's run_shell_command, which has no overall timeout, only an inactivity
// one (Gemini CLI's tools.shell.inactivityTimeout, 300 s by default; the server's
// --shell-inactivity-ms), that inactivity limit.

/** Argument kinds whose command waits until the tool's own limit ends it. */
export const WAITS = /command:(cat-fifo|hang-background|hold-stdout)/;
/** The longest default timeout of the tools that take one (Claude's Bash: 120 s), plus a margin. */
export const COMMAND_BOUND_MS = 130_000;
/** What is added to an inactivity limit: the kill, the answer, a loaded machine. */
const MARGIN_MS = 10_000;
/** Tools whose only limit on a silent command is the inactivity one. */
const IDLE_LIMITED = new Set(['gemini/run_shell_command']);

export interface Bounds {
  /** The bound of every call that does not wait. */
  boundMs: number;
  /** The server's --shell-inactivity-ms. */
  inactivityMs: number;
}

/** The bound of one hostile call of `shape`/`tool` with argument kind `kind`. */
export function callBound(shape: string, tool: string, kind: string, b: Bounds): number {
  if (!WAITS.test(kind)) return b.boundMs;
  if (IDLE_LIMITED.has(`${shape}/${tool}`)) return b.inactivityMs + MARGIN_MS;
  return COMMAND_BOUND_MS;
}
