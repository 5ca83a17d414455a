// Pages, finds and searches as Facet's own web tools show them: the structured block of each
// (plain JSON, snake_case, no undefined, so it maps onto a protobuf Struct), a found phrase's
// passages as numbered lines, and search results numbered after the provider's answer.
import type { CrossSiteRedirect } from '../../../engine/index.js';
import type { FindInPageResult } from '../../../engine/index.js';
import type { FetchedPage } from '../../../engine/index.js';
import type { SearchResponse } from '../../../engine/index.js';
import { flatSnippet } from './cited-search.js';

/** Plain JSON (no undefined) so the block maps onto a protobuf Struct. */
export const plainJson = (value: object): Record<string, unknown> =>
  JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

export const pageData = (p: FetchedPage) =>
  plainJson({
    url: p.url,
    final_url: p.finalUrl,
    redirects: p.redirects,
    status: p.status,
    content_type: p.contentType,
    media_type: p.mediaType,
    charset: p.charset,
    format: p.format,
    title: p.title,
    bytes: p.bytes,
    truncated: p.truncated,
    total_chars: p.totalChars,
    chars_truncated: p.charsTruncated,
    from_cache: p.fromCache,
  });

/** What a host shows of a cross-site redirect that was reported rather than followed. */
export const redirectHost = (r: CrossSiteRedirect) => ({
  summary: `${r.url} redirects to ${r.redirectUrl}`,
  details: { url: r.url, redirectUrl: r.redirectUrl, status: r.status },
});

export const redirectData = (r: CrossSiteRedirect) =>
  plainJson({ url: r.url, redirect_url: r.redirectUrl, status: r.status, redirects: r.redirects });

/** The passages of a find as "[n] line L, column C: …before**match**after…" under a head line, and its block. */
export function findView(r: FindInPageResult): { text: string; data: Record<string, unknown> } {
  const flat = (s: string) => s.replace(/\s+/g, ' ');
  const n = r.totalMatches;
  const head =
    n === 0
      ? `No match for "${r.pattern}" in ${r.finalUrl}.`
      : `${n} match${n === 1 ? '' : 'es'} for "${r.pattern}" in ${r.finalUrl}` +
        (r.matches.length < n ? ` (first ${r.matches.length} shown):` : ':');
  const lines = r.matches.map(
    (m, i) => `[${i + 1}] line ${m.line}, column ${m.column}: …${flat(m.before)}**${flat(m.match)}**${flat(m.after)}…`,
  );
  const tail = r.truncated ? ['(The page was larger than max_bytes; later matches may be missing.)'] : [];
  const data = plainJson({
    url: r.url,
    final_url: r.finalUrl,
    title: r.title,
    pattern: r.pattern,
    total_matches: n,
    matches: r.matches,
    truncated: r.truncated,
  });
  return { text: [head, ...lines, ...tail].join('\n'), data };
}

/** Numbered results with their URLs, after the provider's answer when there is one; the block is the whole response. */
export function searchView(r: SearchResponse): { text: string; data: Record<string, unknown> } {
  const parts = r.answer ? [`Answer: ${r.answer}`] : [];
  if (r.results.length === 0) parts.push(`No results for "${r.query}".`);
  r.results.forEach((x, i) => {
    const lines = [`${i + 1}. ${x.title}`, `   ${x.url}`];
    if (x.date) lines.push(`   Date: ${x.date}`);
    if (x.snippet) lines.push(`   ${flatSnippet(x)}`);
    if (x.content) lines.push('', x.content.trim());
    parts.push(lines.join('\n'));
  });
  const { provider, query, answer, results, grounding } = r;
  return {
    text: parts.join('\n\n'),
    data: plainJson({ provider, query, answer, results, grounding, failed_providers: r.failedProviders }),
  };
}
