// Qwen Code's lsp.test.ts (@0ea6e0d9, 70 cases, it.each counted per operation) replayed against
// qwen@0.24.4's lsp twice: on a server with --lsp off (the argument checks run before any language
// server is asked, the schema is the one tool_search shows, and the off state answers as Qwen's
// does without a client), and on one running a real typescript-language-server (--lsp on), where
// the vendor's mocked-client cases are replayed as the text the model gets for each answer.
// Counts (checked by the ledger test): matched 63, deliberate 1, skipped 6 of 70.
// Deliberate (1): limit 0 is refused by the schema (0.24.4 declares limit an integer, minimum 1;
//   the stored test predates that), so the answer is the schema's words, not "limit must be a
//   positive number.".
// Skipped (6): returnDisplay (2, the host's display, not the model's text), a references lookup
//   that fails after a workspace symbol was found (1: a real server that finds the symbol answers
//   its references), and the description of a pending call (3, the host's).
// Client failures are replayed as real ones (a position past the end of the file): the fact is
// Qwen's "LSP <operation> failed: <why>" answer, not the mocked message.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import { serverFixture } from '../../helpers/server.js';
import { lspArgs } from '../../engine/lsp/lsp-args.js';
import { caller } from '../gemini/harness.js';
import { ledger } from './ledger.js';

const FILE = 'lsp.test.ts';
const { replay, check } = ledger({
  [FILE]: {
    total: 70,
    deliberate: {
      'rejects non-positive limit':
        "0.24.4 declares limit an integer of at least 1, so its schema check answers before the tool's own words",
    },
    skipped:
      'returnDisplay (2: host UI), a references lookup failing after its symbol was found (1), the pending-call description (3: host UI)',
  },
});

const LOCATION_OPS = ['goToDefinition', 'findReferences', 'hover', 'goToImplementation', 'prepareCallHierarchy'];
const LABEL: Record<string, string> = {
  goToDefinition: 'go-to-definition',
  findReferences: 'find-references',
  hover: 'hover',
  goToImplementation: 'go-to-implementation',
  prepareCallHierarchy: 'prepare call hierarchy',
  documentSymbol: 'document symbols',
  workspaceSymbol: 'workspace symbol search',
  incomingCalls: 'incoming calls',
};
const item = {
  name: 'testFunc',
  uri: 'file:///test.ts',
  range: { start: { line: 0, character: 0 }, end: { line: 0, character: 10 } },
  selectionRange: { start: { line: 0, character: 0 }, end: { line: 0, character: 10 } },
};

