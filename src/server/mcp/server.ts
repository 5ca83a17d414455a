// One MCP session over the shared runtime: the SDK's low-level Server with handlers that
// answer from the shape's Toolbox (the same validation and dispatch as gRPC's CallTool),
// calls built by the shared CallContexts (so sessions, cancellation and shutdown draining
// are the same as gRPC's), client roots narrowing the server's, and shell output reported
// as notifications/progress. Each request is handled on its own: nothing here serialises them.
import { realpath, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  ListRootsResultSchema,
  RootsListChangedNotificationSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  type CompleteRequest,
  type CompleteResult,
  type LoggingLevel,
  type ServerNotification,
  type ServerRequest,
  type Tool as McpTool,
} from '@modelcontextprotocol/sdk/types.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { EngineError } from '../../engine/errors.js';
import { isWithin, type Scope } from '../../engine/scope.js';
import { asEngineError } from '../../registry/failure-codes.js';
import { failureResult } from '../../registry/result.js';
import type { Toolbox } from '../../registry/toolbox.js';
import type { CallTransport } from '../../registry/types.js';
import { throttleProgress } from '../progress-throttle.js';
import type { Runtime } from '../runtime.js';
import type { ProgressSink } from '../../engine/progress.js';
import { VERSION } from '../../version.js';
import { ClientLog } from './client-log.js';
import { completion, completionKind, pathCompletions, servedShapes, startingWith, toolNames } from './completions.js';
import {
  FILE_TEMPLATE,
  RESOURCE_TEMPLATES,
  TOOL_TEMPLATE,
  filePathOf,
  isFileUri,
  isToolUri,
  readFileResource,
  readToolResource,
} from './file-resources.js';
import { toCallToolResult, toMcpTool, toPromptResult, toResourceContents } from './render.js';
import { McpNames } from './names.js';
import { elicitationAsker, elicitsForms, type ElicitingExtra } from './elicit.js';
import { inputRequiredFor, SuspendedCalls, type RoundTrip } from './input-required.js';
import { DEFAULT_SESSION_ID } from '../../engine/session.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** The calls suspended on a question (2026-07-28), one set per server: each request builds its handlers anew. */
const suspendedByRuntime = new WeakMap<Runtime, SuspendedCalls<CallToolResult>>();
function suspendedCalls(runtime: Runtime): SuspendedCalls<CallToolResult> {
  let s = suspendedByRuntime.get(runtime);
  if (!s) suspendedByRuntime.set(runtime, (s = new SuspendedCalls(runtime.engine.host)));
  return s;
}
import { Subscriptions } from './subscriptions.js';
import { requestController } from './request-controller.js';

export interface McpSessionOptions {
  runtime: Runtime;
  /** The shape this session serves. */
  shape: string;
  /** The Facet session a request is in (see facetSessionOf); read per request. */
  sessionId: (req: RequestExtra) => string;
  /** Who is calling, for sessions scoped to callers. */
  caller?: string;
  /** Where the requests come from, for the call log ('stdio' or 'http'). */
  transport: string;
  /** The log level until the client sets one (default warning). */
  clientLogLevel?: LoggingLevel;
}

export type RequestExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * What a session's handlers are registered on: the SDK's Server (2025-11-25), or the 2026-07-28 one seen alike
 * (modern.ts).
 */
export type McpRegistrar = Pick<
  Server,
  'setRequestHandler' | 'setNotificationHandler' | 'getClientCapabilities' | 'sendResourceUpdated' | 'onclose'
>;

export { facetSessionOf, SESSION_META } from './session-of.js';

/** How long a client may take to list its roots. */
const ROOTS_TIMEOUT_MS = 10_000;

interface McpCatalog {
  tools: McpTool[];
  names: McpNames;
  /** Catalog names of the tools that declare an output schema: their data is the whole result. */
  structured: Set<string>;
}

const catalogs = new WeakMap<Toolbox, McpCatalog>();

