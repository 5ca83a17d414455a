// The runtime every transport of one server shares: the one engine, the shapes' toolboxes, the
// session store and the call bookkeeping. gRPC (server.ts) and MCP (mcp/) are built over it.
import type { FacetConfig } from '../config.js';
import { createEngine, type Engine } from '../engine/index.js';
import { whenPtyLoads } from '../engine/shell/pty.js';
import { Scope } from '../engine/scope.js';
import { SessionStore } from '../engine/session.js';
import type { ToolboxSpec } from '../registry/types.js';
import { callerOf } from './tokens.js';
import { CallContexts } from './call-context.js';
import type { Logger } from './logger.js';
import { Observability } from './observe/observer.js';
import { ServedToolboxes } from './served-toolboxes.js';

/** What every transport of one server shares: the toolboxes of its shapes, its sessions and its calls. */
export interface Runtime {
  /** By served key; a shape's module is imported by its first call (load), or by loadShapes for every shape. */
  toolboxes: ServedToolboxes;
  defaultShape: string;
  calls: CallContexts;
  sessions: SessionStore;
  scope: Scope;
  logger: Logger;
  /** Metrics, traces and the audit log of every tool call (observe/observer.ts). */
  observability: Observability;
  /** The caller an authorization header names, for sessions scoped to callers ('' for one shared set). */
  callerFor: (authorization: string | undefined) => string;
  /** The one engine; closed on shutdown (it stops the language servers). */
  engine: Engine;
}

/** Builds the one engine, the shapes' toolboxes, the session store and the call bookkeeping of a server. */
export function buildRuntime(
  config: FacetConfig,
  logger: Logger,
  extraSpecs?: ReadonlyMap<string, ToolboxSpec>,
  identity?: { name?: string; version?: string },
): Runtime {
  const scope = Scope.fromRoots(config.roots);
  // Opened first: an audit log inside a root refuses start-up before anything else is built.
  const observability = new Observability(config);
  const observer = observability.active ? observability : undefined;
  // The one engine of this server, shared by every shape it serves.
  const engine = createEngine(config);
  // Said once bubblewrap's trial run has answered: in `auto` mode it runs while the server starts.
  void engine.shell.sandboxReady.then((sandbox) => {
    if (sandbox.reason && !config.readOnly) {
      logger.warn(
        { shellSandbox: 'none', reason: sandbox.reason },
        'shell sandbox off: bubblewrap cannot run here, so commands can reach everything the server can (--shell-sandbox)',
      );
    }
  });
  // Said once, when the first command that asks for a terminal loads node-pty: loading it at start-up would cost
  // every server its native module's memory (pty.ts).
  if (!config.readOnly) {
    whenPtyLoads((pty) => {
      if (typeof pty === 'string') {
        logger.warn(
          { tty: 'pipes', reason: pty },
          'no pseudo-terminal: commands asked to run on a terminal (tty) run on pipes, and their answers say so',
        );
      }
    });
  }
  const toolboxes = new ServedToolboxes(config, engine, observer, identity, extraSpecs);
  // With one token or none, every call is the same caller and 'caller' scope changes nothing.
  const perCaller = config.sessionScope === 'caller' && config.tokens.length > 1;
  const sessions = new SessionStore({
    maxSessions: config.sessionMax,
    idleMs: config.sessionIdleMs,
    perCaller,
    onEvict: (e) =>
      logger[e.reason === 'capacity' ? 'warn' : 'info'](
        {
          session: e.session,
          ...(e.caller ? { caller: e.caller } : {}),
          reason: e.reason,
          jobsStopped: e.hadRunningWork,
          sessions: e.sessions,
          maxSessions: e.maxSessions,
          evictedTotal: sessions.evictions,
        },
        e.reason === 'capacity' ? 'session evicted: too many sessions' : 'session expired: idle',
      ),
  });
  observability.watch(sessions);
  observability.watchLanguageServers(() => engine.code.pool.running().length);
  const callerFor = perCaller ? (header: string | undefined) => callerOf(config.tokens, header) : () => '';
  return {
    toolboxes,
    defaultShape: config.defaultShape,
    calls: new CallContexts(sessions, scope, logger),
    sessions,
    scope,
    logger,
    observability,
    callerFor,
    engine,
  };
}
