// A cd as its own call: the target resolved as a command's working directory would be, then
// kept as the session's directory; a failure carries the caller's field and facts.
import { EngineError, type UntypedFacts, withDetails } from '../../../engine/index.js';
import type { ShellEngine } from '../../../engine/index.js';

export async function changeDir(
  shell: ShellEngine,
  ctx: Parameters<ShellEngine['resolveCwd']>[0],
  target: string,
  field: string,
  facts: UntypedFacts,
): Promise<string> {
  const dir = await shell.resolveCwd(ctx, target, field).catch((err: unknown) => {
    throw err instanceof EngineError ? withDetails(err, { field, facts }) : err;
  });
  ctx.session.cwd = dir;
  return dir;
}
