// facet.toolbox.v1.ToolboxStream: CallTool with live output. The engine reports every chunk
// a command prints (ProgressSink); this turns them into progress events on the call's stream,
// with backpressure: while grpc-js says the client is behind (call.write() returned false),
// chunks wait in a bounded queue, chunks of one stream joined into one event, and the oldest
// are dropped past the bound (the next event counts them in dropped_bytes). So a client that
// reads slowly costs the server at most the queue's bound plus what grpc-js holds, whatever
// the command prints; the final event (the normal CallToolResponse) is never dropped.
import type * as grpc from '@grpc/grpc-js';
import type { OutputProgress, ProgressSink } from '../engine/progress.js';
import { CallToolEvent, OutputStream, ToolboxStreamService } from '../gen/facet/toolbox/v1/stream.js';
import { decodeCallToolRequest } from './wire-request.js';

export const STREAM_SERVICE = 'facet.toolbox.v1.ToolboxStream';

export interface StreamLimits {
  /** Output bytes held for a client that is behind; beyond it the oldest are dropped. */
  maxQueuedBytes: number;
  /** Chunks are joined into one event up to this many bytes. */
  maxEventBytes: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = { maxQueuedBytes: 256 * 1024, maxEventBytes: 64 * 1024 };

/**
 * The limits for a server whose messages are at most `maxMessageBytes`: an event's fields fit in 64 bytes besides its
 * chunk.
 */
export function streamLimitsFor(maxMessageBytes: number): StreamLimits {
  return {
    ...DEFAULT_STREAM_LIMITS,
    maxEventBytes: Math.max(64, Math.min(DEFAULT_STREAM_LIMITS.maxEventBytes, maxMessageBytes - 64)),
  };
}

/** Highest marks over every stream of this process, for tests and diagnostics. */
export const streamStats = {
  /** The most output bytes one call's queue held at once. */
  peakQueuedBytes: 0,
  /** The most events grpc-js held unsent for one call (its writableLength). */
  peakBufferedEvents: 0,
  /** Output bytes dropped for slow readers, in total. */
  droppedBytes: 0,
};

interface Queued {
  stream: OutputProgress['stream'];
  chunk: string;
  size: number;
  bytes: number;
  elapsedMs: number;
}

/** Writes progress events to `call`, holding back while it is behind; see the file comment. */
export class ProgressQueue {
  private queue: Queued[] = [];
  private queuedBytes = 0;
  private dropped = 0;
  private blocked = false;
  private scheduled = false;
  private stopped = false;

  constructor(
    private readonly call: grpc.ServerWritableStream<unknown, Buffer>,
    private readonly limits: StreamLimits = DEFAULT_STREAM_LIMITS,
  ) {
    call.on('drain', this.onDrain);
  }

