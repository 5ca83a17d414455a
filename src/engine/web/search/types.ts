// The search provider protocol and the structured results every provider returns.
// Formatting (citation markers, numbering, source lists) belongs to the shapes.
import {
  EngineError,
  failureArgs,
  type ConditionFacts,
  type EngineErrorInit,
  type ErrorKind,
  type FailureInit,
  type ProviderCondition,
} from '../../errors.js';

export interface SearchResult {
  title: string;
  url: string;
  /** A short extract that matches the query ('' when the provider gave none). */
  snippet: string;
  /** Page content, when the provider returned it (Tavily raw_content, include_content). */
  content?: string;
  /** Publication or crawl date as the provider gave it. */
  date?: string;
  site_name?: string;
  /** Provider relevance score, when it gives one. */
  score?: number;
}

/** Gemini's Google Search grounding, as the API returned it. */
export interface Grounding {
  /** groundingChunks: [{web: {uri, title, domain?}}] */
  chunks: Array<Record<string, unknown>>;
  /**
   * groundingSupports: [{segment: {startIndex, endIndex, text}, groundingChunkIndices, confidenceScores}]; indices are
   * UTF-8 byte offsets into answer.
   */
  supports: Array<Record<string, unknown>>;
  webSearchQueries: string[];
}

export interface SearchResponse {
  /** The provider that answered. */
  provider: string;
  query: string;
  /** A synthesized answer (Tavily include_answer, Gemini's grounded text). */
  answer?: string;
  results: SearchResult[];
  grounding?: Grounding;
  /** Providers tried before this one, and why each failed. */
  failedProviders?: Array<{ provider: string; kind: ErrorKind; message: string }>;
}

export interface ProviderSearchOptions {
  limit: number;
  signal?: AbortSignal;
  includeContent?: boolean;
  allowedDomains?: string[];
  blockedDomains?: string[];
}

export interface SearchProvider {
  /** Identifier used in config and calls: tavily, gemini, brave, searxng. */
  readonly name: string;
  /** Name shown in errors: Tavily, Gemini, Brave, SearXNG. */
  readonly label: string;
  isAvailable(): boolean;
  search(query: string, opts: ProviderSearchOptions): Promise<SearchResponse>;
}

/** A provider's failure; the message starts with the provider's name in brackets. */
export class SearchProviderError extends EngineError {
  readonly provider: string;

  private constructor(provider: string, args: [ErrorKind, string, EngineErrorInit]) {
    super(...args);
    this.name = 'SearchProviderError';
    this.provider = provider;
  }

  /** `provider`'s failure as `condition`; the facts gain the provider's name, the message its label. */
  static of<C extends ProviderCondition>(
    provider: SearchProvider | { name: string; label: string },
    condition: C,
    message: string,
    facts: Omit<ConditionFacts[C], 'provider'>,
    init: FailureInit = {},
  ): SearchProviderError {
    return new SearchProviderError(
      provider.name,
      failureArgs(
        condition,
        `[${provider.label}] ${message}`,
        { provider: provider.name, ...facts } as ConditionFacts[C],
        init,
      ),
    );
  }
}

export interface RawResultFields {
  title?: string | null;
  url: string;
  snippet?: string | null;
  content?: string | null;
  date?: string | null;
  site_name?: string | null;
  score?: unknown;
}

/** A SearchResult from a provider's fields, optional ones left out when empty. */
export function searchResult(f: RawResultFields): SearchResult {
  return {
    title: f.title ?? '',
    url: f.url,
    snippet: f.snippet ?? '',
    ...(f.content ? { content: f.content } : {}),
    ...(f.date ? { date: f.date } : {}),
    ...(f.site_name ? { site_name: f.site_name } : {}),
    ...(typeof f.score === 'number' ? { score: f.score } : {}),
  };
}
