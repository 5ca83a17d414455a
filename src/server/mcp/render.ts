// The registry's transport-neutral answers rendered as MCP: a ToolResult as a CallToolResult,
// the catalog as MCP tools with annotations, resource and prompt contents. No tool logic here.
//
// Choices (documented in the README):
// - text and further text parts become text content; images become image content, audio
//   becomes audio content, any other blob an embedded resource with its bytes. Nothing is a
//   placeholder.
// - `data` is `structuredContent` only for a tool that declares an output schema, which says
//   its data is the whole result (the openai shape's output items, the anthropic shape's
//   tool_result blocks): a client may prefer structuredContent to the text and must then miss
//   nothing. It is held to that schema and also serialized as JSON in a last text block, as
//   the spec asks of structured results.
// - A tool without an output schema sends no structuredContent: its data, where it has any, is
//   facts beside the text (core's fs.read: the range shown, not the file's lines), given to
//   hosts in `_meta["facet/data"]`. A client preferring structuredContent would otherwise hand
//   the model the facts and never the text (the OpenAI Agents SDK's useStructuredContent).
// - The host block (what a person is shown: summary, paths, diff, counts...) is in
//   `_meta["facet/host"]`.
// - A failure is `isError: true`; its text content carries the shape's words (after the
//   output, for a command that failed), and the structured Failure (the contract's
//   codefly.base.v0.Failure, JSON form) is in `_meta["facet/failure"]`.
import type {
  CallToolResult,
  ContentBlock,
  GetPromptResult,
  ReadResourceResult,
  Tool as McpTool,
  ToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js';
import { pathToFileURL } from 'node:url';
import { EngineError } from '../../engine/errors.js';
import type { Content, GetPromptResponse, ToolSpec } from '../../gen/codefly/services/toolbox/v0/toolbox.js';
import type { Blob, HostBlock, JsonSchema, ToolResult } from '../../registry/types.js';
import { TAGS } from '../../shapes/tags.js';
import type { McpNames } from './names.js';

export const HOST_META = 'facet/host';
export const FAILURE_META = 'facet/failure';
export const DATA_META = 'facet/data';

const isObjectSchema = (s: JsonSchema | undefined): s is JsonSchema & { type: 'object' } =>
  s !== undefined && s.type === 'object';

/** An MCP tool from the contract's ToolSpec (DescribeTool), with annotations derived from it. */
export function toMcpTool(spec: ToolSpec, argumentsSchema?: JsonSchema, names?: McpNames): McpTool {
  const tags = spec.tags;
  const annotations: ToolAnnotations = {
    readOnlyHint: !spec.destructive && tags.includes(TAGS.readOnly),
    destructiveHint: spec.destructive,
    idempotentHint: spec.idempotency === 'idempotent',
    openWorldHint: tags.includes(TAGS.network) || tags.includes(TAGS.web),
  };
  // MCP needs an object schema: a vendor's own declaration that is not one (Codex's freeform
  // apply_patch) is served as the schema its arguments are validated against.
  const input = isObjectSchema(spec.inputSchema)
    ? spec.inputSchema
    : isObjectSchema(argumentsSchema)
      ? argumentsSchema
      : { type: 'object' as const };
  return {
    name: names ? names.mcp(spec.name) : spec.name,
    description: names ? names.inText(spec.description) : spec.description,
    inputSchema: input as McpTool['inputSchema'],
    ...(isObjectSchema(spec.outputSchema) ? { outputSchema: spec.outputSchema as McpTool['outputSchema'] } : {}),
    annotations,
    _meta: { 'facet/tags': tags },
  };
}

/** Only the fields that are set (for-in: no entry arrays per call). */
function hostMeta(host: HostBlock): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in host) {
    const v = host[k as keyof HostBlock];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

function blobContent(blob: Blob, uri: string): ContentBlock {
  const data = Buffer.from(blob.data).toString('base64');
  if (blob.mediaType.startsWith('image/')) return { type: 'image', data, mimeType: blob.mediaType };
  if (blob.mediaType.startsWith('audio/')) return { type: 'audio', data, mimeType: blob.mediaType };
  return { type: 'resource', resource: { uri, mimeType: blob.mediaType, blob: data } };
}

/** A blob's URI: the file it came from when the host block names one per blob, else a name within this result. */
function blobUri(r: ToolResult, i: number, tool: string): string {
  const paths = r.host.paths ?? [];
  const p = paths.length === (r.blobs ?? []).length ? paths[i] : undefined;
  return p ? pathToFileURL(p).href : `facet://result/${encodeURIComponent(tool)}/${i}`;
}

/** The contract's Failure in its JSON form; loaded with the generated code at the first failed call. */
type FailureJson = (err: EngineError, tool: string, words: string) => unknown;
let failureJson: FailureJson | undefined;

/**
 * One call's ToolResult as MCP's CallToolResult (see the choices above); `structured`: the
 * tool declares an output schema, so its data is the whole result. The first failed call
 * waits for the Failure's generated code, which `facet mcp` does not load at start-up.
 */
export function toCallToolResult(
  r: ToolResult,
  tool: string,
  structured = false,
): CallToolResult | Promise<CallToolResult> {
  if (failureJson || (r.failure === undefined && r.error === undefined)) return renderCall(r, tool, structured);
  return import('./failure-json.js').then((m) => {
    failureJson = m.failureJson;
    return renderCall(r, tool, structured);
  });
}

function renderCall(r: ToolResult, tool: string, structured: boolean): CallToolResult {
  const content: ContentBlock[] = [];
  const blobs = r.blobs ?? [];
  if (r.text !== '' || blobs.length === 0) content.push({ type: 'text', text: r.text });
  for (const text of r.parts ?? []) content.push({ type: 'text', text });
  blobs.forEach((b, i) => content.push(blobContent(b, blobUri(r, i, tool))));
  const meta: Record<string, unknown> = { [HOST_META]: hostMeta(r.host) };
  const err = r.failure ?? (r.error !== undefined ? new EngineError('internal', r.error) : undefined);
  if (err) {
    const words = r.error ?? r.text;
    if (words !== '' && words !== r.text) content.push({ type: 'text', text: words });
    meta[FAILURE_META] = failureJson!(err, tool, words);
  }
  const out: CallToolResult = { content };
  if (r.data && !structured) meta[DATA_META] = r.data;
  else if (r.data) {
    out.structuredContent = r.data;
    // The spec: a tool returning structured content SHOULD also return it serialized in a text block.
    const json = JSON.stringify(r.data);
    if (!content.some((c) => c.type === 'text' && c.text === json)) content.push({ type: 'text', text: json });
  }
  if (err) out.isError = true;
  out._meta = meta;
  return out;
}

/** A resource's contents (the contract's content list) as MCP resource contents. */
export function toResourceContents(uri: string, mimeType: string, items: Content[]): ReadResourceResult {
  const contents: ReadResourceResult['contents'] = [];
  for (const item of items) {
    const body = item.body;
    if (!body) continue;
    if (body.$case === 'text') contents.push({ uri, mimeType, text: body.value });
    else if (body.$case === 'blob')
      contents.push({ uri, mimeType: body.value.mediaType, blob: Buffer.from(body.value.data).toString('base64') });
    else contents.push({ uri, mimeType: 'application/json', text: JSON.stringify(body.value ?? {}) });
  }
  return { contents };
}

/** A rendered prompt: one MCP message per content item (an MCP message holds one), system turns as user turns. */
export function toPromptResult(p: GetPromptResponse): GetPromptResult {
  const messages: GetPromptResult['messages'] = [];
  for (const m of p.messages) {
    const role = m.role === 'assistant' ? 'assistant' : 'user';
    for (const item of m.content) {
      const body = item.body;
      if (!body) continue;
      if (body.$case === 'text') messages.push({ role, content: { type: 'text', text: body.value } });
      else if (body.$case === 'blob') {
        messages.push({
          role,
          content: blobContent(
            { mediaType: body.value.mediaType, data: body.value.data },
            `facet://prompt/${messages.length}`,
          ),
        });
      } else messages.push({ role, content: { type: 'text', text: JSON.stringify(body.value ?? {}) } });
    }
  }
  return { description: p.description, messages };
}
