// Claude Code 2.1.332's LSP tool over the real typescript-language-server: the cases of runs S11
// and S12 (vendors/claude/2.1.332.tests.md) on the same two files, each result text exact. The
// server starts cold on a loaded machine, so the bounds are generous; every test has its own.
import assert from 'node:assert/strict';
import { symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { CLAUDE_PLUS, claudePlus } from '../../helpers/claude-toolbox.js';
import { serverFixture } from '../../helpers/server.js';
import { lspArgs } from '../../engine/lsp/lsp-args.js';
import { result } from './harness.js';

const LIMIT = { timeout: 180_000 };
const A_TS =
  'export function add(a: number, b: number): number {\n  return a + b;\n}\n\nexport interface Shape { area(): number }\nexport class Sq implements Shape { area() { return 1; } }\n';
const B_TS = 'import { add } from "./a";\nconst x = add(1, 2);\nexport function twice() { return add(x, x); }\n';

// The language-server flags without the root (the engine takes its scope from each call).
const plus = claudePlus(lspArgs('/').slice(2));
after(() => plus.close());
const { dir, call } = serverFixture({
  prefix: 'facet-claude-lsp-',
  extraSpecs: plus.specs,
  setup: (d) => {
    writeFileSync(path.join(d, 'a.ts'), A_TS);
    writeFileSync(path.join(d, 'b.ts'), B_TS);
    writeFileSync(path.join(d, 'x.rb'), 'puts 1\n');
    writeFileSync(path.join(d, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true } }));
  },
});

const LSP = async (args: Record<string, unknown>) =>
  result(await call('LSP', args, { shape: CLAUDE_PLUS, session: 'claude-lsp', deadlineMs: 170_000 }));

const NO_HOVER =
  'No hover information available. This may occur if the cursor is not on a symbol, or if the LSP server has not fully indexed the file.';
const NO_DEFINITION =
  'No definition found. This may occur if the cursor is not on a symbol, or if the definition is in an external library not indexed by the LSP server.';
const OPERATIONS = [
  'goToDefinition',
  'findReferences',
  'hover',
  'documentSymbol',
  'workspaceSymbol',
  'goToImplementation',
  'prepareCallHierarchy',
  'incomingCalls',
  'outgoingCalls',
];
const BAD_OPERATION = [
  {
    code: 'invalid_value',
    values: OPERATIONS,
    path: ['operation'],
    message: `Invalid option: expected one of ${OPERATIONS.map((o) => `"${o}"`).join('|')}`,
  },
];
const LINE_ZERO = [
  {
    origin: 'number',
    code: 'too_small',
    minimum: 0,
    inclusive: false,
    path: ['line'],
    message: 'Too small: expected number to be >0',
  },
];
const issues = (list: unknown[]) =>
  `<tool_use_error>InputValidationError: ${JSON.stringify(list, null, 2)}</tool_use_error>`;

