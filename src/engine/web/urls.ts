// URL handling shared by the web tools: parsing what a model typed, finding URLs in free
// text (a fetch tool may take them from its prompt), HTTP-to-HTTPS upgrade, and the
// GitHub blob-to-raw rewrite two vendors apply before fetching.
import { engineFailure } from '../errors.js';

/** Parses an http(s) URL the model supplied, or throws invalid_argument naming `field`. */
export function parseHttpUrl(input: string, field = 'url'): URL {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw engineFailure('invalid_url', `"${input}" is not a valid URL`, { url: input }, { field });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw engineFailure(
      'unsupported_scheme',
      `only http and https URLs can be fetched, not ${url.protocol}`,
      { url: input, protocol: url.protocol },
      { field },
    );
  }
  if (url.username || url.password) {
    throw engineFailure(
      'url_credentials',
      'URLs with embedded credentials are not fetched',
      { url: url.origin },
      { field },
    );
  }
  url.hash = '';
  return url;
}

/** The same URL on https (port 80 becomes the default https port). */
export function upgradeToHttps(url: URL): URL {
  if (url.protocol !== 'http:') return url;
  const up = new URL(url.href);
  up.protocol = 'https:';
  return up;
}

/** github.com/<owner>/<repo>/blob/<ref>/<path> → raw.githubusercontent.com/<owner>/<repo>/<ref>/<path>. */
export function githubRawUrl(url: URL): URL {
  if (url.hostname !== 'github.com') return url;
  const m = /^\/([^/]+)\/([^/]+)\/blob\/(.+)$/.exec(url.pathname);
  if (!m) return url;
  return new URL(`https://raw.githubusercontent.com/${m[1]}/${m[2]}/${m[3]}${url.search}`);
}

export interface ExtractedUrls {
  /** Valid http(s) URLs in order of appearance, without duplicates. */
  urls: string[];
  /** Tokens that looked like URLs (contained "://") but were not valid http(s) URLs. */
  invalid: string[];
}

/** Finds URLs in free text: whitespace-separated tokens containing "://" (surrounding punctuation trimmed). */
export function extractUrls(text: string): ExtractedUrls {
  const urls: string[] = [];
  const invalid: string[] = [];
  for (const raw of text.split(/\s+/)) {
    if (!raw.includes('://')) continue;
    const token = raw.replace(/^[<("'[]+/, '').replace(/[>)"'\],.;:!?]+$/, '');
    try {
      const u = new URL(token);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
      if (!urls.includes(u.href)) urls.push(u.href);
    } catch {
      invalid.push(raw);
    }
  }
  return { urls, invalid };
}

/** Two hosts count as the same site when they differ only by a leading "www.". */
export function sameSite(a: URL, b: URL): boolean {
  const strip = (h: string) => h.toLowerCase().replace(/^www\./, '');
  return strip(a.hostname) === strip(b.hostname);
}

/** The host name of a URL string, lower case, or '' when it does not parse. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/** True when `host` is `domain` or one of its subdomains. */
export function hostMatchesDomain(host: string, domain: string): boolean {
  const h = host.toLowerCase().replace(/\.+$/, '');
  const d = domain
    .toLowerCase()
    .trim()
    .replace(/^\*?\./, '')
    .replace(/\.+$/, '');
  return d !== '' && (h === d || h.endsWith(`.${d}`));
}