describe('Qwen Code lsp.test.ts replayed against qwen@0.24.4', () => {
  const { t } = serverFixture({ shape: 'qwen', prefix: 'facet-qwen-lsp-' });
  const call = caller(() => t, 'qwen@0.24.4', 'lsp');
  const said = async (args: Record<string, unknown>) => {
    const o = await call('lsp', args);
    return o.error || o.text;
  };
  const invalid = (why: string) => `Error: Invalid parameters provided. Reason: ${why}`;
  const off = (op: string) => `LSP ${LABEL[op] ?? op} is unavailable (LSP disabled or not initialized).`;

  // ---- validateToolParams
  for (const op of LOCATION_OPS) {
    replay(FILE, `requires filePath for ${op} operation`, async () => {
      assert.equal(await said({ operation: op }), invalid(`filePath is required for ${op}.`));
    });
    replay(FILE, `requires line for ${op} operation`, async () => {
      assert.equal(await said({ operation: op, filePath: 'src/app.ts' }), invalid(`line is required for ${op}.`));
    });
    replay(FILE, `passes validation with valid params for ${op}`, async () => {
      assert.equal(await said({ operation: op, filePath: 'src/app.ts', line: 10, character: 5 }), off(op));
    });
  }
  replay(FILE, 'requires filePath for documentSymbol', async () => {
    assert.equal(await said({ operation: 'documentSymbol' }), invalid('filePath is required for documentSymbol.'));
  });
  replay(FILE, 'passes validation with filePath', async () => {
    assert.equal(await said({ operation: 'documentSymbol', filePath: 'src/app.ts' }), off('documentSymbol'));
  });
  replay(FILE, 'requires query for workspaceSymbol', async () => {
    assert.equal(await said({ operation: 'workspaceSymbol' }), invalid('query is required for workspaceSymbol.'));
  });
  replay(FILE, 'rejects empty query', async () => {
    assert.equal(
      await said({ operation: 'workspaceSymbol', query: '   ' }),
      invalid('query is required for workspaceSymbol.'),
    );
  });
  replay(FILE, 'passes validation with query', async () => {
    assert.equal(await said({ operation: 'workspaceSymbol', query: 'Widget' }), off('workspaceSymbol'));
  });
  for (const op of ['incomingCalls', 'outgoingCalls'])
    replay(FILE, `requires callHierarchyItem for ${op}`, async () => {
      assert.equal(await said({ operation: op }), invalid(`callHierarchyItem is required for ${op}.`));
    });
  replay(FILE, 'passes validation with callHierarchyItem', async () => {
    assert.equal(await said({ operation: 'incomingCalls', callHierarchyItem: item }), off('incomingCalls'));
  });
  replay(FILE, 'rejects non-positive line', async () => {
    assert.equal(
      await said({ operation: 'goToDefinition', filePath: 'src/app.ts', line: 0 }),
      invalid('line must be a positive number.'),
    );
  });
  replay(FILE, 'rejects negative line', async () => {
    assert.equal(
      await said({ operation: 'goToDefinition', filePath: 'src/app.ts', line: -1 }),
      invalid('line must be a positive number.'),
    );
  });
  replay(FILE, 'rejects non-positive character', async () => {
    assert.equal(
      await said({ operation: 'goToDefinition', filePath: 'src/app.ts', line: 1, character: 0 }),
      invalid('character must be a positive number.'),
    );
  });
  test('deliberate: a limit below 1 is refused by the schema 0.24.4 declares', async () => {
    assert.equal(
      await said({ operation: 'documentSymbol', filePath: 'src/app.ts', limit: 0 }),
      invalid('invalid arguments for lsp: limit must be >= 1'),
    );
  });
  replay(FILE, 'rejects empty filePath', async () => {
    assert.equal(
      await said({ operation: 'goToDefinition', filePath: '', line: 1 }),
      invalid('filePath is required for goToDefinition.'),
    );
  });
  replay(FILE, 'rejects whitespace-only filePath', async () => {
    assert.equal(
      await said({ operation: 'goToDefinition', filePath: '   ', line: 1 }),
      invalid('filePath is required for goToDefinition.'),
    );
  });
  replay(FILE, 'rejects whitespace-only query', async () => {
    assert.equal(
      await said({ operation: 'workspaceSymbol', query: '  \t\n  ' }),
      invalid('query is required for workspaceSymbol.'),
    );
  });

  // ---- LSP disabled or unavailable (Facet's --lsp off is both: no client to ask)
  replay(FILE, 'returns unavailable message when LSP is disabled', async () => {
    assert.equal(await said({ operation: 'hover', filePath: 'src/app.ts', line: 1, character: 1 }), off('hover'));
  });
  replay(FILE, 'returns unavailable message when no LSP client', async () => {
    assert.equal(
      await said({ operation: 'goToDefinition', filePath: 'src/app.ts', line: 1, character: 1 }),
      off('goToDefinition'),
    );
  });

  // ---- the schema, as tool_search shows it
  type Schema = {
    required?: string[];
    properties: Record<string, { type?: string; enum?: string[]; $ref?: string }>;
    definitions: Record<
      string,
      { type?: string; required?: string[]; properties: Record<string, { type?: string; $ref?: string }> }
    >;
  };
  let cached: Schema | undefined;
  const schema = async (): Promise<Schema> => {
    if (cached) return cached;
    const text = (await call('tool_search', { query: 'select:lsp' })).text;
    const m = /<function>(.*)<\/function>/s.exec(text);
    assert.ok(m, text);
    const fn = JSON.parse(m[1]!) as { name: string; parametersJsonSchema: Schema };
    assert.equal(fn.name, 'lsp');
    return (cached = fn.parametersJsonSchema);
  };
  replay(FILE, 'has correct tool name', async () => {
    const text = (await call('tool_search', { query: 'select:lsp' })).text;
    assert.ok(text.startsWith('<functions>\n<function>{"name":"lsp",'), text);
  });
  replay(FILE, 'has operation as only required field', async () => {
    assert.deepEqual((await schema()).required, ['operation']);
  });
  replay(FILE, 'operation enum matches Claude Code exactly', async () => {
    assert.deepEqual((await schema()).properties.operation!.enum, [
      'goToDefinition',
      'findReferences',
      'hover',
      'documentSymbol',
      'workspaceSymbol',
      'goToImplementation',
      'prepareCallHierarchy',
      'incomingCalls',
      'outgoingCalls',
      'diagnostics',
      'workspaceDiagnostics',
      'codeActions',
    ]);
  });
  const CORE = ['operation', 'filePath', 'line', 'character', 'includeDeclaration', 'query', 'callHierarchyItem'];
  const EXTENSIONS = ['serverName', 'limit', 'endLine', 'endCharacter', 'diagnostics', 'codeActionKinds'];
  replay(FILE, 'has all Claude Code core properties', async () => {
    const props = Object.keys((await schema()).properties);
    for (const p of CORE) assert.ok(props.includes(p), p);
  });
  replay(FILE, 'extension properties are documented', async () => {
    assert.deepEqual(Object.keys((await schema()).properties).sort(), [...CORE, ...EXTENSIONS].sort());
  });
  replay(FILE, 'filePath property has correct type', async () => {
    assert.equal((await schema()).properties.filePath!.type, 'string');
  });
  replay(FILE, 'line and character properties have correct type', async () => {
    const p = (await schema()).properties;
    assert.deepEqual([p.line!.type, p.character!.type], ['number', 'number']);
  });
  replay(FILE, 'includeDeclaration property has correct type', async () => {
    assert.equal((await schema()).properties.includeDeclaration!.type, 'boolean');
  });
  replay(FILE, 'callHierarchyItem has required structure', async () => {
    const d = (await schema()).definitions.LspCallHierarchyItem!;
    assert.equal(d.type, 'object');
    assert.deepEqual(d.required, ['name', 'uri', 'range', 'selectionRange']);
    for (const p of ['name', 'kind', 'uri', 'range', 'selectionRange']) assert.ok(p in d.properties, p);
  });
  replay(FILE, 'supports rawKind for SymbolKind numeric preservation', async () => {
    assert.equal((await schema()).definitions.LspCallHierarchyItem!.properties.rawKind!.type, 'number');
  });
  replay(FILE, 'has LspPosition definition with correct structure', async () => {
    const d = (await schema()).definitions.LspPosition!;
    assert.equal(d.type, 'object');
    assert.deepEqual([d.properties.line!.type, d.properties.character!.type], ['number', 'number']);
    assert.deepEqual(d.required, ['line', 'character']);
  });
  replay(FILE, 'has LspRange definition with correct structure', async () => {
    const d = (await schema()).definitions.LspRange!;
    assert.equal(d.type, 'object');
    assert.deepEqual(
      [d.properties.start!.$ref, d.properties.end!.$ref],
      ['#/definitions/LspPosition', '#/definitions/LspPosition'],
    );
    assert.deepEqual(d.required, ['start', 'end']);
  });
  replay(FILE, 'callHierarchyItem uses $ref for range fields', async () => {
    const s = await schema();
    assert.equal(s.properties.callHierarchyItem!.$ref, '#/definitions/LspCallHierarchyItem');
    const d = s.definitions.LspCallHierarchyItem!;
    assert.deepEqual(
      [d.properties.range!.$ref, d.properties.selectionRange!.$ref],
      ['#/definitions/LspRange', '#/definitions/LspRange'],
    );
  });
  replay(FILE, 'all definitions are present and accounted for', async () => {
    const names = Object.keys((await schema()).definitions);
    for (const n of ['LspCallHierarchyItem', 'LspDiagnostic', 'LspPosition', 'LspRange'])
      assert.ok(names.includes(n), n);
  });
});

