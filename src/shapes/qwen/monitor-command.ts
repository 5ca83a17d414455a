// How Qwen Code 0.24.4 reads a monitor's command before it runs it: a final "&" is dropped (the
// monitor owns the process), also at the end of the script of a shell wrapper (`bash -c '... &'`,
// the wrapper and its flags kept); any other top-level "&" is refused. Quotes, escapes, backticks
// and $( ) / <( ) / >( ) are skipped over, so an "&" inside them is not top-level.

/** The shells whose `-c` script is looked into (Facet runs bash; Qwen's Windows shells do not apply). */
const WRAPPERS = new Set(['sh', 'bash', 'zsh']);
const ENV_ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/**
 * Walks `s`, calling `top(i)` for each character outside quotes, escapes, backticks and substitutions (a true answer
 * stops the walk, and the index is returned); -1 when the walk ends, -2 when it ends inside an open construct.
 */
function walk(s: string, top: (i: number) => boolean): number {
  let quote = '';
  let escaped = false;
  let backticks = false;
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quote === "'") {
      if (ch === "'") quote = '';
    } else if (quote === '"' || backticks) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === quote) quote = '';
      else if (backticks && ch === '`') backticks = false;
    } else if (escaped) escaped = false;
    else if (ch === '\\') escaped = true;
    else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '`') backticks = true;
    else if ('$<>'.includes(ch) && s[i + 1] === '(') {
      depth++;
      i++;
    } else if (ch === ')' && depth > 0) depth--;
    else if (depth === 0 && top(i)) return i;
  }
  return quote || escaped || backticks || depth ? -2 : -1;
}

/** The first shell word of `s` and what follows it; undefined when there is none or it is left open. */
function firstWord(s: string): { word: string; rest: string } | undefined {
  const t = s.trimStart();
  const end = walk(t, (i) => /\s/.test(t[i]!));
  if (end === 0 || end === -2 || t === '') return undefined;
  const at = end === -1 ? t.length : end;
  return { word: t.slice(0, at), rest: t.slice(at) };
}

const unquoted = (w: string) => {
  const t = w.trim();
  return /^(".*"|'.*')$/s.test(t) ? { value: t.slice(1, -1), quote: t[0]! } : { value: t, quote: '' };
};
const bare = (w: string) => unquoted(w).value.replace(/\\/g, '/').toLowerCase();

/** The command without its final "&" (not "&&", not an escaped "\&"). */
function withoutFinalAmp(command: string): string {
  const t = command.trimEnd();
  if (!t.endsWith('&') || t.endsWith('&&') || t.endsWith('\\&')) return command;
  return t.slice(0, -1).trimEnd();
}

/** Whether a top-level "&" (not part of &&, &>, >&, <&, |&) has anything after it. */
function ampBeforeMore(command: string): boolean {
  let found = false;
  walk(command, (i) => {
    if (command[i] !== '&') return false;
    const before = command.slice(0, i).trimEnd().slice(-1);
    if (command[i + 1] === '&' || command[i + 1] === '>' || '&><|'.includes(before || ' ')) return false;
    found = command.slice(i + 1).trim().length > 0;
    return true;
  });
  return found;
}

interface Wrapped {
  /** The wrapper's words (leading variables, the shell, its flags, the -c marker). */
  head?: string[];
  /** The script, unquoted, and the quote it had. */
  script: string;
  quote: string;
  /** Words after the script (its $0, $1...). */
  suffix: string;
}

/** The command as a shell wrapper with a -c script, when it is one; else the whole command as the script. */
function wrapped(command: string): Wrapped {
  const plain: Wrapped = { script: command.trim(), quote: '', suffix: '' };
  const head: string[] = [];
  let next = firstWord(command);
  while (next && ENV_ASSIGNMENT.test(unquoted(next.word).value)) {
    head.push(next.word);
    next = firstWord(next.rest);
  }
  if (!next || !WRAPPERS.has(bare(next.word).split('/').pop()!)) return plain;
  head.push(next.word);
  for (let w = firstWord(next.rest); w; w = firstWord(w.rest)) {
    const flag = bare(w.word);
    if (flag === '-c' || /^-[a-z]*c[a-z]*$/.test(flag)) {
      head.push(w.word);
      const script = firstWord(w.rest);
      if (!script) return plain;
      const { value, quote } = unquoted(script.word);
      return { head, script: value, quote, suffix: script.rest.trim() };
    }
    if (!flag.startsWith('-') && !flag.startsWith('/') && flag !== '+o') return plain;
    head.push(w.word);
    if ((flag === '-o' || flag === '+o') && !/[=:]/.test(w.word)) {
      const operand = firstWord(w.rest);
      if (!operand) return plain;
      head.push(operand.word);
      w = operand;
    }
  }
  return plain;
}

export type MonitorCommandProblem = 'empty' | 'background';

/** The command Qwen would spawn, or why it refuses it. */
export function monitorCommand(command: unknown): { spawn: string } | { problem: MonitorCommandProblem } {
  if (typeof command !== 'string') return { problem: 'empty' };
  const w = wrapped(command);
  const script = withoutFinalAmp(w.script);
  if (script === '') return { problem: 'empty' };
  if (ampBeforeMore(w.script) || ampBeforeMore(w.suffix)) return { problem: 'background' };
  if (!w.head) return { spawn: script };
  const suffix = withoutFinalAmp(w.suffix);
  return {
    spawn: [w.head.join(' '), w.quote ? `${w.quote}${script}${w.quote}` : script, suffix].filter(Boolean).join(' '),
  };
}
