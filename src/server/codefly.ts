// codefly plugin mode: Facet spawned by a codefly host as a toolbox agent, speaking the
// protocol of codefly-dev/core's agents.Serve (plugin side) and manager.Load (host side):
// - the host passes a fresh token in CODEFLY_AGENT_TOKEN and, usually, a Unix socket path in
//   CODEFLY_AGENT_UDS_PATH (empty or unset: a loopback TCP port the OS picks);
// - the plugin registers grpc.health.v1 SERVING for "" and only then prints one line on
//   stdout, "2|unix:/abs/path" or "2|dns:///127.0.0.1:<port>"; the host reads that first line
//   (for at most 30 s), dials, and waits for health SERVING;
// - every RPC carries the token as `x-codefly-token` metadata, health Check and Watch aside;
// - the host stops the plugin with SIGTERM (its Close sends SIGINT), and agents.Serve exits at
//   most 12 s after it, before the host reaches for SIGKILL.
import { createHash, timingSafeEqual } from 'node:crypto';
import { writeSync } from 'node:fs';
import path from 'node:path';
import { Metadata, ServerInterceptingCall, status, type ServerInterceptor } from '@grpc/grpc-js';
import { ConfigError, OPTIONS, type FacetConfig } from '../config.js';
import { createLogger } from './logger.js';
import { startServer, type RunningServer } from './server.js';
import { SESSION_KEY } from './service.js';

/** The handshake protocol version codefly's loader accepts (agents.ProtocolVersion). */
export const HANDSHAKE_VERSION = 2;
export const TOKEN_ENV = 'CODEFLY_AGENT_TOKEN';
export const SOCKET_ENV = 'CODEFLY_AGENT_UDS_PATH';
export const NAME_ENV = 'CODEFLY_TOOLBOX_NAME';
export const VERSION_ENV = 'CODEFLY_TOOLBOX_VERSION';
/** Metadata carrying the per-spawn token (agents.AuthMetadataKey). */
export const TOKEN_KEY = 'x-codefly-token';
/** Metadata naming the host's session (toolbox/session in codefly-dev/core). */
export const CODEFLY_SESSION_KEY = 'x-codefly-session-id';
/** agents.Serve exits at the latest 12 s after SIGTERM; Facet's grace period stays below that. */
export const MAX_GRACE_MS = 11_000;
/** The health methods a host probes before it has any metadata; List and everything else need the token. */
const OPEN_METHODS = new Set(['/grpc.health.v1.Health/Check', '/grpc.health.v1.Health/Watch']);

/** The transport and auth settings the codefly host decides; set by hand, they are ignored in plugin mode. */
const HOST_DECIDES = ['listen', 'socket', 'token', 'tls-cert', 'tls-key'];

export interface CodeflyPlugin {
  /** The configuration served: the host's transport, no bearer token, no TLS, the grace period capped. */
  config: FacetConfig;
  /** Identity name and version from CODEFLY_TOOLBOX_NAME / CODEFLY_TOOLBOX_VERSION, when set. */
  identity: { name?: string; version?: string };
  /** Settings the plugin mode overrides, said on stderr at start. */
  warnings: string[];
  /** Starts the server, prints the handshake line, and sends whatever later goes to stdout to stderr. */
  start(): Promise<RunningServer>;
}

/** Identity name and version a codefly host asks for through its environment (unset or empty: the shape's own). */
export function codeflyIdentity(env: NodeJS.ProcessEnv): { name?: string; version?: string } {
  const out: { name?: string; version?: string } = {};
  if (env[NAME_ENV]) out.name = env[NAME_ENV];
  if (env[VERSION_ENV]) out.version = env[VERSION_ENV];
  return out;
}

/**
 * The plugin mode for `facet serve <argv>`: undefined when neither --codefly nor a
 * CODEFLY_AGENT_TOKEN asks for it. Throws ConfigError when it is asked for without a token.
 */
