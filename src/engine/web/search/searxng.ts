// SearXNG (self-hosted): GET {url}/search?q=&format=json; the instance must enable the JSON format.
import { joinUrl, providerJson } from './http.js';
import {
  searchResult,
  type ProviderSearchOptions,
  type SearchProvider,
  type SearchResponse,
  type SearchResult,
} from './types.js';

export interface SearxngSettings {
  url: string;
  timeoutMs?: number;
}

interface SearxResult {
  title?: string;
  url?: string;
  content?: string;
  publishedDate?: string | null;
  score?: number;
  engine?: string;
  parsed_url?: string[];
}

export class SearxngProvider implements SearchProvider {
  readonly name = 'searxng';
  readonly label = 'SearXNG';

  constructor(private readonly settings: SearxngSettings) {}

  isAvailable(): boolean {
    return this.settings.url !== '';
  }

  async search(query: string, opts: ProviderSearchOptions): Promise<SearchResponse> {
    const url = joinUrl(this.settings.url, '/search');
    url.searchParams.set('q', query);
    url.searchParams.set('format', 'json');
    const data = (await providerJson(this, {
      method: 'GET',
      url,
      headers: {},
      timeoutMs: this.settings.timeoutMs ?? 30_000,
      signal: opts.signal,
    })) as { results?: SearxResult[]; answers?: Array<string | { answer?: string }> };
    const results: SearchResult[] = (data.results ?? [])
      .filter((r) => typeof r.url === 'string')
      .map((r) =>
        searchResult({
          title: r.title,
          url: r.url!,
          snippet: r.content,
          date: r.publishedDate,
          site_name: r.parsed_url?.[1],
          score: r.score,
        }),
      );
    // Older instances send answers as strings, newer ones as {answer, url}.
    const first = data.answers?.[0];
    const answer = typeof first === 'string' ? first : first?.answer;
    return { provider: this.name, query, ...(answer ? { answer } : {}), results };
  }
}
