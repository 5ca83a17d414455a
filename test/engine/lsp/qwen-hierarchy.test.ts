// Qwen's lsp tool beyond lookups, with the real typescript-language-server on a small project made
// here: goToImplementation of an interface method, the call hierarchy (prepare, then the item
// handed back as the model would for incoming and outgoing calls), and code actions for a
// diagnostic, each in Qwen Code 0.15's words and JSON. The server starts cold, so the bounds are
// generous; every test has its own time limit.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import type { CallToolResponse } from '../../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { callTool, startTestServer, tempDir, texts, type TestServer } from '../../helpers/server.js';
import { lspArgs } from './lsp-args.js';

const LIMIT = { timeout: 180_000 };
let t: TestServer;
let dir: string;
let cleanup: () => void;

const SHAPES_TS = [
  'export interface Shape {',
  '  area(): number;',
  '}',
  'export class Square implements Shape {',
  '  constructor(private side: number) {}',
  '  area(): number {',
  '    return this.side * this.side;',
  '  }',
  '}',
  'export function total(shapes: Shape[]): number {',
  '  let sum = 0; for (const s of shapes) sum += s.area(); return sum;',
  '}',
  '',
].join('\n');
// The emoji (two UTF-16 units) sits before the second call of total on line 6.
const MAIN_TS = [
  'import { Square, total } from "./shapes";',
  'export function report(): string {',
  '  return `area ${total([new Square(2)])}`;',
  '}',
  'export function twice(): number {',
  '  const s = "😀"; return total([]) + total([]);',
  '}',
  '',
].join('\n');
const USE_TS = 'export const one: Shape | undefined = undefined;\n';

before(async () => {
  ({ dir, cleanup } = tempDir('facet-qwen-lsp-'));
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'es2022', moduleResolution: 'bundler' },
    }),
  );
  writeFileSync(path.join(dir, 'shapes.ts'), SHAPES_TS);
  writeFileSync(path.join(dir, 'main.ts'), MAIN_TS);
  writeFileSync(path.join(dir, 'use.ts'), USE_TS);
  t = await startTestServer(lspArgs(dir));
});

after(async () => {
  await t?.close();
  cleanup?.();
});

const lsp = (args: Record<string, unknown>): Promise<CallToolResponse> =>
  callTool(t.client, 'lsp', args, { shape: 'qwen', session: 'qwen-lsp', deadlineMs: 170_000 });
const text = (r: CallToolResponse) => {
  assert.equal(r.error, '', r.error);
  return texts(r)[0]!;
};
const uri = (f: string) => pathToFileURL(path.join(dir, f)).href;
const r = (l1: number, c1: number, l2: number, c2: number) => ({
  start: { line: l1, character: c1 },
  end: { line: l2, character: c2 },
});

test('goToImplementation finds the class method behind an interface method', LIMIT, async () => {
  const found = await lsp({ operation: 'goToImplementation', filePath: 'shapes.ts', line: 2, character: 3 });
  assert.equal(text(found), 'Implementations for shapes.ts:2:3:\n1. shapes.ts:6:3');
  const none = await lsp({ operation: 'goToImplementation', filePath: 'main.ts', line: 4, character: 1 });
  assert.equal(text(none), 'No implementations found for main.ts:4:1.');
});

