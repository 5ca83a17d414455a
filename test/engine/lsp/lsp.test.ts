// Code intelligence end to end, over gRPC, with the real language servers (typescript-language-
// server with tsserver, pyright) on small projects made here: the diagnostics an edit
// introduced, none after the fix, definition and references on the right lines (a line with an
// emoji before the symbol included), a rename across two files applied all or none. Servers
// are warmed first (an edit does not wait for a server still starting); every test has its own time limit.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { CallToolResponse } from '../../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { callTool, startTestServer, tempDir, texts, type TestServer } from '../../helpers/server.js';
import { lspArgs } from './lsp-args.js';

const LIMIT = { timeout: 180_000 };
let t: TestServer;
let dir: string;
let cleanup: () => void;

const A_TS = 'export function add(a: number, b: number): number {\n  return a + b;\n}\n';
// The emoji is two UTF-16 units: the call of add sits at column 30 in characters, 31 in UTF-16.
const B_TS =
  'import { add } from "./a";\nconst smile = "😀"; const r = add(1, 2);\nexport const total: number = add(r, 3);\n';
const M_PY = 'def twice(x: int) -> int:\n    return x * 2\n\nvalue: int = twice(2)\n';

before(async () => {
  ({ dir, cleanup } = tempDir('facet-lsp-'));
  mkdirSync(path.join(dir, 'ts'));
  writeFileSync(
    path.join(dir, 'ts', 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'es2022', moduleResolution: 'bundler' },
    }),
  );
  writeFileSync(path.join(dir, 'ts', 'a.ts'), A_TS);
  writeFileSync(path.join(dir, 'ts', 'b.ts'), B_TS);
  mkdirSync(path.join(dir, 'py'));
  writeFileSync(path.join(dir, 'py', 'pyproject.toml'), '[project]\nname = "demo"\n');
  writeFileSync(path.join(dir, 'py', 'm.py'), M_PY);
  t = await startTestServer(lspArgs(dir));
  // Warm both servers (code.diagnostics waits for a start; an edit does not): the edits below
  // are the warm case, whose diagnostics come with the edit itself (failures.test.ts: the cold case).
  for (const file of ['ts/a.ts', 'py/m.py']) ok(await call('code.diagnostics', { path: file }));
});

after(async () => {
  await t?.close();
  cleanup?.();
});

const call = (tool: string, args: Record<string, unknown>, shape = 'core'): Promise<CallToolResponse> =>
  callTool(t.client, tool, args, { shape, session: `lsp-${shape}`, deadlineMs: 170_000 });
const text = (r: CallToolResponse) => texts(r)[0];
const display = (r: CallToolResponse) => {
  for (const c of r.content)
    if (c.body?.$case === 'structured' && c.body.value && 'display' in c.body.value)
      return c.body.value.display as Record<string, unknown>;
  return undefined;
};
const ok = (r: CallToolResponse) => assert.equal(r.error, '', r.error);

test('an edit that introduces a type error reports exactly it; the fixing edit reports none', LIMIT, async () => {
  const broken = await call('fs.edit', { path: 'ts/a.ts', old_string: 'return a + b;', new_string: 'return "sum";' });
  ok(broken);
  assert.ok(
    text(broken)!.endsWith(
      "\n\nNew diagnostics from this change:\nts/a.ts:2:3: error: Type 'string' is not assignable to type 'number'. [typescript 2322]",
    ),
    text(broken),
  );
  const report = (
    display(broken)!.details as {
      diagnostics: { files: Array<{ relative: string; introduced: unknown[] }>; missing: unknown[] };
    }
  ).diagnostics;
  assert.deepEqual(report.missing, []);
  assert.deepEqual(report.files[0]!.introduced, [
    {
      line: 2,
      column: 3,
      endLine: 2,
      endColumn: 9,
      severity: 'error',
      message: "Type 'string' is not assignable to type 'number'.",
      code: 2322,
      source: 'typescript',
    },
  ]);

  const fixed = await call('fs.edit', { path: 'ts/a.ts', old_string: 'return "sum";', new_string: 'return a + b;' });
  ok(fixed);
  assert.ok(!text(fixed)!.includes('diagnostics'), text(fixed));
  const after = (display(fixed)!.details as { diagnostics: { files: Array<{ introduced: unknown[] }> } }).diagnostics;
  assert.deepEqual(after.files[0]!.introduced, []);
});

