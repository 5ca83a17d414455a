// Claude Code's WebFetch and WebSearch over the web engine. Claude Code hands a fetched
// page to a small model with the prompt and returns that model's answer; Facet has no
// model, so WebFetch returns the page (as Markdown) with the prompt beside it.
import type { FacetConfig } from '../../config.js';
import { AllowList, type Engine, engineFailure, isCrossSiteRedirect, type SearchResponse } from '../../engine/index.js';
import type { ToolDefinition } from '../../registry/types.js';
import { ok } from '../common/result.js';
import { TAGS } from '../tags.js';
import { claudeTool, PERSIST_LIMITS, persistIfLarge, toolUseError } from './common.js';

const MAX_CONTENT_CHARS = 100_000;
const SEARCH_RESULTS = 10;

interface FetchArgs {
  url: string;
  prompt: string;
}

/** http:// goes out as https://, except to hosts the operator allowed although private (local services rarely have TLS). */
function upgradeFor(config: FacetConfig, url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return true;
  }
  const allow = new AllowList(config.web.allowHosts);
  return !(allow.allowsName(host) || allow.allowsAddress(host));
}

function fetchTool(config: FacetConfig, facet: Engine): ToolDefinition<FetchArgs> {
  return claudeTool<FetchArgs>({
    name: 'WebFetch',
    summary: 'Fetch a web page by URL and get its content as Markdown, with your prompt about it alongside.',
    description: [
      'GETs url (http:// is upgraded to https://) and returns the page converted to Markdown, cut at 100000 characters,',
      'followed by prompt. Claude Code passes the page and the prompt to a small model and returns its answer; this server',
      'has no model, so read the content and answer the prompt yourself. Redirects within the same host are followed; a',
      'redirect to another host is reported instead (call WebFetch again with the new URL). Pages are cached for 15',
      'minutes. Loopback, private and cloud-metadata addresses are refused. Read-only; use it for public documentation.',
    ].join(' '),
    inputSchema: {
      type: 'object',
      properties: { url: { type: 'string', format: 'uri' }, prompt: { type: 'string' } },
      required: ['url', 'prompt'],
      additionalProperties: false,
    },
    destructive: false,
    tags: [TAGS.network, TAGS.web, TAGS.readOnly],
    examples: [
      {
        description: 'Read an API page',
        arguments: { url: 'https://nodejs.org/api/fs.html', prompt: 'How do I read a file line by line?' },
        expectedOutcome: 'The page as Markdown, then the prompt.',
      },
    ],
    idempotency: 'idempotent',
    errorModes: [
      'INVALID_ARGUMENT (<tool_use_error>): not an absolute http(s) URL.',
      'SECURITY_POLICY_FAILED (<tool_use_error>): the URL, a redirect or its DNS answer is a loopback, private, link-local or metadata address.',
      'NOT_FOUND / PERMISSION_DENIED / DEPENDENCY_UNAVAILABLE / RATE_LIMITED: the site answered 404-410 / 401-403 / 5xx / 429.',
      'TIMEOUT / NETWORK_FAILED: the site did not answer in 30 seconds, does not resolve, refused the connection, or redirected more than 10 times.',
      'UNSUPPORTED_OPERATION: the body is binary and not an image.',
      'Differences from Claude Code: no small model answers the prompt (the content is returned with the prompt); no claude.ai domain preflight; http:// to hosts the operator allowed as private is not upgraded.',
    ].join('\n'),
    word(err, args) {
      if (err.kind !== 'security_policy') return undefined;
      let target = args.url;
      try {
        target = facet.web.targetUrl(args.url, { upgradeHttp: upgradeFor(config, args.url) }).href;
      } catch {
        // the URL itself was refused: name it as given
      }
      return toolUseError(
        `Refused to fetch ${target}: ${err.message}. Loopback, private, link-local and metadata addresses are never fetched; do not retry another spelling of the same address.`,
      );
    },
    async run(args, ctx) {
      const engine = facet.web;
      const got = await engine.fetch(args.url, {
        upgradeHttp: upgradeFor(config, args.url),
        crossSiteRedirects: 'report',
        maxChars: MAX_CONTENT_CHARS,
        signal: ctx.signal,
      });
      if (isCrossSiteRedirect(got)) {
        const text = [
          'REDIRECT DETECTED: The URL redirects to a different host.',
          '',
          `Original URL: ${got.url}`,
          `Redirect URL: ${got.redirectUrl}`,
          `Status: ${got.status} ${got.statusText}`,
          '',
          'The redirect was not followed. To fetch the new location, call WebFetch again with:',
          `- url: "${got.redirectUrl}"`,
          `- prompt: "${args.prompt}"`,
        ].join('\n');
        return ok(text, {
          tool: 'WebFetch',
          summary: `${got.url} redirects to ${got.redirectUrl}`,
          details: { url: got.url, redirectUrl: got.redirectUrl, status: got.status },
        });
      }
      const host = {
        tool: 'WebFetch',
        summary: `Fetched ${got.finalUrl} (${got.status}, ${got.bytes} bytes)`,
        truncated: got.charsTruncated || got.truncated,
        details: {
          url: got.url,
          finalUrl: got.finalUrl,
          status: got.status,
          mediaType: got.mediaType,
          fromCache: got.fromCache,
          ...(got.title ? { title: got.title } : {}),
        },
      };
      if (got.blob)
        return ok(`Fetched an image from ${got.finalUrl} (${got.mediaType}); it is attached.\n\nPrompt: ${args.prompt}`, host, [{ blob: got.blob }]);
      const content = got.charsTruncated ? `${got.content}\n\n[Content truncated due to length...]` : got.content;
      const text = [
        'Web page content:',
        '---',
        content,
        '---',
        '',
        `Prompt: ${args.prompt}`,
        '',
        '(No summarising model runs on this server: answer the prompt from the content above, quoting sparingly.)',
      ].join('\n');
      return ok(text, host);
    },
  });
}

