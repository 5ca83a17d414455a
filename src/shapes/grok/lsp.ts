// lsp: one language-server request at a 1-based place of a file, answered with the server's own
// JSON (results of every server merged into one list), as grok-dev 1.1.5 on shows it. Facet's
// language-server pool answers; a file no server speaks for, or whose server cannot start, has
// "No LSP server available"; a request the server fails or cannot place has no results.
import path from 'node:path';
import { type EngineError, isEngineError } from '../../engine/index.js';
import { defineTool, type Call, type Reply } from '../common/define.js';
import { LSP_OPERATIONS } from '../kit/code/names.js';
import { TAGS } from '../tags.js';
import { absolute, devFail, devOk, devWords, zodObject } from './dev-result.js';

const OPERATIONS = LSP_OPERATIONS;
type Operation = (typeof OPERATIONS)[number];

interface Args {
  operation: Operation;
  filePath: string;
  line?: number;
  character?: number;
  query?: string;
}

const position = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const schema = zodObject(
  {
    operation: { type: 'string', enum: [...OPERATIONS] },
    filePath: { type: 'string' },
    line: position,
    character: position,
    query: { type: 'string' },
  },
  ['operation', 'filePath'],
);

/** The protocol request of each operation that asks about one place or document. */
const METHOD: Record<Exclude<Operation, 'incomingCalls' | 'outgoingCalls'>, string> = {
  goToDefinition: 'textDocument/definition',
  findReferences: 'textDocument/references',
  hover: 'textDocument/hover',
  documentSymbol: 'textDocument/documentSymbol',
  workspaceSymbol: 'workspace/symbol',
  goToImplementation: 'textDocument/implementation',
  prepareCallHierarchy: 'textDocument/prepareCallHierarchy',
};

/** The server's answer to the operation, as a list (null: none; one object: a list of one). */
async function ask(a: Args, c: Call): Promise<unknown[]> {
  const code = c.engine.code;
  const place = { line: a.line ?? 1, column: a.character ?? 1 };
  const list = (res: unknown): unknown[] => (Array.isArray(res) ? (res as unknown[]) : res ? [res] : []);
  if (a.operation === 'incomingCalls' || a.operation === 'outgoingCalls') {
    const items = await code.request<unknown[] | null>(
      c,
      a.filePath,
      'textDocument/prepareCallHierarchy',
      (d) => ({ textDocument: { uri: d.uri }, position: d.position }),
      place,
    );
    const item = list(items)[0];
    if (!item) return [];
    const method = a.operation === 'incomingCalls' ? 'callHierarchy/incomingCalls' : 'callHierarchy/outgoingCalls';
    return list(await code.request<unknown>(c, a.filePath, method, () => ({ item })));
  }
  if (a.operation === 'workspaceSymbol')
    return list(await code.request(c, a.filePath, METHOD.workspaceSymbol, () => ({ query: a.query ?? '' })));
  if (a.operation === 'documentSymbol')
    return list(await code.request(c, a.filePath, METHOD.documentSymbol, (d) => ({ textDocument: { uri: d.uri } })));
  const references = a.operation === 'findReferences' ? { context: { includeDeclaration: true } } : {};
  return list(
    await code.request(
      c,
      a.filePath,
      METHOD[a.operation],
      (d) => ({ textDocument: { uri: d.uri }, position: d.position, ...references }),
      place,
    ),
  );
}

const noServer = (a: Args, c: Call, err: EngineError) =>
  devFail(`No LSP server available for ${path.extname(absolute(c, a.filePath)) || 'this file type'}.`, err);

export const lsp = defineTool<Args>({
  name: 'lsp',
  summary: 'Ask a language server: definition, references, hover, symbols, implementations, call hierarchy.',
  description: [
    'Language Server Protocol access for code intelligence: goToDefinition, findReferences, hover, documentSymbol,',
    'workspaceSymbol (with query), goToImplementation, prepareCallHierarchy, incomingCalls and outgoingCalls, when a',
    'server speaks for the file (TypeScript/JavaScript, Python; Go, Rust, C/C++ when installed). line and character are',
    '1-based (default 1). The answer is the servers\' results as JSON, or "No results found for <operation>."',
  ],
  ...schema,
  tags: [TAGS.search, TAGS.readOnly],
  examples: [
    {
      description: 'Where a function is defined',
      arguments: { operation: 'goToDefinition', filePath: 'src/app.ts', line: 12, character: 10 },
      expectedOutcome: 'The definition\'s location as JSON: [{"uri": "file:///…/src/util.ts", "range": {…}}]',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    '{"success":false,"output":"No LSP server available for .<ext>."}: no server speaks for the file, or it could not',
    'start. "LSP query failed: <why>": the file does not exist. A file outside the workspace is refused.',
  ],
  async call(a, c): Promise<Reply> {
    let results: unknown[];
    try {
      results = await ask(a, c);
    } catch (err) {
      if (!isEngineError(err)) throw err;
      if (err.condition === 'no_language_server' || err.condition === 'lsp_unavailable') return noServer(a, c, err);
      if (err.condition !== 'bad_position' && err.condition !== 'lsp_timeout') throw err;
      results = [];
    }
    const host = { summary: `${a.operation} on ${a.filePath}`, counts: { results: results.length } };
    return devOk(
      results.length > 0 ? JSON.stringify(results, null, 2) : `No results found for ${a.operation}.`,
      { lspDiagnostics: [] },
      host,
    );
  },
  errors: devWords<Args>(schema.schema, {
    file_missing: (_e, a, c) =>
      `LSP query failed: ENOENT: no such file or directory, open '${absolute(c, a.filePath)}'`,
  }),
});
