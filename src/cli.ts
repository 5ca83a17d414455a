#!/usr/bin/env node
// facet: the command line. `facet serve` parses the config once and runs the server
// until SIGTERM/SIGINT, then drains gracefully.
import { ConfigError, helpText, parseConfig } from './config.js';
import { startServer } from './server/server.js';
import { VERSION } from './version.js';

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`facet ${VERSION}: a gRPC toolbox for AI coding agents\n\n${helpText()}\n`);
    return command === undefined ? 2 : 0;
  }
  if (command === '--version' || command === 'version') {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  if (command !== 'serve') {
    process.stderr.write(`facet: unknown command "${command}" (try: facet serve --help)\n`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${helpText()}\n`);
    return 0;
  }
  let config;
  try {
    config = parseConfig(rest);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`facet: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
  const running = await startServer(config);
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

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`facet: ${(err as Error)?.message ?? String(err)}\n`);
    process.exitCode = 1;
  },
);