interface SearchArgs {
  query: string;
  allowed_domains?: string[];
  blocked_domains?: string[];
}

function searchText(r: SearchResponse): string {
  const parts = [`Web search results for query: "${r.query}"`];
  const links = r.results.map((x) => ({ title: x.title, url: x.url }));
  parts.push(links.length > 0 ? `Links: ${JSON.stringify(links)}` : 'No results found.');
  if (r.answer) parts.push(r.answer.trim());
  const snippets = r.results.filter((x) => x.snippet.trim() !== '').map((x) => `- [${x.title}](${x.url}): ${x.snippet.replace(/\s+/g, ' ').trim()}`);
  if (snippets.length > 0) parts.push(snippets.join('\n'));
  return `${parts.join('\n\n')}\n\n\nREMINDER: You MUST include the sources above in your response to the user using markdown hyperlinks.`;
}

function searchTool(config: FacetConfig, facet: Engine): ToolDefinition<SearchArgs> {
  return claudeTool<SearchArgs>({
    name: 'WebSearch',
    summary: 'Search the web for current information; returns result links with titles and snippets to cite.',
    description: [
      'Runs query (at least 2 characters) through the search providers this server is configured with and returns the',
      "result links as JSON (title, url), the provider's short answer when it gives one, and a snippet per result.",
      'allowed_domains keeps only results from those domains (subdomains included); blocked_domains drops them; not both',
      'at once. Cite the sources you use as markdown links. Follow up with WebFetch on a result URL for the full page.',
    ].join(' '),
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 2 },
        allowed_domains: { type: 'array', items: { type: 'string' } },
        blocked_domains: { type: 'array', items: { type: 'string' } },
      },
      required: ['query'],
      additionalProperties: false,
    },
    destructive: false,
    tags: [TAGS.network, TAGS.web, TAGS.search, TAGS.readOnly],
    examples: [
      {
        description: 'Find the current release notes',
        arguments: { query: 'Node.js 22 release notes', allowed_domains: ['nodejs.org'] },
        expectedOutcome: 'Web search results for query: ... Links: [...]',
      },
    ],
    idempotency: 'idempotent',
    errorModes: [
      'INVALID_ARGUMENT (<tool_use_error>): the query is shorter than 2 characters, or both allowed_domains and blocked_domains are given.',
      'DEPENDENCY_UNAVAILABLE: no search provider is configured on this server, or every configured one failed (the message names them).',
      "Claude Code runs the search through Anthropic's server-side web_search tool; here it goes to the configured providers (Tavily, Gemini, Brave, SearXNG).",
    ].join('\n'),
    word: (err) => (err.condition === 'both_domain_lists' ? toolUseError('Give allowed_domains or blocked_domains, not both in the same search.') : undefined),
    async run(args, ctx) {
      if ((args.allowed_domains?.length ?? 0) > 0 && (args.blocked_domains?.length ?? 0) > 0) {
        throw engineFailure('both_domain_lists', 'allowed_domains and blocked_domains cannot both be given', {}, { field: 'blocked_domains' });
      }
      const r = await facet.web.search(args.query, {
        limit: SEARCH_RESULTS,
        allowedDomains: args.allowed_domains,
        blockedDomains: args.blocked_domains,
        signal: ctx.signal,
      });
      const persisted = await persistIfLarge(config, ctx, searchText(r), PERSIST_LIMITS.other);
      return ok(persisted.text, {
        tool: 'WebSearch',
        summary: `${r.results.length} results from ${r.provider} for ${args.query}`,
        counts: { results: r.results.length },
        details: {
          provider: r.provider,
          results: r.results.map((x) => ({ title: x.title, url: x.url })),
          ...(r.failedProviders ? { failedProviders: r.failedProviders } : {}),
        },
      });
    },
  });
}

export function webTools(config: FacetConfig, facet: Engine): ToolDefinition[] {
  return [fetchTool(config, facet), searchTool(config, facet)];
}
