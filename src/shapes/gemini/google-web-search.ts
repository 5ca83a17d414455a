// google_web_search: a grounded answer with [n] citation markers and a Sources list
// (providers without grounding cite their numbered results the same way).
import { type SearchResponse, withCitations } from '../../engine/index.js';
import { defineTool } from '../common/define.js';
import { badParams } from '../common/gemini-family.js';
import { TAGS } from '../tags.js';
import { object } from '../common/gemini-family-schema.js';

/** The grounded text and its Sources lines; providers without grounding cite their numbered results. */
function searchBody(r: SearchResponse): string | undefined {
  if (r.grounding && r.answer) {
    const chunks = r.grounding.chunks.map((c, i) => {
      const web = (c.web ?? {}) as { title?: string; uri?: string };
      return `[${i + 1}] ${web.title || 'Untitled'} (${web.uri || 'No URI'})`;
    });
    const text = withCitations(r.answer, r.grounding);
    return chunks.length > 0 ? `${text}\n\nSources:\n${chunks.join('\n')}` : text;
  }
  if (r.results.length === 0) return r.answer || undefined;
  const cited = r.results.map((x, i) => `${x.snippet.replace(/\s+/g, ' ').trim() || x.title} [${i + 1}]`);
  const lead = r.answer ? `${r.answer}\n\n` : '';
  return `${lead}${cited.join('\n\n')}\n\nSources:\n${r.results.map((x, i) => `[${i + 1}] ${x.title || 'Untitled'} (${x.url})`).join('\n')}`;
}

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
    const body = searchBody(r);
    const host = { summary: `Searched for "${args.query}"`, counts: { results: r.results.length }, details: { provider: r.provider } };
    if (!body) return { text: `No search results or information found for query: "${args.query}"`, host };
    return { text: `Web search results for "${args.query}":\n\n${body}`, host: { ...host, details: { ...host.details, urls: r.results.map((x) => x.url) } } };
  },
});