test("Claude's Edit words introduced diagnostics as Claude Code's new-diagnostics block", LIMIT, async () => {
  const file = path.join(dir, 'ts', 'a.ts');
  ok(await call('Read', { file_path: file }, 'claude'));
  const r = await call('Edit', { file_path: file, old_string: 'a + b;', new_string: 'a + c;' }, 'claude');
  ok(r);
  assert.ok(
    text(r)!.endsWith(
      "\n\n<system-reminder>\n<new-diagnostics>The following new diagnostic issues were detected:\n\na.ts:\n  ✘ [Line 2:14] Cannot find name 'c'. [2304] (typescript)</new-diagnostics>\n</system-reminder>",
    ),
    text(r),
  );
  ok(await call('Edit', { file_path: file, old_string: 'a + c;', new_string: 'a + b;' }, 'claude'));
});

test('a Python edit reports the type error pyright finds, and the fix reports none', LIMIT, async () => {
  const r = await call('fs.edit', {
    path: 'py/m.py',
    old_string: 'value: int = twice(2)',
    new_string: 'value: str = twice(2)',
  });
  ok(r);
  assert.ok(
    text(r)!.endsWith(
      '\n\nNew diagnostics from this change:\npy/m.py:4:14: error: Type "int" is not assignable to declared type "str" "int" is not assignable to "str" [Pyright reportAssignmentType]',
    ),
    text(r),
  );
  const fixed = await call('fs.edit', { path: 'py/m.py', old_string: 'value: str', new_string: 'value: int' });
  ok(fixed);
  assert.ok(!text(fixed)!.includes('diagnostics'), text(fixed));
});

test("a patch and a Gemini write report the diagnostics they introduced, in each shape's words", LIMIT, async () => {
  const patch = [
    '*** Begin Patch',
    '*** Update File: py/m.py',
    '@@',
    '-value: int = twice(2)',
    '+value: int = twice("2")',
    '*** End Patch',
  ].join('\n');
  const r = await call('fs.apply_patch', { patch });
  ok(r);
  assert.match(
    text(r)!,
    /\n\nNew diagnostics from this change:\npy\/m\.py:4:20: error: Argument of type "Literal\['2'\]" cannot be assigned to parameter "x" of type "int" in function "twice" .*\[Pyright reportArgumentType\]$/,
  );
  const file = path.join(dir, 'py', 'm.py');
  ok(await call('read_file', { file_path: file }, 'gemini'));
  const w = await call('write_file', { file_path: file, content: M_PY }, 'gemini');
  ok(w);
  assert.ok(!text(w)!.includes('problems'), text(w));
  const bad = await call('write_file', { file_path: file, content: M_PY.replace('x * 2', 'x.upper()') }, 'gemini');
  ok(bad);
  assert.match(
    text(bad)!,
    /\n\nThe language server reports new problems after this change:\n- py\/m\.py:2:14: error: Cannot access attribute "upper" for class "int".*$/,
  );
  ok(await call('write_file', { file_path: file, content: M_PY }, 'gemini'));
});

test(
  'definition and references land on the right lines, columns counted in characters past an emoji',
  LIMIT,
  async () => {
    const def = await call('code.definition', { path: 'ts/b.ts', line: 2, column: 30 });
    ok(def);
    assert.equal(text(def), 'ts/a.ts:1:17: export function add(a: number, b: number): number {');
    const refs = await call('code.references', { path: 'ts/a.ts', line: 1, column: 17 });
    ok(refs);
    assert.equal(
      text(refs),
      [
        'ts/a.ts:1:17: export function add(a: number, b: number): number {',
        'ts/b.ts:1:10: import { add } from "./a";',
        'ts/b.ts:2:30: const smile = "😀"; const r = add(1, 2);',
        'ts/b.ts:3:30: export const total: number = add(r, 3);',
      ].join('\n'),
    );
    const past = await call('code.hover', { path: 'ts/b.ts', line: 2, column: 44 });
    assert.equal(past.error, 'ts/b.ts has no line 2, column 44 (it has 4 lines; line 2 has 39 characters)');
  },
);

test("Qwen's lsp tool answers in Qwen Code's words over the same servers", LIMIT, async () => {
  const def = await call('lsp', { operation: 'goToDefinition', filePath: 'ts/b.ts', line: 2, character: 30 }, 'qwen');
  ok(def);
  assert.equal(text(def), 'Definitions for ts/b.ts:2:30:\n1. ts/a.ts:1:17');
  const refs = await call(
    'lsp',
    { operation: 'findReferences', filePath: path.join(dir, 'ts', 'a.ts'), line: 1, character: 17 },
    'qwen',
  );
  assert.equal(text(refs), 'References for ts/a.ts:1:17:\n1. ts/b.ts:1:10\n2. ts/b.ts:2:30\n3. ts/b.ts:3:30');
  const clean = await call('lsp', { operation: 'diagnostics', filePath: 'ts/a.ts' }, 'qwen');
  assert.equal(text(clean), 'No diagnostics found for ts/a.ts.');
  const bad = await call('lsp', { operation: 'hover', line: 1 }, 'qwen');
  assert.equal(bad.error, 'Error: Invalid parameters provided. Reason: filePath is required for hover.');
  const outside = await call('lsp', { operation: 'codeActions', filePath: 'ts/a.ts', line: 9 }, 'qwen');
  assert.equal(text(outside), 'LSP code actions failed: ts/a.ts has no line 9, column 1 (it has 4 lines)');
});

