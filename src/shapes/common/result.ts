// Results in every shape carry the model-facing text, then a structured block for the host
// to show a person (paths touched, diff, counts, exit code, truncation), like Gemini CLI's
// separate display result and tool locations.
import type { Blob, ContentItem, HostBlock, ToolResult } from '../../registry/types.js';

/** Extra content as the result's parts: structured blocks are its data, bytes its blobs. */
function parts(extra: ContentItem[]): Pick<ToolResult, 'data' | 'blobs' | 'parts'> {
  const blobs: Blob[] = [];
  const texts: string[] = [];
  let data: Record<string, unknown> | undefined;
  for (const item of extra) {
    if ('blob' in item) blobs.push(item.blob);
    else if ('structured' in item) data = { ...data, ...item.structured };
    else texts.push(item.text);
  }
  return {
    ...(data ? { data } : {}),
    ...(blobs.length > 0 ? { blobs } : {}),
    ...(texts.length > 0 ? { parts: texts } : {}),
  };
}

/** A successful result: the model's text, then the host block. */
export function ok(text: string, host: HostBlock, extra: ContentItem[] = []): ToolResult {
  return { text, host, ...parts(extra) };
}
