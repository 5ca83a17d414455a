// Tavily Search API: POST {base}/search with a Bearer key; advanced depth and an answer by default.
import { joinUrl, providerJson } from './http.js';
import {
  searchResult,
  type ProviderSearchOptions,
  type SearchProvider,
  type SearchResponse,
  type SearchResult,
} from './types.js';

export interface TavilySettings {
  apiKey: string;
  baseUrl: string;
  searchDepth?: 'basic' | 'advanced';
  includeAnswer?: boolean;
  timeoutMs?: number;
}

interface TavilyResult {
  title?: string;
  url?: string;
  content?: string;
  raw_content?: string | null;
  score?: number;
  published_date?: string;
}

export class TavilyProvider implements SearchProvider {
  readonly name = 'tavily';
  readonly label = 'Tavily';

  constructor(private readonly settings: TavilySettings) {}

  isAvailable(): boolean {
    return this.settings.apiKey !== '' && this.settings.baseUrl !== '';
  }

  async search(query: string, opts: ProviderSearchOptions): Promise<SearchResponse> {
    const body: Record<string, unknown> = {
      query,
      search_depth: this.settings.searchDepth ?? 'advanced',
      include_answer: this.settings.includeAnswer ?? true,
      max_results: Math.min(Math.max(opts.limit, 1), 20),
      include_raw_content: opts.includeContent ?? false,
    };
    if (opts.allowedDomains?.length) body.include_domains = opts.allowedDomains;
    if (opts.blockedDomains?.length) body.exclude_domains = opts.blockedDomains;
    const data = (await providerJson(this, {
      method: 'POST',
      url: joinUrl(this.settings.baseUrl, '/search'),
      headers: { authorization: `Bearer ${this.settings.apiKey}` },
      body,
      timeoutMs: this.settings.timeoutMs ?? 30_000,
      signal: opts.signal,
    })) as { answer?: string | null; results?: TavilyResult[] };
    const results: SearchResult[] = (data.results ?? [])
      .filter((r) => typeof r.url === 'string')
      .map((r) =>
        searchResult({
          title: r.title,
          url: r.url!,
          snippet: r.content,
          content: r.raw_content,
          date: r.published_date,
          score: r.score,
        }),
      );
    return { provider: this.name, query, ...(data.answer ? { answer: data.answer } : {}), results };
  }
}