// [arguments, is_error, the exact text], in the order of runs S11 then S12 (the vendor's
// hover and definition at 2:11 came after indexing; the server here is cold in the same way).
const CASES: Array<[Record<string, unknown>, boolean, string]> = [
  [{ operation: 'hover', filePath: 'b.ts', line: 2, character: 16 }, false, NO_HOVER],
  [{ operation: 'goToDefinition', filePath: 'b.ts', line: 2, character: 16 }, false, NO_DEFINITION],
  [
    { operation: 'findReferences', filePath: 'a.ts', line: 1, character: 17 },
    false,
    'Found 4 references across 2 files:\n\na.ts:\n  Line 1:17\n\nb.ts:\n  Line 1:10\n  Line 2:11\n  Line 3:34',
  ],
  [
    { operation: 'documentSymbol', filePath: 'a.ts', line: 1, character: 1 },
    false,
    'Document symbols:\nadd (Function) - Line 1\nShape (Interface) - Line 5\n  area (Method) - Line 5\nSq (Class) - Line 6\n  area (Method) - Line 6',
  ],
  [
    { operation: 'workspaceSymbol', filePath: 'a.ts', line: 1, character: 1 },
    false,
    'Found 7 symbols in workspace:\n\na.ts:\n  add (Function) - Line 1\n  area (Method) - Line 5\n  area (Method) - Line 6\n  Shape (Interface) - Line 5\n  Sq (Class) - Line 6\n\nb.ts:\n  twice (Function) - Line 3\n  x (Constant) - Line 2',
  ],
  [{ operation: 'goToImplementation', filePath: 'a.ts', line: 5, character: 18 }, false, 'Defined in a.ts:6:14'],
  [
    { operation: 'prepareCallHierarchy', filePath: 'a.ts', line: 1, character: 17 },
    false,
    'Call hierarchy item: add (Function) - a.ts:1',
  ],
  [
    { operation: 'incomingCalls', filePath: 'a.ts', line: 1, character: 17 },
    false,
    'Found 2 incoming calls:\n\nb.ts:\n  b.ts (Module) - Line 1 [calls at: 2:11]\n  twice (Function) - Line 3 [calls at: 3:34]',
  ],
  [
    { operation: 'outgoingCalls', filePath: 'b.ts', line: 3, character: 17 },
    false,
    'Found 1 outgoing call:\n\na.ts:\n  add (Function) - Line 1 [called from: 3:34]',
  ],
  // The vendor passes the place to the server, which fails; Facet checks it first, in its own words.
  [
    { operation: 'hover', filePath: 'a.ts', line: 9, character: 1 },
    false,
    "Error performing hover: LSP request 'textDocument/hover' failed for server 'typescript': a.ts has no line 9, column 1 (it has 7 lines)",
  ],
  [
    { operation: 'hover', filePath: 'nope.ts', line: 1, character: 1 },
    true,
    '<tool_use_error>File does not exist: nope.ts</tool_use_error>',
  ],
  // The vendor's run had no Python server (.py); Facet serves Python, so a type without a server stands in.
  [
    { operation: 'hover', filePath: 'x.rb', line: 1, character: 1 },
    false,
    'No LSP server available for file type: .rb',
  ],
  [{ operation: 'rename', filePath: 'a.ts', line: 1, character: 1 }, true, issues(BAD_OPERATION)],
  [{ operation: 'hover', filePath: 'a.ts', line: 0, character: 1 }, true, issues(LINE_ZERO)],
  [
    { operation: 'hover', filePath: 'b.ts', line: 2, character: 11 },
    false,
    'Hover info at 2:11:\n\n\n```typescript\n(alias) add(a: number, b: number): number\nimport add\n```\n',
  ],
  [{ operation: 'goToDefinition', filePath: 'b.ts', line: 2, character: 11 }, false, 'Defined in a.ts:1:17'],
  [
    { operation: 'hover', filePath: 'a.ts', line: 5, character: 18 },
    false,
    'Hover info at 5:18:\n\n\n```typescript\ninterface Shape\n```\n',
  ],
  [{ operation: 'findReferences', filePath: 'b.ts', line: 3, character: 1 }, false, 'Found 1 reference:\n  b.ts:3:17'],
];

test('the nine operations and their failures answer as Claude Code 2.1.332 did (S11, S12)', LIMIT, async () => {
  for (const [args, isError, text] of CASES) {
    const r = await LSP(args);
    assert.equal(r.text, text, JSON.stringify(args));
    assert.equal(r.error !== '', isError, `is_error of ${JSON.stringify(args)}`);
  }
});

test('a path outside the roots is refused, a link leading out too, and nothing is asked', LIMIT, async () => {
  symlinkSync('/etc', path.join(dir, 'out'));
  for (const filePath of ['/etc/hostname', 'out/hostname']) {
    const r = await LSP({ operation: 'hover', filePath, line: 1, character: 1 });
    assert.equal(r.code, 'PERMISSION_DENIED', r.text);
    assert.match(r.text, /^<tool_use_error>Permission denied: .* is outside the directories this session may use/);
  }
});
