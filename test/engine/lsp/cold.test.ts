// An edit on a cold pool with the real typescript-language-server (issue 38): the edit answers
// without its diagnostics, saying the server is starting, and they come with a later call of the
// same session once checked, in Claude Code's words (a <new-diagnostics> reminder), once only.
// The server then counts as warm, and the next edit carries its own. Nothing here is timed: the
// later calls are polled until the report arrives, within the test's own limit.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { CallToolResponse } from '../../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { callTool, startTestServer, tempDir, texts, type TestServer } from '../../helpers/server.js';
import { lspArgs } from './lsp-args.js';

const LIMIT = { timeout: 180_000 };
let t: TestServer;
let dir: string;
let cleanup: () => void;

before(async () => {
  ({ dir, cleanup } = tempDir('facet-lsp-cold-'));
  mkdirSync(path.join(dir, 'ts'));
  writeFileSync(
    path.join(dir, 'ts', 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'es2022' } }),
  );
  writeFileSync(path.join(dir, 'ts', 'a.ts'), 'export function one(): number {\n  return 1;\n}\n');
  writeFileSync(path.join(dir, 'ts', 'notes.txt'), 'no language server reads this\n');
  t = await startTestServer(lspArgs(dir));
});

after(async () => {
  await t?.close();
  cleanup?.();
});

const call = (tool: string, args: Record<string, unknown>): Promise<CallToolResponse> =>
  callTool(t.client, tool, args, { shape: 'claude', session: 'cold', deadlineMs: 170_000 });
const ok = (r: CallToolResponse) => assert.equal(r.error, '', r.error);
const NEW = '<system-reminder>\n<new-diagnostics>';

test('a cold edit answers without waiting; its diagnostics come with a later call, once', LIMIT, async () => {
  const file = path.join(dir, 'ts', 'a.ts');
  const notes = path.join(dir, 'ts', 'notes.txt');
  ok(await call('Read', { file_path: file }));
  // The edit starts the server: it cannot have answered diagnostics yet, so nothing is waited for.
  const cold = await call('Edit', { file_path: file, old_string: 'return 1;', new_string: 'return "one";' });
  ok(cold);
  assert.ok(
    texts(cold)[0]!.endsWith(
      '\n<system-reminder>\nDiagnostics for a.ts were not checked: typescript-language-server is still starting; they come with a later call.\n</system-reminder>',
    ),
    texts(cold)[0],
  );
  assert.ok(!texts(cold)[0]!.includes(NEW));

  // Later calls of the session (reads of a file no server speaks for) until the report arrives.
  let late = '';
  for (let polls = 0; !late; polls++) {
    const r = await call('Read', { file_path: notes });
    ok(r);
    const at = texts(r)[0]!.indexOf(NEW);
    if (at >= 0) late = texts(r)[0]!.slice(at);
    else await new Promise((res) => setTimeout(res, 100));
  }
  assert.equal(
    late,
    `${NEW}The following new diagnostic issues were detected:\n\na.ts:\n  ✘ [Line 2:3] Type 'string' is not assignable to type 'number'. [2322] (typescript)</new-diagnostics>\n</system-reminder>`,
  );
  // Handed out once.
  const again = await call('Read', { file_path: notes });
  assert.ok(!texts(again)[0]!.includes('diagnostic'), texts(again)[0]);

  // Warm now: the fixing edit's own check comes with it (nothing introduced, so no words), and a
  // breaking one reports at once.
  const fixed = await call('Edit', { file_path: file, old_string: 'return "one";', new_string: 'return 1;' });
  ok(fixed);
  assert.ok(!texts(fixed)[0]!.includes('diagnostic'), texts(fixed)[0]);
  const broken = await call('Edit', { file_path: file, old_string: 'return 1;', new_string: 'return true;' });
  ok(broken);
  assert.ok(
    texts(broken)[0]!.endsWith(
      `${NEW}The following new diagnostic issues were detected:\n\na.ts:\n  ✘ [Line 2:3] Type 'boolean' is not assignable to type 'number'. [2322] (typescript)</new-diagnostics>\n</system-reminder>`,
    ),
    texts(broken)[0],
  );
});

test('a warm server past the diagnostics bound: the edit answers, its check comes later', LIMIT, async () => {
  // A bound of 0 ms: no check answers in time (each needs the server's answer), and none is lost.
  const args = lspArgs(dir);
  args[args.indexOf('--lsp-diagnostics-ms') + 1] = '0';
  const quick = await startTestServer(args);
  try {
    const at = (tool: string, a: Record<string, unknown>) =>
      callTool(quick.client, tool, a, { shape: 'claude', session: 'bound', deadlineMs: 170_000 });
    const file = path.join(dir, 'ts', 'b.ts');
    writeFileSync(file, 'export const two: number = 2;\n');
    ok(await at('Read', { file_path: file }));
    // Warm it: code.diagnostics waits for the start and the first check (core's tool, same engine).
    ok(await callTool(quick.client, 'code.diagnostics', { path: 'ts/b.ts' }, { shape: 'core', deadlineMs: 170_000 }));
    const r = await at('Edit', { file_path: file, old_string: '= 2;', new_string: "= 'two';" });
    ok(r);
    assert.ok(
      texts(r)[0]!.endsWith(
        'Diagnostics for b.ts were not checked: typescript-language-server is still checking after 0 ms; they come with a later call.\n</system-reminder>',
      ),
      texts(r)[0],
    );
    let late = '';
    while (!late) {
      const n = await at('Read', { file_path: path.join(dir, 'ts', 'notes.txt') });
      const i = texts(n)[0]!.indexOf(NEW);
      if (i >= 0) late = texts(n)[0]!.slice(i);
      else await new Promise((res) => setTimeout(res, 100));
    }
    assert.equal(
      late,
      `${NEW}The following new diagnostic issues were detected:\n\nb.ts:\n  ✘ [Line 1:14] Type 'string' is not assignable to type 'number'. [2322] (typescript)</new-diagnostics>\n</system-reminder>`,
    );
  } finally {
    await quick.close();
  }
});
