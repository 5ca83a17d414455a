// One call's ToolResult, and its rendering as the codefly contract's content list. Every
// failure the registry reports itself (unknown tool, bad arguments, a handler that threw, an
// output that breaks its schema) is a ToolResult too, so transports render one thing.
import type { EngineError } from '../engine/errors.js';
import type { Content } from '../gen/codefly/services/toolbox/v0/toolbox.js';
import type { ContentItem, HostBlock, ToolResult } from './types.js';

/** A failure with no content of its own: its words, and a host block of its facts. */
export function failureResult(text: string, err: EngineError, tool: string): ToolResult {
  const host: HostBlock = { tool, summary: err.message, failure: err.kind };
  if (typeof err.facts.path === 'string') host.paths = [err.facts.path];
  if (err.routedTo !== undefined) host.routedTo = err.routedTo;
  return { text, host, failure: err };
}

/** Only the fields that are set: a host block never carries `undefined`. */
function hostBlock(host: HostBlock): Record<string, unknown> {
  // A for-in loop: Object.entries allocates a pair per field on every call.
  const block: Record<string, unknown> = {};
  for (const k in host) {
    const v = host[k as keyof HostBlock];
    if (v !== undefined) block[k] = v;
  }
  return block;
}

/**
 * The result as content items: the text (left out when it is empty and media carry the
 * answer, as for an image read), further text parts, the media in order, the data, then
 * the host's block.
 */
export function resultItems(r: ToolResult): ContentItem[] {
  const items: ContentItem[] = [];
  const blobs = r.blobs ?? [];
  if (r.text !== '' || blobs.length === 0) items.push({ text: r.text });
  for (const text of r.parts ?? []) items.push({ text });
  for (const blob of blobs) items.push({ blob });
  if (r.data) items.push({ structured: r.data });
  items.push({ structured: { display: hostBlock(r.host) } });
  return items;
}

export function toContent(item: ContentItem): Content {
  if ('text' in item) return { body: { $case: 'text', value: item.text } };
  if ('structured' in item) return { body: { $case: 'structured', value: item.structured } };
  return { body: { $case: 'blob', value: { mediaType: item.blob.mediaType, data: Buffer.from(item.blob.data) } } };
}
