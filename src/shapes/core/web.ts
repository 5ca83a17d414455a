// core shape: web tools (web.*) over the web engine: guarded page fetches, web search
// through the configured providers, and find in page. Text for the model, the engine's
// structured result for the host.
import type { FacetConfig } from '../../config.js';
import {
  type Engine,
  type FetchedPage,
  type FindInPageResult,
  type HtmlFormat,
  isCrossSiteRedirect,
  PROVIDER_NAMES,
  type SearchResponse,
} from '../../engine/index.js';
import type { ContentItem, ToolDefinition } from '../../registry/types.js';
import { TAGS } from '../tags.js';

const DEFAULT_MAX_CHARS = 100_000;
const MAX_BYTES_LIMIT = 50 * 1024 * 1024;

/** Plain JSON (no undefined) so the block maps onto a protobuf Struct. */
function json(value: object): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}

const urlProp = { type: 'string', minLength: 1, maxLength: 8192, description: 'An http:// or https:// URL.' };
const timeoutProp = { type: 'integer', minimum: 100, maximum: 120_000, description: 'Give up after this many milliseconds (default 30000).' };
const maxBytesProp = {
  type: 'integer',
  minimum: 1024,
  maximum: MAX_BYTES_LIMIT,
  description: 'Read at most this many bytes of the body (default 10 MiB); the rest is not downloaded.',
};

const GUARD_MODES = [
  'SECURITY_POLICY_FAILED: the URL (or a redirect, or what its name resolves to) points at a loopback, private, link-local or',
  'cloud-metadata address; such addresses are never fetched unless the server operator allowed them. Do not retry with another',
  'spelling of the same address.',
].join(' ');

const FETCH_MODES = [
  'INVALID_ARGUMENT: not an http(s) URL, or credentials in it.',
  GUARD_MODES,
  'NOT_FOUND / PERMISSION_DENIED / DEPENDENCY_UNAVAILABLE / RATE_LIMITED: the site answered 404-410 / 401-403 / 5xx / 429',
  '(facts.status).',
  'RATE_LIMITED: too many requests to one host in a minute from this server; retry after retry_after.',
  'TIMEOUT: the site did not answer within timeout_ms. NETWORK_FAILED: the host does not resolve, refused the connection,',
  'failed the TLS handshake (also after upgrade_http), answered another 4xx status, or redirected more than 10 times.',
  'UNSUPPORTED_OPERATION: the body is binary (PDF, archive...) and not an image, or in an unknown content encoding.',
  'RESOURCE_EXHAUSTED: an image above max_bytes.',
].join('\n');

interface FetchArgs {
  url: string;
  format?: HtmlFormat;
  max_chars?: number;
  max_bytes?: number;
  timeout_ms?: number;
  upgrade_http?: boolean;
  cross_site_redirects?: 'follow' | 'report';
  use_cache?: boolean;
}

function pageBlock(p: FetchedPage): Record<string, unknown> {
  return json({
    url: p.url,
    final_url: p.finalUrl,
    redirects: p.redirects,
    status: p.status,
    content_type: p.contentType,
    media_type: p.mediaType,
    charset: p.charset,
    format: p.format,
    title: p.title,
    bytes: p.bytes,
    truncated: p.truncated,
    total_chars: p.totalChars,
    chars_truncated: p.charsTruncated,
    from_cache: p.fromCache,
  });
}

