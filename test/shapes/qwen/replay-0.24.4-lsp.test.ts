// Qwen Code's lsp.test.ts (@0ea6e0d9, 70 cases, it.each counted per operation) replayed against
// qwen@0.24.4's lsp on a server with --lsp off: the argument checks run before any language server
// is asked, the schema is the one tool_search shows, and the off state answers as Qwen's does
// without a client.
// Counts (checked by the ledger test): matched 45, deliberate 1, skipped 24 of 70.
// Deliberate (1): limit 0 is refused by the schema (0.24.4 declares limit an integer, minimum 1;
//   the stored test predates that), so the answer is the schema's words, not "limit must be a
//   positive number.".
// Skipped (24): the operations' answers from a mocked LSP client (20: dispatch arguments,
//   formatting of definitions, references, hover, symbols, call hierarchy, client failures,
//   returnDisplay, serverName/limit passing), a shell-escaped filePath (seen only once a server
//   answers), and the description of a pending call (3, the host's). Facet's lsp answers from real
//   language servers; those are replayed against real servers in test/engine/lsp/ and by other
//   shapes, not yet re-read against these mocked texts here.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { serverFixture } from '../../helpers/server.js';
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
      'mocked-client answers and their formatting (20), a shell-escaped filePath (needs a server answer), the pending-call description (3: host UI)',
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

  check({ matched: 45, deliberate: 1, skipped: 24, capture: 0 });
});
