// WebSearch (Kimi Code 2.1.0, served only when a search provider is configured, as Kimi Code
// sends it only with a search service): results as Title/Site/Date/URL/Snippet blocks through the
// configured providers, then how to cite them; the result starts with the call's wall time.
import type { SearchResponse } from '../../engine/index.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { codeFail, codeOk, startClock } from './errors.js';

const CITE = 'When you rely on a result in your answer, cite it inline as a markdown link, e.g. [title](url).';

export const webSearchTool = defineTool<{ query: string }, SearchResponse>({
  name: 'WebSearch',
  summary: 'Search the web for current information; each result gives title, site, date, URL and a snippet.',
  description: [
    'Searches the web through the configured provider. Each result gives its title, URL and a snippet, and its site and',
    'date when known: summaries, not pages; FetchURL reads a page. Be specific and refine the query when the results do',
    "not hold what you need; cite what you use. The result starts with the call's wall time.",
  ],
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { query: { type: 'string' } },
    required: ['query'],
    additionalProperties: false,
  },
  tags: [TAGS.network, TAGS.web, TAGS.readOnly],
  examples: [
    {
      description: 'Look up a library release',
      arguments: { query: 'undici 7 release notes' },
      expectedOutcome: 'Title/URL/Snippet blocks, then how to cite them.',
    },
  ],
  idempotency: 'idempotent',
  errorModes:
    'UNAVAILABLE: "Search failed (network): …" or "Search failed (authentication): …"; "Search timed out: …".',
  call(args, c) {
    startClock(c);
    return c.engine.web.search(args.query, { signal: c.signal });
  },
  format(r) {
    const host = {
      counts: { results: r.results.length },
      details: { provider: r.provider, urls: r.results.map((x) => x.url) },
    };
    if (r.results.length === 0) return codeOk('No search results found.', host);
    const blocks = r.results.map(
      (x) =>
        `Title: ${x.title}\n${x.site_name ? `Site: ${x.site_name}\n` : ''}${x.date ? `Date: ${x.date}\n` : ''}URL: ${x.url}\nSnippet: ${x.snippet}\n\n`,
    );
    return codeOk(`${blocks.join('---\n\n')}${CITE}`, host);
  },
  errors(err) {
    if (err.kind === 'timeout') return codeFail(`Search timed out: ${err.message}`);
    if (err.kind === 'permission_denied') return codeFail(`Search failed (authentication): ${err.message}`);
    return codeFail(`Search failed (network): ${err.message}`);
  },
});
