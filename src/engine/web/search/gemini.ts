// Gemini API with Google Search grounding: POST {base}/v1beta/models/{model}:generateContent
// with tools [{google_search: {}}]. The answer is the model's text; results come from the
// grounding chunks, each with the segments of the answer that cite it as its snippet.
import { joinUrl, providerJson } from './http.js';
import {
  searchResult,
  SearchProviderError,
  type Grounding,
  type ProviderSearchOptions,
  type SearchProvider,
  type SearchResponse,
  type SearchResult,
} from './types.js';

export interface GeminiSettings {
  apiKey: string;
  baseUrl: string;
  model: string;
  timeoutMs?: number;
}

interface Chunk {
  web?: { uri?: string; title?: string; domain?: string };
}

interface Support {
  segment?: { startIndex?: number; endIndex?: number; text?: string };
  groundingChunkIndices?: number[];
}

interface GenerateContentResponse {
  candidates?: Array<{
    content?: { parts?: Array<{ text?: string; thought?: boolean }> };
    finishReason?: string;
    groundingMetadata?: { groundingChunks?: Chunk[]; groundingSupports?: Support[]; webSearchQueries?: string[] };
  }>;
  promptFeedback?: { blockReason?: string };
}

export class GeminiProvider implements SearchProvider {
  readonly name = 'gemini';
  readonly label = 'Gemini';

  constructor(private readonly settings: GeminiSettings) {}

  isAvailable(): boolean {
    return this.settings.apiKey !== '' && this.settings.baseUrl !== '' && this.settings.model !== '';
  }

  async search(query: string, opts: ProviderSearchOptions): Promise<SearchResponse> {
    const model = this.settings.model.replace(/^models\//, '');
    const data = (await providerJson(this, {
      method: 'POST',
      url: joinUrl(this.settings.baseUrl, `/v1beta/models/${encodeURIComponent(model)}:generateContent`),
      headers: { 'x-goog-api-key': this.settings.apiKey },
      body: { contents: [{ role: 'user', parts: [{ text: query }] }], tools: [{ google_search: {} }] },
      timeoutMs: this.settings.timeoutMs ?? 60_000,
      signal: opts.signal,
    })) as GenerateContentResponse;
    if (data.promptFeedback?.blockReason) {
      throw SearchProviderError.of(
        this,
        'query_blocked',
        `the query was blocked (${data.promptFeedback.blockReason})`,
        {
          blockReason: data.promptFeedback.blockReason,
        },
      );
    }
    const candidate = data.candidates?.[0];
    const answer = (candidate?.content?.parts ?? [])
      .filter((p) => !p.thought && typeof p.text === 'string')
      .map((p) => p.text)
      .join('');
    const meta = candidate?.groundingMetadata ?? {};
    const chunks = meta.groundingChunks ?? [];
    const supports = meta.groundingSupports ?? [];
    const results: SearchResult[] = [];
    chunks.forEach((chunk, i) => {
      const web = chunk.web;
      if (!web?.uri) return;
      const cited = supports
        .filter((s) => s.groundingChunkIndices?.includes(i))
        .map((s) => s.segment?.text ?? '')
        .filter((t) => t !== '');
      results.push(
        searchResult({
          title: web.title ?? web.uri,
          url: web.uri,
          snippet: cited.join(' … '),
          site_name: web.domain ?? web.title,
        }),
      );
    });
    const grounding: Grounding = {
      chunks: chunks as Array<Record<string, unknown>>,
      supports: supports as Array<Record<string, unknown>>,
      webSearchQueries: meta.webSearchQueries ?? [],
    };
    return {
      provider: this.name,
      query,
      ...(answer ? { answer } : {}),
      results: results.slice(0, opts.limit),
      grounding,
    };
  }
}
