// Binds the generated Toolbox service to the toolboxes of the served shapes: picks the
// shape (facet-shape) and session (facet-session) of each call, builds its context
// (scope, AbortSignal tied to the deadline and cancellation) and logs one line per call.
import {
  Metadata,
  status,
  type handleServerStreamingCall,
  type handleUnaryCall,
  type ServerUnaryCall,
  type ServerWritableStream,
  type sendUnaryData,
} from '@grpc/grpc-js';
import { EngineError, engineFailure } from '../engine/errors.js';
import type { ProgressSink } from '../engine/progress.js';
import type { CallToolRequest, CallToolResponse, ToolboxServer } from '../gen/codefly/services/toolbox/v0/toolbox.js';
import type { AnswerInputRequest, AnswerInputResponse } from '../gen/facet/toolbox/v1/stream.js';
import type { HostEngine } from '../engine/host.js';
import { afterResponse, responseSent } from './after-response.js';
import { answerInput, streamAsker } from './answers.js';
import { SESSION_KEY } from './session-key.js';
import { toCallResponse, toFailure, transportCode } from '../registry/failure.js';
import type { Toolbox } from '../registry/toolbox.js';
import type { CallTransport, RequestContext } from '../registry/types.js';
import { unknownShapeText } from '../shapes/release-table.js';
import type { CallContexts } from './call-context.js';
import type { Logger } from './logger.js';
import {
  DEFAULT_STREAM_LIMITS,
  FINAL_EVENT_OVERHEAD,
  finalEvent,
  ProgressQueue,
  STREAM_SERVICE,
  type StreamLimits,
} from './stream.js';
import { TurnGate } from './turn-gate.js';
import { encodeWithinLimit } from './wire.js';
import { argumentsTooDeep, hasPendingText, MAX_ARGUMENT_DEPTH, settleArguments } from './wire-request.js';

export const SHAPE_KEY = 'facet-shape';
/** The codefly contract's service (server.ts names it too). */
const TOOLBOX_SERVICE = 'codefly.services.toolbox.v0.Toolbox';
export { SESSION_KEY } from './session-key.js';
/** The largest response the client accepts (its receive limit), in bytes. */
export const MAX_RESPONSE_KEY = 'facet-max-response-bytes';
/** Below this, not even an in-band error about the size would fit. */
const MIN_RESPONSE_BYTES = 1024;

/** Response size bounds of this server (bytes). */
export interface ResponseLimits {
  /** --max-message-bytes: no response is larger, whatever the client names. */
  maxBytes: number;
  /** --response-bytes: the limit when the client names none. */
  defaultBytes: number;
}

/** The Toolbox implementation, with CallTool answering bytes already held to the client's limit (see wire.ts). */
export type ToolboxImplementation = Pick<
  ToolboxServer,
  | 'identity'
  | 'listTools'
  | 'listToolSummaries'
  | 'describeTool'
  | 'listResources'
  | 'readResource'
  | 'listPrompts'
  | 'getPrompt'
> & { callTool: handleUnaryCall<CallToolRequest, Buffer> };

interface CallInfo {
  toolbox: Toolbox;
  ctx: RequestContext;
  /** From facet-max-response-bytes, when the client sent it. */
  maxResponseBytes?: number;
  done: () => void;
}

/** The ToolboxStream implementation: events go out as bytes already encoded (see stream.ts). */
export type ToolboxStreamImplementation = {
  callToolStream: handleServerStreamingCall<CallToolRequest, Buffer>;
  answerInput: handleUnaryCall<AnswerInputRequest, AnswerInputResponse>;
};

export class ToolboxRouter {
  private readonly gate = new TurnGate();

  constructor(
    private readonly toolboxes: ReadonlyMap<string, Toolbox>,
    private readonly defaultShape: string,
    private readonly calls: CallContexts,
    private readonly logger: Logger,
    private readonly limits: ResponseLimits,
    /** The caller a call's authorization header names, for sessions scoped to callers ('' for one shared set). */
    private readonly callerFor: (authorization: string | undefined) => string = () => '',
    private readonly streamLimits: StreamLimits = DEFAULT_STREAM_LIMITS,
    /** Told of each call answered with a status other than OK (metrics). */
    private readonly onStatus: (code: status) => void = () => undefined,
    /** Where AnswerInput's answers go: the engine's questions (absent: every answer is refused). */
    private readonly host?: Pick<HostEngine, 'answer'>,
    /** Imports a shape's module before its first call (ServedToolboxes.load); undefined: nothing to wait for. */
    private readonly loadShape: (key: string) => Promise<void> | undefined = () => undefined,
  ) {}