/** The shape's tools as MCP tools: computed once per toolbox (the catalog does not change while serving). */
function mcpCatalog(toolbox: Toolbox): McpCatalog {
  let catalog = catalogs.get(toolbox);
  if (!catalog) {
    const defs = new Map(toolbox.spec.tools.map((d) => [d.name, d]));
    const names = new McpNames(toolbox.toolNames);
    const specs = toolbox.listTools().tools.map((t) => toolbox.describeTool(t.name).tool!);
    catalog = {
      tools: specs.map((spec) => toMcpTool(spec, defs.get(spec.name)?.argumentsSchema, names)),
      names,
      structured: new Set(specs.filter((spec) => spec.outputSchema?.type === 'object').map((spec) => spec.name)),
    };
    catalogs.set(toolbox, catalog);
  }
  return catalog;
}

/** The capabilities both revisions declare. */
export const CAPABILITIES = { tools: {}, resources: { subscribe: true }, prompts: {}, logging: {}, completions: {} };

/** The shape's MCP identity: server info and instructions. */
export function serverIdentity(opts: McpSessionOptions): {
  info: { name: string; version: string };
  instructions: string;
} {
  const toolbox = opts.runtime.toolboxes.get(opts.shape);
  if (!toolbox)
    throw new Error(
      `shape "${opts.shape}" is not served here (serving: ${[...opts.runtime.toolboxes.keys()].join(', ')})`,
    );
  const catalogCall = opts.runtime.calls.begin({ shape: opts.shape, usesSession: false });
  const identity = toolbox.identity(catalogCall.ctx);
  catalogCall.done();
  return {
    info: { name: identity.name, version: identity.version || VERSION },
    instructions: [identity.description, identity.sandboxSummary].filter((s) => s !== '').join('\n\n'),
  };
}

/** Builds the MCP server (2025-11-25 and older) of one session; connect it to a transport. */
export function createMcpServer(opts: McpSessionOptions): Server {
  const { info, instructions } = serverIdentity(opts);
  const server = new Server(info, { capabilities: CAPABILITIES, instructions });
  registerMcpHandlers(server, opts);
  return server;
}

