// The logging capability: what Facet tells the MCP client about its calls, at the level the
// client set with logging/setLevel (until it sets one: warnings and worse). Each message goes
// out on the stream of the request it concerns, so over HTTP it needs no standalone stream.
//   debug    a tool call started (tool)
//   info     a tool call ended well (tool, outcome, durationMs)
//   warning  a tool call failed (tool, outcome, durationMs, message); the client's roots could
//            not be listed, so the server's roots apply
import type { LoggingLevel, ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import { LoggingLevelSchema } from '@modelcontextprotocol/sdk/types.js';

const SEVERITY = new Map<LoggingLevel, number>(LoggingLevelSchema.options.map((l, i) => [l, i]));

/** The logger name messages carry. */
export const LOGGER = 'facet';

export class ClientLog {
  constructor(private level: LoggingLevel = 'warning') {}

  setLevel(level: LoggingLevel): void {
    this.level = level;
  }

  enabled(level: LoggingLevel): boolean {
    return SEVERITY.get(level)! >= SEVERITY.get(this.level)!;
  }

  /** Sends one message through `send` (a request's sendNotification) when the level admits it; never throws. */
  log(send: (n: ServerNotification) => Promise<void>, level: LoggingLevel, data: Record<string, unknown>): void {
    if (!this.enabled(level)) return;
    void send({ method: 'notifications/message', params: { level, logger: LOGGER, data } }).catch(() => undefined);
  }
}
