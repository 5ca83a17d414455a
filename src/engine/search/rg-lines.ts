// A grep result as ripgrep prints it in content mode: "path:line:text" for matches,
// "path-line-text" for context lines (without the numbers when asked), and "--" between
// groups that do not touch when context is on. A multi-line match gives one line per line.
import type { GrepFile } from './types.js';

export function rgContentLines(files: GrepFile[], opts: { numbers: boolean; context: boolean }): string[] {
  const out: string[] = [];
  let prev: { file: string; line: number } | undefined;
  for (const f of files) {
    for (const l of f.lines) {
      if (opts.context && prev && (prev.file !== f.path || l.line > prev.line + 1)) out.push('--');
      const sep = l.kind === 'match' ? ':' : '-';
      const parts = l.text.split('\n');
      parts.forEach((text, k) => out.push(opts.numbers ? `${f.relative}${sep}${l.line + k}${sep}${text}` : `${f.relative}${sep}${text}`));
      prev = { file: f.path, line: l.line + parts.length - 1 };
    }
  }
  return out;
}
