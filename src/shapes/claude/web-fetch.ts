// Claude Code's WebFetch over the web engine. Claude Code hands a fetched page to a small model
// with the prompt and returns that model's answer; Facet has no model, so WebFetch returns the
// page (as Markdown) with the prompt beside it.
import { isCrossSiteRedirect } from '../../engine/index.js';
import { pageHost } from '../kit/web/web-host.js';
import { redirectHost } from '../kit/web/views.js';
import { type Call, defineTool, type ToolTable } from '../common/define.js';

type Fetched = Awaited<ReturnType<Call['engine']['web']['fetch']>>;
import { TAGS } from '../tags.js';
import { closed } from './render.js';
import { toolUseError } from './errors.js';

const NO_MODEL =
  '(No summarising model runs on this server: answer the prompt from the content above, quoting sparingly.)';

/** Claude Code's answer when a page redirects to another host: the redirect, and the call to make for it. */
function redirectText(
  got: { url: string; redirectUrl: string; status: number; statusText: string },
  prompt: string,
): string {
  return [
    'REDIRECT DETECTED: The URL redirects to a different host.',
    '',
    `Original URL: ${got.url}`,
    `Redirect URL: ${got.redirectUrl}`,
    `Status: ${got.status} ${got.statusText}`,
    '',
    'The redirect was not followed. To fetch the new location, call WebFetch again with:',
    `- url: "${got.redirectUrl}"`,
    `- prompt: "${prompt}"`,
  ].join('\n');
}

interface Args {
  url: string;
  prompt: string;
  /** 2.1.290 on: the character of the page text to start from. */
  offset?: number;
}

/** Characters of page text one call returns. */
const PAGE_CHARS = 100_000;

/** WebFetch as Claude Code 2.1.197 declared it (no offset): claude@2.1.197 serves it. */
const TABLE_197 = {
  name: 'WebFetch',
  summary: 'Fetch a web page by URL and get its content as Markdown, with your prompt about it alongside.',
  description: [
    'GETs url (http:// is upgraded to https://) and returns the page converted to Markdown, cut at 100000 characters,',
    'followed by prompt. Claude Code passes the page and the prompt to a small model and returns its answer; this server',
    'has no model, so read the content and answer the prompt yourself. Redirects within the same host are followed; a',
    'redirect to another host is reported instead (call WebFetch again with the new URL). Pages are cached for 15',
    'minutes. Loopback, private and cloud-metadata addresses are refused. Read-only; use it for public documentation.',
  ],
  schema: closed({ url: { type: 'string', format: 'uri' }, prompt: 'string' }, ['url', 'prompt']),
  tags: [TAGS.network, TAGS.web, TAGS.readOnly],
  examples: [
    {
      description: 'Read an API page',
      arguments: { url: 'https://nodejs.org/api/fs.html', prompt: 'How do I read a file line by line?' },
      expectedOutcome: 'The page as Markdown, then the prompt.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'INVALID_ARGUMENT (<tool_use_error>): not an absolute http(s) URL.',
    'SECURITY_POLICY_FAILED (<tool_use_error>): the URL, a redirect or its DNS answer is a loopback, private, link-local or metadata address.',
    'NOT_FOUND / PERMISSION_DENIED / DEPENDENCY_UNAVAILABLE / RATE_LIMITED: the site answered 404-410 / 401-403 / 5xx / 429.',
    'TIMEOUT / NETWORK_FAILED: the site did not answer in 30 seconds, does not resolve, refused the connection, or redirected more than 10 times.',
    'UNSUPPORTED_OPERATION: the body is binary and not an image.',
    'Differences from Claude Code: no small model answers the prompt (the content is returned with the prompt); no claude.ai domain preflight; http:// to hosts the operator allowed as private is not upgraded.',
  ],
  errors(err, a, c) {
    if (err.kind !== 'security_policy') return undefined;
    let target = a.url;
    try {
      target = c.engine.web.targetUrl(a.url, { upgradeHttp: 'unless-allowed' }).href;
    } catch {
      // the URL itself was refused: name it as given
    }
    return toolUseError(
      `Refused to fetch ${target}: ${err.message}. Loopback, private, link-local and metadata addresses are never fetched; do not retry another spelling of the same address.`,
    );
  },
  call: (a, c) =>
    c.engine.web.fetch(a.url, {
      upgradeHttp: 'unless-allowed',
      crossSiteRedirects: 'report',
      maxChars: 100_000,
      signal: c.signal,
    }),
  format(got: Fetched, a: Args) {
    if (isCrossSiteRedirect(got)) return { text: redirectText(got, a.prompt), host: redirectHost(got) };
    const host = pageHost(got);
    if (got.blob)
      return {
        text: `Fetched an image from ${got.finalUrl} (${got.mediaType}); it is attached.\n\nPrompt: ${a.prompt}`,
        host,
        blobs: [got.blob],
      };
    const content = got.charsTruncated ? `${got.content}\n\n[Content truncated due to length...]` : got.content;
    return {
      text: ['Web page content:', '---', content, '---', '', `Prompt: ${a.prompt}`, '', NO_MODEL].join('\n'),
      host,
    };
  },
} satisfies ToolTable<Args, Fetched>;

export const webFetch197 = defineTool<Args, Fetched>(TABLE_197);

/** Claude Code 2.1.332's WebFetch: offset reads on through a page longer than one call returns. */
export const webFetch = defineTool<Args, Fetched>({
  ...TABLE_197,
  description: [
    ...TABLE_197.description,
    'offset (a character position, default 0) starts the content there: a cut page says the offset to read on from.',
  ],
  schema: closed(
    {
      url: { type: 'string', format: 'uri' },
      prompt: 'string',
      offset: { type: 'integer', minimum: 0, maximum: 9007199254740991 },
    },
    ['url', 'prompt'],
  ),
  call: async (a, c) => {
    const from = a.offset ?? 0;
    const got = await c.engine.web.fetch(a.url, {
      upgradeHttp: 'unless-allowed',
      crossSiteRedirects: 'report',
      maxChars: from + PAGE_CHARS,
      signal: c.signal,
    });
    if (isCrossSiteRedirect(got) || got.blob || from === 0) return got;
    return { ...got, content: got.content.slice(from) };
  },
  format(got, a) {
    const said = TABLE_197.format(got, a);
    if (isCrossSiteRedirect(got) || got.blob || !got.charsTruncated) return said;
    const next = (a.offset ?? 0) + got.content.length;
    return {
      ...said,
      text: said.text.replace(
        '[Content truncated due to length...]',
        `[Content truncated due to length. Call WebFetch again with offset: ${next} to read on.]`,
      ),
    };
  },
});