  readonly sink: ProgressSink = (p) => {
    if (this.stopped || p.chunk === '') return;
    let chunk = p.chunk;
    let size = Buffer.byteLength(chunk);
    if (size > this.limits.maxQueuedBytes) {
      // One chunk larger than the whole queue: keep its end (the newest output).
      const buf = Buffer.from(chunk).subarray(size - this.limits.maxQueuedBytes);
      let start = 0;
      while (start < buf.length && (buf[start]! & 0xc0) === 0x80) start++; // not inside a character
      chunk = buf.subarray(start).toString();
      this.drop(size - (buf.length - start));
      size = buf.length - start;
    }
    while (this.queue.length > 0 && this.queuedBytes + size > this.limits.maxQueuedBytes) {
      const old = this.queue.shift()!;
      this.queuedBytes -= old.size;
      this.drop(old.size);
    }
    // No event is larger than maxEventBytes (it must fit the server's message limit).
    let left = size;
    for (const piece of size <= this.limits.maxEventBytes ? [chunk] : splitUtf8(chunk, this.limits.maxEventBytes)) {
      const n = Buffer.byteLength(piece);
      left -= n;
      this.queue.push({ stream: p.stream, chunk: piece, size: n, bytes: p.bytes - left, elapsedMs: p.elapsedMs });
    }
    this.queuedBytes += size;
    if (this.queuedBytes > streamStats.peakQueuedBytes) streamStats.peakQueuedBytes = this.queuedBytes;
    // Chunks that arrive in the same turn go out as one event.
    if (!this.blocked && !this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.flush(false);
      });
    }
  };

  /** Ends progress: what is still queued is written (bounded), with a last count of dropped bytes. */
  finish(): void {
    if (this.stopped) return;
    this.flush(true);
    if (this.dropped > 0 && !this.call.cancelled) this.write([], this.dropped);
    this.stopped = true;
    this.queue = [];
    this.call.removeListener('drain', this.onDrain);
  }

  private readonly onDrain = () => {
    this.blocked = false;
    this.flush(false);
  };

  private drop(n: number): void {
    this.dropped += n;
    streamStats.droppedBytes += n;
  }

  /** Writes queued chunks as events until the call is behind (or all of them, when `force`). */
  private flush(force: boolean): void {
    while (this.queue.length > 0 && (force || !this.blocked) && !this.stopped) {
      if (this.call.cancelled) {
        this.queue = [];
        this.queuedBytes = 0;
        return;
      }
      const first = this.queue[0]!;
      let n = 1;
      let size = first.size;
      while (
        n < this.queue.length &&
        this.queue[n]!.stream === first.stream &&
        size + this.queue[n]!.size <= this.limits.maxEventBytes
      ) {
        size += this.queue[n]!.size;
        n++;
      }
      const taken = this.queue.splice(0, n);
      this.queuedBytes -= size;
      const ok = this.write(taken, this.dropped);
      this.dropped = 0;
      if (!ok) this.blocked = true;
    }
  }

  private write(chunks: Queued[], dropped: number): boolean {
    const last = chunks[chunks.length - 1];
    const event = CallToolEvent.encode({
      event: {
        $case: 'progress',
        value: {
          stream:
            last?.stream === 'stderr'
              ? OutputStream.OUTPUT_STREAM_STDERR
              : last
                ? OutputStream.OUTPUT_STREAM_STDOUT
                : OutputStream.OUTPUT_STREAM_UNSPECIFIED,
          chunk: chunks.map((c) => c.chunk).join(''),
          bytes: last?.bytes ?? 0,
          elapsedMs: Math.round(last?.elapsedMs ?? 0),
          droppedBytes: dropped,
        },
      },
    }).finish();
    const ok = this.call.write(Buffer.from(event.buffer, event.byteOffset, event.byteLength));
    if (this.call.writableLength > streamStats.peakBufferedEvents)
      streamStats.peakBufferedEvents = this.call.writableLength;
    return ok;
  }
}

/** `text` in pieces of at most `max` UTF-8 bytes (`max` ≥ 4), never split inside a character. */
export function splitUtf8(text: string, max: number): string[] {
  const buf = Buffer.from(text);
  const out: string[] = [];
  let i = 0;
  while (i < buf.length) {
    let end = Math.min(buf.length, i + max);
    while (end < buf.length && end > i + 1 && (buf[end]! & 0xc0) === 0x80) end--; // not inside a character
    out.push(buf.subarray(i, end).toString());
    i = end;
  }
  return out;
}

/** The final event around a CallToolResponse already encoded (and held to the client's limit). */
export function finalEvent(response: Buffer): Buffer {
  const head: number[] = [0x12]; // field 2 (response), length-delimited
  for (let n = response.length; ; n = Math.floor(n / 128)) {
    if (n < 0x80) {
      head.push(n);
      break;
    }
    head.push((n & 0x7f) | 0x80);
  }
  return Buffer.concat([Buffer.from(head), response]);
}

/** Bytes the final event adds around the response, at most. */
export const FINAL_EVENT_OVERHEAD = 6;

/** The ToolboxStream service definition: requests decoded like CallTool's, events written as bytes already encoded. */
export function toolboxStreamService(): grpc.ServiceDefinition {
  return {
    ...ToolboxStreamService,
    callToolStream: {
      ...ToolboxStreamService.callToolStream,
      requestDeserialize: decodeCallToolRequest,
      responseSerialize: (b: Buffer) => b,
    },
  };
}
