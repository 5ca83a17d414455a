// Tools whose words name the configured shell (Kimi's Shell, Grok's bash): the table writes
// {shell} where the path goes, and the words are made per server from its configuration.
import type { ToolMaker } from './define.js';

/** `make`, with each {shell} of its summary and description replaced by the configured shell's path. */
export const namingShell =
  <A>(make: ToolMaker<A>): ToolMaker<A> =>
  (env, dialect) => {
    const def = make(env, dialect);
    const named = (s: string) => s.replaceAll('{shell}', env.config.shell.path);
    return {
      ...def,
      summary: named(def.summary),
      description: def.description === undefined ? undefined : named(def.description),
    };
  };
