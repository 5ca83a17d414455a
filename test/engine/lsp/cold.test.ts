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

test('a warm edit past its wait answers at once; its diagnostics come with the next call', LIMIT, async () => {
  // A ratio of 0: a warm server is waited for 0 ms, so no check is ready in time (each needs the
  // server's answer), and none is lost.
  const args = lspArgs(dir);
  args[args.indexOf('--lsp-diagnostics-ratio') + 1] = '0';
  const quick = await startTestServer(args);
  try {
    const at = (shape: string, tool: string, a: Record<string, unknown>) =>
      callTool(quick.client, tool, a, { shape, session: `bound-${shape}`, deadlineMs: 170_000 });
    /** The text from `marker` on in the first later call (a read of a file no server speaks for) that has it. */
    const later = async (shape: string, tool: string, a: Record<string, unknown>, marker: string) => {
      for (;;) {
        const n = await at(shape, tool, a);
        ok(n);
        const i = texts(n)[0]!.indexOf(marker);
        if (i >= 0) return texts(n)[0]!.slice(i);
        await new Promise((res) => setTimeout(res, 100));
      }
    };
    const file = path.join(dir, 'ts', 'b.ts');
    writeFileSync(file, 'export const two: number = 2;\n');
    writeFileSync(path.join(dir, 'ts', 'c.ts'), 'export const three: number = 3;\n');
    ok(await at('claude', 'Read', { file_path: file }));
    // Warm it: code.diagnostics waits for the start and the first check (core's tool, same engine).
    ok(await at('core', 'code.diagnostics', { path: 'ts/b.ts' }));

    // Claude: the edit says nothing of diagnostics (Claude Code attaches them to a later turn).
    const r = await at('claude', 'Edit', { file_path: file, old_string: '= 2;', new_string: "= 'two';" });
    ok(r);
    assert.ok(!/diagnostic|system-reminder/i.test(texts(r)[0]!), texts(r)[0]);
    assert.equal(
      await later('claude', 'Read', { file_path: path.join(dir, 'ts', 'notes.txt') }, NEW),
      `${NEW}The following new diagnostic issues were detected:\n\nb.ts:\n  ✘ [Line 1:14] Type 'string' is not assignable to type 'number'. [2322] (typescript)</new-diagnostics>\n</system-reminder>`,
    );

    // core: the edit says they come later, and the next call brings them.
    const c = await at('core', 'fs.edit', { path: 'ts/c.ts', old_string: '= 3;', new_string: "= 'three';" });
    ok(c);
    assert.ok(
      texts(c)[0]!.endsWith(
        '\n\nDiagnostics for ts/c.ts are missing: typescript-language-server is still checking after 0 ms; they come with a later call.',
      ),
      texts(c)[0],
    );
    assert.equal(
      await later('core', 'fs.read', { path: 'ts/notes.txt' }, 'New diagnostics'),
      "New diagnostics from this change:\nts/c.ts:1:14: error: Type 'string' is not assignable to type 'number'. [typescript 2322]",
    );
  } finally {
    await quick.close();
  }
});

test('two late reports of one file handed out together keep what the first edit introduced', LIMIT, async () => {
  const args = lspArgs(dir);
  args[args.indexOf('--lsp-diagnostics-ratio') + 1] = '0';
  const quick = await startTestServer(args);
  try {
    const at = (session: string, tool: string, a: Record<string, unknown>) =>
      callTool(quick.client, tool, a, { shape: 'core', session, deadlineMs: 170_000 });
    writeFileSync(path.join(dir, 'ts', 'd.ts'), 'export const four: number = 4;\nexport const five: number = 5;\n');
    ok(await at('edits', 'fs.read', { path: 'ts/d.ts' }));
    ok(await at('other', 'code.diagnostics', { path: 'ts/d.ts' })); // warm
    // The first edit introduces an error; the second changes another line and keeps it.
    const one = await at('edits', 'fs.edit', { path: 'ts/d.ts', old_string: '= 4;', new_string: "= 'four';" });
    ok(one);
    const two = await at('edits', 'fs.edit', { path: 'ts/d.ts', old_string: '= 5;', new_string: '= 50;' });
    ok(two);
    // Another session's question goes to the same server after both checks, so they are done when it answers.
    ok(await at('other', 'code.diagnostics', { path: 'ts/d.ts' }));
    const next = await at('edits', 'fs.read', { path: 'ts/notes.txt' });
    ok(next);
    const error = "ts/d.ts:1:14: error: Type 'string' is not assignable to type 'number'. [typescript 2322]";
    // Usually both reports come with `next`; if the first was ready before the second edit
    // answered, it came with that answer instead. Either way the error is shown, once.
    const shown = [texts(two)[0]!, texts(next)[0]!].filter((t) => t.includes(error));
    assert.equal(shown.length, 1, `${texts(two)[0]}\n---\n${texts(next)[0]}`);
    assert.ok(shown[0]!.includes(`New diagnostics from this change:\n${error}`), shown[0]);
  } finally {
    await quick.close();
  }
});