/** Registers the session's request handlers: the same for both revisions. */
export function registerMcpHandlers(server: McpRegistrar, opts: McpSessionOptions): void {
  const { runtime, shape } = opts;
  const toolbox = runtime.toolboxes.get(shape)!;
  const { calls, logger } = runtime;

  // The scope every call of this session runs in: the server's, narrowed by the client's roots.
  // Asked of the client within the first request that needs it (so over HTTP the question
  // travels on that request's stream; the session may have no other), again after
  // roots/list_changed. A client that cannot answer leaves the server's roots, and is asked again.
  let roots: Promise<Scope> | undefined;
  const clientLog = new ClientLog(opts.clientLogLevel);
  // The SDK answers logging/setLevel itself; this handler keeps the level for ClientLog too.
  server.setRequestHandler(SetLevelRequestSchema, async (req) => {
    clientLog.setLevel(req.params.level);
    return {};
  });
  /** The session's scope: the server's when the client has no roots (the common case: no promise, no await). */
  const knownScope = (): Scope | undefined => (server.getClientCapabilities()?.roots ? undefined : calls.scope);
  const scopeFor = (extra: RequestExtra): Promise<Scope> => {
    const known = knownScope();
    if (known) return Promise.resolve(known);
    if (!roots) {
      const asked = extra
        .sendRequest({ method: 'roots/list' }, ListRootsResultSchema, { timeout: ROOTS_TIMEOUT_MS })
        .then((r) =>
          clientScope(
            calls.scope,
            r.roots.map((x) => x.uri),
          ),
        );
      roots = asked;
      asked.catch((err: unknown) => {
        if (err instanceof EngineError) return; // the answer was understood: no overlap; kept, reported per call
        if (roots === asked) roots = undefined;
        logger.warn({ mcp: opts.transport, err: String(err) }, 'roots/list failed: the server roots apply');
        clientLog.log(extra.sendNotification, 'warning', {
          event: 'roots/list failed: the server roots apply',
          error: String(err),
        });
      });
    }
    return roots.catch((err: unknown) => {
      if (err instanceof EngineError) throw err;
      return calls.scope;
    });
  };
  server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
    roots = undefined;
  });

  const caller = opts.caller ?? '';
  /** `outlives`: the call may outlive its request (suspended on a question, 2026-07-28): its end cancels nothing. */
  const begin = (
    extra: RequestExtra,
    scope?: Scope,
    progress?: ProgressSink,
    transport?: CallTransport,
    outlives = false,
  ) =>
    calls.begin({
      shape,
      sessionId: opts.sessionId(extra),
      caller,
      usesSession: true,
      cancelled: outlives ? undefined : extra.signal,
      controller: outlives ? undefined : requestController(server, extra),
      scope,
      progress,
      transport,
    });

  const catalog = mcpCatalog(toolbox);
  const suspended = suspendedCalls(opts.runtime);
  // The call line's fields fixed for the session, serialized once (pino child bindings), not on every call.
  const callLog = logger.child({ rpc: 'tools/call', mcp: opts.transport, shape });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: catalog.tools }));

  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    const started = performance.now();
    // The listed (portable) name, or the catalog's own: both call the same tool.
    const name = catalog.names.tool(req.params.name);
    const token = req.params._meta?.progressToken;
    const progress =
      token === undefined
        ? undefined
        : throttleProgress((u) => {
            void extra
              .sendNotification({
                method: 'notifications/progress',
                params: { progressToken: token, progress: u.bytes, message: u.latest },
              })
              .catch(() => undefined);
          });
    // 2026-07-28: a retry carrying the answer to a suspended call's question resumes that call.
    const roundTrip = (extra as { roundTrip?: RoundTrip }).roundTrip;
    if (roundTrip?.requestState !== undefined) {
      try {
        const step = await suspended.resume(
          roundTrip.requestState,
          roundTrip.inputResponses,
          opts.sessionId(extra) || DEFAULT_SESSION_ID,
        );
        return 'done' in step ? step.done : ((await inputRequiredFor(step.question)) as never);
      } catch (err) {
        throw new McpError(ErrorCode.InvalidParams, asEngineError(err).message);
      }
    }
    let narrowed = knownScope();
    if (!narrowed) {
      try {
        narrowed = await scopeFor(extra);
      } catch (err) {
        const e = asEngineError(err);
        return toCallToolResult(failureResult(e.message, e, name), name);
      }
    }
    const { ctx, done } = begin(
      extra,
      narrowed,
      progress?.sink,
      mcpTransport(req.params._meta, extra),
      roundTrip?.elicits === true,
    );
    // The call may ask the person at the host, when the client can show a form.
    if (elicitsForms(server.getClientCapabilities()))
      ctx.asker = elicitationAsker(opts.runtime.engine.host, extra as unknown as ElicitingExtra);
    clientLog.log(extra.sendNotification, 'debug', { event: 'tool call started', tool: name });
    const run = async () => {
      try {
        const { result, outcome } = await toolbox.call(name, req.params.arguments ?? {}, ctx);
        const durationMs = Math.round((performance.now() - started) * 1000) / 1000;
        if (outcome === 'ok')
          clientLog.log(extra.sendNotification, 'info', { event: 'tool call ended', tool: name, outcome, durationMs });
        else {
          const message = result.failure?.message ?? result.error ?? '';
          clientLog.log(extra.sendNotification, 'warning', {
            event: 'tool call failed',
            tool: name,
            outcome,
            durationMs,
            message,
          });
        }
        callLog.info({ tool: name, session: ctx.session.id, durationMs, outcome });
        return await toCallToolResult(result, name, catalog.structured.has(name));
      } finally {
        progress?.stop();
        done();
      }
    };
    // 2026-07-28 with a client that elicits: a question suspends the call and answers input_required.
    if (!roundTrip?.elicits) return run();
    const step = await suspended.start((asker) => {
      ctx.asker = asker;
      return run();
    });
    return 'done' in step ? step.done : ((await inputRequiredFor(step.question)) as never);
  });

  server.setRequestHandler(ListResourcesRequestSchema, async (_req, extra) =>
    withCall(begin(extra), scopeFor(extra), async (ctx) => ({
      resources: (await toolbox.listResources(ctx)).resources.map((r) => ({
        uri: r.uri,
        name: r.name,
        description: r.description,
        mimeType: r.mimeType,
      })),
    })),
  );

  server.setRequestHandler(ReadResourceRequestSchema, async (req, extra) =>
    withCall(begin(extra), scopeFor(extra), async (ctx) => {
      const uri = req.params.uri;
      const listed = (await toolbox.listResources(ctx)).resources.find((r) => r.uri === uri);
      // Not listed: one of the templates' URIs (a file under the roots, a served tool), or none.
      if (!listed && isFileUri(uri)) return readFileResource(uri, ctx.scope);
      if (!listed && isToolUri(uri)) return readToolResource(uri, runtime);
      const read = await toolbox.readResource(uri, ctx);
      return toResourceContents(uri, listed?.mimeType || 'text/plain', read.content);
    }),
  );

  server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: toolbox.listPrompts().prompts.map((p) => ({
      name: p.name,
      description: p.description,
      arguments: p.arguments.map((a) => ({ name: a.name, description: a.description, required: a.required })),
    })),
  }));

  // An unknown prompt is a bad parameter (-32602), as the spec words it, not a missing resource.
  server.setRequestHandler(GetPromptRequestSchema, async (req, extra) =>
    withCall(
      begin(extra),
      scopeFor(extra),
      async (ctx) => toPromptResult(await toolbox.getPrompt(req.params.name, req.params.arguments ?? {}, ctx)),
      true,
    ),
  );

  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({ resourceTemplates: RESOURCE_TEMPLATES }));

  // Subscriptions: files under the roots (listed context files and file:///{+path} alike),
  // watched until unsubscribed or the session closes.
  const subscriptions = new Subscriptions((uri) => void server.sendResourceUpdated({ uri }).catch(() => undefined));
  const previousOnclose = server.onclose;
  server.onclose = () => {
    subscriptions.close();
    previousOnclose?.();
  };
  server.setRequestHandler(SubscribeRequestSchema, async (req, extra) =>
    withCall(begin(extra), scopeFor(extra), async (ctx) => {
      const uri = req.params.uri;
      if (!isFileUri(uri)) {
        throw new EngineError(
          'not_found',
          `cannot subscribe to ${uri}: only files under the roots (file:// URIs) change and are watched`,
          { facts: { uri } },
        );
      }
      const real = (await ctx.scope.resolve(filePathOf(uri), undefined, 'uri')).real;
      if (
        !(await stat(real).then(
          (s) => s.isFile(),
          () => false,
        ))
      )
        throw new EngineError('not_found', `no file ${filePathOf(uri)} to watch`, { facts: { uri } });
      subscriptions.add(uri, real);
      return {};
    }),
  );
  server.setRequestHandler(UnsubscribeRequestSchema, async (req) => {
    subscriptions.remove(req.params.uri);
    return {};
  });

  // Failures (roots that do not overlap the client's, say) are MCP errors like a prompt's.
  server.setRequestHandler(CompleteRequestSchema, (req, extra) =>
    complete(req, extra).catch((err: unknown) => Promise.reject(toMcpError(err, true))),
  );
  // After the handlers: the facade of the 2026-07-28 revision serves only what it registers.
  const complete = async (req: CompleteRequest, extra: RequestExtra): Promise<CompleteResult> => {
    const { ref, argument } = req.params;
    const context = req.params.context?.arguments ?? {};
    const values = async (kind: string): Promise<string[]> => {
      if (kind === 'shape') return startingWith(servedShapes(runtime), argument.value);
      if (kind === 'tool') return toolNames(runtime, context.shape ?? shape, argument.value);
      if (kind === 'path') return pathCompletions(await scopeFor(extra), argument.value);
      return [];
    };
    if (ref.type === 'ref/prompt') {
      const prompt = toolbox.listPrompts().prompts.find((p) => p.name === ref.name);
      if (!prompt) throw new McpError(ErrorCode.InvalidParams, `no prompt named ${ref.name}`, { kind: 'not_found' });
      if (!prompt.arguments.some((a) => a.name === argument.name)) return completion([]);
      return completion(await values(completionKind(argument.name)));
    }
    if (ref.uri === FILE_TEMPLATE && argument.name === 'path') {
      // The variable follows file:///, so its values are absolute paths without the leading slash.
      return completion((await pathCompletions(await scopeFor(extra), `/${argument.value}`)).map((p) => p.slice(1)));
    }
    if (ref.uri === TOOL_TEMPLATE && (argument.name === 'shape' || argument.name === 'tool'))
      return completion(await values(argument.name));
    if (RESOURCE_TEMPLATES.some((t) => t.uriTemplate === ref.uri)) return completion([]);
    throw new McpError(
      ErrorCode.InvalidParams,
      `no resource template ${ref.uri}; resources/templates/list names those on offer`,
      { kind: 'not_found' },
    );
  };
}

