// The web engine: guarded page fetches (with cache and per-host rate limit), find in page,
// and web search over the configured providers. One engine per configuration, shared by
// every shape so that the cache and the rate limit are too.
import { engineFailure } from '../errors.js';
import { AllowList } from './address.js';
import { TtlCache, type CacheOptions } from './cache.js';
import { findInText, type FindOptions, type PageMatch } from './find.js';
import { guardedAgent, systemLookup, type GuardPolicy, type LookupFn } from './guard.js';
import {
  crossedSites,
  guardedGet,
  isCrossSiteRedirect,
  type CrossSiteRedirect,
  type HttpDeps,
  type RawResponse,
} from './fetch.js';
import { toPage, type FetchedPage, type HtmlFormat } from './page.js';
import { HostRateLimiter, type RateLimitOptions } from './rate-limit.js';
import { createProviders, searchWeb, type ProviderSettings, type SearchOptions } from './search/index.js';
import type { SearchProvider, SearchResponse } from './search/types.js';
import { githubRawUrl, parseHttpUrl, upgradeToHttps } from './urls.js';

export interface WebEngineOptions {
  /** Host names (`*.suffix` allowed), addresses and CIDR ranges fetches may reach although private. */
  allowHosts?: string[];
  /** DNS resolution used by the guard (tests inject fake answers). */
  lookup?: LookupFn;
  rateLimit?: RateLimitOptions;
  cache?: Partial<CacheOptions>;
  /** Search provider settings, or ready-made providers. */
  search?: ProviderSettings;
  providers?: SearchProvider[];
  defaults?: Partial<FetchDefaults>;
}

export interface FetchDefaults {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  userAgent: string;
}

export const FETCH_DEFAULTS: FetchDefaults = {
  timeoutMs: 30_000,
  maxBytes: 10 * 1024 * 1024,
  maxRedirects: 10,
  userAgent: 'Mozilla/5.0 (compatible; Facet-WebFetch/1.0)',
};

export interface FetchOptions {
  /** How an HTML page comes back (default markdown). */
  format?: HtmlFormat;
  timeoutMs?: number;
  /** Body bytes read at most; the rest is never downloaded and `truncated` is set. */
  maxBytes?: number;
  maxRedirects?: number;
  /**
   * Fetch http:// URLs over https:// instead; 'unless-allowed': except to hosts the operator allowed although private
   * (local services rarely have TLS).
   */
  upgradeHttp?: boolean | 'unless-allowed';
  /** Fetch github.com/.../blob/... from raw.githubusercontent.com. */
  githubRaw?: boolean;
  /** 'report' returns a CrossSiteRedirect instead of following a redirect to another site. */
  crossSiteRedirects?: 'follow' | 'report';
  /** Cut content to this many characters (totalChars tells the full length). */
  maxChars?: number;
  /** Use and fill the URL cache (default true). */
  cache?: boolean;
  userAgent?: string;
  /** Accept header to send (default: preference for the chosen format). */
  accept?: string;
  signal?: AbortSignal;
}

export interface FindInPageResult {
  url: string;
  finalUrl: string;
  title?: string;
  pattern: string;
  totalMatches: number;
  matches: PageMatch[];
  /** The page was cut at the byte cap, so later matches may be missing. */
  truncated: boolean;
}

const ACCEPT: Record<HtmlFormat, string> = {
  markdown: 'text/markdown, text/html;q=0.9, text/plain;q=0.8, */*;q=0.5',
  text: 'text/plain, text/html;q=0.9, text/markdown;q=0.8, */*;q=0.5',
  html: 'text/html, application/xhtml+xml;q=0.9, */*;q=0.5',
};

export class WebEngine {
  readonly providers: SearchProvider[];
  private readonly policy: GuardPolicy;
  private readonly deps: HttpDeps;
  private readonly cache: TtlCache<RawResponse>;
  private readonly defaults: FetchDefaults;

  constructor(opts: WebEngineOptions = {}) {
    this.policy = { allow: new AllowList(opts.allowHosts ?? []), lookup: opts.lookup ?? systemLookup };
    const policy = this.policy;
    let dispatcher: HttpDeps['dispatcher'] | undefined;
    this.deps = {
      policy,
      // Made on the first fetch: building it loads undici, which a server that never fetches does without.
      get dispatcher() {
        return (dispatcher ??= guardedAgent(policy));
      },
      limiter: new HostRateLimiter(opts.rateLimit ?? { requests: 20, windowMs: 60_000 }),
    };
    // Fetched pages are kept 15 minutes: a model that fetches a page again soon gets the same text.
    this.cache = new TtlCache({ ttlMs: 15 * 60_000, maxEntries: 64, maxBytes: 64 * 1024 * 1024, ...opts.cache });
    this.defaults = { ...FETCH_DEFAULTS, ...opts.defaults };
    this.providers = opts.providers ?? (opts.search ? createProviders(opts.search) : []);
  }

