#!/usr/bin/env node
// facet: the command line. `facet serve` parses the config once and runs the server
// until SIGTERM/SIGINT, then drains gracefully.
// Each command imports what it runs when it runs: `facet mcp` never loads grpc-js or the
// generated code, `facet serve` never loads the MCP SDK (unless it serves MCP over HTTP), and
// `facet tools` loads neither (issue 38: start-up is paid by every sidecar started).
import { ConfigError, EXIT_BAD_START, helpText, parseConfig, unknownFacetVariables } from './config.js';
import { boundHeapGrowth } from './heap.js';
import { VERSION } from './version.js';

async function main(argv: string[]): Promise<number> {
  // A codefly host starts a toolbox binary with no arguments: with its token set, that means `facet serve`.
  const [command, ...rest] = argv.length === 0 && process.env.CODEFLY_AGENT_TOKEN ? ['serve'] : argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    const [{ TOOLS_USAGE }, { SHAPES_USAGE }, { MANIFEST_USAGE }] = await Promise.all([
      import('./tools-command.js'),
      import('./shapes-command.js'),
      import('./manifest-command.js'),
    ]);
    process.stdout.write(
      `facet ${VERSION}: a gRPC toolbox for AI coding agents\n\n${helpText()}\n\n${TOOLS_USAGE}\n${SHAPES_USAGE}\n${MANIFEST_USAGE}\nUsage: facet health [serve options]  (exit 0 when the server on this machine is SERVING)\n${MCP_USAGE}\n`,
    );
    return command === undefined ? 2 : 0;
  }
  if (command === '--version' || command === 'version') {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  if (command === 'tools') return tools(rest);
  if (command === 'shapes') return shapes(rest);
  if (command === 'health') return health(rest);
  if (command === 'manifest') return (await import('./manifest-command.js')).manifestMain(rest);
  if (command === 'mcp') return mcp(rest);
  if (command !== 'serve') {
    process.stderr.write(
      `facet: unknown command "${command}" (try: facet serve --help, facet mcp --help, facet tools --help)\n`,
    );
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${helpText()}\n`);
    return 0;
  }
  for (const name of unknownFacetVariables(process.env)) {
    process.stderr.write(`facet: warning: ${name} is not a Facet setting and is ignored (see facet serve --help)\n`);
  }
  const [{ codeflyPlugin }, { startServer }] = await Promise.all([
    import('./server/codefly.js'),
    import('./server/server.js'),
  ]);
  let config;
  let plugin;
  try {
    config = parseConfig(rest, process.env, process.cwd(), { checkPaths: true });
    // codefly plugin mode (--codefly, or a CODEFLY_AGENT_TOKEN from the host): the host's transport and token.
    plugin = codeflyPlugin(rest, config, process.env);
    if (plugin) config = plugin.config;
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`facet: ${err.message}\n`);
      return EXIT_BAD_START;
    }
    throw err;
  }
  boundHeapGrowth();
  let running;
  try {
    running = plugin ? await plugin.start() : await startServer(config);
  } catch (err) {
    // Anything that stops start-up (an address in use, unreadable TLS files) is refused like a bad value.
    process.stderr.write(`facet: cannot start: ${(err as Error)?.message ?? String(err)}\n`);
    return EXIT_BAD_START;
  }
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      // The shutdown keeps within the grace period; this is the backstop if it did not.
      setTimeout(() => process.exit(0), config.graceMs).unref();
      running.shutdown(`received ${signal}`).then(resolve, resolve);
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
  // Drained and logged: exit now, even while a client still holds a connection or stream
  // open (the exit hook kills any command still running).
  process.exit(0);
}

const MCP_USAGE =
  'Usage: facet mcp [--shape S] [--root DIR ...] [serve options]  (MCP over stdin/stdout for desktop clients; logs on stderr)';

/** MCP over stdio: the first --shape is served; the listener options do not apply. */
async function mcp(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(
      `${MCP_USAGE}\n\nServes the shape's tools, resources and prompts as an MCP server on stdio.\n\n${helpText()}\n`,
    );
    return 0;
  }
  for (const name of unknownFacetVariables(process.env)) {
    process.stderr.write(`facet: warning: ${name} is not a Facet setting and is ignored (see facet mcp --help)\n`);
  }
  let config;
  try {
    config = parseConfig(args, process.env, process.cwd(), { checkPaths: true });
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`facet: ${err.message}\n`);
      return EXIT_BAD_START;
    }
    throw err;
  }
  boundHeapGrowth();
  // Imported here: `facet serve` without MCP never loads the MCP SDK.
  const { serveMcpStdio } = await import('./server/mcp/stdio.js');
  await serveMcpStdio(config);
  process.exit(0);
}

/** Exit 0 when the local server answers SERVING, 1 otherwise (a bad option: 2). */
async function health(args: string[]): Promise<number> {
  const { healthCommand } = await import('./health-command.js');
  try {
    const r = await healthCommand(args);
    (r.ok ? process.stdout : process.stderr).write(`${r.text}\n`);
    return r.ok ? 0 : 1;
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`facet: ${err.message}\n`);
      return EXIT_BAD_START;
    }
    throw err;
  }
}

async function shapes(args: string[]): Promise<number> {
  const [{ shapesCommand, SHAPES_USAGE }, { printCommand }] = await Promise.all([
    import('./shapes-command.js'),
    import('./tools-command.js'),
  ]);
  const help = `${SHAPES_USAGE}\n\nLists each served shape with the vendor package and release it follows, and the releases a host may pin\nwith NAME@VERSION (facet-shape metadata, /mcp/NAME@VERSION, --shape). --json prints the facet://shapes resource.\n`;
  return printCommand(args, help, () => shapesCommand(args));
}

async function tools(args: string[]): Promise<number> {
  const { printCommand, toolsCommand, TOOLS_USAGE } = await import('./tools-command.js');
  const help = `${TOOLS_USAGE}\n\nPrints the tools a shape serves (default: core), as text or as ListTools JSON.\n`;
  return printCommand(args, help, () => toolsCommand(args));
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`facet: ${(err as Error)?.message ?? String(err)}\n`);
    process.exitCode = 1;
  },
);
