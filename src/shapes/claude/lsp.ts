// Claude Code 2.1.332's LSP tool: nine code-intelligence operations at a 1-based place of a file,
// answered by Facet's language-server pool and worded as Claude Code words them. As there, a
// missing file is a tool error, while a file no server speaks for and a server's failure are
// plain answers. The call-hierarchy operations take a place, not an item: the item is prepared
// at the place first, as Claude Code does. Paths are shown relative to the working directory.
import path from 'node:path';
import {
  type CallEntry,
  type CodeLocation,
  type CodeSymbol,
  engineFailure,
  EngineError,
  isCondition,
  symbolKindName,
} from '../../engine/index.js';
import { displayPath } from '../kit/files/working-dir.js';
import { defineTool, type Call, type Reply } from '../common/define.js';
import { LSP_OPERATIONS } from '../kit/code/names.js';
import { TAGS } from '../tags.js';
import { toolUseError } from './errors.js';
import { schemaIssues } from './input-issues.js';
import { here, PERSIST_LIMITS, persisted } from './render.js';

const OPERATIONS = LSP_OPERATIONS;
type Operation = (typeof OPERATIONS)[number];

interface Args {
  operation: Operation;
  filePath: string;
  line: number;
  character: number;
  query?: string;
}

const position = { type: 'integer', exclusiveMinimum: 0, maximum: Number.MAX_SAFE_INTEGER };
const schema = {
  type: 'object',
  properties: {
    operation: { type: 'string', enum: [...OPERATIONS] },
    filePath: { type: 'string' },
    line: position,
    character: position,
    query: { type: 'string' },
  },
  required: ['operation', 'filePath', 'line', 'character'],
  additionalProperties: false,
};

/** The protocol request each operation makes first (named in a server failure). */
const METHOD: Record<Operation, string> = {
  goToDefinition: 'textDocument/definition',
  findReferences: 'textDocument/references',
  hover: 'textDocument/hover',
  documentSymbol: 'textDocument/documentSymbol',
  workspaceSymbol: 'workspace/symbol',
  goToImplementation: 'textDocument/implementation',
  prepareCallHierarchy: 'textDocument/prepareCallHierarchy',
  incomingCalls: 'textDocument/prepareCallHierarchy',
  outgoingCalls: 'textDocument/prepareCallHierarchy',
};

const NO_HOVER =
  'No hover information available. This may occur if the cursor is not on a symbol, or if the LSP server has not fully indexed the file.';
const NO_DEFINITION =
  'No definition found. This may occur if the cursor is not on a symbol, or if the definition is in an external library not indexed by the LSP server.';
// Not observed (the captured runs always found something): our words, in the same manner.
const NO_REFERENCES = 'No references found.';
const NO_SYMBOLS = 'No symbols found in document.';
const NO_WORKSPACE_SYMBOLS = 'No symbols found in workspace.';
const NO_ITEM = 'No call hierarchy item found at this position.';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Items grouped by the file they are in, in the order the files first appear. */
function byFile<T>(items: readonly T[], file: (t: T) => string): Array<[string, T[]]> {
  const groups = new Map<string, T[]>();
  for (const it of items) {
    const f = file(it);
    const list = groups.get(f) ?? [];
    list.push(it);
    groups.set(f, list);
  }
  return [...groups];
}

/** "<header>\n\n<file>:\n  <line>\n  ...\n\n<file2>:\n  ...": Claude Code's grouped listings. */
const grouped = <T>(header: string, items: readonly T[], file: (t: T) => string, line: (t: T) => string) =>
  [header, ...byFile(items, file).map(([f, list]) => `\n${f}:\n${list.map((t) => `  ${line(t)}`).join('\n')}`)].join(
    '\n',
  );

