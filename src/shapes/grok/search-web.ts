// search_web: grok-dev asks xAI's Responses API with its web_search tool and returns the answer;
// Facet runs the query through its configured search provider and returns the provider's answer,
// else each result's snippet with its number, then the numbered sources.
import type { SearchResponse } from '../../engine/index.js';
import { citedSearch } from '../kit/web/cited-search.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { devOk, devWords, zodObject } from './dev-result.js';

interface Args {
  query: string;
}

const schema = zodObject({ query: { type: 'string' } }, ['query']);

export const searchWeb = defineTool<Args, SearchResponse>({
  name: 'search_web',
  summary: 'Search the web for current information (docs, APIs, news); a summary with numbered sources.',
  description: [
    "Searches the web for current information: documentation, APIs, tutorials, news. Runs through the server's search",
    'provider; the answer is its summary, or the results\' snippets marked [n], then "Sources:" lines "[n] title (url)".',
  ],
  ...schema,
  tags: [TAGS.network, TAGS.web, TAGS.readOnly, TAGS.search],
  examples: [
    {
      description: 'Look up a release',
      arguments: { query: 'Node.js 22 LTS release date' },
      expectedOutcome: 'A summary with [n] markers and the sources.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    '{"success":false,"output":"Web search failed: <why>"}: no search provider is configured on this server, or the',
    'provider failed (rejected key, quota, timeout). No results: "No search results found." (success).',
  ],
  call: (a, c) => c.engine.web.search(a.query, { limit: 10, signal: c.signal }),
  format(r, a) {
    const { answer, passages, sources } = citedSearch(r);
    const list = sources.map((x, i) => `[${i + 1}] ${x.title || 'Untitled'} (${x.url ?? 'no URL'})`);
    const body = [...(answer ? [answer] : []), ...passages, ...(list.length ? [`Sources:\n${list.join('\n')}`] : [])];
    const host = {
      summary: `Searched for "${a.query}"`,
      counts: { results: r.results.length },
      details: { provider: r.provider },
    };
    return devOk(body.length ? body.join('\n\n') : 'No search results found.', {}, host);
  },
  errors: devWords<Args>(schema.schema, {}, 'output', (err) => `Web search failed: ${err.message}`),
});
