// Kimi's words for the failures of its web tools (SearchWeb and FetchURL): search not set up,
// a page with no readable text, an HTTP status.
import type { EngineError } from '../../../engine/index.js';
import type { Reply } from '../../common/define.js';
import { kimiFail } from './errors.js';

export function webWording(err: EngineError): Reply | undefined {
  if (err.kind === 'unavailable' && Array.isArray(err.facts.providers))
    return kimiFail(
      'Web search is not configured on this server (no search provider has credentials). Answer from what you know, or fetch a known page with FetchURL.',
    );
  if (err.condition === 'no_text')
    return kimiFail(
      `Nothing readable could be extracted from ${String(err.facts.url)}. The page may be rendered by JavaScript or be empty; try another source.`,
    );
  if (typeof err.facts.status === 'number')
    return kimiFail(`Fetching the page failed with HTTP status ${err.facts.status}: ${err.message}.`);
  return undefined;
}
