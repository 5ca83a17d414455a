// Live output of a call while it runs: the engine reports every chunk a command prints to
// the call's progress sink, when the call has one. Transports turn these reports into their
// own events (MCP notifications/progress; a gRPC stream's progress events); the engine knows
// nothing of them.
import { StringDecoder } from 'node:string_decoder';

/** One chunk of a running command's output. */
export interface OutputProgress {
  stream: 'stdout' | 'stderr';
  /** Output bytes the command has printed so far in this call, this chunk included. */
  bytes: number;
  /** The chunk as text (UTF-8, never split inside a character). */
  chunk: string;
  /** Since the call's command (or wait) began. */
  elapsedMs: number;
}

/** Receives progress; must not throw and must not block (transports throttle and drop). */
export type ProgressSink = (p: OutputProgress) => void;

/**
 * A per-run reporter: decodes each stream's bytes without splitting characters and counts
 * bytes from `startedAt`. A sink that throws is detached, so a transport bug cannot break a run.
 */
export function progressReporter(
  sink: ProgressSink | undefined,
  startedAt = performance.now(),
): ((stream: 'stdout' | 'stderr', chunk: Buffer) => void) | undefined {
  if (!sink) return undefined;
  const decoders = { stdout: new StringDecoder('utf8'), stderr: new StringDecoder('utf8') };
  let bytes = 0;
  let live = true;
  return (stream, chunk) => {
    if (!live) return;
    bytes += chunk.length;
    const text = decoders[stream].write(chunk);
    try {
      sink({ stream, bytes, chunk: text, elapsedMs: performance.now() - startedAt });
    } catch {
      live = false;
    }
  };
}
