// FetchURL: a page's main text; plain text and Markdown come back as they are. At most 50,000 characters.
import type { FetchedPage } from '../../../engine/index.js';
import { fetchText } from '../../kit/web/page-text.js';
import { defineTool } from '../../common/define.js';
import { TAGS } from '../../tags.js';
import { capped, cutNote, kimiOk } from './errors.js';
import { webWording } from './web-wording.js';

/** A desktop Chrome User-Agent, as Kimi CLI sends: some sites refuse unknown clients. */
const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/91.0.4472.124 Safari/537.36';

export const fetchUrlTool = defineTool<{ url: string }, FetchedPage>({
  name: 'FetchURL',
  summary: 'Fetch a web page and get its main text (plain text and Markdown pages come back whole).',
  description: [
    'Downloads an http(s) URL and returns its readable text: HTML pages are reduced to their text, text/plain and text/markdown responses come back as they',
    'are (the message then says it is the whole page). At most 50,000 characters. Private, loopback and cloud-metadata addresses are refused unless the',
    'server allows them. An HTTP error status is an error. Pages that build their content with JavaScript may come back empty.',
  ],
  schema: { properties: { url: { type: 'string' } }, required: ['url'], type: 'object' },
  tags: [TAGS.network, TAGS.web, TAGS.readOnly],
  examples: [
    {
      description: 'Read a documentation page',
      arguments: { url: 'https://nodejs.org/api/fs.html' },
      expectedOutcome: 'The text of the page.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'INVALID_ARGUMENT: not an http(s) URL. SECURITY_POLICY_FAILED: the address (or a redirect) is private, loopback or metadata.',
    'NOT_FOUND / PERMISSION_DENIED / UNAVAILABLE / NETWORK_FAILED: the site answered 404 / 401-403 / 5xx / another error status, or could not be reached.',
    'UNSUPPORTED_OPERATION: the body is binary. INVALID_ARGUMENT: no text could be extracted (JavaScript-rendered or empty page).',
  ],
  call: (args, c) =>
    fetchText(c.engine.web, args.url, { format: 'text', userAgent: BROWSER_UA, timeoutMs: 180_000, signal: c.signal }),
  format(page) {
    const out = capped(page.content, null);
    const truncated = out.truncated || page.truncated;
    const whole = (page.mediaType === 'text/plain' || page.mediaType === 'text/markdown') && !truncated;
    const details = { url: page.url, finalUrl: page.finalUrl, status: page.status, mediaType: page.mediaType };
    return kimiOk(cutNote(whole ? 'The returned content is the full content of the page.' : '', truncated), out.text, {
      details,
      counts: { bytes: page.bytes },
      truncated,
    });
  },
  errors: webWording,
});
