// Gemini CLI web tools: web_fetch (URLs taken from the prompt; the pages themselves are
// returned, since this server runs no model to summarise them) and google_web_search
// (grounded answer with [n] citation markers and a Sources list).
import type { FacetConfig } from '../../config.js';
import { type Engine, type EngineError, extractUrls, type Grounding, isCrossSiteRedirect, isEngineError, type SearchResponse } from '../../engine/index.js';
import type { ToolDefinition } from '../../registry/types.js';
import { shapeError, withErrorTypes } from '../common/gemini-family.js';
import { ok } from '../common/result.js';
import { TAGS } from '../tags.js';
import { geminiErrors } from './errors.js';

/** Gemini's budget of fetched text for one call, shared fairly between the URLs. */
const TOTAL_CHARS = 250_000;
const FETCH_TIMEOUT_MS = 10_000;
const CUT_NOTE = '\n\n... [Content truncated due to size limit] ...';
const TAGS_WEB = [TAGS.network, TAGS.web, TAGS.readOnly];
/** Gemini CLI's own limit: 10 requests per host per minute, counted per requested URL (cached pages too). */
const PER_HOST = { requests: 10, windowMs: 60_000 };

/** How a skipped URL is listed: refused addresses and rate limits as Gemini labels them, other failures with the reason. */
function skipLabel(url: string, err: EngineError): string {
  if (err.kind === 'security_policy') return `[Blocked Host] ${url}`;
  if (err.kind === 'rate_limited') return `[Rate limit exceeded] ${url}`;
  return `[Fetch failed: ${err.message}] ${url}`;
}

function fetchTool(config: FacetConfig, facet: Engine): ToolDefinition<{ prompt: string }> {
  return {
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
    ].join(' '),
    inputSchema: { type: 'object', properties: { prompt: { type: 'string' } }, required: ['prompt'] },
    destructive: false,
    tags: TAGS_WEB,
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
    ].join('\n'),
    async handler(args, ctx) {
      const { urls, invalid } = extractUrls(args.prompt);
      if (invalid.length > 0) {
        throw shapeError('invalid_argument', `the prompt holds a malformed or non-http(s) URL: ${invalid[0]}`, 'invalid_tool_params', { invalid }, 'prompt');
      }
      if (urls.length === 0) {
        throw shapeError(
          'invalid_argument',
          "the 'prompt' must contain at least one valid URL (starting with http:// or https://)",
          'web_fetch_no_url_in_prompt',
          {},
          'prompt',
        );
      }
      const list = urls.slice(0, 20);
      const share = Math.floor(TOTAL_CHARS / list.length);
      const engine = facet.web;
      const pages: Array<{ url: string; text: string; cut: boolean; status?: number }> = [];
      const skipped: string[] = [];
      const skippedKinds = new Set<EngineError['kind']>();
      const limiter = facet.hostLimiter('gemini.web_fetch', PER_HOST);
      for (const url of list) {
        try {
          limiter.take(new URL(url).hostname); // the limiter folds case and trailing dots
          const got = await engine.fetch(url, { format: 'text', githubRaw: true, timeoutMs: FETCH_TIMEOUT_MS, maxChars: share, signal: ctx.signal });
          if (isCrossSiteRedirect(got)) continue; // not asked for: redirects are followed
          if (got.blob) {
            skipped.push(`[Unsupported content: ${got.mediaType}] ${url}`);
            continue;
          }
          pages.push({ url, text: got.content, cut: got.charsTruncated, status: got.status });
        } catch (err) {
          if (!isEngineError(err) || err.kind === 'cancelled' || (err.kind === 'timeout' && ctx.signal.aborted)) throw err;
          skipped.push(skipLabel(url, err));
          skippedKinds.add(err.kind);
        }
      }
      if (pages.length === 0) {
        // One condition behind every skip keeps its own code (a refused address is SECURITY_POLICY_FAILED in every shape).
        const [only] = skippedKinds;
        const kind = skippedKinds.size === 1 && only !== undefined ? only : 'network_failed';
        throw shapeError(kind, `All requested URLs were skipped: ${skipped.join(', ')}`, 'web_fetch_processing_error', { skipped });
      }
      const body = pages.map((p) => `--- ${p.url} ---\n${p.text}${p.cut ? CUT_NOTE : ''}`).join('\n\n');
      const note = 'Fetched content for the URLs in the prompt (returned as fetched, not summarised; apply the prompt to it yourself):';
      const tail = skipped.length > 0 ? `\n\nSkipped URLs:\n${skipped.join('\n')}` : '';
      return ok(`<untrusted_context>\n${note}\n\n${body}${tail}\n</untrusted_context>`, {
        tool: 'web_fetch',
        summary: `Fetched ${pages.length} of ${list.length} URL(s)`,
        counts: { fetched: pages.length, skipped: skipped.length },
        truncated: pages.some((p) => p.cut),
        details: { urls: pages.map((p) => p.url), skipped },
      });
    },
  };
}

