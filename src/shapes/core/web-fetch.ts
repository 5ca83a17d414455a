// web.fetch: one guarded page fetch, as Markdown, text, raw HTML, JSON or an image.
import { isCrossSiteRedirect } from '../../engine/index.js';
import { pageData, plainJson, redirectData, redirectHost } from '../kit/web/views.js';
import { DEFAULT_MAX_CHARS, FETCH_MODES, maxBytesProp, timeoutProp, urlProp } from './web-common.js';
import { type ArgsOf, type Call, defineTool, TAGS } from './shared.js';

const schema = {
  type: 'object',
  properties: {
    url: urlProp,
    format: {
      type: 'string',
      enum: ['markdown', 'text', 'html'],
      description: 'How an HTML page comes back (default markdown).',
    },
    max_chars: {
      type: 'integer',
      minimum: 1,
      maximum: 10_000_000,
      description: `Cut the content at this many characters (default ${DEFAULT_MAX_CHARS}).`,
    },
    max_bytes: maxBytesProp,
    timeout_ms: timeoutProp,
    upgrade_http: { type: 'boolean', description: 'Fetch an http:// URL over https:// instead (default false).' },
    cross_site_redirects: {
      type: 'string',
      enum: ['follow', 'report'],
      description: 'follow (default): follow redirects to other sites; report: stop and return the redirect target.',
    },
    use_cache: { type: 'boolean', description: 'Serve and store the page in the 15-minute cache (default true).' },
  },
  required: ['url'],
  additionalProperties: false,
} as const;

export const fetchTool = defineTool<ArgsOf<typeof schema>, Awaited<ReturnType<Call['engine']['web']['fetch']>>>({
  name: 'web.fetch',
  summary: 'Fetch a web page or file by URL and get it as Markdown, text, JSON or an image.',
  description: [
    'GETs one http(s) URL and returns its content: HTML as Markdown (links made absolute) or, with `format`, as plain text',
    'or raw HTML; JSON, Markdown and plain text as they are; images as bytes. Charsets are detected and decoded.',
    'The content is cut at `max_chars` (default 100000; the structured block gives total_chars). Redirects are followed',
    '(at most 10) unless `cross_site_redirects` is "report", which returns the target of a redirect to another site instead.',
    'Pages are cached for 15 minutes per URL. Loopback, private, link-local and cloud-metadata addresses are refused,',
    'after DNS resolution and at every redirect. Use web.find to locate a phrase in a long page.',
  ],
  schema,
  tags: [TAGS.network, TAGS.web, TAGS.readOnly],
  examples: [
    {
      description: 'Read a documentation page as Markdown',
      arguments: { url: 'https://nodejs.org/api/fs.html' },
      expectedOutcome: 'The page as Markdown, with its title and final URL in the structured block.',
    },
    {
      description: 'Get the first 5000 characters as plain text',
      arguments: { url: 'https://example.com/', format: 'text', max_chars: 5000 },
      expectedOutcome: 'Plain text, cut at 5000 characters.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: FETCH_MODES,
  call: (a, c) =>
    c.engine.web.fetch(a.url, {
      format: a.format,
      maxChars: a.max_chars ?? DEFAULT_MAX_CHARS,
      maxBytes: a.max_bytes,
      timeoutMs: a.timeout_ms,
      upgradeHttp: a.upgrade_http,
      crossSiteRedirects: a.cross_site_redirects,
      cache: a.use_cache,
      signal: c.signal,
    }),
  format(got) {
    if (isCrossSiteRedirect(got)) {
      const text = `${got.url} redirects to another site: ${got.redirectUrl} (${got.status} ${got.statusText}). Fetch that URL to follow it.`;
      return { text, data: redirectData(got), host: redirectHost(got) };
    }
    const details = plainJson({
      url: got.finalUrl,
      status: got.status,
      mediaType: got.mediaType,
      title: got.title,
      fromCache: got.fromCache,
    });
    const host = {
      summary: `Fetched ${got.finalUrl} (${got.status})`,
      counts: { bytes: got.bytes },
      truncated: got.truncated || got.charsTruncated,
      details,
    };
    return { text: got.blob ? '' : got.content, blobs: got.blob ? [got.blob] : undefined, data: pageData(got), host };
  },
});
