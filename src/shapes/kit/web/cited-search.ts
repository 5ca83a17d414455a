// A search answer with its sources numbered: a grounded answer carries "[n]" markers into its
// grounding sources; without grounding, each result's passage (its snippet on one line, else
// its title) is cited by its number. The words around them (a "Sources" heading, a title for a
// source without one) are the tools'.
import { withCitations } from './citations.js';
import type { SearchResponse, SearchResult } from '../../../engine/index.js';

export interface CitedSearch {
  /** The provider's answer (with "[n]" markers when grounded); '' when none. */
  answer: string;
  /** Each result's passage ending in its " [n]" marker (none when grounded). */
  passages: string[];
  /** The sources the numbers refer to, in order; a grounding source may lack a title or URL. */
  sources: Array<{ title?: string; url?: string }>;
}

/** A result's snippet on one line. */
export const flatSnippet = (x: SearchResult): string => x.snippet.replace(/\s+/g, ' ').trim();

export function citedSearch(r: SearchResponse): CitedSearch {
  if (r.grounding && r.answer) {
    const sources = r.grounding.chunks.map((c) => {
      const web = (c.web ?? {}) as { title?: string; uri?: string };
      return { title: web.title || undefined, url: web.uri || undefined };
    });
    return { answer: withCitations(r.answer, r.grounding), passages: [], sources };
  }
  const passages = r.results.map((x, i) => `${flatSnippet(x) || x.title} [${i + 1}]`);
  return { answer: r.answer ?? '', passages, sources: r.results.map((x) => ({ title: x.title, url: x.url })) };
}
