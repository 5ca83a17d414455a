// The vendor-neutral description of a toolbox: tools, resources and prompts, declared
// once and projected by the Toolbox class into every envelope of the wire contract.
import type { EngineError } from '../engine/errors.js';
import type { HostContent } from '../engine/host-content.js';
import type { ProgressSink } from '../engine/progress.js';
import type { HostAsker } from '../engine/questions.js';
import type { Scope } from '../engine/scope.js';
import type { Session } from '../engine/session.js';

/** JSON Schema as a plain object (what DescribeTool serves as input_schema). */
export type JsonSchema = Record<string, unknown>;

/** One piece of a result: model-facing text, a structured block for the host, or bytes. */
export type ContentItem = { text: string } | { structured: Record<string, unknown> } | { blob: Blob };

export interface Blob {
  mediaType: string;
  data: Uint8Array;
}

/** What a host shows a person about one call. Only the fields that apply are set. */
export interface HostBlock extends HostContent {
  /** The vendor tool that ran. */
  tool: string;
  /** The failure's kind, on a failure the registry reports itself (unknown tool, bad arguments, a throw). */
  failure?: string;
  /** The canonical tool a call was routed to. */
  routedTo?: string;
}

/**
 * What one call yields, whatever the transport: the model's text, the host's block, the
 * tool's structured data (held to its output schema) and any media, in order. gRPC renders
 * it as content [text, ...blobs, data, {display: host}]; MCP as text, image/resource and
 * structuredContent. A failed call carries its structured cause in `failure`.
 */
export interface ToolResult {
  /** The model-facing text; on a failure, the vendor's wording of it. */
  text: string;
  /**
   * Text parts that follow `text`, for dialects whose results are several parts (Kimi: its framed message, then the
   * output).
   */
  parts?: string[];
  host: HostBlock;
  data?: Record<string, unknown>;
  blobs?: Blob[];
  failure?: EngineError;
  /** The failure's words, when they differ from `text` (a failed command whose text is its output). */
  error?: string;
}

/** Everything a handler or resource reader learns about the call it serves. */
export interface RequestContext {
  /** Fires on the call's deadline, its cancellation, or server shutdown. */
  signal: AbortSignal;
  session: Session;
  /** Server roots narrowed by CallToolRequest.roots. */
  scope: Scope;
  /** The shape serving this call. */
  shape: string;
  /** Absolute time (ms since epoch) of the call's deadline, when it has one. */
  deadline?: number;
  logger: CallLogger;
  /**
   * Live output while the call runs (every chunk a command prints), when the transport's
   * caller asked for it (MCP progressToken). Shapes pass their context to the engine as is,
   * so this reaches the shell engine untouched.
   */
  progress?: ProgressSink;
  /** How the transport asks the call's host a question (engine.host.ask), when it can. */
  asker?: HostAsker;
  /** The transport and method the call came by (absent for calls made in process). */
  transport?: CallTransport;
  /** The toolbox serving the call, set by it: a tool that shows the toolbox's own resources reads them here. */
  toolbox?: ServedToolbox;
}

/** A toolbox as its tools may see it: its served name (Identity.name, the MCP server's name) and its resources. */
export interface ServedToolbox {
  name: string;
  resources?: ResourceProvider;
  /**
   * Calls one of the toolbox's tools as a call from the host would be made (validation, plan mode, observers): a tool
   * whose input is a script that calls other tools (Codex's exec) runs them here.
   */
  call?: (name: string, args: Record<string, unknown>, ctx: RequestContext) => Promise<ToolResult>;
}

/** How a call reached the server, for metrics and traces. */
export interface CallTransport {
  /** 'grpc', 'mcp', or 'http' (the sandboxd REST API). */
  system: 'grpc' | 'mcp' | 'http';
  /** The RPC (codefly.services.toolbox.v0.Toolbox/CallTool) or MCP method (tools/call). */
  method: string;
  /** The caller's W3C trace context (traceparent metadata or header), when it sent one. */
  traceparent?: string;
  tracestate?: string;
}

export interface CallLogger {
  debug(obj: Record<string, unknown>, msg?: string): void;
  warn(obj: Record<string, unknown>, msg?: string): void;
}

export type HandlerContext = RequestContext;

export interface ToolExample {
  description: string;
  arguments: Record<string, unknown>;
  expectedOutcome: string;
}

export type Idempotency = 'idempotent' | 'side_effecting' | '';

// The bare ToolDefinition is a list element of tools with different argument types (handlers get schema-checked
// args); `unknown` would make each tool unassignable to it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ToolDefinition<Args = any> {
  /** Unique within a toolbox: the exact vendor name, or a dotted core name. */
  name: string;
  /** One line (at most 120 characters) that says when to pick this tool. */
  summary: string;
  /** The contract: what it does, limits, when not to use it. Falls back to the summary. */
  description?: string;
  inputSchema: JsonSchema;
  /**
   * The JSON Schema arguments are validated against, when `inputSchema` is a vendor's own
   * declaration that is not one (Codex's freeform apply_patch). Default: inputSchema.
   */
  argumentsSchema?: JsonSchema;
  outputSchema?: JsonSchema;
  destructive: boolean;
  tags: string[];
  examples: ToolExample[];
  idempotency: Idempotency;
  /** Prose: each way the tool fails and what the model should do. */
  errorModes: string;
  handler: (args: Args, ctx: HandlerContext) => Promise<ToolResult>;
  /**
   * Words a failure raised before the handler ran (bad arguments, an evicted session); the engine's message otherwise.
   */
  formatError?: (err: EngineError, args: Args, ctx: HandlerContext) => string;
  /**
   * Engine field names as this tool's parameters call them: the tool renames its failures' fields (registry/fields.ts)
   * before wording them.
   */
  fields?: Record<string, string>;
  /**
   * Callable by name but left out of ListTools, ListToolSummaries and the unknown-tool answer: a tool the vendor keeps
   * out of its model's tool list (deferred behind a search tool, or off by default) yet answers when called.
   */
  unlisted?: boolean;
}

export interface ResourceEntry {
  uri: string;
  name: string;
  description: string;
  mimeType: string;
}

/** Resources are computed per request: they depend on the call's scope. */
export interface ResourceProvider {
  list(ctx: RequestContext): Promise<ResourceEntry[]>;
  /** Throws EngineError not_found for an unknown URI. */
  read(uri: string, ctx: RequestContext): Promise<ContentItem[]>;
}

export interface PromptArgumentDef {
  name: string;
  description: string;
  required: boolean;
}

export interface PromptMessageOut {
  role: 'user' | 'assistant' | 'system';
  content: ContentItem[];
}

export interface PromptDefinition {
  name: string;
  description: string;
  arguments: PromptArgumentDef[];
  render(
    args: Record<string, string>,
    ctx: RequestContext,
  ): Promise<{ description: string; messages: PromptMessageOut[] }>;
}

/** One shape's catalog: the input to a Toolbox. */
export interface ToolboxSpec {
  /** Served as Identity.name and prepended to every tool's tags. */
  name: string;
  version: string;
  description: string;
  canonicalFor: string[];
  /** Summary of what the toolbox may touch, computed for the call's scope. */
  sandboxSummary: (ctx: RequestContext) => string;
  tools: ToolDefinition[];
  resources?: ResourceProvider;
  prompts?: PromptDefinition[];
  /** The text a call to a tool this toolbox does not serve answers (default: Facet's own, listing the tools). */
  unknownTool?: (name: string) => string;
}
