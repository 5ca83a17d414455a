// A job's command as a person would name it: a leading `cd <the job's directory> && ` (which
// models often write out of habit) is left off, since the job ran there anyway.
import type { JobSnapshot } from '../../../engine/index.js';

export function commandAsRun(j: Pick<JobSnapshot, 'command' | 'cwd'>): string {
  for (const dir of [j.cwd, `"${j.cwd}"`, `'${j.cwd}'`]) {
    const prefix = `cd ${dir} && `;
    if (j.command.startsWith(prefix)) return j.command.slice(prefix.length);
  }
  return j.command;
}