// ---- the operations' answers, from a real typescript-language-server (--lsp on, as Facet runs it).
// What is replayed is the text Qwen Code gives the model for each answer: its header, numbered
// places and, for hierarchy items, their JSON.
describe('Qwen Code lsp.test.ts answers replayed against qwen@0.24.4 with a real TypeScript server', () => {
  const LIMIT = { timeout: 180_000 };
  const { t, dir } = serverFixture({
    shape: 'qwen',
    prefix: 'facet-qwen-lsp-on-',
    args: lspArgs('/').slice(2),
    setup: (d) => {
      writeFileSync(path.join(d, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true } }));
      writeFileSync(
        path.join(d, 'util.ts'),
        'export function add(a: number, b: number): number {\n  return a + b;\n}\n',
      );
      writeFileSync(path.join(d, 'app file.ts'), 'export const ready = true;\n');
      writeFileSync(
        path.join(d, 'index.ts'),
        'import { add } from "./util";\n\nexport function total(): number {\n  return add(1, 2);\n}\n',
      );
    },
  });
  const call = caller(() => t, 'qwen@0.24.4', 'lsp-on');
  const said = async (args: Record<string, unknown>) => {
    const o = await call('lsp', args, { deadlineMs: 170_000 });
    return o.error || o.text;
  };

  // The server starts cold: a project-wide question first makes it load the project.
  test('the TypeScript server has loaded the project', LIMIT, async () => {
    await said({ operation: 'findReferences', filePath: 'util.ts', line: 1, character: 17 });
  });
  replay(FILE, 'dispatches to definitions and formats results', async () => {
    assert.equal(
      await said({ operation: 'goToDefinition', filePath: 'index.ts', line: 4, character: 10 }),
      'Definitions for index.ts:4:10:\n1. util.ts:1:17',
    );
  });
  replay(FILE, 'handles empty results', async () => {
    assert.equal(
      await said({ operation: 'goToDefinition', filePath: 'index.ts', line: 2, character: 1 }),
      'No definitions found for index.ts:2:1.',
    );
  });
  replay(FILE, 'dispatches to references and formats results', async () => {
    assert.equal(
      await said({
        operation: 'findReferences',
        filePath: 'util.ts',
        line: 1,
        character: 17,
        includeDeclaration: true,
      }),
      'References for util.ts:1:17:\n1. index.ts:1:10\n2. index.ts:4:10\n3. util.ts:1:17',
    );
  });
  replay(FILE, 'passes custom limit to client methods', async () => {
    assert.equal(
      await said({ operation: 'findReferences', filePath: 'util.ts', line: 1, character: 17, limit: 1 }),
      'References for util.ts:1:17:\n1. index.ts:1:10',
    );
  });
  replay(FILE, 'passes serverName to client methods', async () => {
    assert.equal(
      await said({
        operation: 'goToDefinition',
        filePath: 'index.ts',
        line: 4,
        character: 10,
        serverName: 'typescript',
      }),
      'Definitions for index.ts:4:10 [typescript]:\n1. util.ts:1:17',
    );
  });
  replay(FILE, 'should unescape shell-escaped filePath', async () => {
    assert.equal(
      await said({ operation: 'documentSymbol', filePath: 'app\\ file.ts' }),
      'Document symbols for app file.ts:\n1. ready (Constant) - app file.ts:1:14',
    );
  });
  replay(FILE, 'dispatches to hover and formats results', async () => {
    assert.equal(
      await said({ operation: 'hover', filePath: 'util.ts', line: 1, character: 17 }),
      'Hover for util.ts:1:17:\n```typescript\nfunction add(a: number, b: number): number\n```',
    );
  });
  replay(FILE, 'handles null hover result', async () => {
    assert.equal(
      await said({ operation: 'hover', filePath: 'index.ts', line: 2, character: 1 }),
      'No hover information found for index.ts:2:1.',
    );
  });
  replay(FILE, 'dispatches to documentSymbols and formats results', async () => {
    assert.equal(
      await said({ operation: 'documentSymbol', filePath: 'index.ts' }),
      'Document symbols for index.ts:\n1. total (Function) - index.ts:3:17',
    );
  });
  replay(FILE, 'dispatches to workspaceSymbols and formats results', async () => {
    assert.equal(
      await said({ operation: 'workspaceSymbol', query: 'total', limit: 10 }),
      'Found 1 of 1 symbols for query "total":\n1. total (Function) - index.ts:3:1',
    );
  });
  replay(FILE, 'fetches references for top match when available', async () => {
    assert.equal(
      await said({ operation: 'workspaceSymbol', query: 'add' }),
      'Found 1 of 1 symbols for query "add":\n1. add (Function) - util.ts:1:1\n\n' +
        'References for top match (add):\n1. index.ts:1:10\n2. index.ts:4:10',
    );
  });
  replay(FILE, 'dispatches to implementations and formats results', async () => {
    assert.equal(
      await said({ operation: 'goToImplementation', filePath: 'index.ts', line: 4, character: 10 }),
      'Implementations for index.ts:4:10:\n1. util.ts:1:17',
    );
  });
  // The items' JSON is what the model hands back for incomingCalls/outgoingCalls; its uri names
  // the temporary project, so the text is compared with that folder written as <dir>.
  const items = async (args: Record<string, unknown>) => {
    const text = await said(args);
    const at = text.indexOf('(JSON):\n');
    assert.ok(at > 0, text);
    return { head: text.slice(0, at), json: JSON.parse(text.slice(at + 8)) as Array<Record<string, unknown>> };
  };
  const place = (line: number, character: number) => ({ line, character });
  const span = (l0: number, c0: number, l1: number, c1: number) => ({ start: place(l0, c0), end: place(l1, c1) });
  const fn = (name: string, file: string, range: ReturnType<typeof span>, selectionRange: ReturnType<typeof span>) => ({
    name,
    kind: 'Function',
    rawKind: 12,
    detail: '',
    uri: pathToFileURL(path.join(dir, file)).href,
    range,
    selectionRange,
  });
  const add = () => fn('add', 'util.ts', span(0, 0, 2, 1), span(0, 16, 0, 19));
  const total = () => fn('total', 'index.ts', span(2, 0, 4, 1), span(2, 16, 2, 21));
  replay(FILE, 'dispatches to prepareCallHierarchy and formats results with JSON', async () => {
    const r = await items({ operation: 'prepareCallHierarchy', filePath: 'util.ts', line: 1, character: 17 });
    assert.equal(
      r.head,
      'Call hierarchy items for util.ts:1:17:\n1. add (Function) - util.ts:1:17\n\nCall hierarchy items ',
    );
    assert.deepEqual(r.json, [add()]);
  });
  replay(FILE, 'dispatches to incomingCalls and formats results', async () => {
    const r = await items({ operation: 'incomingCalls', callHierarchyItem: add() });
    assert.equal(
      r.head,
      'Incoming calls for add at util.ts:1:17:\n1. total (Function) - index.ts:3:17 (calls at 4:10)\n\nIncoming calls ',
    );
    assert.deepEqual(r.json, [{ from: total(), fromRanges: [span(3, 9, 3, 12)] }]);
  });
  replay(FILE, 'dispatches to outgoingCalls and formats results', async () => {
    const r = await items({ operation: 'outgoingCalls', callHierarchyItem: total() });
    assert.equal(
      r.head,
      'Outgoing calls for total at index.ts:3:17:\n1. add (Function) - util.ts:1:17 (calls at 4:10)\n\nOutgoing calls ',
    );
    assert.deepEqual(r.json, [{ to: add(), fromRanges: [span(3, 9, 3, 12)] }]);
  });
  replay(FILE, 'handles LSP client errors gracefully', async () => {
    assert.equal(
      await said({ operation: 'goToDefinition', filePath: 'index.ts', line: 99, character: 1 }),
      'LSP go-to-definition failed: index.ts has no line 99, column 1 (it has 6 lines)',
    );
  });
  replay(FILE, 'handles hover operation errors', async () => {
    assert.equal(
      await said({ operation: 'hover', filePath: 'index.ts', line: 99, character: 1 }),
      'LSP hover failed: index.ts has no line 99, column 1 (it has 6 lines)',
    );
  });
  replay(FILE, 'handles call hierarchy errors', async () => {
    assert.equal(
      await said({ operation: 'prepareCallHierarchy', filePath: 'index.ts', line: 99, character: 1 }),
      'LSP call hierarchy prepare failed: index.ts has no line 99, column 1 (it has 6 lines)',
    );
  });
});

check({ matched: 63, deliberate: 1, skipped: 6, capture: 0 });