export function codeflyPlugin(
  argv: readonly string[],
  config: FacetConfig,
  env: NodeJS.ProcessEnv,
  cwd = process.cwd(),
): CodeflyPlugin | undefined {
  const token = env[TOKEN_ENV];
  if (!config.codefly && !token) return undefined;
  if (!token || token.trim() === '') {
    throw new ConfigError(
      `${config.codefly ? '--codefly' : TOKEN_ENV}: codefly plugin mode needs the per-spawn token in ${TOKEN_ENV}, which the codefly host sets when it starts a toolbox; it is ${token ? 'blank' : 'not set'}`,
    );
  }
  const warnings: string[] = [];
  const given = HOST_DECIDES.filter((flag) => {
    const variable = OPTIONS.find((o) => o.flag === flag)!.env;
    return argv.some((a) => a === `--${flag}` || a.startsWith(`--${flag}=`)) || Boolean(env[variable]);
  });
  if (given.length > 0) {
    warnings.push(
      `${given.map((f) => `--${f}`).join(', ')} ignored in codefly plugin mode: the host chooses the socket or port, and ${TOKEN_KEY} authenticates`,
    );
  }
  let graceMs = config.graceMs;
  if (graceMs > MAX_GRACE_MS) {
    warnings.push(
      `--grace-ms ${graceMs} lowered to ${MAX_GRACE_MS} in codefly plugin mode (the host expects an exit within 12 s of SIGTERM)`,
    );
    graceMs = MAX_GRACE_MS;
  }
  const socketPath = env[SOCKET_ENV] ? path.resolve(cwd, env[SOCKET_ENV]) : null;
  const served: FacetConfig = {
    ...config,
    listen: socketPath ? null : { host: '127.0.0.1', port: 0 },
    socket: socketPath,
    token: null,
    tokens: [],
    tls: null,
    graceMs,
  };
  const identity = codeflyIdentity(env);
  return {
    config: served,
    identity,
    warnings,
    async start() {
      for (const w of warnings) process.stderr.write(`facet: warning: ${w}\n`);
      // Commands the tools run build their environment from an allow list already; the token
      // leaves this process's environment too, so nothing started from here can inherit it.
      delete process.env[TOKEN_ENV];
      const running = await startServer(served, {
        logger: createLogger(served.logLevel, undefined, 2),
        identity,
        interceptors: [codeflyInterceptor(token)],
      });
      // startServer returns once health says SERVING for "": now the host may dial.
      try {
        writeSync(1, `${handshakeLine(socketPath, running.port)}\n`);
      } catch (err) {
        // No one reads stdout (a closed pipe): no host can find this server, so it stops.
        await running.shutdown('the handshake could not be written');
        throw new Error(`cannot write the handshake line to stdout: ${(err as Error).message}`);
      }
      divertStdout();
      return running;
    },
  };
}

/** The one line a codefly host reads from the plugin's stdout. */
export function handshakeLine(socketPath: string | null, port: number | undefined): string {
  return `${HANDSHAKE_VERSION}|${socketPath ? `unix:${socketPath}` : `dns:///127.0.0.1:${port}`}`;
}

/**
 * Refuses, with UNAUTHENTICATED, every call without the token in `x-codefly-token` (compared in
 * constant time), health Check and Watch aside. A call's `x-codefly-session-id` names its
 * session when it sends no `facet-session` of its own.
 */
export function codeflyInterceptor(token: string): ServerInterceptor {
  const expected = digest(token);
  return (method, call) =>
    new ServerInterceptingCall(call, {
      start(next) {
        next({
          onReceiveMetadata(metadata: Metadata, mdNext: (m: Metadata) => void) {
            if (OPEN_METHODS.has(method.path)) return mdNext(metadata);
            const presented = metadata.get(TOKEN_KEY)[0];
            // Hashing both sides makes the lengths equal, so the comparison leaks neither bytes nor length.
            if (presented === undefined || !timingSafeEqual(digest(presented.toString()), expected)) {
              call.sendStatus({
                code: status.UNAUTHENTICATED,
                details:
                  presented === undefined
                    ? `missing ${TOKEN_KEY} metadata (codefly plugin mode)`
                    : `the ${TOKEN_KEY} is not valid`,
                metadata: new Metadata(),
              });
              return;
            }
            const session = metadata.get(CODEFLY_SESSION_KEY)[0];
            if (session !== undefined && metadata.get(SESSION_KEY).length === 0)
              metadata.set(SESSION_KEY, session.toString());
            mdNext(metadata);
          },
        });
      },
    });
}

function digest(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

/** After the handshake, stdout is the host's protocol channel: whatever would still be written there goes to stderr. */
function divertStdout(): void {
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
}
