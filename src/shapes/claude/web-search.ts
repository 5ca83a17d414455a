// Claude Code's WebSearch over the configured search providers: links as JSON, the provider's
// answer, a snippet per result, and the reminder to cite.
import type { SearchResponse } from '../../engine/index.js';
import { flatSnippet } from '../kit/web/cited-search.js';
import { requireOneDomainList, searchHost } from '../kit/web/web-host.js';
import { defineTool, errorTable } from '../common/define.js';
import { TAGS } from '../tags.js';
import { toolUseError } from './errors.js';
import { closed, PERSIST_LIMITS, persisted } from './render.js';

const DOMAINS = { type: 'array', items: { type: 'string' } };

interface Args {
  query: string;
  allowed_domains?: string[];
  blocked_domains?: string[];
}

function searchText(r: SearchResponse): string {
  const links = r.results.map((x) => ({ title: x.title, url: x.url }));
  const parts = [
    `Web search results for query: "${r.query}"`,
    links.length > 0 ? `Links: ${JSON.stringify(links)}` : 'No results found.',
  ];
  if (r.answer) parts.push(r.answer.trim());
  const snippets = r.results
    .filter((x) => x.snippet.trim() !== '')
    .map((x) => `- [${x.title}](${x.url}): ${flatSnippet(x)}`);
  if (snippets.length > 0) parts.push(snippets.join('\n'));
  return `${parts.join('\n\n')}\n\n\nREMINDER: You MUST include the sources above in your response to the user using markdown hyperlinks.`;
}

export const webSearch = defineTool<Args>({
  name: 'WebSearch',
  summary: 'Search the web for current information; returns result links with titles and snippets to cite.',
  description: [
    'Runs query (at least 2 characters) through the search providers this server is configured with and returns the',
    "result links as JSON (title, url), the provider's short answer when it gives one, and a snippet per result.",
    'allowed_domains keeps only results from those domains (subdomains included); blocked_domains drops them; not both',
    'at once. Cite the sources you use as markdown links. Follow up with WebFetch on a result URL for the full page.',
  ],
  schema: closed({ query: { type: 'string', minLength: 2 }, allowed_domains: DOMAINS, blocked_domains: DOMAINS }, [
    'query',
  ]),
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
  ],
  errors: errorTable({
    both_domain_lists: () => toolUseError('Give allowed_domains or blocked_domains, not both in the same search.'),
  }),
  async call(a, c) {
    requireOneDomainList(a);
    const r = await c.engine.web.search(a.query, {
      limit: 10,
      allowedDomains: a.allowed_domains,
      blockedDomains: a.blocked_domains,
      signal: c.signal,
    });
    return { text: (await persisted(c, searchText(r), PERSIST_LIMITS.other)).text, host: searchHost(r, a.query) };
  },
});
