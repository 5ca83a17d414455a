// Shared bits of the anthropic shape tests: the model's text and the host-ready tool_result
// block of a response.
import assert from 'node:assert/strict';
import type { CallToolResponse } from '../../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { structured, texts } from '../../helpers/server.js';

/** The text the model reads. */
export const text = (res: CallToolResponse): string => texts(res).join('');

/** The tool_result block the host sends back. */
export const block = (res: CallToolResponse): Record<string, unknown> | undefined => structured(res);

/** A success: the exact text, and the tool_result block holding it. */
export function okText(res: CallToolResponse, expected: string): void {
  assert.equal(text(res), expected);
  assert.equal(res.error, '');
  assert.deepEqual(block(res), expected === '' ? { type: 'tool_result' } : { type: 'tool_result', content: expected });
}

/** A failure: the exact text, and the tool_result block with is_error. */
export function errText(res: CallToolResponse, expected: string): void {
  assert.equal(text(res), expected);
  assert.notEqual(res.error, '');
  assert.deepEqual(block(res), { type: 'tool_result', content: expected, is_error: true });
}
