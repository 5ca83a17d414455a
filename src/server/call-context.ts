// Building one call's RequestContext, for every transport (gRPC's ToolboxRouter, the MCP
// server): the session held for the call, the AbortSignal tied to the deadline, to the
// transport's own cancellation and to shutdown, the scope (narrowed when the caller named
// roots), and the bookkeeping of calls in flight that shutdown drains.
import { EngineError } from '../engine/errors.js';
import type { ProgressSink } from '../engine/progress.js';
import type { Scope } from '../engine/scope.js';
import { DEFAULT_SESSION_ID, Session, type SessionStore } from '../engine/session.js';
import type { CallTransport, RequestContext } from '../registry/types.js';
import type { Logger } from './logger.js';
import { afterResponse } from './after-response.js';

export interface CallStart {
  /** The shape serving the call. */
  shape: string;
  /** The session id the caller named ('' or undefined: the default session). */
  sessionId?: string;
  /** Who calls, for sessions scoped to callers ('' for one shared set). */
  caller?: string;
  /** Catalog calls hold no session state: they neither create a session nor count as its use. */
  usesSession?: boolean;
  /** Absolute deadline (ms since epoch). */
  deadline?: number;
  /**
   * The transport's cancellation as a signal (MCP notifications/cancelled, a closed
   * connection). A transport with a cancellation event of its own calls StartedCall.cancel
   * instead: a second AbortSignal and its listener cost ~5 µs a call (measured in
   * bench/NOTES-hotpath.md), a tenth of a small read.
   */
  cancelled?: AbortSignal;
  /**
   * The transport's own controller of the request (MCP: the SDK's, one per request), adopted as the call's when there
   * is no deadline: its signal is the call's signal, cancel and abortAll abort it, and the call makes no controller and
   * no listener of its own (with the GC's promotion of its AbortSignal, ~a tenth of a small call's server CPU: issue
   * 38). The transport's own cancellation then aborts it with the transport's reason (the engine words any abort of a
   * call's signal as cancelled). `cancelled` is not needed with it.
   */
  controller?: AbortController;
  /** The scope the call runs in, when the transport narrowed it already (default: the server's). */
  scope?: Scope;
  progress?: ProgressSink;
  /** The transport and method the call came by, with the caller's trace context (metrics, traces). */
  transport?: CallTransport;
}

export interface StartedCall {
  ctx: RequestContext;
  /** Ends the call: releases the session and timers. Call exactly once. */
  done: () => void;
  /** Cancels the call as the client asked (its signal fires); nothing once it has ended. */
  cancel: () => void;
}

/** Spare controllers kept at most: as many as calls started between two runs of the after-response queue. */
const MAX_SPARES = 64;

const CLIENT_CANCELLED = 'the client cancelled the call or its deadline passed';

/** The calls of one server, whatever transport they came by. */
export class CallContexts {
  /** Controllers of calls in flight: aborted when the shutdown grace runs out. */
  private readonly inflight = new Set<AbortController>();
  private idleWaiters: Array<() => void> = [];

  constructor(
    readonly sessions: SessionStore,
    /** The server's roots. */
    readonly scope: Scope,
    readonly logger: Logger,
  ) {}

  get inFlight(): number {
    return this.inflight.size;
  }

  /** Resolves once no call is in flight. */
  whenIdle(): Promise<void> {
    if (this.inflight.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Cancels every call in flight (their handlers see the signal fire). */
  abortAll(reason = 'the server is shutting down'): void {
    for (const c of this.inflight) c.abort(new EngineError('cancelled', reason));
  }

  /** The server's roots narrowed to `roots` (never widened; throws EngineError for a root outside them). */
  narrow(roots: readonly string[]): Promise<Scope> {
    return this.scope.narrow(roots);
  }

  /**
   * Controllers whose signals exist already. Node makes a controller's AbortSignal on first
   * use of `.signal`, and that costs ~3–5 µs (an ObjectSetPrototypeOf on a new EventTarget),
   * a tenth of a small read's own work: each call takes a spare, and one is made in its place
   * after its response (after-response.ts). A spare was never handed out, so nothing else holds it.
   */
  private readonly spares: AbortController[] = [];
  private readonly makeSpare = (): void => {
    if (this.spares.length >= MAX_SPARES) return;
    const c = new AbortController();
    void c.signal;
    this.spares.push(c);
  };

  begin(start: CallStart): StartedCall {
    // A deadline's timer aborts the call's own controller, never the transport's.
    const adopted = start.deadline === undefined ? start.controller : undefined;
    let controller = adopted;
    if (!controller) {
      controller = this.spares.pop() ?? new AbortController();
      afterResponse(this.makeSpare);
    }
    this.inflight.add(controller);
    let ended = false;
    const onCancel = () => {
      if (!ended) controller.abort(new EngineError('cancelled', CLIENT_CANCELLED));
    };
    const cancelled = adopted ? undefined : start.cancelled;
    if (cancelled?.aborted) onCancel();
    else cancelled?.addEventListener('abort', onCancel, { once: true });
    let timer: NodeJS.Timeout | undefined;
    if (start.deadline !== undefined) {
      const ms = Math.max(0, start.deadline - Date.now());
      // Made only when it fires: a DOMException captures a stack (~3 µs), on every call otherwise.
      timer = setTimeout(() => controller.abort(new DOMException('the call deadline passed', 'TimeoutError')), ms);
    }
    const usesSession = start.usesSession ?? true;
    // Held for the call: a session is never evicted while one of its calls runs.
    const session = usesSession
      ? this.sessions.acquire(start.sessionId, start.caller ?? '')
      : new Session(start.sessionId || DEFAULT_SESSION_ID);
    const ctx: RequestContext = {
      signal: controller.signal,
      session,
      scope: start.scope ?? this.scope,
      shape: start.shape,
      deadline: start.deadline,
      logger: this.logger,
    };
    if (start.progress) ctx.progress = start.progress;
    if (start.transport) ctx.transport = start.transport;
    return {
      ctx,
      cancel: onCancel,
      done: () => {
        if (ended) return;
        ended = true;
        if (usesSession) this.sessions.release(session);
        if (timer) clearTimeout(timer);
        cancelled?.removeEventListener('abort', onCancel);
        this.inflight.delete(controller);
        if (this.inflight.size === 0) for (const w of this.idleWaiters.splice(0)) w();
      },
    };
  }
}