function fetchTool(config: FacetConfig, facet: Engine): ToolDefinition<FetchArgs> {
  return {
    name: 'web.fetch',
    summary: 'Fetch a web page or file by URL and get it as Markdown, text, JSON or an image.',
    description: [
      'GETs one http(s) URL and returns its content: HTML as Markdown (links made absolute) or, with `format`, as plain text',
      'or raw HTML; JSON, Markdown and plain text as they are; images as bytes. Charsets are detected and decoded.',
      'The content is cut at `max_chars` (default 100000; the structured block gives total_chars). Redirects are followed',
      '(at most 10) unless `cross_site_redirects` is "report", which returns the target of a redirect to another site instead.',
      'Pages are cached for 15 minutes per URL. Loopback, private, link-local and cloud-metadata addresses are refused,',
      'after DNS resolution and at every redirect. Use web.find to locate a phrase in a long page.',
    ].join(' '),
    inputSchema: {
      type: 'object',
      properties: {
        url: urlProp,
        format: { type: 'string', enum: ['markdown', 'text', 'html'], description: 'How an HTML page comes back (default markdown).' },
        max_chars: { type: 'integer', minimum: 1, maximum: 10_000_000, description: `Cut the content at this many characters (default ${DEFAULT_MAX_CHARS}).` },
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
    },
    destructive: false,
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
    async handler(args, ctx) {
      const engine = facet.web;
      const got = await engine.fetch(args.url, {
        format: args.format,
        maxChars: args.max_chars ?? DEFAULT_MAX_CHARS,
        maxBytes: args.max_bytes,
        timeoutMs: args.timeout_ms,
        upgradeHttp: args.upgrade_http,
        crossSiteRedirects: args.cross_site_redirects,
        cache: args.use_cache,
        signal: ctx.signal,
      });
      if (isCrossSiteRedirect(got)) {
        return {
          content: [
            { text: `${got.url} redirects to another site: ${got.redirectUrl} (${got.status} ${got.statusText}). Fetch that URL to follow it.` },
            { structured: json({ url: got.url, redirect_url: got.redirectUrl, status: got.status, redirects: got.redirects }) },
          ],
        };
      }
      const content: ContentItem[] = [];
      if (got.blob) content.push({ blob: got.blob });
      else content.push({ text: got.content });
      content.push({ structured: pageBlock(got) });
      return { content };
    },
  };
}

interface SearchArgs {
  query: string;
  limit?: number;
  provider?: string;
  allowed_domains?: string[];
  blocked_domains?: string[];
  include_content?: boolean;
}

/** Numbered results with their URLs, after the provider's answer when there is one. */
function searchText(r: SearchResponse): string {
  const parts: string[] = [];
  if (r.answer) parts.push(`Answer: ${r.answer}`);
  if (r.results.length === 0) parts.push(`No results for "${r.query}".`);
  r.results.forEach((x, i) => {
    const lines = [`${i + 1}. ${x.title}`, `   ${x.url}`];
    if (x.date) lines.push(`   Date: ${x.date}`);
    if (x.snippet) lines.push(`   ${x.snippet.replace(/\s+/g, ' ').trim()}`);
    if (x.content) lines.push('', x.content.trim());
    parts.push(lines.join('\n'));
  });
  return parts.join('\n\n');
}

const domainList = { type: 'array', items: { type: 'string', minLength: 1 }, maxItems: 50 };

function searchTool(config: FacetConfig, facet: Engine): ToolDefinition<SearchArgs> {
  return {
    name: 'web.search',
    summary: 'Search the web and get ranked results (title, URL, snippet) plus a short answer when the provider gives one.',
    description: [
      'Runs the query through the first configured search provider (Tavily, Gemini with Google Search grounding, Brave,',
      'SearXNG; `provider` picks one); when a provider fails the next configured one answers and the structured block lists',
      'the failures. `allowed_domains` keeps only results from those domains (subdomains included); `blocked_domains`',
      'drops them. The structured block is the full result: provider, answer, results (title, url, snippet, content, date,',
      'site_name, score) and, for Gemini, the raw grounding chunks and supports. Follow up with web.fetch on a result URL.',
    ].join(' '),
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 2, maxLength: 2000, description: 'What to search for.' },
        limit: { type: 'integer', minimum: 1, maximum: 20, description: 'Most results to return (default 5).' },
        provider: { type: 'string', enum: [...PROVIDER_NAMES], description: 'Use only this provider.' },
        allowed_domains: { ...domainList, description: 'Only return results from these domains.' },
        blocked_domains: { ...domainList, description: 'Never return results from these domains.' },
        include_content: { type: 'boolean', description: 'Also return page content where the provider offers it (default false).' },
      },
      required: ['query'],
      additionalProperties: false,
    },
    destructive: false,
    tags: [TAGS.network, TAGS.web, TAGS.search, TAGS.readOnly],
    examples: [
      {
        description: 'Find the undici documentation',
        arguments: { query: 'undici Agent connect options' },
        expectedOutcome: 'Up to 5 numbered results with URLs and snippets.',
      },
      {
        description: 'Search only the Node.js site',
        arguments: { query: 'AbortSignal.any', limit: 3, allowed_domains: ['nodejs.org'] },
        expectedOutcome: 'At most 3 results, all from nodejs.org.',
      },
    ],
    idempotency: 'idempotent',
    errorModes: [
      'DEPENDENCY_UNAVAILABLE: no search provider is configured on this server (or the named one is not); tell the user.',
      'Provider failures name the provider ("[Tavily] HTTP 401 ..."): PERMISSION_DENIED for a rejected API key, RATE_LIMITED for',
      'quota, DEPENDENCY_UNAVAILABLE for a 5xx or other unexpected status, TIMEOUT, NETWORK_FAILED (no connection, or an answer',
      'that is not JSON), RESOURCE_EXHAUSTED (an answer above 10 MiB). Without `provider`, a failing provider hands over to the',
      'next configured one (failed_providers lists it) and the error comes back only when every one failed, naming each; with',
      "`provider`, that provider's failure comes back at once.",
      'INVALID_ARGUMENT: an empty query, an unknown provider, or a request the provider refused (HTTP 400/422, a prompt Gemini',
      'blocked).',
    ].join('\n'),
    async handler(args, ctx) {
      const r = await facet.web.search(args.query, {
        limit: args.limit ?? 5,
        provider: args.provider,
        allowedDomains: args.allowed_domains,
        blockedDomains: args.blocked_domains,
        includeContent: args.include_content,
        signal: ctx.signal,
      });
      return {
        content: [
          { text: searchText(r) },
          {
            structured: json({
              provider: r.provider,
              query: r.query,
              answer: r.answer,
              results: r.results,
              grounding: r.grounding,
              failed_providers: r.failedProviders,
            }),
          },
        ],
      };
    },
  };
}

