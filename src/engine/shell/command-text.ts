// Text facts about commands: command substitution outside single quotes.

/** True when the line has $(), backticks, <() or >() outside single quotes. */
export function hasCommandSubstitution(cmd: string): boolean {
  let single = false;
  let double = false;
  for (let i = 0; i < cmd.length; i++) {
    const c = cmd[i];
    if (single) {
      if (c === "'") single = false;
      continue;
    }
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === "'" && !double) single = true;
    else if (c === '"') double = !double;
    else if (c === '`') return true;
    else if (c === '$' && cmd[i + 1] === '(') return true;
    else if (!double && (c === '<' || c === '>') && cmd[i + 1] === '(') return true;
  }
  return false;
}