/**
 * A tools/call's transport, with the caller's W3C trace context: from params._meta (where the
 * MCP conventions carry it) or else the HTTP request's headers.
 */
function mcpTransport(meta: Record<string, unknown> | undefined, extra: RequestExtra): CallTransport {
  const headers = extra.requestInfo?.headers ?? {};
  const pick = (key: string): string | undefined => {
    const v = meta?.[key] ?? headers[key];
    const s: unknown = Array.isArray(v) ? (v as unknown[])[0] : v;
    return typeof s === 'string' && s !== '' ? s : undefined;
  };
  const traceparent = pick('traceparent');
  const tracestate = traceparent ? pick('tracestate') : undefined;
  return {
    system: 'mcp',
    method: 'tools/call',
    ...(traceparent ? { traceparent } : {}),
    ...(tracestate ? { tracestate } : {}),
  };
}

/** Runs `fn` in a started call's context (narrowed to the session's scope), mapping engine failures to MCP errors. */
async function withCall<T>(
  call: { ctx: Parameters<Toolbox['listResources']>[0]; done: () => void },
  scope: Promise<Scope>,
  fn: (ctx: Parameters<Toolbox['listResources']>[0]) => Promise<T>,
  notFoundIsInvalid = false,
): Promise<T> {
  try {
    call.ctx.scope = await scope;
    return await fn(call.ctx);
  } catch (err) {
    throw toMcpError(err, notFoundIsInvalid);
  } finally {
    call.done();
  }
}