  /**
   * `impl` with each handler run once the call's shape is loaded: at once, but for the first call of a shape whose
   * module is not yet imported (a module that fails to load is reported by begin(), as a shape that cannot be built).
   */
  private afterShapeLoads<T extends object>(impl: T): T {
    const wrapped = Object.entries(impl).map(([name, handler]: [string, (call: never, cb: never) => void]) => [
      name,
      (call: { metadata: Metadata }, callback: never) => {
        const loading = this.loadShape(firstString(call.metadata, SHAPE_KEY) || this.defaultShape);
        if (!loading) return handler(call as never, callback);
        const run = () => handler(call as never, callback);
        loading.then(run, run);
      },
    ]);
    return Object.fromEntries(wrapped) as T;
  }

  implementation(): ToolboxImplementation {
    return this.afterShapeLoads({
      // Catalog calls hold no session state: they neither create a session nor count as its use.
      identity: this.unary('Identity', async ({ toolbox, ctx }) => toolbox.identity(ctx), false),
      listTools: this.unary('ListTools', async ({ toolbox }) => toolbox.listTools(), false),
      listToolSummaries: this.unary(
        'ListToolSummaries',
        async ({ toolbox }, req) => toolbox.listToolSummaries(req.tagsFilter),
        false,
      ),
      describeTool: this.unary('DescribeTool', async ({ toolbox }, req) => toolbox.describeTool(req.name), false),
      callTool: this.unary('CallTool', async (info, req) => {
        const started = performance.now();
        if (hasPendingText(req)) await settleArguments(req);
        const refused = this.mayRefuse(req) ? await this.refuse(info, req, 'CallTool') : undefined;
        if (refused) return this.limited(info, refused, false);
        const { response, outcome, changed } = await info.toolbox.callTool(req.name, req.arguments ?? {}, info.ctx);
        this.logCall('CallTool', req, info.ctx, started, outcome, response.content.length);
        return this.limited(info, response, changed === true);
      }),
      listResources: this.unary('ListResources', async ({ toolbox, ctx }) => toolbox.listResources(ctx)),
      readResource: this.unary('ReadResource', async ({ toolbox, ctx }, req) => toolbox.readResource(req.uri, ctx)),
      listPrompts: this.unary('ListPrompts', async ({ toolbox }) => toolbox.listPrompts(), false),
      getPrompt: this.unary('GetPrompt', async ({ toolbox, ctx }, req) => {
        // No in-band error field here: too deep is an INVALID_ARGUMENT status that says why.
        if (argumentsTooDeep(req)) throw tooDeep();
        return toolbox.getPrompt(req.name, req.arguments ?? {}, ctx);
      }),
    });
  }

