// Shared bits of the codex shape tests: a server serving codex on a temp root, and the
// normalisation of the only parts of a result that vary between runs (ids and timings).
import type { CallToolResponse } from '../../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { serverFixture, texts, type ServerFixture } from '../../helpers/server.js';

/**
 * A server serving the codex set first served (pinned as codex@0.169.0, now 0.149.0's alias) on a temp root; `call`
 * defaults to session codex-test.
 */
export function codexServer(extra: string[] = []): ServerFixture {
  return serverFixture({ shape: 'codex@0.169.0', prefix: 'facet-codex-', session: 'codex-test', args: extra });
}

/** The model-facing text with chunk ids, wall times and durations replaced by placeholders. */
export function norm(res: CallToolResponse): string {
  return (texts(res)[0] ?? '')
    .replace(/^Chunk ID: [0-9a-f]{6}$/m, 'Chunk ID: <id>')
    .replace(/^Wall time: \d+\.\d+ seconds$/m, 'Wall time: <t> seconds')
    .replace(/"duration_seconds":\d+(\.\d+)?/, '"duration_seconds":<t>');
}

/** The session id of "Process running with session ID N". */
export function sessionId(res: CallToolResponse): number {
  const m = /^Process running with session ID (\d+)$/m.exec(texts(res)[0] ?? '');
  if (!m) throw new Error(`no session id in: ${texts(res)[0]}`);
  return Number(m[1]);
}