/**
 * Resource and prompt failures are protocol errors (they have no in-band result): a resource
 * not found is -32002; bad params (and, for prompts, an unknown name: `notFoundIsInvalid`),
 * a path outside the roots or too many subscriptions are -32602; anything else is internal.
 */
function toMcpError(err: unknown, notFoundIsInvalid = false): McpError {
  if (err instanceof McpError) return err;
  const e = asEngineError(err);
  const invalid = ['invalid_argument', 'permission_denied', 'resource_exhausted'];
  const code =
    e.kind === 'not_found' && !notFoundIsInvalid
      ? -32002
      : invalid.includes(e.kind) || e.kind === 'not_found'
        ? ErrorCode.InvalidParams
        : ErrorCode.InternalError;
  // The resource a not-found names, as the spec asks of -32602/-32002 resource errors (data.uri).
  const uri = e.kind === 'not_found' ? e.facts?.uri : undefined;
  return new McpError(code, e.message, { kind: e.kind, ...(typeof uri === 'string' ? { uri } : {}) });
}

/**
 * The server's scope narrowed to the client's roots (file: URIs), never widened: a client
 * root inside the server's roots is kept; a client root that encloses server roots keeps
 * those server roots. No overlap at all fails every call, saying so. No client roots: the
 * server's roots.
 */
export async function clientScope(server: Scope, uris: readonly string[]): Promise<Scope> {
  const files = uris.filter((u) => u.startsWith('file:'));
  if (files.length === 0) return server;
  const wanted: string[] = [];
  for (const uri of files) {
    let p: string;
    try {
      p = fileURLToPath(uri);
    } catch {
      continue;
    }
    p = await realpath(p).catch(() => p);
    if (server.contains(p)) wanted.push(p);
    else for (const root of server.roots) if (isWithin(p, root)) wanted.push(root);
  }
  if (wanted.length === 0) {
    throw new EngineError(
      'permission_denied',
      `none of the client's roots (${files.join(', ')}) overlap this server's roots (${server.roots.join(', ')}): nothing may be touched`,
      { field: 'roots', facts: { roots: [...server.roots], clientRoots: files } },
    );
  }
  return server.narrow([...new Set(wanted)]);
}