  /** The ToolboxStream service: CallTool with live output, on the same shapes, sessions and checks. */
  streamImplementation(): ToolboxStreamImplementation {
    return this.afterShapeLoads({
      callToolStream: (call: ServerWritableStream<CallToolRequest, Buffer>) => {
        const queue = new ProgressQueue(call as ServerWritableStream<unknown, Buffer>, this.streamLimits);
        let info: CallInfo;
        try {
          info = this.begin(call, true, queue.sink, `${STREAM_SERVICE}/CallToolStream`);
        } catch (err) {
          queue.finish();
          this.onStatus(status.INVALID_ARGUMENT);
          call.emit('error', {
            code: status.INVALID_ARGUMENT,
            details: (err as Error).message,
            metadata: new Metadata(),
          });
          return;
        }
        // The call may ask its host: the question goes out on this stream, the answer comes by AnswerInput.
        info.ctx.asker = streamAsker(call as ServerWritableStream<unknown, Buffer>);
        const req = call.request;
        this.gate.run(() => {
          (async () => {
            const started = performance.now();
            if (hasPendingText(req)) await settleArguments(req);
            const refused = await this.refuse(info, req, 'CallToolStream');
            if (refused) return this.limited(info, refused, false, FINAL_EVENT_OVERHEAD);
            const { result, outcome, changed } = await info.toolbox.call(req.name, req.arguments ?? {}, info.ctx);
            const response = toCallResponse(result, req.name);
            this.logCall('CallToolStream', req, info.ctx, started, outcome, response.content.length);
            return this.limited(info, response, changed === true, FINAL_EVENT_OVERHEAD);
          })()
            .then(
              (bytes) => {
                queue.finish();
                if (call.cancelled) return;
                call.write(finalEvent(bytes));
                call.end();
              },
              (err: unknown) => {
                queue.finish();
                this.logger.error({ rpc: 'CallToolStream', err: String((err as Error)?.stack ?? err) }, 'rpc failed');
                this.onStatus(status.INTERNAL);
                if (!call.cancelled)
                  call.emit('error', { code: status.INTERNAL, details: 'internal error', metadata: new Metadata() });
              },
            )
            .finally(info.done);
        });
      },
      answerInput: (call, callback) => {
        const noHost = {
          answer: () => {
            throw new EngineError('not_found', 'this server asks no questions');
          },
        };
        const res = answerInput(this.host ?? noHost, call.request, firstString(call.metadata, SESSION_KEY));
        this.logger.info({ rpc: 'AnswerInput', outcome: res.failure ? 'refused' : 'ok' });
        callback(null, res);
      },
    });
  }

  /** Whether `refuse` has anything to check: most calls name no roots and nest little, and skip an await. */
  private mayRefuse(req: CallToolRequest): boolean {
    return req.roots.length > 0 || argumentsTooDeep(req);
  }

  /**
   * Checks a CallTool request before dispatch, narrowing the call's scope to the roots it
   * names: the in-band failure when it is refused, else undefined.
   */
  private async refuse(info: CallInfo, req: CallToolRequest, rpc: string): Promise<CallToolResponse | undefined> {
    const ctx = info.ctx;
    if (argumentsTooDeep(req)) {
      const e = tooDeep();
      this.logger.info({
        rpc,
        tool: req.name,
        shape: ctx.shape,
        session: ctx.session.id,
        outcome: 'invalid_argument',
        reason: 'arguments_too_deep',
      });
      return { content: [], error: e.message, canonicalRouted: false, routedTo: '', failure: toFailure(e, req.name) };
    }
    if (req.roots.length > 0) {
      try {
        ctx.scope = await this.calls.narrow(req.roots);
      } catch (err) {
        const e = err as EngineError;
        return { content: [], error: e.message, canonicalRouted: false, routedTo: '', failure: toFailure(e, req.name) };
      }
    }
    return undefined;
  }

  private logCall(
    rpc: string,
    req: CallToolRequest,
    ctx: RequestContext,
    started: number,
    outcome: string,
    contentItems: number,
  ): void {
    const line = {
      rpc,
      tool: req.name,
      shape: ctx.shape,
      session: ctx.session.id,
      durationMs: Math.round((performance.now() - started) * 1000) / 1000,
      outcome,
      contentItems,
    };
    // Serialising and buffering the line (~5 µs) waits until the answer has gone out.
    afterResponse(() => this.logger.info(line));
  }

  /**
   * The response encoded within the limit the client named (else --response-bytes), never
   * above --max-message-bytes. Over it, a call that changed something is cut to fit; any other
   * is answered with an in-band size failure.
   */
  private limited(info: CallInfo, response: CallToolResponse, changed: boolean, overhead = 0): Buffer {
    const limit = Math.min(info.maxResponseBytes ?? this.limits.defaultBytes, this.limits.maxBytes) - overhead;
    const { bytes, oversize } = encodeWithinLimit(response, limit, changed);
    if (oversize !== undefined) {
      this.logger.warn(
        { rpc: 'CallTool', bytes: oversize, maxBytes: limit },
        changed ? 'result over the message limit: cut to fit' : 'result over the message limit: answered in band',
      );
    }
    return bytes;
  }

