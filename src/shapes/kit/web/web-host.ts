// What a host shows of a fetched page and of a web search, and the one rule on a search's
// domain lists: keep some, or drop some, not both.
import { engineFailure } from '../../../engine/index.js';
import type { HostContent } from '../../../engine/index.js';
import type { FetchedPage } from '../../../engine/index.js';
import type { SearchResponse } from '../../../engine/index.js';

/** A page fetched: where it ended up, its status and size, whether it was cut, and what it was. */
export function pageHost(p: FetchedPage): HostContent {
  const { url, finalUrl, status, mediaType, fromCache } = p;
  const details = { url, finalUrl, status, mediaType, fromCache, ...(p.title ? { title: p.title } : {}) };
  return {
    summary: `Fetched ${finalUrl} (${status}, ${p.bytes} bytes)`,
    truncated: p.charsTruncated || p.truncated,
    details,
  };
}

/**
 * The short form, for a page fetched for its text: whether its text was cut, its length, where it ended up and the
 * status.
 */
export const fetchedHost = (p: FetchedPage) => ({
  truncated: p.charsTruncated,
  counts: { chars: p.totalChars },
  details: { url: p.finalUrl, status: p.status },
});

/**
 * A search for `query`: how many results and from which provider, their titles and links, and the providers that
 * failed.
 */
export function searchHost(r: SearchResponse, query: string): HostContent {
  const results = r.results.map((x) => ({ title: x.title, url: x.url }));
  const details = {
    provider: r.provider,
    results,
    ...(r.failedProviders ? { failedProviders: r.failedProviders } : {}),
  };
  return {
    summary: `${r.results.length} results from ${r.provider} for ${query}`,
    counts: { results: r.results.length },
    details,
  };
}

/** allowed_domains and blocked_domains may not both hold domains (both_domain_lists on blocked_domains). */
export function requireOneDomainList(a: {
  allowed_domains?: readonly string[];
  blocked_domains?: readonly string[];
}): void {
  if ((a.allowed_domains?.length ?? 0) > 0 && (a.blocked_domains?.length ?? 0) > 0)
    throw engineFailure(
      'both_domain_lists',
      'allowed_domains and blocked_domains cannot both be given',
      {},
      { field: 'blocked_domains' },
    );
}
