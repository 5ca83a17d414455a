// Live output for transports: the engine reports every chunk (ProgressSink); a client wants
// a few events a second. This keeps the running byte count and the newest lines, and hands
// them to `emit` at most once per interval (the first chunk at once), never after stop().
// Shared by MCP's notifications/progress and, later, the gRPC stream's progress events.
import type { OutputProgress, ProgressSink } from '../engine/progress.js';

export interface ProgressUpdate {
  /** Output bytes so far (strictly increasing from one update to the next). */
  bytes: number;
  /** The newest output lines (at most `lines` of them, at most `maxChars`). */
  latest: string;
  /** The chunks since the previous update, as they came (for transports that stream them whole). */
  chunks: OutputProgress[];
  elapsedMs: number;
}

export interface ThrottleOptions {
  intervalMs?: number;
  lines?: number;
  maxChars?: number;
}

export interface ThrottledProgress {
  sink: ProgressSink;
  /** No update is emitted after this (the call answered). */
  stop(): void;
}

export function throttleProgress(emit: (u: ProgressUpdate) => void, opts: ThrottleOptions = {}): ThrottledProgress {
  const interval = opts.intervalMs ?? 150;
  const maxLines = opts.lines ?? 5;
  const maxChars = opts.maxChars ?? 2000;
  let tail = '';
  let bytes = 0;
  let sentBytes = 0;
  let elapsedMs = 0;
  let pending: OutputProgress[] = [];
  let lastSent = -Infinity;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const flush = () => {
    timer = undefined;
    if (stopped || bytes === sentBytes) return;
    lastSent = performance.now();
    sentBytes = bytes;
    const chunks = pending;
    pending = [];
    const lines = tail.replace(/\n+$/, '').split('\n');
    let latest = lines.slice(-maxLines).join('\n');
    if (latest.length > maxChars) latest = latest.slice(-maxChars);
    try {
      emit({ bytes, latest, chunks, elapsedMs });
    } catch {
      stopped = true;
    }
  };

  const sink: ProgressSink = (p) => {
    if (stopped) return;
    bytes = Math.max(bytes, p.bytes);
    elapsedMs = p.elapsedMs;
    pending.push(p);
    // Only the end of the output is kept: enough for the newest lines.
    tail = (tail + p.chunk).slice(-4 * maxChars);
    if (timer) return;
    const wait = lastSent + interval - performance.now();
    if (wait <= 0) flush();
    else timer = setTimeout(flush, wait);
  };

  return {
    sink,
    stop() {
      stopped = true;
      clearTimeout(timer);
      pending = [];
    },
  };
}
