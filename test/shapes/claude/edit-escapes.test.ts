// Claude Edit: \uXXXX escapes in old_string are swapped for their characters (and back)
// when the verbatim text is not in the file; the vendor's alias names are refused.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { serverFixture } from '../../helpers/server.js';
import { claudeCaller } from './harness.js';

const CURRENT = '(file state is current in your context — no need to Read it back)';

describe('claude shape: Edit unicode escapes and aliases', () => {
  const { t, dir } = serverFixture({ shape: 'claude@2.1.197' });
  const call = claudeCaller(() => t, 'edit-escapes');
  const p = (name: string) => path.join(dir, name);

  test('escapes in old_string match the characters in the file; new_string is decoded alike', async () => {
    writeFileSync(p('chars.txt'), 'caf\u00e9 \u2014 menu\n');
    await call('Read', { file_path: p('chars.txt') });
    const r = await call('Edit', {
      file_path: p('chars.txt'),
      old_string: 'caf\\u00e9 \\u2014',
      new_string: 'th\\u00e9 \\u2014',
    });
    assert.equal(r.text, `The file ${p('chars.txt')} has been updated successfully. ${CURRENT}`);
    assert.equal(readFileSync(p('chars.txt'), 'utf8'), 'th\u00e9 \u2014 menu\n');
  });

  test('characters in old_string match escapes in the file; new_string is escaped alike', async () => {
    writeFileSync(p('escaped.json'), '{"name": "caf\\u00e9"}\n');
    await call('Read', { file_path: p('escaped.json') });
    const r = await call('Edit', { file_path: p('escaped.json'), old_string: '"caf\u00e9"', new_string: '"th\u00e9"' });
    assert.equal(r.code, '');
    assert.equal(readFileSync(p('escaped.json'), 'utf8'), '{"name": "th\\u00e9"}\n');
  });

  test('neither form in the file: the not-found error repeats old_string as sent', async () => {
    writeFileSync(p('none.txt'), 'plain\n');
    await call('Read', { file_path: p('none.txt') });
    const r = await call('Edit', { file_path: p('none.txt'), old_string: 'caf\\u00e9', new_string: 'x' });
    assert.equal(r.code, 'INVALID_ARGUMENT');
    assert.equal(
      r.error,
      '<tool_use_error>old_string was not found in the file. It must match the file exactly, whitespace and indentation included; Read the file again if unsure.\nString: caf\\u00e9</tool_use_error>',
    );
    assert.equal(readFileSync(p('none.txt'), 'utf8'), 'plain\n');
  });

  test("Claude Code's alias names are not accepted: the declared names are required", async () => {
    writeFileSync(p('alias.txt'), 'a\n');
    await call('Read', { file_path: p('alias.txt') });
    const r = await call('Edit', { path: p('alias.txt'), old_str: 'a', new_str: 'b', replace_name: false });
    assert.equal(r.code, 'INVALID_ARGUMENT');
    assert.equal(
      r.error,
      '<tool_use_error>InputValidationError: the arguments of Edit are not valid:\n- file_path: is required\n- old_string: is required\n- new_string: is required\n' +
        '- path: is not a known parameter\n- old_str: is not a known parameter\n- new_str: is not a known parameter\n- replace_name: is not a known parameter\n' +
        "Use Edit's parameter names: file_path instead of path, old_string instead of old_str, new_string instead of new_str, replace_all instead of replace_name.</tool_use_error>",
    );
    assert.equal(readFileSync(p('alias.txt'), 'utf8'), 'a\n');
  });
});
