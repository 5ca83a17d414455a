// The SDK's stdio server transport, with the messages sent in one turn of the event loop
// written to stdout together. The SDK writes each message with its own write(2); under
// concurrent calls that syscall per response was the largest single cost of a small call
// (a sixth of the SDK's own CPU in a profile, measured in bench/NOTES-search-mcp.md). Framing,
// parsing and the JSON-RPC layer stay the SDK's: only `send` changes.
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export class CoalescingStdioServerTransport extends StdioServerTransport {
  private pending: string[] = [];
  /** Senders waiting for the batch holding their message to be accepted by stdout. */
  private waiting: Array<() => void> = [];
  constructor(
    stdin: Readable = process.stdin,
    private readonly out: Writable = process.stdout,
    maxBufferSize?: number,
  ) {
    super(stdin, out, { maxBufferSize });
  }

  /**
   * Queues the message; the queue is written once the current turn's callbacks and promise
   * jobs have run (process.nextTick scheduled from a promise job runs after the job queue is
   * empty), so responses that complete together leave in one write. Resolves, as the SDK's
   * does, once stdout has taken the bytes (at once, or after 'drain' when its buffer is full).
   */
  override send(message: JSONRPCMessage): Promise<void> {
    if (this.pending.length === 0) process.nextTick(() => this.flush());
    this.pending.push(serializeMessage(message));
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private flush(): void {
    const chunk = this.pending.length === 1 ? this.pending[0]! : this.pending.join('');
    const waiting = this.waiting;
    this.pending = [];
    this.waiting = [];
    const done = () => {
      for (const w of waiting) w();
    };
    if (this.out.write(chunk)) done();
    else this.out.once('drain', done);
  }
}
