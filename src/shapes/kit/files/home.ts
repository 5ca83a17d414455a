// "~" and "~/…" in a path a model gives, as a shell would read them: the home directory of
// the user running the server. Other "~user" forms are left alone.
import os from 'node:os';
import path from 'node:path';

export function expandHome(input: string): string {
  if (input === '~') return os.homedir();
  if (input.startsWith('~/')) return path.join(os.homedir(), input.slice(2));
  return input;
}
