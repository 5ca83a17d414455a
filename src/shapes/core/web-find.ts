// web.find: the passages of a page that contain a phrase, with line and column.
import type { FindInPageResult } from '../../engine/index.js';
import { findView } from '../kit/web/views.js';
import { FETCH_MODES, maxBytesProp, timeoutProp, urlProp } from './web-common.js';
import { type ArgsOf, defineTool, TAGS } from './shared.js';

const schema = {
  type: 'object',
  properties: {
    url: urlProp,
    pattern: {
      type: 'string',
      minLength: 1,
      maxLength: 1000,
      description: 'The phrase to find (literal, not a regular expression).',
    },
    case_sensitive: { type: 'boolean', description: 'Match letter case exactly (default false).' },
    context_chars: {
      type: 'integer',
      minimum: 0,
      maximum: 5000,
      description: 'Characters shown on each side of a match (default 200).',
    },
    max_matches: {
      type: 'integer',
      minimum: 1,
      maximum: 500,
      description: 'Most passages returned (default 20); the total is always counted.',
    },
    timeout_ms: timeoutProp,
    max_bytes: maxBytesProp,
  },
  required: ['url', 'pattern'],
  additionalProperties: false,
} as const;

export const findTool = defineTool<ArgsOf<typeof schema>, FindInPageResult>({
  name: 'web.find',
  summary: 'Find where a phrase occurs in a web page and get each passage around it, with line and column.',
  description: [
    'Fetches the page like web.fetch (same guard and cache; HTML as Markdown) and returns the passages that contain',
    '`pattern`: each with its line, column and character offset in the Markdown and `context_chars` characters on each side.',
    'The pattern is a literal phrase, case-insensitive unless `case_sensitive`; spaces in it match any run of whitespace.',
    'Use it to locate a section in a long page, then web.fetch with a larger max_chars if you need more.',
  ],
  schema,
  tags: [TAGS.network, TAGS.web, TAGS.search, TAGS.readOnly],
  examples: [
    {
      description: 'Locate the timeout option in a documentation page',
      arguments: { url: 'https://undici.nodejs.org/#/docs/api/Agent', pattern: 'connect timeout', context_chars: 300 },
      expectedOutcome: 'Each passage mentioning "connect timeout", with its line and column.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    FETCH_MODES,
    'INVALID_ARGUMENT also when `pattern` is only whitespace. UNSUPPORTED_OPERATION also when the URL is an image: there is',
    'no text to search.',
  ],
  call: (a, c) =>
    c.engine.web.findInPage(a.url, a.pattern, {
      caseSensitive: a.case_sensitive,
      contextChars: a.context_chars,
      maxMatches: a.max_matches,
      timeoutMs: a.timeout_ms,
      maxBytes: a.max_bytes,
      signal: c.signal,
    }),
  format(r) {
    const n = r.totalMatches;
    const shown = r.matches.length;
    return {
      ...findView(r),
      host: {
        summary: `${n} match${n === 1 ? '' : 'es'} in ${r.finalUrl}`,
        counts: { matches: n, shown },
        truncated: r.truncated,
      },
    };
  },
});
