// `facet tools [--shape S] [--json] [serve flags]`: the catalog one shape serves, printed
// without starting a server or needing a gRPC client. Serve flags that change the catalog
// (--read-only, --shell...) apply as they would to `facet serve`.
import { ConfigError, EXIT_BAD_START, parseConfig, type FacetConfig } from './config.js';
import { createEngine } from './engine/index.js';
import { Toolbox } from './registry/toolbox.js';
import type { ToolboxSpec } from './registry/types.js';
import { buildShapes, loadShapes } from './shapes/build.js';
import { servedReadOnly } from './shapes/tags.js';

export const TOOLS_USAGE = 'Usage: facet tools [--shape S] [--json] [serve options]';

/**
 * The configuration `serve` options give, and the one shape they name (default: core) as served; throws ConfigError on
 * a bad argument.
 */
export function oneShape(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): { config: FacetConfig; shape: string; spec: ToolboxSpec; toolbox: Toolbox } {
  const config = parseConfig(args, env);
  // Without --shape (flag or FACET_SHAPE) the catalog is the default shape's: core.
  const named = args.some((a) => a === '--shape' || a.startsWith('--shape=')) || Boolean(env.FACET_SHAPE);
  if (named && config.shapes.length !== 1)
    throw new ConfigError(`--shape: ${command} shows one shape at a time, got ${config.shapes.join(', ')}`);
  const shape = config.defaultShape;
  const spec = buildShapes({ ...config, shapes: [shape] }, createEngine(config)).get(shape)!;
  return {
    config,
    shape,
    spec,
    toolbox: new Toolbox(
      { ...spec, tools: config.readOnly ? spec.tools.filter(servedReadOnly) : spec.tools },
      undefined,
      { compile: 'first-call' },
    ),
  };
}

/** The text to print for `facet tools <args>`; throws ConfigError on a bad argument. */
export async function toolsCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const json = args.includes('--json');
  // The one shape shown is the one loaded (parsing the arguments twice costs far less than eight shapes' code).
  await loadShapes([
    parseConfig(
      args.filter((a) => a !== '--json'),
      env,
    ).defaultShape,
  ]);
  const { shape, toolbox } = oneShape(
    'tools',
    args.filter((a) => a !== '--json'),
    env,
  );
  // The same JSON a gRPC ListTools call on that shape answers with (the generated module, and
  // grpc-js with it, loaded only here).
  const { ListToolsResponse } = json ? await import('./gen/codefly/services/toolbox/v0/toolbox.js') : {};
  if (ListToolsResponse) return `${JSON.stringify(ListToolsResponse.toJSON(toolbox.listTools()), null, 2)}\n`;
  const tools = toolbox.listToolSummaries([]).tools;
  const width = Math.max(...tools.map((t) => t.name.length));
  const lines = tools.map((t) => `${t.name.padEnd(width)}  ${t.description}${t.destructive ? ' [destructive]' : ''}`);
  return `${shape}: ${tools.length} tools\n${lines.join('\n')}\n`;
}

/**
 * A printing command run from the command line (`facet tools`, `facet manifest`): its help with
 * --help or -h, else what `produce` returns, or the ConfigError it throws; the exit code.
 */
export async function printCommand(
  args: string[],
  help: string,
  produce: () => string | Promise<string>,
): Promise<number> {
  const out = args.includes('--help') || args.includes('-h') ? help : undefined;
  try {
    process.stdout.write(out ?? (await produce()));
    return 0;
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`facet: ${err.message}\n`);
      return EXIT_BAD_START;
    }
    throw err;
  }
}