test('a rename across two files is previewed, then applied to both', LIMIT, async () => {
  const preview = await call('code.rename', { path: 'ts/a.ts', line: 1, column: 17, new_name: 'sum' });
  ok(preview);
  assert.ok(
    text(preview)!.startsWith('Would rename to sum: 4 edits in 2 files (not written; pass apply: true).\n'),
    text(preview),
  );
  assert.equal(readFileSync(path.join(dir, 'ts', 'a.ts'), 'utf8'), A_TS);
  const applied = await call('code.rename', { path: 'ts/a.ts', line: 1, column: 17, new_name: 'sum', apply: true });
  ok(applied);
  assert.ok(text(applied)!.startsWith('Renamed to sum: 4 edits in 2 files.\n'), text(applied));
  assert.equal(readFileSync(path.join(dir, 'ts', 'a.ts'), 'utf8'), A_TS.replace('add', 'sum'));
  assert.equal(readFileSync(path.join(dir, 'ts', 'b.ts'), 'utf8'), B_TS.replaceAll('add', 'sum'));
  const check = await call('code.diagnostics', { path: 'ts/b.ts' });
  ok(check);
  assert.equal(text(check), 'ts/b.ts: no problems');
});

test(
  'a change made outside Facet is noticed on the next use; without a path every open file is checked',
  LIMIT,
  async () => {
    writeFileSync(
      path.join(dir, 'ts', 'b.ts'),
      'import { sum } from "./a";\nexport const total: number = sum(1, "2");\n',
    );
    const r = await call('code.diagnostics', {});
    ok(r);
    assert.equal(
      text(r),
      [
        'py/m.py: no problems',
        'ts/a.ts: no problems',
        'ts/b.ts:',
        "  2:37 error typescript 2345: Argument of type 'string' is not assignable to parameter of type 'number'.",
      ].join('\n'),
    );
  },
);

test(
  "Qwen's lsp tool: a file's symbols, a symbol search with its top match's references, the workspace's diagnostics",
  LIMIT,
  async () => {
    const symbols = await call('lsp', { operation: 'documentSymbol', filePath: 'ts/b.ts' }, 'qwen');
    ok(symbols);
    assert.equal(text(symbols), 'Document symbols for ts/b.ts:\n1. total (Constant) - ts/b.ts:2:14');
    const search = await call(
      'lsp',
      { operation: 'workspaceSymbol', query: 'sum', filePath: 'ts/a.ts', limit: 1 },
      'qwen',
    );
    ok(search);
    assert.equal(
      text(search),
      'Found 1 of 1 symbols for query "sum":\n1. sum (Function) - ts/a.ts:1:1\n\nReferences for top match (sum):\n1. ts/b.ts:1:10\n2. ts/b.ts:2:30',
    );
    const one = await call('lsp', { operation: 'diagnostics', filePath: 'ts/b.ts' }, 'qwen');
    assert.equal(
      text(one),
      "Diagnostics for ts/b.ts (1 issues):\n1. [ERROR] 2:37 (2345) [typescript]: Argument of type 'string' is not assignable to parameter of type 'number'.",
    );
    const all = await call('lsp', { operation: 'workspaceDiagnostics', limit: 5 }, 'qwen');
    ok(all);
    assert.equal(
      text(all),
      "Workspace diagnostics (1 issues in 1 files):\n\nts/b.ts:\n  [ERROR] 2:37 (2345): Argument of type 'string' is not assignable to parameter of type 'number'.",
    );
    const none = await call('lsp', { operation: 'documentSymbol', filePath: 'ts/none.ts' }, 'qwen');
    assert.equal(text(none), 'LSP document symbols failed: ts/none.ts does not exist');
    const hover = await call(
      'lsp',
      { operation: 'hover', filePath: 'ts/b.ts', line: 2, character: 14, serverName: 'ts' },
      'qwen',
    );
    assert.equal(text(hover), 'Hover for ts/b.ts:2:14 [ts]:\n```typescript\nconst total: number\n```');
  },
);