/**
 * Inserts "[n]" markers after each grounded segment: support end indices are UTF-8 byte
 * offsets into the answer, so the insertion works on its bytes (later positions first).
 */
export function withCitations(answer: string, grounding: Grounding): string {
  const inserts: Array<{ at: number; mark: string }> = [];
  for (const s of grounding.supports) {
    const seg = s.segment as { endIndex?: number } | undefined;
    const idx = s.groundingChunkIndices as number[] | undefined;
    if (!seg || typeof seg.endIndex !== 'number' || !Array.isArray(idx) || idx.length === 0) continue;
    inserts.push({ at: seg.endIndex, mark: idx.map((i) => `[${i + 1}]`).join('') });
  }
  inserts.sort((a, b) => b.at - a.at);
  const bytes = Buffer.from(answer, 'utf8');
  const parts: Buffer[] = [];
  let end = bytes.length;
  for (const ins of inserts) {
    const at = Math.max(0, Math.min(ins.at, end));
    parts.unshift(bytes.subarray(at, end));
    parts.unshift(Buffer.from(ins.mark, 'utf8'));
    end = at;
  }
  parts.unshift(bytes.subarray(0, end));
  return Buffer.concat(parts).toString('utf8');
}

/** The grounded text and its Sources lines; providers without grounding cite their numbered results. */
function searchBody(r: SearchResponse): string | undefined {
  if (r.grounding && r.answer) {
    const chunks = r.grounding.chunks.map((c, i) => {
      const web = (c.web ?? {}) as { title?: string; uri?: string };
      return `[${i + 1}] ${web.title || 'Untitled'} (${web.uri || 'No URI'})`;
    });
    const text = withCitations(r.answer, r.grounding);
    return chunks.length > 0 ? `${text}\n\nSources:\n${chunks.join('\n')}` : text;
  }
  if (r.results.length === 0) return r.answer || undefined;
  const cited = r.results.map((x, i) => `${x.snippet.replace(/\s+/g, ' ').trim() || x.title} [${i + 1}]`);
  const lead = r.answer ? `${r.answer}\n\n` : '';
  return `${lead}${cited.join('\n\n')}\n\nSources:\n${r.results.map((x, i) => `[${i + 1}] ${x.title || 'Untitled'} (${x.url})`).join('\n')}`;
}

function searchTool(config: FacetConfig, facet: Engine): ToolDefinition<{ query: string }> {
  return {
    name: 'google_web_search',
    summary: 'Search the web and get a grounded answer with [n] citations and a numbered list of sources.',
    description: [
      'Runs `query` through the configured search provider (Gemini with Google Search grounding when configured, else',
      'Tavily, Brave or SearXNG). With grounding, the answer text carries [n] markers after each supported passage and is',
      'followed by "Sources:" lines "[n] title (url)"; other providers give their results\' snippets with the same markers',
      'and source list. Follow up with web_fetch on a source URL for the full page.',
    ].join(' '),
    inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    destructive: false,
    tags: [...TAGS_WEB, TAGS.search],
    examples: [
      {
        description: 'Look up a release',
        arguments: { query: 'Node.js 22 LTS release date' },
        expectedOutcome: 'Web search results for "...": an answer with [1] markers and Sources.',
      },
    ],
    idempotency: 'idempotent',
    errorModes: [
      'web_search_failed: no search provider is configured on this server (DEPENDENCY_UNAVAILABLE), or every provider failed',
      '(the message names the provider and the cause: rejected key, quota, timeout). An empty query is refused.',
    ].join('\n'),
    async handler(args, ctx) {
      if (args.query.trim() === '') throw shapeError('invalid_argument', 'the query is empty', 'invalid_tool_params', {}, 'query');
      const r = await facet.web.search(args.query, { limit: 10, signal: ctx.signal });
      const body = searchBody(r);
      const host = {
        tool: 'google_web_search',
        summary: `Searched for "${args.query}"`,
        counts: { results: r.results.length },
        details: { provider: r.provider },
      };
      if (!body) return ok(`No search results or information found for query: "${args.query}"`, host);
      return ok(`Web search results for "${args.query}":\n\n${body}`, { ...host, details: { ...host.details, urls: r.results.map((x) => x.url) } });
    },
  };
}

export function geminiWebTools(config: FacetConfig, facet: Engine): ToolDefinition[] {
  return [
    withErrorTypes(fetchTool(config, facet), geminiErrors('web_fetch')),
    withErrorTypes(searchTool(config, facet), geminiErrors('google_web_search')),
  ] as ToolDefinition[];
}
