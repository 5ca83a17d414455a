// Codex apply_patch: DescribeTool serves the vendor's freeform declaration, while CallTool
// validates the arguments against its JSON function variant {input} before anything runs.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { FailureCode } from '../../../src/gen/codefly/base/v0/failure.js';
import { unary } from '../../helpers/server.js';
import { codexServer, norm } from './helpers.js';

const VARIANT = {
  type: 'object',
  properties: { input: { type: 'string' } },
  required: ['input'],
  additionalProperties: false,
};
const PATCH = '*** Begin Patch\n*** Add File: a.txt\n+a\n*** End Patch';

describe('codex apply_patch arguments', () => {
  const e = codexServer();

  test('the declaration is freeform with its JSON variant; error_modes say how it is called', async () => {
    const d = await unary(e.t.client.describeTool, e.t.client, { name: 'apply_patch' }, { shape: 'codex@0.169.0' });
    const spec = d.tool!;
    assert.equal(spec.inputSchema!['x-freeform'], true);
    assert.deepEqual(spec.inputSchema!.json_function_variant, VARIANT);
    assert.ok(
      spec.errorModes.startsWith("Arguments: DescribeTool serves the vendor's declaration"),
      spec.errorModes.slice(0, 80),
    );
  });

  for (const [label, args, msg] of [
    ['no input', {}, 'invalid function arguments: input is required'],
    ['a non-string input', { input: 5 }, 'invalid function arguments: input must be string'],
    ['another property', { input: PATCH, patch: PATCH }, 'invalid function arguments: patch is not a known parameter'],
  ] as const) {
    test(`${label} is INVALID_ARGUMENT and applies nothing`, async () => {
      const r = await e.call('apply_patch', args as Record<string, unknown>);
      assert.equal(r.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
      assert.equal(r.error, msg);
      assert.equal(existsSync(path.join(e.dir, 'a.txt')), false);
    });
  }

  test('{input: PATCH} applies it', async () => {
    const r = await e.call('apply_patch', { input: PATCH });
    assert.equal(
      norm(r),
      '{"output":"Success. Updated the following files:\\nA a.txt\\n","metadata":{"exit_code":0,"duration_seconds":<t>}}',
    );
    assert.equal(readFileSync(path.join(e.dir, 'a.txt'), 'utf8'), 'a\n');
  });
});
