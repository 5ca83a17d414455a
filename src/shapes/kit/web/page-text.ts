// A page fetched for its text (Kimi's FetchURL): redirects followed, so a cross-site notice
// is a fault; an image is not text; a page with no text (built by JavaScript, or empty) is
// no_text on the url.
import { EngineError, engineFailure } from '../../../engine/index.js';
import { isCrossSiteRedirect } from '../../../engine/index.js';
import type { FetchOptions, WebEngine } from '../../../engine/index.js';
import type { FetchedPage } from '../../../engine/index.js';

export async function fetchText(web: Pick<WebEngine, 'fetch'>, url: string, opts: FetchOptions): Promise<FetchedPage> {
  const page = await web.fetch(url, opts);
  if (isCrossSiteRedirect(page)) throw new EngineError('internal', 'unexpected redirect notice');
  if (page.format === 'image') {
    throw new EngineError('unsupported', `${page.finalUrl} is an image (${page.mediaType})`, {
      facts: { url: page.finalUrl, mediaType: page.mediaType },
    });
  }
  if (page.content.trim() === '')
    throw engineFailure('no_text', `no text in ${page.finalUrl}`, { url: page.finalUrl }, { field: 'url' });
  return page;
}
