// SearchWeb: results as Title/Date/URL/Summary blocks through the configured search
// providers, capped at 50,000 characters.
import type { SearchResponse } from '../../../engine/index.js';
import { defineTool } from '../../common/define.js';
import { TAGS } from '../../tags.js';
import { capped, cutNote, kimiOk } from './errors.js';
import { webWording } from './web-wording.js';

export const searchWebTool = defineTool<{ query: string; limit?: number; include_content?: boolean }, SearchResponse>({
  name: 'SearchWeb',
  summary: 'Search the web for current information; returns title, date, URL and summary per result.',
  description: [
    'Searches the web through the search providers configured on this server and returns up to `limit` results (1 to 20, default 5), each as Title, Date,',
    'URL and Summary lines, separated by "---". include_content adds the text of each page when the provider returns it (longer output). At most 50,000',
    'characters in all. Read a promising result in full with FetchURL.',
  ],
  schema: {
    properties: {
      query: { type: 'string' },
      limit: { default: 5, maximum: 20, minimum: 1, type: 'integer' },
      include_content: { default: false, type: 'boolean' },
    },
    required: ['query'],
    type: 'object',
  },
  tags: [TAGS.network, TAGS.web, TAGS.readOnly],
  examples: [
    {
      description: 'Look up a library release',
      arguments: { query: 'undici 7 release notes', limit: 3 },
      expectedOutcome: 'Three Title/Date/URL/Summary blocks.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'UNAVAILABLE: no search provider is configured on this server, or the provider is down.',
    'INVALID_ARGUMENT: empty query. RATE_LIMITED: the provider refused for now; retry later.',
    'NETWORK_FAILED / TIMEOUT: the provider could not be reached in time.',
  ],
  call: (args, c) =>
    c.engine.web.search(args.query, { limit: args.limit ?? 5, includeContent: args.include_content, signal: c.signal }),
  format(r, args) {
    const host = {
      counts: { results: r.results.length },
      details: { provider: r.provider, urls: r.results.map((x) => x.url) },
    };
    if (r.results.length === 0) return kimiOk(`No results found for "${args.query}".`, '', host);
    const blocks = r.results.map(
      (x) =>
        `Title: ${x.title}\nDate: ${x.date ?? ''}\nURL: ${x.url}\nSummary: ${x.snippet}\n\n${x.content ? `${x.content}\n\n` : ''}`,
    );
    const out = capped(blocks.join('---\n\n'), null);
    return kimiOk(cutNote('', out.truncated), out.text, { ...host, truncated: out.truncated });
  },
  errors: webWording,
});
