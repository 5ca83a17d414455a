// Shared bits of the openai shape tests: a server serving openai on a temp root, and the two
// structured blocks of a result (the output item for the API, and the host's display block).
import type { CallToolResponse } from '../../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { serverFixture, texts, type ServerFixture, type ServerFixtureOptions } from '../../helpers/server.js';

/** A server serving openai on a temp root for the enclosing suite; `call` defaults to session openai-test. */
export function openaiServer(opts: Omit<ServerFixtureOptions, 'shape'> = {}): ServerFixture {
  return serverFixture({ shape: 'openai', prefix: 'facet-openai-', session: 'openai-test', ...opts });
}

const blocks = (res: CallToolResponse) =>
  res.content.flatMap((c) => (c.body?.$case === 'structured' ? [c.body.value as Record<string, unknown>] : []));

/** The output item the host sends back to the Responses API (the result's data). */
export function item(res: CallToolResponse): Record<string, unknown> | undefined {
  return blocks(res).find((b) => !('display' in b && Object.keys(b).length === 1));
}

/** The host's display block. */
export function display(res: CallToolResponse): Record<string, unknown> {
  return (blocks(res).find((b) => 'display' in b)?.display as Record<string, unknown>) ?? {};
}

/** The model-facing text. */
export const text = (res: CallToolResponse) => texts(res)[0] ?? '';
