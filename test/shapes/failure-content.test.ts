// Every failed call, in every shape, carries the model's text first (the same words as
// `error`) and then a structured block for a person: unknown tools, invalid arguments and
// errors raised inside a handler alike.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { CallToolResponse } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { callTool, serverFixture } from '../helpers/server.js';

/** Each shape's file reader and the argument that names the file. */
const READERS: Record<string, [string, string]> = {
  core: ['fs.read', 'path'],
  claude: ['Read', 'file_path'],
  codex: ['view_image', 'path'],
  'codex@0.169.0': ['read_file', 'file_path'],
  gemini: ['read_file', 'file_path'],
  qwen: ['read_file', 'file_path'],
  kimi: ['Read', 'path'],
  'kimi@1.49': ['ReadFile', 'path'],
  grok: ['read_file', 'path'],
};

function assertTextThenBlock(res: CallToolResponse, tool: string, where: string): void {
  assert.notEqual(res.error, '', where);
  const first = res.content[0]?.body;
  assert.equal(first?.$case, 'text', `${where}: first item`);
  assert.equal(first?.$case === 'text' ? first.value : '', res.error, `${where}: the text is the error's words`);
  const last = res.content[res.content.length - 1]?.body;
  assert.equal(last?.$case, 'structured', `${where}: last item`);
  const display = ((last?.$case === 'structured' ? last.value : undefined) ?? {}).display as
    Record<string, unknown> | undefined;
  assert.equal(display?.tool, tool, `${where}: display block names the tool`);
}

describe('failure content in every shape', () => {
  const { t, dir } = serverFixture({ shape: 'all' });

  for (const [shape, [reader, field]] of Object.entries(READERS)) {
    test(`${shape}: unknown tool, invalid arguments and a missing file`, async () => {
      const unknown = await callTool(t.client, 'no_such_tool', {}, { shape });
      assertTextThenBlock(unknown, 'no_such_tool', `${shape} unknown`);
      const invalid = await callTool(t.client, reader, { [field]: 42 }, { shape });
      assertTextThenBlock(invalid, reader, `${shape} invalid`);
      assert.equal(invalid.failure?.fieldViolations[0]?.field, field);
      const missing = await callTool(t.client, reader, { [field]: path.join(dir, 'missing.txt') }, { shape });
      assertTextThenBlock(missing, reader, `${shape} missing`);
      assert.match(missing.error, /missing\.txt/);
    });
  }
});