  /** The URL that would be fetched for `input` under `opts` (validated, upgraded, rewritten). */
  targetUrl(input: string, opts: Pick<FetchOptions, 'upgradeHttp' | 'githubRaw'> = {}): URL {
    let url = parseHttpUrl(input);
    if (opts.githubRaw) url = githubRawUrl(url);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const allowed =
      opts.upgradeHttp === 'unless-allowed' &&
      (this.policy.allow.allowsName(host) || this.policy.allow.allowsAddress(host));
    if (opts.upgradeHttp && !allowed) url = upgradeToHttps(url);
    return url;
  }

  /** Fetches one page through the guard. */
  async fetch(input: string, opts: FetchOptions = {}): Promise<FetchedPage | CrossSiteRedirect> {
    const url = this.targetUrl(input, opts);
    const format = opts.format ?? 'markdown';
    const maxBytes = opts.maxBytes ?? this.defaults.maxBytes;
    if (!Number.isInteger(maxBytes) || maxBytes < 1)
      throw engineFailure('bad_max_bytes', 'maxBytes must be a positive integer', {}, { field: 'maxBytes' });
    const useCache = opts.cache ?? true;
    const crossSiteRedirects = opts.crossSiteRedirects ?? 'follow';
    const cached = useCache ? this.cache.get(url.href) : undefined;
    // A cached copy serves when it holds the whole body or at least as much as this call may
    // read, and never a call that wants to hear about cross-site redirects if reaching it took one.
    if (
      cached &&
      (!cached.truncated || cached.maxBytes >= maxBytes) &&
      !(crossSiteRedirects === 'report' && crossedSites(cached))
    ) {
      const body = cached.body.length > maxBytes ? cached.body.subarray(0, maxBytes) : cached.body;
      const raw = { ...cached, body, truncated: cached.truncated || body.length < cached.body.length, maxBytes };
      return toPage(raw, { format, maxChars: opts.maxChars, fromCache: true, signal: opts.signal });
    }
    const got = await guardedGet(
      url,
      {
        timeoutMs: opts.timeoutMs ?? this.defaults.timeoutMs,
        maxBytes,
        maxRedirects: opts.maxRedirects ?? this.defaults.maxRedirects,
        crossSiteRedirects,
        headers: {
          'user-agent': opts.userAgent ?? this.defaults.userAgent,
          accept: opts.accept ?? ACCEPT[format],
          'accept-encoding': 'gzip, deflate, br',
        },
        signal: opts.signal,
      },
      this.deps,
    );
    if (isCrossSiteRedirect(got)) return got;
    if (useCache) this.cache.set(url.href, got, got.body.length);
    return toPage(got, { format, maxChars: opts.maxChars, fromCache: false, signal: opts.signal });
  }

  /** Fetches a page and returns the passages containing `pattern`. */
  async findInPage(
    input: string,
    pattern: string,
    opts: FindOptions & Omit<FetchOptions, 'crossSiteRedirects' | 'maxChars'> = {},
  ): Promise<FindInPageResult> {
    if (pattern.trim() === '')
      throw engineFailure('empty_find_pattern', 'the pattern to find is empty', {}, { field: 'pattern' });
    const page = await this.fetch(input, { ...opts, crossSiteRedirects: 'follow' });
    if (isCrossSiteRedirect(page)) throw engineFailure('unexpected_redirect_notice', 'unexpected redirect notice', {});
    if (page.format === 'image') {
      throw engineFailure(
        'page_is_image',
        `${page.finalUrl} is an image (${page.mediaType}); there is no text to search`,
        {
          url: page.finalUrl,
          mediaType: page.mediaType,
        },
      );
    }
    const found = findInText(page.content, pattern, opts);
    return {
      url: page.url,
      finalUrl: page.finalUrl,
      ...(page.title !== undefined ? { title: page.title } : {}),
      ...found,
      truncated: page.truncated,
    };
  }

  /** Searches the web through the configured providers. */
  search(query: string, opts: SearchOptions = {}): Promise<SearchResponse> {
    return searchWeb(this.providers, query, opts);
  }

  clearCache(): void {
    this.cache.clear();
  }
}

/** The web part of Facet's configuration, as the engine needs it. */
export interface WebSettings extends ProviderSettings {
  allowHosts: string[];
}

export { isCrossSiteRedirect } from './fetch.js';
export type { CrossSiteRedirect } from './fetch.js';
export type { FetchedPage, HtmlFormat, PageFormat } from './page.js';
export type { FindOptions, FindResult, PageMatch } from './find.js';
export { findInText } from './find.js';
export { extractUrls, githubRawUrl, parseHttpUrl, upgradeToHttps } from './urls.js';
export type { SearchOptions } from './search/index.js';
export { PROVIDER_NAMES, filterByDomain } from './search/index.js';
export { SearchProviderError } from './search/types.js';
export type { Grounding, SearchProvider, SearchResponse, SearchResult } from './search/types.js';
export { BlockedDestinationError } from './guard.js';
export type { LookupFn } from './guard.js';
export { classifyIp, AllowList } from './address.js';
