// Reading one of Facet's own resources for a dialect's MCP-resource tool: the resource's items as
// MCP read contents ({uri, mimeType, text}), binary ones set apart as blobs for the host. The
// dialects differ only in how a binary item reads in the contents and what a missing one answers.
import { EngineError } from '../../engine/index.js';
import type { Blob, ServedToolbox } from '../../registry/types.js';
import type { Call } from './define.js';

export interface OwnRead {
  contents: Array<Record<string, string>>;
  blobs: Blob[];
}

/** `uri` of `own`'s resources, or undefined when there is none there (no resources, or not found). */
export async function readOwnResource(
  own: ServedToolbox,
  uri: string,
  c: Call,
  binary: (blob: Blob) => Record<string, string>,
): Promise<OwnRead | undefined> {
  if (!own.resources) return undefined;
  const entry = (await own.resources.list(c)).find((r) => r.uri === uri);
  let items;
  try {
    items = await own.resources.read(uri, c);
  } catch (err) {
    if (err instanceof EngineError && err.kind === 'not_found') return undefined;
    throw err;
  }
  const mimeType = entry?.mimeType || 'text/plain';
  const blobs: Blob[] = [];
  const contents = items.map((item): Record<string, string> => {
    if ('text' in item) return { uri, mimeType, text: item.text };
    if ('structured' in item) return { uri, mimeType: 'application/json', text: JSON.stringify(item.structured) };
    blobs.push(item.blob);
    return { uri, mimeType: item.blob.mediaType, ...binary(item.blob) };
  });
  return { contents, blobs };
}
