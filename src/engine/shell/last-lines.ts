// The newest lines of a log, as a tool shows a background process's output.
import { stripAnsi } from './capture.js';

/**
 * The last `want` lines of `log` without terminal codes (a final line break ends the last line), and how many there
 * are.
 */
export function lastLines(log: string, want: number): { lines: string[]; total: number } {
  const all = stripAnsi(log).replace(/\n$/, '');
  const lines = all === '' ? [] : all.split('\n');
  return { lines: lines.length > want ? lines.slice(-want) : lines, total: lines.length };
}
