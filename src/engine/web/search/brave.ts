// Brave Search API: GET {base}/res/v1/web/search?q=&count= with the X-Subscription-Token header.
import { joinUrl, providerJson } from './http.js';
import {
  searchResult,
  type ProviderSearchOptions,
  type SearchProvider,
  type SearchResponse,
  type SearchResult,
} from './types.js';

export interface BraveSettings {
  apiKey: string;
  baseUrl: string;
  timeoutMs?: number;
}

interface BraveResult {
  title?: string;
  url?: string;
  description?: string;
  age?: string;
  page_age?: string;
  profile?: { name?: string };
  meta_url?: { hostname?: string };
  extra_snippets?: string[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** Brave marks query terms with <strong>; results are plain text here. */
export function stripTags(s: string): string {
  return s.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, e: string) => ENTITIES[e]!);
}

export class BraveProvider implements SearchProvider {
  readonly name = 'brave';
  readonly label = 'Brave';

  constructor(private readonly settings: BraveSettings) {}

  isAvailable(): boolean {
    return this.settings.apiKey !== '' && this.settings.baseUrl !== '';
  }

  async search(query: string, opts: ProviderSearchOptions): Promise<SearchResponse> {
    const url = joinUrl(this.settings.baseUrl, '/res/v1/web/search');
    url.searchParams.set('q', query);
    url.searchParams.set('count', String(Math.min(Math.max(opts.limit, 1), 20)));
    if (opts.includeContent) url.searchParams.set('extra_snippets', 'true');
    const data = (await providerJson(this, {
      method: 'GET',
      url,
      headers: { 'x-subscription-token': this.settings.apiKey },
      timeoutMs: this.settings.timeoutMs ?? 30_000,
      signal: opts.signal,
    })) as { web?: { results?: BraveResult[] } };
    const results: SearchResult[] = (data.web?.results ?? [])
      .filter((r) => typeof r.url === 'string')
      .map((r) =>
        searchResult({
          title: stripTags(r.title ?? ''),
          url: r.url!,
          snippet: stripTags(r.description ?? ''),
          content: opts.includeContent ? r.extra_snippets?.map(stripTags).join('\n') : undefined,
          date: r.page_age ?? r.age,
          site_name: r.profile?.name ?? r.meta_url?.hostname,
        }),
      );
    return { provider: this.name, query, results };
  }
}
