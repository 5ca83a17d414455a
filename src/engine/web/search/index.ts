// Web search over the configured providers: the first available one serves (or the one a
// call names); when it fails the next available one is tried; domain allow and block
// lists are applied to whatever comes back.
import { EngineError, engineFailure, withDetails } from '../../errors.js';
import { hostMatchesDomain, hostOf } from '../urls.js';
import { BraveProvider } from './brave.js';
import { GeminiProvider } from './gemini.js';
import { SearxngProvider } from './searxng.js';
import { TavilyProvider } from './tavily.js';
import type { SearchProvider, SearchResponse, SearchResult } from './types.js';

export interface ProviderSettings {
  /** Provider names in order of preference. */
  providers: string[];
  tavily: { apiKey: string; baseUrl: string; searchDepth?: 'basic' | 'advanced'; includeAnswer?: boolean };
  gemini: { apiKey: string; baseUrl: string; model: string };
  brave: { apiKey: string; baseUrl: string };
  searxng: { url: string };
  /** Per-request timeout for provider calls. */
  timeoutMs?: number;
}

export const PROVIDER_NAMES = ['tavily', 'gemini', 'brave', 'searxng'] as const;

/** Builds the providers in the configured order (unknown names are skipped). */
export function createProviders(s: ProviderSettings): SearchProvider[] {
  const make: Record<string, () => SearchProvider> = {
    tavily: () => new TavilyProvider({ ...s.tavily, timeoutMs: s.timeoutMs }),
    gemini: () => new GeminiProvider({ ...s.gemini, timeoutMs: s.timeoutMs }),
    brave: () => new BraveProvider({ ...s.brave, timeoutMs: s.timeoutMs }),
    searxng: () => new SearxngProvider({ ...s.searxng, timeoutMs: s.timeoutMs }),
  };
  const order = s.providers.length > 0 ? s.providers : [...PROVIDER_NAMES];
  return order.filter((n, i) => make[n] && order.indexOf(n) === i).map((n) => make[n]!());
}

export interface SearchOptions {
  /** Results wanted (default 5). */
  limit?: number;
  /** Use only this provider. */
  provider?: string;
  /** Keep only results from these domains (and their subdomains). */
  allowedDomains?: string[];
  /** Drop results from these domains (and their subdomains). */
  blockedDomains?: string[];
  includeContent?: boolean;
  signal?: AbortSignal;
}

function domainOf(entry: string): string {
  return entry.includes('://') ? hostOf(entry) : entry.trim().toLowerCase();
}

function matchesAny(r: SearchResult, domains: string[]): boolean {
  // Gemini's result URLs are grounding redirects; its site_name carries the real domain.
  const hosts = [hostOf(r.url), (r.site_name ?? '').toLowerCase()];
  return domains.some((d) => hosts.some((h) => h !== '' && hostMatchesDomain(h, d)));
}

/** Applies the domain lists to results. */
export function filterByDomain(
  results: SearchResult[],
  allowed: string[] = [],
  blocked: string[] = [],
): SearchResult[] {
  const allow = allowed.map(domainOf).filter(Boolean);
  const block = blocked.map(domainOf).filter(Boolean);
  return results.filter((r) => (allow.length === 0 || matchesAny(r, allow)) && !matchesAny(r, block));
}

export async function searchWeb(
  providers: SearchProvider[],
  query: string,
  opts: SearchOptions = {},
): Promise<SearchResponse> {
  if (query.trim() === '') throw engineFailure('empty_query', 'the search query is empty', {}, { field: 'query' });
  const limit = opts.limit ?? 5;
  let candidates: SearchProvider[];
  if (opts.provider) {
    const named = providers.find((p) => p.name === opts.provider);
    if (!named && (PROVIDER_NAMES as readonly string[]).includes(opts.provider)) {
      throw engineFailure('provider_disabled', `the ${opts.provider} search provider is not enabled on this server`, {
        provider: opts.provider,
      });
    }
    if (!named) {
      throw engineFailure(
        'unknown_provider',
        `unknown search provider "${opts.provider}"`,
        { provider: opts.provider, known: providers.map((p) => p.name) },
        { field: 'provider' },
      );
    }
    if (!named.isAvailable()) {
      throw engineFailure('provider_not_configured', `the ${named.label} search provider is not configured`, {
        provider: named.name,
      });
    }
    candidates = [named];
  } else {
    candidates = providers.filter((p) => p.isAvailable());
    if (candidates.length === 0) {
      throw engineFailure('no_search_provider', 'no web search provider is configured', {
        providers: providers.map((p) => p.name),
      });
    }
  }
  const filtering = (opts.allowedDomains?.length ?? 0) + (opts.blockedDomains?.length ?? 0) > 0;
  const failed: NonNullable<SearchResponse['failedProviders']> = [];
  const errors: EngineError[] = [];
  for (const provider of candidates) {
    try {
      const res = await provider.search(query, {
        // Ask for more when results will be filtered afterwards.
        limit: filtering ? Math.min(20, limit * 2) : limit,
        signal: opts.signal,
        includeContent: opts.includeContent,
        allowedDomains: opts.allowedDomains,
        blockedDomains: opts.blockedDomains,
      });
      const results = filterByDomain(res.results, opts.allowedDomains, opts.blockedDomains).slice(0, limit);
      return { ...res, results, ...(failed.length > 0 ? { failedProviders: failed } : {}) };
    } catch (err) {
      // A cancelled call stops here; a failing provider hands over to the next.
      if (opts.signal?.aborted || !(err instanceof EngineError)) throw err;
      failed.push({ provider: provider.name, kind: err.kind, message: err.message });
      errors.push(err);
    }
  }
  if (errors.length === 1) throw errors[0];
  const last = errors[errors.length - 1]!;
  // The last provider's condition (so its kind, code and retryable) stands for the whole search.
  throw withDetails(last, {
    message: `every search provider failed: ${failed.map((f) => f.message).join('; ')}`,
    facts: { failedProviders: failed },
  });
}

export { SearchProviderError } from './types.js';
export type { Grounding, SearchProvider, SearchResponse, SearchResult } from './types.js';
