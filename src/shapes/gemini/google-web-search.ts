// google_web_search: a grounded answer with [n] citation markers and a Sources list
// (providers without grounding cite their numbered results the same way).
import type { SearchResponse } from '../../engine/index.js';
import { citedSearch } from '../kit/web/cited-search.js';
import { defineTool } from '../common/define.js';
import { badParams } from '../gemini-family/shared.js';
import { TAGS } from '../tags.js';
import { object } from '../gemini-family/schema.js';

export const googleWebSearch = defineTool<{ query: string }, SearchResponse>({
  name: 'google_web_search',
  summary: 'Search the web and get a grounded answer with [n] citations and a numbered list of sources.',
  description: [
    'Runs `query` through the configured search provider (Gemini with Google Search grounding when configured, else',
    'Tavily, Brave or SearXNG). With grounding, the answer text carries [n] markers after each supported passage and is',
    'followed by "Sources:" lines "[n] title (url)"; other providers give their results\' snippets with the same markers',
    'and source list. Follow up with web_fetch on a source URL for the full page.',
  ],
  schema: object({ query: 'string' }, ['query']),
  tags: [TAGS.network, TAGS.web, TAGS.readOnly, TAGS.search],
  examples: [
    {
      description: 'Look up a release',
      arguments: { query: 'Node.js 22 LTS release date' },
      expectedOutcome: 'Web search results for "...": an answer with [1] markers and Sources.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'web_search_failed: no search provider is configured on this server (DEPENDENCY_UNAVAILABLE), or every provider failed',
    '(the message names the provider and the cause: rejected key, quota, timeout). An empty query is refused.',
  ],
  async call(args, c) {
    if (args.query.trim() === '') throw badParams('the query is empty', 'query');
    return c.engine.web.search(args.query, { limit: 10, signal: c.signal });
  },
  format(r, args) {
    const { answer, passages, sources } = citedSearch(r);
    const list = sources.map((x, i) => `[${i + 1}] ${x.title || 'Untitled'} (${x.url ?? 'No URI'})`);
    const body = [
      ...(answer ? [answer] : []),
      ...passages,
      ...(list.length > 0 ? [`Sources:\n${list.join('\n')}`] : []),
    ].join('\n\n');
    const host = {
      summary: `Searched for "${args.query}"`,
      counts: { results: r.results.length },
      details: { provider: r.provider },
    };
    if (!body) return { text: `No search results or information found for query: "${args.query}"`, host };
    return {
      text: `Web search results for "${args.query}":\n\n${body}`,
      host: { ...host, details: { ...host.details, urls: r.results.map((x) => x.url) } },
    };
  },
});
