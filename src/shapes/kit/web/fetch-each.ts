// Fetching several URLs for one call (Gemini CLI's web_fetch): a shared character budget split
// fairly, a per-host limit, and each URL that fails kept with its failure instead of failing
// the call. A cross-site redirect (not asked for) is left out; a cancelled call still fails.
import { type EngineError, isEngineError } from '../../../engine/index.js';
import type { HostContent } from '../../../engine/index.js';
import { isCrossSiteRedirect } from '../../../engine/index.js';
import type { FetchOptions, WebEngine } from '../../../engine/index.js';
import type { HostRateLimiter } from '../../../engine/index.js';

export interface FetchEachResult {
  /** The URLs tried: the first `max` of those given. */
  asked: number;
  pages: Array<{ url: string; text: string; cut: boolean }>;
  /** URLs not fetched: with the failure, or the media type of content that is not text. */
  skipped: Array<{ url: string; err?: EngineError; mediaType?: string }>;
}

export async function fetchEach(
  web: Pick<WebEngine, 'fetch'>,
  limiter: HostRateLimiter,
  given: readonly string[],
  opts: Omit<FetchOptions, 'maxChars'> & { totalChars: number; signal: AbortSignal; max?: number },
): Promise<FetchEachResult> {
  const { totalChars, max, ...fetchOpts } = opts;
  const urls = max === undefined ? given : given.slice(0, max);
  const out: FetchEachResult = { asked: urls.length, pages: [], skipped: [] };
  for (const url of urls) {
    try {
      limiter.take(new URL(url).hostname); // the limiter folds case and trailing dots
      const got = await web.fetch(url, { ...fetchOpts, maxChars: Math.floor(totalChars / urls.length) });
      if (isCrossSiteRedirect(got)) continue;
      if (got.blob) out.skipped.push({ url, mediaType: got.mediaType });
      else out.pages.push({ url, text: got.content, cut: got.charsTruncated });
    } catch (err) {
      if (!isEngineError(err) || err.kind === 'cancelled' || (err.kind === 'timeout' && opts.signal.aborted)) throw err;
      out.skipped.push({ url, err });
    }
  }
  return out;
}

/** The kind of failure behind every skipped URL when they share one, else network_failed. */
export function skippedKind(skipped: FetchEachResult['skipped']): EngineError['kind'] {
  const kinds = new Set(skipped.flatMap((m) => (m.err ? [m.err.kind] : [])));
  const [only] = kinds;
  return kinds.size === 1 && only !== undefined ? only : 'network_failed';
}

/**
 * What a host shows of a fetchEach: pages fetched of URLs tried, whether a page was cut, the URLs fetched, and the
 * skipped ones as `skipped` names them.
 */
export function fetchEachHost(r: FetchEachResult, skipped: string[]): HostContent {
  return {
    summary: `Fetched ${r.pages.length} of ${r.asked} URL(s)`,
    counts: { fetched: r.pages.length, skipped: skipped.length },
    truncated: r.pages.some((p) => p.cut),
    details: { urls: r.pages.map((p) => p.url), skipped },
  };
}
