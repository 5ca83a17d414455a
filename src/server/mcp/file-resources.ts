// Resource templates: any file under the session's roots as `file:///{+path}` (read the way
// fs.read opens a file: real paths, symbolic links followed, the opened file checked against
// the roots), and any served tool's full declaration as `facet://tools/{shape}/{tool}`.
import { fileURLToPath } from 'node:url';
import { EngineError, readScopedBytes, type Scope } from '../../engine/index.js';
import type { ReadResourceResult, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import type { Runtime } from '../runtime.js';

export const FILE_TEMPLATE = 'file:///{+path}';
export const TOOL_TEMPLATE = 'facet://tools/{shape}/{tool}';
const TOOL_PREFIX = 'facet://tools/';
/** A file resource larger than this is refused (fs.read pages through bigger ones). */
export const FILE_RESOURCE_MAX_BYTES = 8 * 1024 * 1024;

export const RESOURCE_TEMPLATES: ResourceTemplate[] = [
  {
    uriTemplate: FILE_TEMPLATE,
    name: 'file',
    title: 'A file under the roots',
    description: `Any file under this session's roots, by its absolute path (file:///home/me/project/README.md). Text is served as text, other bytes as a blob; at most ${FILE_RESOURCE_MAX_BYTES} bytes.`,
  },
  {
    uriTemplate: TOOL_TEMPLATE,
    name: 'tool',
    title: 'A served tool',
    description: 'The full declaration of a tool of a shape served here (the codefly ToolSpec, JSON).',
    mimeType: 'application/json',
  },
];

export const isFileUri = (uri: string): boolean => uri.startsWith('file:');
export const isToolUri = (uri: string): boolean => uri.startsWith(TOOL_PREFIX);

/** The absolute path a file: URI names, or an invalid-argument failure. */
export function filePathOf(uri: string): string {
  try {
    return fileURLToPath(uri);
  } catch (err) {
    throw new EngineError(
      'invalid_argument',
      `${uri} is not a file URI of an absolute path: ${(err as Error).message}`,
      { field: 'uri', facts: { uri } },
    );
  }
}

const MIME: Record<string, string> = {
  '.md': 'text/markdown',
  '.json': 'application/json',
  '.html': 'text/html',
  '.css': 'text/css',
  '.csv': 'text/csv',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
};

/** Bytes that are text: valid UTF-8 without NUL. */
function asText(buf: Buffer): string | undefined {
  if (buf.includes(0)) return undefined;
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  try {
    return text.decode(buf);
  } catch {
    return undefined;
  }
}

/** A file: URI's contents, opened in the scope as fs.read opens files. */
export async function readFileResource(uri: string, scope: Scope): Promise<ReadResourceResult> {
  const { bytes: buf, real } = await readScopedBytes(scope, filePathOf(uri), {
    field: 'uri',
    maxBytes: FILE_RESOURCE_MAX_BYTES,
    tooLarge: (size) =>
      new EngineError(
        'invalid_argument',
        `${uri} is ${size} bytes; file resources are served up to ${FILE_RESOURCE_MAX_BYTES} (fs.read pages through larger files)`,
        { field: 'uri', facts: { uri, size, max: FILE_RESOURCE_MAX_BYTES } },
      ),
  });
  const dot = real.lastIndexOf('.');
  const ext = dot > real.lastIndexOf('/') ? real.slice(dot).toLowerCase() : '';
  const text = asText(buf);
  if (text !== undefined && !MIME[ext]?.startsWith('image/') && ext !== '.pdf')
    return { contents: [{ uri, mimeType: MIME[ext] ?? 'text/plain', text }] };
  return { contents: [{ uri, mimeType: MIME[ext] ?? 'application/octet-stream', blob: buf.toString('base64') }] };
}

/** `facet://tools/{shape}/{tool}`: the tool's ToolSpec as JSON. */
export async function readToolResource(uri: string, runtime: Runtime): Promise<ReadResourceResult> {
  const [shape, tool, ...rest] = uri.slice(TOOL_PREFIX.length).split('/').map(decodeURIComponent);
  const toolbox = shape === undefined ? undefined : runtime.toolboxes.get(shape);
  const spec = toolbox && tool !== undefined && rest.length === 0 ? toolbox.describeTool(tool).tool : undefined;
  if (!spec) {
    throw new EngineError(
      'not_found',
      `no resource ${uri}: ${TOOL_TEMPLATE} names a served shape (${[...runtime.toolboxes.keys()].join(', ')}) and one of its tools`,
      {
        facts: { uri },
      },
    );
  }
  // Imported here: the generated module loads grpc-js, which `facet mcp` otherwise never needs.
  const { ToolSpec } = await import('../../gen/codefly/services/toolbox/v0/toolbox.js');
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(ToolSpec.toJSON(spec)) }] };
}
