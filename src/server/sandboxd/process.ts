// process.v1.ProcessService (agent-sandbox sandboxd, KEP-539.2) over the engine's shell: every
// process is a job of the sandboxd session, so it runs under the server's policy, sandbox,
// containment and audit like any tool's command. This file only translates: the wire's
// process ids to jobs, job output to the Start stream, engine failures to gRPC status codes.
import * as grpc from '@grpc/grpc-js';
import { isCondition } from '../../engine/errors.js';
import { asEngineError, transportCode } from '../../registry/failure-codes.js';
import type { RequestContext } from '../../registry/types.js';
import {
  Signal,
  type ExecuteRequest,
  type ExecuteResponse,
  type ProcessConfig,
  type ProcessServiceServer,
  type ResizeTTYRequest,
  type ResizeTTYResponse,
  type SendSignalRequest,
  type SendSignalResponse,
  type StartRequest,
  type StartResponse,
  type WriteStdinRequest,
  type WriteStdinResponse,
} from '../../gen/process/v1/process.js';
import type { StartOptions } from '../../engine/shell/engine.js';
import type { Runtime } from '../runtime.js';
import { beginCall, observed, WireError } from './calls.js';

const SIGNALS: Partial<Record<Signal, NodeJS.Signals>> = {
  [Signal.SIGNAL_SIGINT]: 'SIGINT',
  [Signal.SIGNAL_SIGTERM]: 'SIGTERM',
  [Signal.SIGNAL_SIGKILL]: 'SIGKILL',
};

/** What a Start registered: the job and the context (session, scope) it runs in. */
interface Running {
  job: string;
  ctx: RequestContext;
}

/** A gRPC status of ours. */
const status = (code: grpc.status, message: string) => new WireError(code, message);

/** A terminal's size is two unsigned shorts (struct winsize): larger values would wrap, not fit. */
const PTY_MAX = 65535;

function checkPtySize(size: { cols: number; rows: number }): void {
  if (size.cols > PTY_MAX || size.rows > PTY_MAX)
    throw status(
      grpc.status.INVALID_ARGUMENT,
      `cols and rows must be at most ${PTY_MAX} (got ${size.cols}x${size.rows})`,
    );
}

/** A failure as the gRPC status the spec names for it (an engine's: NOT_FOUND, PERMISSION_DENIED...). */
function toStatus(err: unknown): Partial<grpc.ServiceError> {
  if (err instanceof WireError) return { code: err.code, details: err.message };
  const e = asEngineError(err);
  return { code: transportCode(e.kind) as number as grpc.status, details: e.message };
}

/** ProcessConfig as the engine's start options (argv, env, working directory). */
function commandOf(config: ProcessConfig | undefined): Pick<StartOptions, 'command' | 'env' | 'workdir'> {
  if (!config || config.command.length === 0) throw status(grpc.status.INVALID_ARGUMENT, 'command is required');
  // An environment entry is NAME=value: a name holding '=' would set another variable, a NUL cut it short.
  for (const [name, value] of Object.entries(config.envVars)) {
    if (name === '' || name.includes('=') || name.includes('\0') || value.includes('\0')) {
      throw status(
        grpc.status.INVALID_ARGUMENT,
        `env_vars ${JSON.stringify(name)}: a name must be non-empty without '=' or NUL, a value without NUL`,
      );
    }
  }
  return {
    command: config.command,
    env: config.envVars,
    ...(config.cwd !== undefined && config.cwd !== '' ? { workdir: config.cwd, workdirField: 'cwd' } : {}),
  };
}

/** The exit code on the wire: the process's, or -1 when a signal ended it. */
const exitCodeOf = (job: { exitCode: number | null }) => job.exitCode ?? -1;

export class ProcessService {
  /** Wire process ids (small integers, never OS pids) of the processes Start runs now. */
  private readonly running = new Map<number, Running>();
  private nextId = 0;

  constructor(
    private readonly runtime: Runtime,
    /** Largest Execute answer (stdout plus stderr), the gRPC message limit. */
    private readonly maxOutputBytes: number,
  ) {}

  implementation(): ProcessServiceServer {
    return {
      start: (call) => this.start(call),
      execute: (call, cb) => this.unary('Execute', true, call, cb, (ctx) => this.execute(ctx, call.request)),
      writeStdin: (call, cb) => this.unary('WriteStdin', false, call, cb, () => this.writeStdin(call.request)),
      sendSignal: (call, cb) => this.unary('SendSignal', false, call, cb, () => this.sendSignal(call.request)),
      resizeTty: (call, cb) => this.unary('ResizeTTY', false, call, cb, () => this.resize(call.request)),
    };
  }

  private unary<Req, Res>(
    method: string,
    destructive: boolean,
    call: grpc.ServerUnaryCall<Req, Res>,
    cb: grpc.sendUnaryData<Res>,
    fn: (ctx: RequestContext) => Promise<Res>,
  ): void {
    const c = beginCall(this.runtime, 'grpc', `process.v1.ProcessService/${method}`);
    call.on('cancelled', c.cancel);
    observed(this.runtime, c.ctx, method, destructive, () => fn(c.ctx)).then(
      (res) => {
        c.done();
        cb(null, res);
      },
      (err: unknown) => {
        c.done();
        cb(toStatus(err));
      },
    );
  }

  private running_(id: number): Running {
    const r = this.running.get(id);
    if (!r) throw status(grpc.status.NOT_FOUND, `process ${id} not found`);
    return r;
  }

