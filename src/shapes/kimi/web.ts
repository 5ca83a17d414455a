// Kimi CLI web tools: SearchWeb (results as Title/Date/URL/Summary blocks, through the
// configured search providers) and FetchURL (a page's main text, plain text and Markdown
// returned as they are), both capped at 50,000 characters.
import type { FacetConfig } from '../../config.js';
import { type Engine, EngineError, engineFailure, isCrossSiteRedirect } from '../../engine/index.js';
import type { ToolDefinition } from '../../registry/types.js';
import { TAGS } from '../tags.js';
import { kimiMessage } from './errors.js';
import { framed, kimiOk, OutputBuilder } from './result.js';

/** A desktop Chrome User-Agent, as Kimi CLI sends: some sites refuse unknown clients. */
const BROWSER_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/91.0.4472.124 Safari/537.36';
const FETCH_TIMEOUT_MS = 180_000;

interface SearchArgs {
  query: string;
  limit?: number;
  include_content?: boolean;
}

interface FetchArgs {
  url: string;
}

const webWords = (err: EngineError): string => {
  if (err.kind === 'unavailable' && Array.isArray(err.facts.providers))
    return 'Web search is not configured on this server (no search provider has credentials). Answer from what you know, or fetch a known page with FetchURL.';
  if (err.condition === 'no_text')
    return `Nothing readable could be extracted from ${String(err.facts.url)}. The page may be rendered by JavaScript or be empty; try another source.`;
  if (typeof err.facts.status === 'number') return `Fetching the page failed with HTTP status ${err.facts.status}: ${err.message}.`;
  return kimiMessage(err);
};

export function kimiWebTools(config: FacetConfig, facet: Engine): ToolDefinition[] {
  const web = () => facet.web;

  const search: ToolDefinition<SearchArgs> = {
    name: 'SearchWeb',
    summary: 'Search the web for current information; returns title, date, URL and summary per result.',
    description: [
      'Searches the web through the search providers configured on this server and returns up to `limit`',
      'results (1 to 20, default 5), each as Title, Date, URL and Summary lines, separated by "---".',
      'include_content adds the text of each page when the provider returns it (longer output). At most',
      '50,000 characters in all. Read a promising result in full with FetchURL.',
    ].join(' '),
    inputSchema: {
      properties: {
        query: { type: 'string' },
        limit: { default: 5, maximum: 20, minimum: 1, type: 'integer' },
        include_content: { default: false, type: 'boolean' },
      },
      required: ['query'],
      type: 'object',
    },
    destructive: false,
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
    ].join('\n'),
    async handler(args, ctx) {
      return framed(
        { tool: 'SearchWeb' },
        async () => {
          const r = await web().search(args.query, { limit: args.limit ?? 5, includeContent: args.include_content, signal: ctx.signal });
          const host = { tool: 'SearchWeb', counts: { results: r.results.length }, details: { provider: r.provider, urls: r.results.map((x) => x.url) } };
          if (r.results.length === 0) return kimiOk(`No results found for "${args.query}".`, '', host);
          const out = new OutputBuilder(undefined, null);
          r.results.forEach((x, i) => {
            if (i > 0) out.write('---\n\n');
            out.write(`Title: ${x.title}\nDate: ${x.date ?? ''}\nURL: ${x.url}\nSummary: ${x.snippet}\n\n`);
            if (x.content) out.write(`${x.content}\n\n`);
          });
          return kimiOk(out.message(''), out.text, { ...host, truncated: out.truncated });
        },
        webWords,
      );
    },
  };

  const fetchUrl: ToolDefinition<FetchArgs> = {
    name: 'FetchURL',
    summary: 'Fetch a web page and get its main text (plain text and Markdown pages come back whole).',
    description: [
      'Downloads an http(s) URL and returns its readable text: HTML pages are reduced to their text,',
      'text/plain and text/markdown responses come back as they are (the message then says it is the whole',
      'page). At most 50,000 characters. Private, loopback and cloud-metadata addresses are refused unless',
      'the server allows them. An HTTP error status is an error. Pages that build their content with',
      'JavaScript may come back empty.',
    ].join(' '),
    inputSchema: { properties: { url: { type: 'string' } }, required: ['url'], type: 'object' },
    destructive: false,
    tags: [TAGS.network, TAGS.web, TAGS.readOnly],
    examples: [{ description: 'Read a documentation page', arguments: { url: 'https://nodejs.org/api/fs.html' }, expectedOutcome: 'The text of the page.' }],
    idempotency: 'idempotent',
    errorModes: [
      'INVALID_ARGUMENT: not an http(s) URL. SECURITY_POLICY_FAILED: the address (or a redirect) is private, loopback or metadata.',
      'NOT_FOUND / PERMISSION_DENIED / UNAVAILABLE / NETWORK_FAILED: the site answered 404 / 401-403 / 5xx / another error status, or could not be reached.',
      'UNSUPPORTED_OPERATION: the body is binary. INVALID_ARGUMENT: no text could be extracted (JavaScript-rendered or empty page).',
    ].join('\n'),
    async handler(args, ctx) {
      return framed(
        { tool: 'FetchURL' },
        async () => {
          const page = await web().fetch(args.url, { format: 'text', userAgent: BROWSER_UA, timeoutMs: FETCH_TIMEOUT_MS, signal: ctx.signal });
          if (isCrossSiteRedirect(page)) throw new EngineError('internal', 'unexpected redirect notice');
          if (page.format === 'image') {
            throw new EngineError('unsupported', `${page.finalUrl} is an image (${page.mediaType})`, {
              facts: { url: page.finalUrl, mediaType: page.mediaType },
            });
          }
          const host = {
            tool: 'FetchURL',
            details: { url: page.url, finalUrl: page.finalUrl, status: page.status, mediaType: page.mediaType },
            counts: { bytes: page.bytes },
          };
          if (page.content.trim() === '') {
            throw engineFailure('no_text', `no text in ${page.finalUrl}`, { url: page.finalUrl }, { field: 'url' });
          }
          const out = new OutputBuilder(undefined, null);
          out.write(page.content);
          if (page.truncated) out.truncated = true;
          const verbatim = page.mediaType === 'text/plain' || page.mediaType === 'text/markdown';
          return kimiOk(out.message(verbatim && !out.truncated ? 'The returned content is the full content of the page.' : ''), out.text, {
            ...host,
            truncated: out.truncated,
          });
        },
        webWords,
      );
    },
  };

  return [search, fetchUrl];
}
