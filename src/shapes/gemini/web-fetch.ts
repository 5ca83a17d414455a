// web_fetch: the http(s) URLs of the prompt fetched directly (no model to summarise them),
// each page under a "--- <url> ---" header; failed URLs listed as skipped.
import { extractUrls } from '../../engine/index.js';
import { fetchEach, fetchEachHost, type FetchEachResult, skippedKind } from '../kit/web/fetch-each.js';
import { defineTool } from '../common/define.js';
import { badParams, shapeError } from '../gemini-family/shared.js';
import { TAGS } from '../tags.js';
import { untrusted } from './untrusted.js';
import { object } from '../gemini-family/schema.js';

/**
 * How Gemini fetches: text (GitHub blobs from raw), 10 s per URL, 250000 characters for one call shared fairly between
 * the URLs, the first 20 URLs.
 */
const FETCH = { format: 'text', githubRaw: true, timeoutMs: 10_000, totalChars: 250_000, max: 20 } as const;
const CUT_NOTE = '\n\n... [Content truncated due to size limit] ...';
const NOTE =
  'Fetched content for the URLs in the prompt (returned as fetched, not summarised; apply the prompt to it yourself):';
/** Gemini CLI's own limit: 10 requests per host per minute, counted per requested URL (cached pages too). */
const PER_HOST = { requests: 10, windowMs: 60_000 };

/**
 * How a skipped URL is listed: refused addresses and rate limits as Gemini labels them, other failures with the reason.
 */
function skipLabel({ url, err, mediaType }: FetchEachResult['skipped'][number]): string {
  if (!err) return `[Unsupported content: ${mediaType}] ${url}`;
  if (err.kind === 'security_policy') return `[Blocked Host] ${url}`;
  if (err.kind === 'rate_limited') return `[Rate limit exceeded] ${url}`;
  return `[Fetch failed: ${err.message}] ${url}`;
}

export const webFetch = defineTool<{ prompt: string }, FetchEachResult>({
  name: 'web_fetch',
  summary: 'Fetch the http(s) URLs written in a prompt (up to 20) and get their content as text.',
  description: [
    'Takes the URLs from `prompt` (whitespace-separated tokens containing "://"; at least one http:// or https:// URL is',
    'required) and fetches each directly (GitHub blob links from raw.githubusercontent.com, 10 s per URL). HTML is turned',
    'into plain text; the content of all URLs together is limited to 250000 characters, shared fairly, and cut content',
    'is marked. Unlike Gemini CLI this server runs no model: it does not summarise or answer the prompt, it returns',
    'each page under a "--- <url> ---" header so you can apply the prompt yourself. URLs that fail (refused private or',
    'loopback addresses, HTTP errors, and more than 10 requests to one host within 60 s) are listed as skipped; the call',
    'fails only when all of them do.',
  ],
  schema: object({ prompt: 'string' }, ['prompt']),
  tags: [TAGS.network, TAGS.web, TAGS.readOnly],
  examples: [
    {
      description: 'Read a documentation page',
      arguments: { prompt: 'Summarize the options documented at https://nodejs.org/api/fs.html' },
      expectedOutcome: 'The page text under a --- https://nodejs.org/api/fs.html --- header.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'web_fetch_no_url_in_prompt (INVALID_ARGUMENT): the prompt holds no http(s) URL, or a token with "://" is not a valid http(s) URL.',
    "web_fetch_processing_error: every URL was skipped (refused address, rate limit, HTTP or network error); the reasons are listed. When every skip has one cause the code is that cause's, as in the other shapes: SECURITY_POLICY_FAILED for refused addresses, RATE_LIMITED, NOT_FOUND for a 404...; mixed causes are NETWORK_FAILED.",
    'Rate limit: 10 requests per host per 60 s for this server (every session counts); a URL over it is listed as "[Rate limit exceeded] <url>".',
    'No summary: the content is returned as fetched (a model-side difference from Gemini CLI, which summarises with a model call).',
  ],
  async call(args, c) {
    const { urls, invalid } = extractUrls(args.prompt);
    if (invalid.length > 0) {
      throw badParams(`the prompt holds a malformed or non-http(s) URL: ${invalid[0]}`, 'prompt', { invalid });
    }
    if (urls.length === 0) {
      const message = "the 'prompt' must contain at least one valid URL (starting with http:// or https://)";
      throw shapeError('invalid_argument', message, 'web_fetch_no_url_in_prompt', {}, 'prompt');
    }
    const limiter = c.engine.hostLimiter('gemini.web_fetch', PER_HOST);
    const fetched = await fetchEach(c.engine.web, limiter, urls, { ...FETCH, signal: c.signal });
    if (fetched.pages.length === 0) {
      // One condition behind every skip keeps its own code (a refused address is SECURITY_POLICY_FAILED in every
      // shape).
      const skipped = fetched.skipped.map(skipLabel);
      throw shapeError(
        skippedKind(fetched.skipped),
        `All requested URLs were skipped: ${skipped.join(', ')}`,
        'web_fetch_processing_error',
        { skipped },
      );
    }
    return fetched;
  },
  format(r) {
    const skipped = r.skipped.map(skipLabel);
    const body = r.pages.map((p) => `--- ${p.url} ---\n${p.text}${p.cut ? CUT_NOTE : ''}`).join('\n\n');
    const tail = skipped.length > 0 ? `\n\nSkipped URLs:\n${skipped.join('\n')}` : '';
    return { text: untrusted(`${NOTE}\n\n${body}${tail}`), host: fetchEachHost(r, skipped) };
  },
});
