// web_fetch: one explicit URL plus the request about it; the page comes back as text (this
// server runs no model to answer the request from it).
import { type FetchedPage, isCrossSiteRedirect } from '../../engine/index.js';
import type { ArgsOf } from '../kit/args/schema-args.js';
import { fetchedHost } from '../kit/web/web-host.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { qwenObject } from '../gemini-family/schema.js';
import { badParams, shapeError } from '../gemini-family/shared.js';

type Format = 'auto' | 'markdown' | 'html' | 'text';
/** The Accept header Qwen sends for each format. */
const ACCEPT: Record<Format, string> = {
  auto: 'text/markdown, text/html, text/plain',
  markdown: 'text/markdown',
  html: 'text/html',
  text: 'text/plain',
};
/** How Qwen fetches: as text (GitHub blobs from raw), 10 s, at most 100000 characters. */
const FETCH = { format: 'text', githubRaw: true, timeoutMs: 10_000, maxChars: 100_000 } as const;

const schema = qwenObject(
  { url: 'string', prompt: 'string', format: { type: 'string', enum: ['auto', 'markdown', 'html', 'text'] } },
  ['url', 'prompt'],
);
type Args = ArgsOf<typeof schema>;

export const webFetch = defineTool<Args, FetchedPage>({
  name: 'web_fetch',
  summary: 'Fetch one http(s) URL and get its content as text, with the request you want answered from it.',
  description: [
    'GETs `url` (http:// or https://; GitHub blob links are read from raw.githubusercontent.com; 10 s limit) asking for',
    '`format` (auto, markdown, html or text). Markdown and plain text come back as they are, HTML as plain text; at most',
    '100000 characters. Unlike Qwen Code this server runs no model: `prompt` is not answered for you, the content is',
    'returned with it so you can. Private and loopback addresses are refused unless the server allows them.',
  ],
  schema,
  tags: [TAGS.network, TAGS.web, TAGS.readOnly],
  examples: [
    {
      description: 'Read a changelog',
      arguments: { url: 'https://example.com/CHANGELOG.md', prompt: 'What changed in 2.0?' },
      expectedOutcome: 'The changelog text.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'invalid_tool_params: the url does not start with http:// or https://.',
    'web_fetch_fallback_failed: the site answered with an HTTP error (the status is in the message) or did not answer in 10 s.',
    'policy_violation (SECURITY_POLICY_FAILED): the address is private, loopback or cloud metadata and refused (Qwen Code would fetch it).',
    'No summary: the content is returned as fetched (a model-side difference from Qwen Code).',
  ],
  async call(args, c) {
    if (!/^https?:\/\//i.test(args.url)) throw badParams('the url must start with http:// or https://', 'url');
    const got = await c.engine.web.fetch(args.url, {
      ...FETCH,
      accept: ACCEPT[args.format ?? 'auto'],
      signal: c.signal,
    });
    if (isCrossSiteRedirect(got) || got.blob)
      throw shapeError('unsupported', `${args.url} did not return text`, 'web_fetch_fallback_failed', {
        url: args.url,
      });
    return got;
  },
  format(got, args) {
    return {
      text: `Content fetched from ${args.url} for the request "${args.prompt}" (returned as fetched, not summarised; answer the request from it yourself):\n---\n${got.content}\n---`,
      host: { summary: `Fetched ${args.url}`, ...fetchedHost(got) },
    };
  },
});
