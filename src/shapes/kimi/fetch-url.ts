// FetchURL (Kimi Code 2.1.0): a page's main text (a heading with its title, then the text) or a
// plain-text or JSON body verbatim, after a note saying which and how to cite it; the result
// starts with the call's wall time.
import type { FetchedPage } from '../../engine/index.js';
import { fetchText } from '../kit/web/page-text.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { codeFail, codeOk, startClock } from './errors.js';

/** A desktop Chrome User-Agent, as Kimi Code's local fetch sends: some sites refuse unknown clients. */
const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const CITE = 'If you use it in your answer, cite this page as a markdown link, e.g. [title](url).';
const VERBATIM = new Set(['text/plain', 'text/markdown', 'application/json', 'text/csv']);
/** Kimi Code's local fetch reads at most 10 MiB. */
const MAX_BYTES = 10 << 20;

export const fetchUrlTool = defineTool<{ url: string }, FetchedPage>({
  name: 'FetchURL',
  summary: 'Fetch a web page and get its main text (plain-text and JSON bodies come back verbatim).',
  description: [
    'Fetches an http(s) URL (redirects followed) and returns the main text of an HTML page, headed by its title, or a',
    'plain-text or JSON body verbatim; a first note says which, and how to cite the page. Bodies are read up to 10 MiB.',
    "The result starts with the call's wall time. Use WebSearch to find pages.",
  ],
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { url: { type: 'string' } },
    required: ['url'],
    additionalProperties: false,
  },
  tags: [TAGS.network, TAGS.web, TAGS.readOnly],
  examples: [
    {
      description: 'Read a documentation page',
      arguments: { url: 'https://nodejs.org/api/fs.html' },
      expectedOutcome: 'The note, then "# <title>" and the text.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'UNAVAILABLE / network: "Failed to fetch URL due to network error: <url>. <reason>"; an HTTP error status:',
    '"Failed to fetch URL. Status: <code>. <reason>". Hosts the server does not allow are refused the same way.',
  ],
  call(args, c) {
    startClock(c);
    return fetchText(c.engine.web, args.url, {
      format: 'text',
      userAgent: BROWSER_UA,
      maxBytes: MAX_BYTES,
      maxRedirects: 10,
      timeoutMs: 180_000,
      signal: c.signal,
    });
  },
  format(page) {
    const verbatim = VERBATIM.has(page.mediaType);
    const note = verbatim
      ? 'The returned content is the full response body, returned verbatim.'
      : 'The returned content is the main text extracted from the page.';
    const body = verbatim || !page.title ? page.content : `# ${page.title}\n\n${page.content}`;
    const details = { url: page.url, finalUrl: page.finalUrl, status: page.status, mediaType: page.mediaType };
    return codeOk(`${note} ${CITE}\n\n${body}`, { details, counts: { bytes: page.bytes }, truncated: page.truncated });
  },
  errors(err, args) {
    if (typeof err.facts.status === 'number')
      return codeFail(`Failed to fetch URL. Status: ${err.facts.status}. ${err.message}`);
    if (err.condition === 'no_text') return codeFail(`Failed to extract text from the page: ${args.url}.`);
    return codeFail(`Failed to fetch URL due to network error: ${args.url}. ${err.message}`);
  },
});
