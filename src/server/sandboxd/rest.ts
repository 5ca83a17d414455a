// The sandboxd REST API (agent-sandbox filesystem/v1 OpenAPI): GET/HEAD/PUT/DELETE
// /v1/files/{path}, /v1/health and /v1/metadata, with the spec's status codes and JSON shapes
// (errors as {"code","message"}). Files go through the engine (files/raw.ts): the server's
// roots, real paths with links checked, atomic writes, the audit log. Requests run in
// parallel with no locking of ours: atomic replacement is what keeps readers whole.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Busboy, type BusboyInstance } from '@fastify/busboy';
import { EngineError, type ErrorKind } from '../../engine/errors.js';
import { asEngineError } from '../../registry/failure-codes.js';
import type { RequestContext } from '../../registry/types.js';
import type { Runtime } from '../runtime.js';
import { beginCall, observed, WireError } from './calls.js';

const MODE = /^0[0-7]{3}$/;
/** Names /v1/metadata never serves, whatever their prefix (the spec's credential markers). */
const SENSITIVE = ['TOKEN', 'SECRET', 'PASSWORD', 'PASSWD', 'CRED', 'KEY', 'AUTH', 'BEARER', 'PRIVATE', 'CERT'];
const FILES = '/v1/files/';

/** An error answer: the HTTP status and the spec's Error {code, message}. */
class HttpError extends WireError {
  constructor(status: number, label: string, message: string) {
    super(status, message, label);
  }
}

const HTTP_OF: Partial<Record<ErrorKind, [number, string]>> = {
  permission_denied: [403, 'PERMISSION_DENIED'],
  security_policy: [403, 'PERMISSION_DENIED'],
  not_found: [404, 'NOT_FOUND'],
  invalid_argument: [400, 'INVALID_ARGUMENT'],
  conflict: [409, 'CONFLICT'],
  unavailable: [503, 'UNAVAILABLE'],
  cancelled: [499, 'CANCELLED'],
};

function toHttp(err: unknown): WireError {
  if (err instanceof WireError) return err;
  const e = asEngineError(err);
  const [status, code] = HTTP_OF[e.kind] ?? [500, 'INTERNAL'];
  return new HttpError(status, code, e.message);
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = `${JSON.stringify(body)}\n`;
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Go's time.RFC3339 in UTC, as the spec's modified_at: seconds, no fraction. */
const rfc3339 = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
const octal = (mode: number) => mode.toString(8).padStart(4, '0');

export interface RestOptions {
  /** Environment variables with this prefix are served on /v1/metadata (credentials withheld). */
  metadataPrefix: string;
  env: NodeJS.ProcessEnv;
}

export class SandboxdRest {
  /** Set when the server drains: /v1/health answers 503 from then on. */
  draining = false;
  private readonly started = Date.now();
  private readonly metadata: Record<string, string>;

  constructor(
    private readonly runtime: Runtime,
    opts: RestOptions,
  ) {
    // The environment is fixed once the server runs: filtered once.
    this.metadata = {};
    for (const [name, value] of Object.entries(opts.env)) {
      if (value === undefined || !name.startsWith(opts.metadataPrefix)) continue;
      if (SENSITIVE.some((m) => name.toUpperCase().includes(m))) continue;
      this.metadata[name] = value;
    }
  }

  server(): Server {
    return createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        const e = toHttp(err);
        if (res.headersSent) res.destroy();
        else json(res, e.code, { code: e.label, message: e.message });
      });
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const rawPath = q === -1 ? url : url.slice(0, q);
    const query = new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
    const method = req.method ?? 'GET';
    const readOnly = method === 'GET' || method === 'HEAD';
    if (rawPath === '/v1/health' || rawPath === '/v1/metadata') {
      if (!readOnly) throw methodNotAllowed(res, 'GET, HEAD');
      if (rawPath === '/v1/metadata') return json(res, 200, { env: this.metadata });
      if (this.draining)
        return json(res, 503, { code: 'UNAVAILABLE', message: 'the server is shutting down (draining)' });
      return json(res, 200, { status: 'ok', uptime_seconds: Math.floor((Date.now() - this.started) / 1000) });
    }
    if (!rawPath.startsWith(FILES) && rawPath !== FILES.slice(0, -1))
      throw new HttpError(404, 'NOT_FOUND', `no such endpoint: ${method} ${rawPath}`);
    let rel: string;
    try {
      rel = decodeURIComponent(rawPath.slice(FILES.length));
    } catch {
      throw new HttpError(400, 'INVALID_ARGUMENT', 'the path is not valid percent-encoding');
    }
    if (!['GET', 'HEAD', 'PUT', 'DELETE'].includes(method)) throw methodNotAllowed(res, 'GET, HEAD, PUT, DELETE');
    // Checked before the file is touched, as the spec orders them.
    const mode = method === 'PUT' ? modeOf(query.get('mode')) : 0;
    const recursive = method === 'DELETE' ? boolOf(query.get('recursive')) : false;
    const call = beginCall(this.runtime, 'http', `${method === 'HEAD' ? 'GET' : method} /v1/files`);
    res.once('close', () => {
      if (!res.writableFinished) call.cancel();
      call.done();
    });
    const target = this.sandboxPath(rel);
    const { ctx } = call;
    const files = this.runtime.engine.files;
    const tool = `${method} /v1/files`;
    if (method === 'DELETE') {
      await observed(this.runtime, ctx, tool, true, () => files.removeRaw(ctx, target, recursive));
      res.writeHead(204).end();
      return;
    }
    if (method === 'PUT') {
      const upload = await uploadOf(req);
      try {
        await observed(this.runtime, ctx, tool, true, () => files.writeRaw(ctx, target, upload.body, { mode }));
      } finally {
        upload.discard();
      }
      res.writeHead(204).end();
      return;
    }
    await this.get(ctx, tool, rel, target, method === 'HEAD', res);
  }

  private async get(
    ctx: RequestContext,
    tool: string,
    rel: string,
    target: string,
    head: boolean,
    res: ServerResponse,
  ): Promise<void> {
    const found = await observed(this.runtime, ctx, tool, false, () => this.runtime.engine.files.openRaw(ctx, target));
    if (found.kind === 'directory') {
      const listing = {
        path: rel.startsWith('/') ? rel : `/${rel}`,
        entries: found.entries.map((e) => ({
          name: e.name,
          size: e.size,
          type: e.type,
          modified_at: rfc3339(e.mtimeMs),
          mode: octal(e.mode),
        })),
      };
      if (!head) return json(res, 200, listing);
      res.writeHead(200, { 'content-type': 'application/json' }).end();
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': found.size,
      'last-modified': new Date(found.mtimeMs).toUTCString(),
    });
    if (head) {
      found.stream.destroy();
      res.end();
      return;
    }
    // The open descriptor keeps the bytes readable even if the file is deleted or replaced meanwhile.
    await pipeline(found.stream, res);
  }

  /**
   * A sandbox-relative path as the engine takes it: absolute paths outside every root are read under the first root, as
   * the spec's server does.
   */
  private sandboxPath(rel: string): string {
    if (rel === '' || rel === '/') return '.';
    if (!path.isAbsolute(rel)) return rel;
    const roots = this.runtime.scope.roots;
    const norm = path.normalize(rel);
    if (roots.some((r) => norm === r || norm.startsWith(r.endsWith('/') ? r : `${r}/`))) return rel;
    return `.${norm}`;
  }
}