  /**
   * Wraps one RPC: resolves shape and session, ties the signal to the call, starts it through the turn gate, maps
   * thrown errors to a status.
   */
  private unary<Req, Res>(rpc: string, fn: (info: CallInfo, req: Req) => Promise<Res>, usesSession = true) {
    return (call: ServerUnaryCall<Req, Res>, callback: sendUnaryData<Res>): void => {
      let info: CallInfo;
      try {
        info = this.begin(call, usesSession, undefined, `${TOOLBOX_SERVICE}/${rpc}`);
      } catch (err) {
        this.onStatus(status.INVALID_ARGUMENT);
        callback({ code: status.INVALID_ARGUMENT, details: (err as Error).message, metadata: new Metadata() });
        return;
      }
      this.gate.run(() => {
        fn(info, call.request)
          .then(
            (res) => callback(null, res),
            (err: unknown) => {
              const e = err instanceof EngineError ? err : undefined;
              if (!e || e.kind === 'internal')
                this.logger.error({ rpc, err: String((err as Error)?.stack ?? err) }, 'rpc failed');
              const code = e ? (transportCode(e.kind) as number as status) : status.INTERNAL;
              this.onStatus(code);
              callback({
                code,
                details: e ? e.message : 'internal error',
                metadata: new Metadata(),
              });
            },
          )
          .finally(info.done);
      });
    };
  }

  private begin(
    call: ServerUnaryCall<unknown, unknown> | ServerWritableStream<unknown, unknown>,
    usesSession: boolean,
    progress: ProgressSink | undefined,
    method: string,
  ): CallInfo {
    const shapeName = firstString(call.metadata, SHAPE_KEY) || this.defaultShape;
    const toolbox = this.toolboxes.get(shapeName);
    if (!toolbox) {
      throw new Error(unknownShapeText(shapeName, this.toolboxes.keys(), ` in ${SHAPE_KEY}`));
    }
    const maxResponseBytes = responseLimit(firstString(call.metadata, MAX_RESPONSE_KEY));
    const { ctx, done, cancel } = this.calls.begin({
      shape: shapeName,
      sessionId: firstString(call.metadata, SESSION_KEY),
      caller: usesSession ? this.callerFor(firstString(call.metadata, 'authorization') || undefined) : '',
      usesSession,
      deadline: deadlineMs(call.getDeadline()),
      progress,
      transport: traceContext({ system: 'grpc', method }, call.metadata),
    });
    // The call's own event aborts its signal directly, with no second AbortSignal in between. grpc-js also emits it
    // when a call that ended has sent its trailers: `cancel` then does nothing, and the work calls left for after
    // their responses runs (after-response.ts).
    call.once('cancelled', () => {
      cancel();
      responseSent();
    });
    return { toolbox, ctx, maxResponseBytes, done };
  }
}

/** The transport of a gRPC call, with the caller's W3C trace context when its metadata carries one. */
function traceContext(t: CallTransport, md: Metadata): CallTransport {
  const traceparent = firstString(md, 'traceparent');
  if (traceparent === '') return t;
  const tracestate = firstString(md, 'tracestate');
  return { ...t, traceparent, ...(tracestate ? { tracestate } : {}) };
}

function firstString(md: Metadata, key: string): string {
  const v = md.get(key)[0];
  return v === undefined ? '' : v.toString();
}

/**
 * The client's receive limit from its metadata: a number of bytes, or -1 for none (grpc-js's
 * spelling), which leaves --max-message-bytes as the only bound. Anything else is refused.
 */
function responseLimit(raw: string): number | undefined {
  if (raw === '') return undefined;
  if (raw === '-1') return Number.POSITIVE_INFINITY;
  const n = /^\d{1,20}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= MIN_RESPONSE_BYTES)) {
    throw new Error(
      `${MAX_RESPONSE_KEY} must be a whole number of bytes, at least ${MIN_RESPONSE_BYTES} (the client's receive limit), or -1 for no limit; got "${raw.slice(0, 40)}"`,
    );
  }
  return n;
}

function deadlineMs(d: Date | number): number | undefined {
  const ms = d instanceof Date ? d.getTime() : d;
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

function tooDeep(): EngineError {
  return engineFailure(
    'arguments_too_deep',
    `the arguments nest objects and arrays more than ${MAX_ARGUMENT_DEPTH} levels deep, more than this server accepts; send flatter arguments`,
    { maxDepth: MAX_ARGUMENT_DEPTH },
    { field: 'arguments' },
  );
}