  private async writeStdin(req: WriteStdinRequest): Promise<WriteStdinResponse> {
    const r = this.running_(req.processId);
    const shell = this.runtime.engine.shell;
    if (req.payload?.$case === 'eof') shell.endInput(r.ctx, r.job);
    else if (req.payload?.$case === 'input' && req.payload.value.length > 0)
      await shell.send(r.ctx, r.job, req.payload.value);
    return {};
  }

  private async sendSignal(req: SendSignalRequest): Promise<SendSignalResponse> {
    const r = this.running_(req.processId);
    const sig = SIGNALS[req.signal];
    if (!sig) throw status(grpc.status.INVALID_ARGUMENT, `unsupported or unspecified signal: ${req.signal}`);
    this.runtime.engine.shell.signal(r.ctx, r.job, sig);
    return {};
  }

  private async resize(req: ResizeTTYRequest): Promise<ResizeTTYResponse> {
    const r = this.running_(req.processId);
    if (req.cols === 0 || req.rows === 0) throw status(grpc.status.INVALID_ARGUMENT, 'cols and rows must be positive');
    checkPtySize(req);
    try {
      this.runtime.engine.shell.resize(r.ctx, r.job, req.cols, req.rows);
    } catch (err) {
      // The engine names its job; the client knows the process id.
      if (!isCondition(err, 'no_terminal')) throw err;
      throw status(
        grpc.status.FAILED_PRECONDITION,
        `process ${req.processId} has no terminal to resize: start it with a pty`,
      );
    }
    return {};
  }

  /** Runs to the end, collecting both outputs (RESOURCE_EXHAUSTED past the message limit, the process stopped). */
  private async execute(ctx: RequestContext, req: ExecuteRequest): Promise<ExecuteResponse> {
    const out: Record<'stdout' | 'stderr', Buffer[]> = { stdout: [], stderr: [] };
    let bytes = 0;
    let over = false;
    const shell = this.runtime.engine.shell;
    let jobId = '';
    const ended = new Promise<{ exitCode: number | null }>((resolve, reject) => {
      void shell
        .start(ctx, {
          ...commandOf(req.config),
          streams: 'separate',
          onOutput: (stream, chunk) => {
            bytes += chunk.length;
            if (bytes > this.maxOutputBytes) {
              if (!over) void shell.stop(ctx, jobId);
              over = true;
              return;
            }
            out[stream].push(chunk);
          },
          onEnd: (job) => resolve(job),
        })
        .then((job) => {
          jobId = job.id;
          const stop = () => void shell.stop(ctx, job.id);
          if (ctx.signal.aborted) stop();
          else ctx.signal.addEventListener('abort', stop, { once: true });
        }, reject);
    });
    const job = await ended;
    if (over)
      throw status(
        grpc.status.RESOURCE_EXHAUSTED,
        `the output passed ${this.maxOutputBytes} bytes (--max-message-bytes): use Start to stream it`,
      );
    return { exitCode: exitCodeOf(job), stdout: Buffer.concat(out.stdout), stderr: Buffer.concat(out.stderr) };
  }

  /** One InitEvent, the output as it comes, one ExitEvent; a client gone stops the process. */
  private start(call: grpc.ServerWritableStream<StartRequest, StartResponse>): void {
    const c = beginCall(this.runtime, 'grpc', 'process.v1.ProcessService/Start');
    const ctx = c.ctx;
    // Output that comes before the InitEvent is sent waits for it, so the order always holds.
    let pending: StartResponse[] | undefined = [];
    const send = (ev: StartResponse) => (pending ? pending.push(ev) : call.write(ev));
    let id = 0;
    let finished = false;
    const finish = (err?: Partial<grpc.ServiceError>) => {
      if (finished) return;
      finished = true;
      if (id) this.running.delete(id);
      c.done();
      if (err) call.emit('error', err);
      else call.end();
    };
    const req = call.request;
    const pty = req.pty;
    const shell = this.runtime.engine.shell;
    let jobId: string | undefined;
    call.on('cancelled', () => {
      c.cancel();
      if (jobId) void shell.stop(ctx, jobId);
    });
    observed(this.runtime, ctx, 'Start', true, async () => {
      if (pty) checkPtySize(pty);
      const job = await shell.start(ctx, {
        ...commandOf(req.config),
        stdin: true,
        streams: 'separate',
        ...(pty ? { tty: true, cols: pty.cols || 80, rows: pty.rows || 24 } : {}),
        onOutput: (stream, chunk) =>
          send({ event: stream === 'stderr' ? { $case: 'stderr', value: chunk } : { $case: 'stdout', value: chunk } }),
        onEnd: (ended) => {
          send({ event: { $case: 'exit', value: { exitCode: exitCodeOf(ended) } } });
          if (!pending) finish();
          else pending.push({ event: undefined }); // the end, once the InitEvent is out
        },
      });
      jobId = job.id;
      return job;
    }).then(
      (job) => {
        id = ++this.nextId;
        this.running.set(id, { job: job.id, ctx });
        call.write({ event: { $case: 'init', value: { processId: id } } });
        const queued = pending!;
        pending = undefined;
        for (const ev of queued) {
          if (ev.event === undefined) return finish();
          call.write(ev);
        }
        if (ctx.signal.aborted || call.cancelled) void shell.stop(ctx, job.id);
      },
      (err: unknown) => finish(toStatus(err)),
    );
  }
}
