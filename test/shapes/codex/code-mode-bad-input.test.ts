// Bad input to Codex code mode answers in band, in Codex's words where it has them, and leaves
// no process behind: syntax errors, a flood of output, unknown tools, hostile arguments, a bad
// pragma, too many running cells, escapes from the script's realm, plan mode on nested calls.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { CallToolResponse } from '../../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { serverFixture, texts } from '../../helpers/server.js';

const items = (res: CallToolResponse) =>
  texts(res).map((t, i) => (i === 0 ? t.replace(/^Wall time \d+\.\d seconds$/m, 'Wall time <t> seconds') : t));
const header = (status: string) => `Script ${status}\nWall time <t> seconds\nOutput:\n`;

describe('codex code mode: bad input', () => {
  const e = serverFixture({
    shape: 'codex',
    prefix: 'facet-codexbad-',
    session: 'bad',
    args: ['--codex-tool-mode', 'code'],
  });
  const exec = (input: string, session?: string) => e.call('exec', { input }, session);

  test('a syntax error fails the script with the line', async () => {
    assert.deepEqual(items(await exec('text(1)\nfoo(')), [
      header('failed'),
      'Script error:\nSyntaxError: Unexpected end of input\n    at exec_main.mjs:2',
    ]);
  });

  test('a fenced script runs as JavaScript and fails as in Codex', async () => {
    const [head, err] = items(await exec('```js\ntext(1)\n```'));
    assert.equal(head, header('failed'));
    assert.match(err!, /^Script error:\nTypeError: "" is not a function/);
  });

  test('a huge text() is cut to the budget; the script is not', async () => {
    const [head, item] = items(await exec('// @exec: {"max_output_tokens": 10}\ntext("x".repeat(1000000))'));
    assert.equal(head, header('completed'));
    assert.equal(
      item,
      `Warning: truncated output (original token count: 250000)\nTotal output lines: 1\n\n${'x'.repeat(20)}…249990 tokens truncated…${'x'.repeat(20)}`,
    );
  });

  test('a string over the size of one message fails the script in band', async () => {
    const [head, err] = items(await exec('text("x".repeat(17 * 1024 * 1024))'));
    assert.equal(head, header('failed'));
    assert.match(err!, /^Script error:\nRangeError: output of \d+ characters is over the limit of 16777216/);
  });

  test('unknown and unlisted tools are not functions', async () => {
    assert.deepEqual(
      items(await exec('text([typeof tools.update_plan, typeof tools.shell_command, typeof tools.exec])')),
      [header('completed'), '["undefined","undefined","undefined"]'],
    );
    assert.deepEqual(items(await exec('await tools.shell_command({ command: "ls" })')), [
      header('failed'),
      'Script error:\nTypeError: tools.shell_command is not a function\n    at exec_main.mjs:1:13',
    ]);
  });

  test('hostile arguments: wrong types, extra fields, circular objects, non-objects', async () => {
    const res = await exec(
      [
        'const tryIt = async (f) => { try { await f(); return "ok"; } catch (e) { return typeof e === "string" ? e : "thrown " + e; } };',
        'text(await tryIt(() => tools.exec_command({ cmd: 42 })));',
        'text(await tryIt(() => tools.exec_command({ cmd: "true", __proto__: { x: 1 }, evil: 1 })));',
        'const c = {}; c.c = c;',
        'text(await tryIt(() => tools.exec_command(c)));',
        'text(await tryIt(() => tools.exec_command([1, 2])));',
        'text(await tryIt(() => tools.apply_patch({ input: 1 })));',
        'text(await tryIt(() => tools.view_image({ path: "../../etc/passwd" })));',
      ].join('\n'),
    );
    const [head, ...out] = items(res);
    assert.equal(head, header('completed'));
    assert.match(out[0]!, /^invalid function arguments: cmd /);
    assert.match(out[1]!, /^invalid function arguments: evil /);
    assert.match(out[2]!, /^thrown TypeError: Converting circular structure to JSON/);
    assert.equal(out[3], 'failed to parse function arguments: invalid type: sequence, expected struct');
    assert.equal(out[4], 'failed to parse function arguments: expected the input string');
    assert.match(out[5]!, /outside the directories this session may use/);
  });

  test('a bad pragma is refused before anything runs', async () => {
    const res = await exec('// @exec: {yield}\ntext(1)');
    assert.match(texts(res)[0]!, /^invalid @exec pragma: /);
    assert.notEqual(res.error, '');
  });

  test('the realm offers no way out: no eval, no process, no import', async () => {
    const res = await exec(
      [
        'const r = [];',
        'try { r.push(typeof text.constructor.constructor("return process")()); } catch (e) { r.push(e.name); }',
        'try { r.push(typeof eval("1")); } catch (e) { r.push(e.name); }',
        'try { await import("node:child_process"); r.push("imported"); } catch (e) { r.push(e.code); }',
        'text(r)',
      ].join('\n'),
    );
    assert.deepEqual(items(res), [
      header('completed'),
      '["EvalError","EvalError","ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING"]',
    ]);
  });

  test('at most 8 cells run at once; terminating one frees its place', async () => {
    for (let i = 1; i <= 8; i++)
      assert.deepEqual(items(await exec('yield_control();\nawait new Promise(() => {})', 'cells')), [
        header(`running with cell ID ${i}`),
      ]);
    const refused = await exec('text(1)', 'cells');
    assert.equal(texts(refused)[0], '8 exec cells are running already; wait on one or terminate it first');
    for (let i = 1; i <= 8; i++) await e.call('wait', { cell_id: String(i), terminate: true }, 'cells');
    assert.deepEqual(items(await exec('text(1)', 'cells')), [header('completed'), '1']);
  });
});

describe('codex code mode: --read-only', () => {
  const e = serverFixture({
    shape: 'codex',
    prefix: 'facet-codexro-',
    session: 'ro',
    args: ['--codex-tool-mode', 'code', '--read-only'],
  });
  test('exec is served; a nested tool that writes is not', async () => {
    const res = await e.call('exec', {
      input: [
        'try { await tools.exec_command({ cmd: "touch x" }); } catch (e) { text(e); }',
        'try { await tools.apply_patch("*** Begin Patch\\n*** Add File: x\\n+x\\n*** End Patch"); } catch (e) { text(e); }',
      ].join('\n'),
    });
    assert.deepEqual(items(res), [
      header('completed'),
      'unsupported call: exec_command',
      'unsupported call: apply_patch',
    ]);
    assert.equal(existsSync(path.join(e.dir, 'x')), false);
  });
});
