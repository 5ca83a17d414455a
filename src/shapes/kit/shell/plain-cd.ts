// A command line that is only "cd <dir>", taken as a change of the session's directory rather
// than run: a failure keeps its condition and names the cd's target in its facts (cdTarget).
import { changeDir } from './change-dir.js';
import { plainCdTarget } from './command-text.js';
import type { ShellEngine } from '../../../engine/index.js';

/**
 * The new directory when `command` is a plain cd (field names the argument holding it); undefined for any other line.
 */
export async function plainCd(
  shell: ShellEngine,
  ctx: Parameters<ShellEngine['resolveCwd']>[0],
  command: string,
  field: string,
): Promise<string | undefined> {
  const target = plainCdTarget(command);
  return target ? changeDir(shell, ctx, target, field, { cdTarget: target }) : undefined;
}