function methodNotAllowed(res: ServerResponse, allow: string): HttpError {
  res.setHeader('allow', allow);
  return new HttpError(405, 'METHOD_NOT_ALLOWED', `method not allowed; this endpoint takes ${allow}`);
}

function modeOf(raw: string | null): number {
  if (raw === null || raw === '') return 0o644;
  if (!MODE.test(raw)) throw new HttpError(400, 'INVALID_ARGUMENT', `mode "${raw}" must match ^0[0-7]{3}$`);
  return parseInt(raw, 8);
}

/** A boolean as Go's strconv.ParseBool reads one (the spec's server parses it so). */
function boolOf(raw: string | null): boolean {
  if (raw === null || raw === '') return false;
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(raw)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(raw)) return false;
  throw new HttpError(400, 'INVALID_ARGUMENT', `recursive "${raw}" must be a boolean`);
}

/** The bytes of a PUT, and how to let go of what the write did not read (the body must still be drained). */
interface Upload {
  body: AsyncIterable<Uint8Array>;
  discard(): void;
}

/**
 * The bytes to write: the raw body, or the first part named `file` of a multipart/form-data body
 * (with or without a file name, as the reference takes it). Both are streamed to the file:
 * parsed whole by fetch's formData, a 200 MB upload held about 1 GB. A body that breaks off or
 * goes wrong inside the part fails the write (invalid_argument), which leaves no file.
 */
function uploadOf(req: IncomingMessage): Promise<Upload> {
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*(;|$)/i.test(type)) return Promise.resolve({ body: req, discard: () => req.resume() });
  const reason = (err: unknown) => `invalid multipart body: ${err instanceof Error ? err.message : String(err)}`;
  return new Promise((resolve, reject) => {
    let parser: BusboyInstance;
    try {
      parser = Busboy({ headers: { ...req.headers, 'content-type': type }, isPartAFile: (name) => name === 'file' });
    } catch (err) {
      req.resume();
      reject(new HttpError(400, 'INVALID_ARGUMENT', reason(err)));
      return;
    }
    let part: Readable | undefined;
    parser.on('file', (_name, stream) => {
      // Listened to at once: the parser may fail the part before the write starts reading it.
      let failed: unknown;
      stream.on('error', (err) => (failed ??= err));
      if (part) return void stream.resume(); // a later "file" part is read and dropped
      part = stream;
      resolve({ body: partBytes(stream, () => failed, reason), discard: () => stream.resume() });
    });
    parser.on('error', (err) => {
      if (part) part.destroy(err instanceof Error ? err : new Error(String(err)));
      else reject(new HttpError(400, 'INVALID_ARGUMENT', reason(err)));
    });
    parser.on('finish', () => {
      if (!part) reject(new HttpError(400, 'INVALID_ARGUMENT', 'multipart body is missing the required "file" part'));
    });
    req.on('error', (err) => parser.destroy(err));
    req.pipe(parser);
  });
}

async function* partBytes(
  stream: Readable,
  failure: () => unknown,
  reason: (err: unknown) => string,
): AsyncIterable<Uint8Array> {
  try {
    for await (const chunk of stream) yield chunk as Uint8Array;
  } catch (err) {
    throw new EngineError('invalid_argument', reason(err));
  }
  if (failure() !== undefined) throw new EngineError('invalid_argument', reason(failure()));
}