test('the call hierarchy: prepare, then incoming and outgoing calls of the item handed back', LIMIT, async () => {
  const prepared = await lsp({ operation: 'prepareCallHierarchy', filePath: 'shapes.ts', line: 10, character: 17 });
  const item = {
    name: 'total',
    kind: 'Function',
    rawKind: 12,
    detail: '',
    uri: uri('shapes.ts'),
    range: r(9, 0, 11, 1),
    selectionRange: r(9, 16, 9, 21),
  };
  assert.equal(
    text(prepared),
    `Call hierarchy items for shapes.ts:10:17:\n1. total (Function) - shapes.ts:10:17\n\nCall hierarchy items (JSON):\n${JSON.stringify([item], null, 2)}`,
  );
  const incoming = await lsp({ operation: 'incomingCalls', callHierarchyItem: item });
  const fn = (name: string, l: number) => ({
    name,
    kind: 'Function',
    rawKind: 12,
    detail: '',
    uri: uri('main.ts'),
    range: r(l, 0, l + 2, 1),
    selectionRange: r(l, 16, l, 16 + name.length),
  });
  // twice's first call is after the emoji: UTF-16 offset 25 in the JSON, yet character 25 (1-based) in the line, not
  // 26.
  assert.equal(
    text(incoming),
    [
      'Incoming calls for total at shapes.ts:10:17:',
      '1. report (Function) - main.ts:2:17 (calls at 3:18)',
      '2. twice (Function) - main.ts:5:17 (calls at 6:25, 6:37)',
    ].join('\n') +
      `\n\nIncoming calls (JSON):\n${JSON.stringify(
        [
          { from: fn('report', 1), fromRanges: [r(2, 17, 2, 22)] },
          { from: fn('twice', 4), fromRanges: [r(5, 25, 5, 30), r(5, 37, 5, 42)] },
        ],
        null,
        2,
      )}`,
  );
  const outgoing = await lsp({ operation: 'outgoingCalls', callHierarchyItem: item });
  // tsserver reports the one call site twice; it is shown as the server gave it.
  const area = {
    name: 'area',
    kind: 'Method',
    rawKind: 6,
    detail: '',
    uri: uri('shapes.ts'),
    range: r(1, 2, 1, 17),
    selectionRange: r(1, 2, 1, 6),
  };
  assert.equal(
    text(outgoing),
    `Outgoing calls for total at shapes.ts:10:17:\n1. area (Method) - shapes.ts:2:3 (calls at 11:47, 11:47)\n\nOutgoing calls (JSON):\n${JSON.stringify([{ to: area, fromRanges: [r(10, 46, 10, 52), r(10, 46, 10, 52)] }], null, 2)}`,
  );
  const gone = await lsp({
    operation: 'incomingCalls',
    callHierarchyItem: { ...item, uri: 'https://example.com/x.ts' },
  });
  assert.equal(text(gone), 'LSP incoming calls failed: https://example.com/x.ts is not a file: URI');
  const broken = await lsp({
    operation: 'outgoingCalls',
    callHierarchyItem: { ...item, range: { start: { line: 9 } } },
  });
  assert.equal(
    broken.error,
    'Error: Invalid parameters provided. Reason: invalid arguments for lsp: callHierarchyItem.range.end is required; callHierarchyItem.range.start.character is required',
  );
});

test('codeActions offers the import a missing name needs, with its edit', LIMIT, async () => {
  const diag = {
    range: r(0, 18, 0, 23),
    severity: 'error',
    code: 2304,
    source: 'typescript',
    message: "Cannot find name 'Shape'.",
  };
  const found = await lsp({
    operation: 'codeActions',
    filePath: 'use.ts',
    line: 1,
    character: 19,
    endCharacter: 24,
    diagnostics: [diag],
    codeActionKinds: ['quickfix'],
  });
  const edit = { range: r(0, 0, 0, 0), newText: 'import { Shape } from "./shapes";\n\n' };
  const action = {
    title: 'Add import from "./shapes"',
    kind: 'quickfix',
    diagnostics: [diag],
    isPreferred: true,
    edit: { documentChanges: [{ textDocument: { uri: uri('use.ts'), version: 1 }, edits: [edit] }] },
    command: {
      title: '',
      command: '_typescript.applyCodeActionCommand',
      arguments: [
        {
          action: {
            fixName: 'import',
            description: 'Add import from "./shapes"',
            changes: [
              {
                fileName: path.join(dir, 'use.ts'),
                textChanges: [{ start: { line: 1, offset: 1 }, end: { line: 1, offset: 1 }, newText: edit.newText }],
              },
            ],
          },
          diagnostic: { range: diag.range, message: diag.message, severity: 1, code: 2304, source: 'typescript' },
          documentUri: uri('use.ts'),
        },
      ],
    },
  };
  assert.equal(
    text(found),
    `Code actions at use.ts:1:19:\n1. Add import from "./shapes" [quickfix] \u2605 (has edit) (has command)\n\nCode actions (JSON):\n${JSON.stringify([action], null, 2)}`,
  );
  assert.equal(readFileSync(path.join(dir, 'use.ts'), 'utf8'), USE_TS, 'no action is applied');
  const none = await lsp({
    operation: 'codeActions',
    filePath: 'use.ts',
    line: 1,
    character: 1,
    codeActionKinds: ['quickfix'],
  });
  assert.equal(text(none), 'No code actions available at use.ts:1:1.');
});