/** The answer of one operation in Claude Code's words. */
async function answer(a: Args, c: Call, file: string): Promise<string> {
  const code = c.engine.code;
  const cx = here(c);
  const rel = (l: Pick<CodeLocation, 'path'>) => displayPath(l.path, cx.cwd);
  const at = (l: CodeLocation) => `${rel(l)}:${l.line}:${l.column}`;
  const place = { line: a.line, column: a.character };
  const symbolLine = (s: CodeSymbol) => `${s.name} (${s.kind}) - Line ${s.location.line}`;
  switch (a.operation) {
    case 'hover': {
      const text = await code.hover(cx, file, place, true);
      return text === undefined ? NO_HOVER : `Hover info at ${a.line}:${a.character}:\n\n${text}`;
    }
    case 'goToDefinition':
    case 'goToImplementation': {
      const found =
        a.operation === 'goToDefinition'
          ? await code.definition(cx, file, place)
          : await code.implementation(cx, file, place);
      if (found.length === 0) return NO_DEFINITION;
      if (found.length === 1) return `Defined in ${at(found[0]!)}`;
      return [`Found ${found.length} definitions:`, ...found.map((l) => `  ${at(l)}`)].join('\n');
    }
    case 'findReferences': {
      const found = await code.references(cx, file, place, true);
      if (found.length === 0) return NO_REFERENCES;
      if (found.length === 1) return `Found 1 reference:\n  ${at(found[0]!)}`;
      const files = new Set(found.map(rel)).size;
      return grouped(
        `Found ${found.length} references across ${plural(files, 'file')}:`,
        found,
        rel,
        (l) => `Line ${l.line}:${l.column}`,
      );
    }
    case 'documentSymbol': {
      const symbols = await code.documentSymbols(cx, file);
      if (symbols.length === 0) return NO_SYMBOLS;
      return ['Document symbols:', ...symbols.map((s) => `${'  '.repeat(s.depth)}${symbolLine(s)}`)].join('\n');
    }
    case 'workspaceSymbol': {
      const symbols = await code.workspaceSymbols(cx, a.query ?? '', file);
      if (symbols.length === 0) return NO_WORKSPACE_SYMBOLS;
      return grouped(
        `Found ${plural(symbols.length, 'symbol')} in workspace:`,
        symbols,
        (s) => rel(s.location),
        symbolLine,
      );
    }
    case 'prepareCallHierarchy': {
      const items = await code.prepareCallHierarchy(cx, file, place);
      const itemLine = (e: (typeof items)[number]) =>
        `${e.item.name} (${symbolKindName(e.item.kind)}) - ${rel(e.location)}:${e.location.line}`;
      if (items.length === 0) return NO_ITEM;
      if (items.length === 1) return `Call hierarchy item: ${itemLine(items[0]!)}`;
      return [`Found ${items.length} call hierarchy items:`, ...items.map((e) => `  ${itemLine(e)}`)].join('\n');
    }
    case 'incomingCalls':
    case 'outgoingCalls': {
      const [first] = await code.prepareCallHierarchy(cx, file, place);
      if (!first) return NO_ITEM;
      const incoming = a.operation === 'incomingCalls';
      const res = incoming ? await code.incomingCalls(cx, first.item) : await code.outgoingCalls(cx, first.item);
      const way = incoming ? 'incoming' : 'outgoing';
      if (res.calls.length === 0) return `No ${way} calls found.`;
      const sites = (e: CallEntry) =>
        `[${incoming ? 'calls at' : 'called from'}: ${e.calls.map((p) => `${p.line}:${p.column}`).join(', ')}]`;
      return grouped(
        `Found ${plural(res.calls.length, `${way} call`)}:`,
        res.calls,
        (e) => rel(e.peer.location),
        (e) => `${e.peer.item.name} (${symbolKindName(e.peer.item.kind)}) - Line ${e.peer.location.line} ${sites(e)}`,
      );
    }
  }
}

/** The language server's failure, worded as Claude Code reports one (a plain answer, not a tool error). */
function serverFailure(a: Args, c: Call, file: string, err: EngineError): string {
  const server = c.engine.code.pool.languageOf(file)?.spec.name ?? 'unknown';
  return `Error performing ${a.operation}: LSP request '${METHOD[a.operation]}' failed for server '${server}': ${err.message}`;
}

export const lsp = defineTool<Args>({
  name: 'LSP',
  summary: 'Language-server answers at a place in a file: definition, references, hover, symbols, callers, callees.',
  description: [
    'Asks the language server of a file (TypeScript/JavaScript, Python; Go, Rust, C/C++ when installed) one of nine',
    'questions: goToDefinition, goToImplementation, findReferences, hover, documentSymbol, workspaceSymbol (query,',
    'optional: every symbol when empty), prepareCallHierarchy, incomingCalls (callers of the function there) and',
    'outgoingCalls (what it calls). filePath, line and character (1-based, as editors show them) are required for every',
    'operation. Places are listed as path:line:character relative to the working directory.',
  ],
  schema,
  tags: [TAGS.search, TAGS.readOnly],
  examples: [
    {
      description: 'Where a function is defined',
      arguments: { operation: 'goToDefinition', filePath: 'src/app.ts', line: 12, character: 10 },
      expectedOutcome: 'Defined in src/util.ts:3:17',
    },
    {
      description: "A file's outline",
      arguments: { operation: 'documentSymbol', filePath: 'src/app.ts', line: 1, character: 1 },
      expectedOutcome: 'Document symbols:\nmain (Function) - Line 3',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'InputValidationError (<tool_use_error>): an unknown operation, or a line or character below 1.',
    '<tool_use_error>File does not exist: <filePath></tool_use_error> for a missing file; a path outside the roots is refused.',
    'Not errors: "No LSP server available for file type: .<ext>" when no server speaks for the file, and',
    "\"Error performing <operation>: LSP request '<method>' failed for server '<language>': <why>\" when the server",
    'failed, is still starting, or the place is past the end of the file.',
  ],
  errors(err, a) {
    if (isCondition(err, 'file_missing')) return toolUseError(`File does not exist: ${a.filePath}`);
    return schemaIssues(err, schema);
  },
  async call(a, c) {
    const st = await c.engine.files.stat(here(c), a.filePath);
    if (!st.exists) throw engineFailure('file_missing', `${a.filePath} does not exist`, { path: a.filePath });
    if (!c.engine.code.handles(st.path)) {
      return reply(`No LSP server available for file type: ${path.extname(st.path)}`, { language: null });
    }
    let text: string;
    try {
      text = await answer(a, c, a.filePath);
    } catch (err) {
      if (!(err instanceof EngineError)) throw err;
      if (!['lsp_unavailable', 'lsp_timeout', 'bad_position'].includes(err.condition ?? '')) throw err;
      return reply(serverFailure(a, c, st.path, err), { failure: err.condition });
    }
    const shown = await persisted(c, text, PERSIST_LIMITS.other);
    return reply(shown.text, shown.file ? { savedTo: shown.file } : {});
  },
});

const reply = (text: string, details: Record<string, unknown>): Reply => ({
  text,
  host: { summary: text.split('\n')[0]!, details },
});