interface FindArgs {
  url: string;
  pattern: string;
  case_sensitive?: boolean;
  context_chars?: number;
  max_matches?: number;
  timeout_ms?: number;
  max_bytes?: number;
}

function findText(r: FindInPageResult): string {
  const flat = (s: string) => s.replace(/\s+/g, ' ');
  const head =
    r.totalMatches === 0
      ? `No match for "${r.pattern}" in ${r.finalUrl}.`
      : `${r.totalMatches} match${r.totalMatches === 1 ? '' : 'es'} for "${r.pattern}" in ${r.finalUrl}` +
        (r.matches.length < r.totalMatches ? ` (first ${r.matches.length} shown):` : ':');
  const lines = r.matches.map((m, i) => `[${i + 1}] line ${m.line}, column ${m.column}: …${flat(m.before)}**${flat(m.match)}**${flat(m.after)}…`);
  const tail = r.truncated ? ['(The page was larger than max_bytes; later matches may be missing.)'] : [];
  return [head, ...lines, ...tail].join('\n');
}

function findTool(config: FacetConfig, facet: Engine): ToolDefinition<FindArgs> {
  return {
    name: 'web.find',
    summary: 'Find where a phrase occurs in a web page and get each passage around it, with line and column.',
    description: [
      'Fetches the page like web.fetch (same guard and cache; HTML as Markdown) and returns the passages that contain',
      '`pattern`: each with its line, column and character offset in the Markdown and `context_chars` characters on each side.',
      'The pattern is a literal phrase, case-insensitive unless `case_sensitive`; spaces in it match any run of whitespace.',
      'Use it to locate a section in a long page, then web.fetch with a larger max_chars if you need more.',
    ].join(' '),
    inputSchema: {
      type: 'object',
      properties: {
        url: urlProp,
        pattern: { type: 'string', minLength: 1, maxLength: 1000, description: 'The phrase to find (literal, not a regular expression).' },
        case_sensitive: { type: 'boolean', description: 'Match letter case exactly (default false).' },
        context_chars: { type: 'integer', minimum: 0, maximum: 5000, description: 'Characters shown on each side of a match (default 200).' },
        max_matches: { type: 'integer', minimum: 1, maximum: 500, description: 'Most passages returned (default 20); the total is always counted.' },
        timeout_ms: timeoutProp,
        max_bytes: maxBytesProp,
      },
      required: ['url', 'pattern'],
      additionalProperties: false,
    },
    destructive: false,
    tags: [TAGS.network, TAGS.web, TAGS.search, TAGS.readOnly],
    examples: [
      {
        description: 'Locate the timeout option in a documentation page',
        arguments: { url: 'https://undici.nodejs.org/#/docs/api/Agent', pattern: 'connect timeout', context_chars: 300 },
        expectedOutcome: 'Each passage mentioning "connect timeout", with its line and column.',
      },
    ],
    idempotency: 'idempotent',
    errorModes: [
      FETCH_MODES,
      'INVALID_ARGUMENT also when `pattern` is only whitespace. UNSUPPORTED_OPERATION also when the URL is an image: there is',
      'no text to search.',
    ].join('\n'),
    async handler(args, ctx) {
      const r = await facet.web.findInPage(args.url, args.pattern, {
        caseSensitive: args.case_sensitive,
        contextChars: args.context_chars,
        maxMatches: args.max_matches,
        timeoutMs: args.timeout_ms,
        maxBytes: args.max_bytes,
        signal: ctx.signal,
      });
      return {
        content: [
          { text: findText(r) },
          {
            structured: json({
              url: r.url,
              final_url: r.finalUrl,
              title: r.title,
              pattern: r.pattern,
              total_matches: r.totalMatches,
              matches: r.matches,
              truncated: r.truncated,
            }),
          },
        ],
      };
    },
  };
}

export function webTools(config: FacetConfig, facet: Engine): ToolDefinition[] {
  // Built now so that a malformed allow list stops start-up instead of failing the first call.
  try {
    void facet.web;
  } catch (err) {
    throw new Error(`--web-allow-hosts: ${(err as Error).message}`);
  }
  return [fetchTool(config, facet), searchTool(config, facet), findTool(config, facet)];
}
