// A successful call that changed something is never failed for its size: its longest strings
// are cut to fit the response limit, each with a note, and a JSON text stays JSON.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import { CallToolResponse } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { cutToFit } from '../../src/registry/fit.js';
import { encodeCallToolResponse } from '../../src/server/wire.js';
import { callTool, texts, withServer } from '../helpers/server.js';

const response = (content: CallToolResponse['content']): CallToolResponse => ({
  content,
  error: '',
  canonicalRouted: false,
  routedTo: '',
  failure: undefined,
});

test("a command's JSON answer over the client's limit is cut inside its output and stays JSON", async () => {
  await withServer({}, async (t) => {
    const res = await callTool(
      t.client,
      'shell',
      { command: ['bash', '-c', 'head -c 20000 /dev/zero | tr "\\0" a'] },
      { shape: 'codex@0.169.0', metadata: { 'facet-max-response-bytes': '4096' } },
    );
    assert.equal(res.error, '');
    assert.equal(res.failure, undefined);
    assert.ok(CallToolResponse.encode(res).finish().length <= 4096);
    const answer = JSON.parse(texts(res)[0]!) as { output: string; metadata: { exit_code: number } };
    assert.equal(answer.metadata.exit_code, 0);
    const m = /^(a+)\n\[cut: (\d+) more bytes are over the response limit of 4096 bytes\]$/.exec(answer.output);
    assert.ok(m, answer.output.slice(-120));
    assert.equal(m[1]!.length + Number(m[2]), 20000);
    assert.ok(m[1]!.length > 1000, `kept ${m[1]!.length} bytes of output`);
    // A command that fails keeps its failure (not a size one) and its cut output.
    const failed = await callTool(
      t.client,
      'shell',
      { command: ['bash', '-c', 'head -c 20000 /dev/zero | tr "\\0" b; exit 3'] },
      { shape: 'codex@0.169.0', metadata: { 'facet-max-response-bytes': '4096' } },
    );
    assert.equal(failed.failure?.code, FailureCode.FAILURE_CODE_PROCESS_FAILED);
    assert.ok(CallToolResponse.encode(failed).finish().length <= 4096);
    const out = JSON.parse(texts(failed)[0]!) as { output: string; metadata: { exit_code: number } };
    assert.equal(out.metadata.exit_code, 3);
    assert.match(out.output, /^b+\n\[cut: \d+ more bytes are over the response limit of 4096 bytes\]$/);
  });
});

test('multi-byte text is cut between characters', () => {
  const out = CallToolResponse.decode(
    cutToFit(response([{ body: { $case: 'text', value: '€'.repeat(5000) } }]), 4096, encodeCallToolResponse),
  );
  assert.equal(out.content.length, 1);
  const text = out.content[0]!.body?.$case === 'text' ? out.content[0]!.body.value : '';
  const m = /^(€+)\n\[cut: (\d+) more bytes are over the response limit of 4096 bytes\]$/.exec(text);
  assert.ok(m, text.slice(-120));
  assert.equal(m[1]!.length * 3 + Number(m[2]), 15000);
  assert.ok(CallToolResponse.encode(out).finish().length <= 4096);
});

test('when no cut of its strings can make it fit, the result is left out with a note saying the call succeeded', () => {
  const m = response([{ body: { $case: 'structured', value: { lines: Array.from({ length: 2000 }, (_, i) => i) } } }]);
  const whole = encodeCallToolResponse(m).length;
  const out = CallToolResponse.decode(cutToFit(m, 1024, encodeCallToolResponse));
  assert.deepEqual(out.content, [
    {
      body: {
        $case: 'text',
        value: `The call succeeded, but its result (${whole} bytes) is over the response limit of 1024 bytes and was left out.`,
      },
    },
  ]);
  assert.equal(out.error, '');
});

test('a failed call that cannot be cut to fit keeps its failure code, and says so', () => {
  const failure = {
    code: FailureCode.FAILURE_CODE_PROCESS_FAILED,
    message: 'exit 2',
    transportCode: 0,
    retryable: false,
    operation: 'shell',
    resource: undefined,
    fieldViolations: [],
    diagnostics: [],
    process: undefined,
    retryAfter: undefined,
    details: [],
    causes: [],
  };
  const m = {
    ...response([{ body: { $case: 'structured', value: { lines: Array.from({ length: 2000 }, (_, i) => i) } } }]),
    error: 'exit 2',
    failure,
  };
  const whole = encodeCallToolResponse(m).length;
  const out = CallToolResponse.decode(cutToFit(m, 1024, encodeCallToolResponse));
  const text = `The call failed (its failure code is kept), and its result (${whole} bytes) is over the response limit of 1024 bytes and was left out.`;
  assert.deepEqual(
    [out.content, out.error, out.failure?.code, out.failure?.message],
    [[{ body: { $case: 'text', value: text } }], text, FailureCode.FAILURE_CODE_PROCESS_FAILED, 'exit 2'],
  );
});
