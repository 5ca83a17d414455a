// web.search: the query through the configured search providers, as numbered results.
import { PROVIDER_NAMES, type SearchResponse } from '../../engine/index.js';
import { searchView } from '../kit/web/views.js';
import { type ArgsOf, defineTool, plural, TAGS } from './shared.js';

const domainList = { type: 'array', items: { type: 'string', minLength: 1 }, maxItems: 50 } as const;

const schema = {
  type: 'object',
  properties: {
    query: { type: 'string', minLength: 2, maxLength: 2000, description: 'What to search for.' },
    limit: { type: 'integer', minimum: 1, maximum: 20, description: 'Most results to return (default 5).' },
    provider: { type: 'string', enum: [...PROVIDER_NAMES], description: 'Use only this provider.' },
    allowed_domains: { ...domainList, description: 'Only return results from these domains.' },
    blocked_domains: { ...domainList, description: 'Never return results from these domains.' },
    include_content: {
      type: 'boolean',
      description: 'Also return page content where the provider offers it (default false).',
    },
  },
  required: ['query'],
  additionalProperties: false,
} as const;

export const searchTool = defineTool<ArgsOf<typeof schema>, SearchResponse>({
  name: 'web.search',
  summary:
    'Search the web and get ranked results (title, URL, snippet) plus a short answer when the provider gives one.',
  description: [
    'Runs the query through the first configured search provider (Tavily, Gemini with Google Search grounding, Brave,',
    'SearXNG; `provider` picks one); when a provider fails the next configured one answers and the structured block lists',
    'the failures. `allowed_domains` keeps only results from those domains (subdomains included); `blocked_domains`',
    'drops them. The structured block is the full result: provider, answer, results (title, url, snippet, content, date,',
    'site_name, score) and, for Gemini, the raw grounding chunks and supports. Follow up with web.fetch on a result URL.',
  ],
  schema,
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
  ],
  call: (a, c) =>
    c.engine.web.search(a.query, {
      limit: a.limit ?? 5,
      provider: a.provider,
      allowedDomains: a.allowed_domains,
      blockedDomains: a.blocked_domains,
      includeContent: a.include_content,
      signal: c.signal,
    }),
  format: (r) => ({
    ...searchView(r),
    host: {
      summary: `${plural(r.results.length, 'result')} from ${r.provider}`,
      counts: { results: r.results.length },
      details: { provider: r.provider },
    },
  }),
});
