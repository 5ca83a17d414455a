// lsp: Qwen Code's code-intelligence tool (a deferred tool there, revealed through tool_search).
// Its schema is Qwen Code 0.15's; operations run on Facet's language-server pool. As in Qwen
// Code, a server's failure is a plain answer ("LSP hover failed: ..."), not a tool error, and
// only missing arguments are invalid parameters. Lines and characters are 1-based (characters
// counted as characters; the engine converts to UTF-16). Call hierarchy and code actions end,
// like Qwen Code's, with the items as JSON: the model hands a call-hierarchy item back for
// incoming/outgoing calls, so its ranges stay the server's own (0-based, UTF-16).
import { type CallEntry, type CodeLocation, type CodeSymbol, EngineError, type FileDiagnostics } from '../../engine/index.js';
import { lspCallItem, lspDiagnostic, qwenCallItem, qwenCodeAction, type QwenCallItem, type QwenDiagnostic } from './lsp-items.js';
import { type Call, defineTool, type Reply } from '../common/define.js';
import { badParams } from '../common/gemini-family.js';
import { TAGS } from '../tags.js';

type Operation =
  | 'goToDefinition'
  | 'findReferences'
  | 'hover'
  | 'documentSymbol'
  | 'workspaceSymbol'
  | 'goToImplementation'
  | 'prepareCallHierarchy'
  | 'incomingCalls'
  | 'outgoingCalls'
  | 'diagnostics'
  | 'workspaceDiagnostics'
  | 'codeActions';

interface Args {
  operation: Operation;
  filePath?: string;
  line?: number;
  character?: number;
  endLine?: number;
  endCharacter?: number;
  includeDeclaration?: boolean;
  query?: string;
  callHierarchyItem?: QwenCallItem;
  serverName?: string;
  limit?: number;
  diagnostics?: QwenDiagnostic[];
  codeActionKinds?: string[];
}

const position = { type: 'object', properties: { line: { type: 'number' }, character: { type: 'number' } }, required: ['line', 'character'] };
const range = {
  type: 'object',
  properties: { start: { $ref: '#/definitions/LspPosition' }, end: { $ref: '#/definitions/LspPosition' } },
  required: ['start', 'end'],
};

const schema = {
  type: 'object',
  properties: {
    operation: {
      type: 'string',
      enum: [
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
      ],
    },
    filePath: { type: 'string' },
    line: { type: 'number' },
    character: { type: 'number' },
    endLine: { type: 'number' },
    endCharacter: { type: 'number' },
    includeDeclaration: { type: 'boolean' },
    query: { type: 'string' },
    callHierarchyItem: { $ref: '#/definitions/LspCallHierarchyItem' },
    serverName: { type: 'string' },
    limit: { type: 'number' },
    diagnostics: { type: 'array', items: { $ref: '#/definitions/LspDiagnostic' } },
    codeActionKinds: { type: 'array', items: { type: 'string' } },
  },
  required: ['operation'],
  definitions: {
    LspPosition: position,
    LspRange: range,
    LspCallHierarchyItem: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        kind: { type: 'string' },
        rawKind: { type: 'number' },
        detail: { type: 'string' },
        uri: { type: 'string' },
        range: { $ref: '#/definitions/LspRange' },
        selectionRange: { $ref: '#/definitions/LspRange' },
        data: {},
        serverName: { type: 'string' },
      },
      required: ['name', 'uri', 'range', 'selectionRange'],
    },
    LspDiagnostic: {
      type: 'object',
      properties: {
        range: { $ref: '#/definitions/LspRange' },
        severity: { type: 'string', enum: ['error', 'warning', 'information', 'hint'] },
        code: { type: ['string', 'number'] },
        source: { type: 'string' },
        message: { type: 'string' },
        serverName: { type: 'string' },
      },
      required: ['range', 'message'],
    },
  },
};

const LABEL: Record<Operation, string> = {
  goToDefinition: 'go-to-definition',
  findReferences: 'find-references',
  hover: 'hover',
  documentSymbol: 'document symbols',
  workspaceSymbol: 'workspace symbol search',
  goToImplementation: 'go-to-implementation',
  prepareCallHierarchy: 'prepare call hierarchy',
  incomingCalls: 'incoming calls',
  outgoingCalls: 'outgoing calls',
  diagnostics: 'diagnostics',
  workspaceDiagnostics: 'workspace diagnostics',
  codeActions: 'code actions',
};
/** How Qwen Code names each operation in "LSP ... failed:" (its own labels differ from LABEL for two of them). */
const FAILED: Partial<Record<Operation, string>> = { workspaceSymbol: 'workspace symbol search', prepareCallHierarchy: 'call hierarchy prepare' };

const LOCATION = new Set<Operation>(['goToDefinition', 'findReferences', 'hover', 'goToImplementation', 'prepareCallHierarchy']);
const FILE = new Set<Operation>(['documentSymbol', 'diagnostics']);

/** Qwen Code's own argument checks, in its words (they come back as invalid parameters). */
function check(a: Args): void {
  const op = a.operation;
  if ((LOCATION.has(op) || FILE.has(op) || op === 'codeActions') && !a.filePath?.trim()) throw badParams(`filePath is required for ${op}.`, 'filePath');
  if ((LOCATION.has(op) || op === 'codeActions') && typeof a.line !== 'number') throw badParams(`line is required for ${op}.`, 'line');
  if (op === 'workspaceSymbol' && !a.query?.trim()) throw badParams(`query is required for ${op}.`, 'query');
  if ((op === 'incomingCalls' || op === 'outgoingCalls') && !a.callHierarchyItem)
    throw badParams(`callHierarchyItem is required for ${op}.`, 'callHierarchyItem');
  for (const k of ['line', 'character', 'endLine', 'endCharacter'] as const) {
    const v = a[k];
    if (v !== undefined && v < 1) throw badParams(`${k} must be a positive number.`, k);
  }
  if (a.limit !== undefined && a.limit <= 0) throw badParams('limit must be a positive number.', 'limit');
}

const reply = (text: string, details: Record<string, unknown> = {}): Reply => ({ text, host: { summary: text.split('\n')[0], details } });
const at = (l: CodeLocation) => `${l.relative}:${l.line}:${l.column}`;
const suffix = (a: Args) => (a.serverName ? ` [${a.serverName}]` : '');
const symbolLine = (s: CodeSymbol, i: number) => `${i + 1}. ${s.name} (${s.kind})${s.container ? ` in ${s.container}` : ''} - ${at(s.location)}`;
const json = (label: string, items: unknown[]) => `\n\n${label}:\n${JSON.stringify(items, null, 2)}`;
/** "{name} ({kind}) {detail} - {place}", as Qwen Code lists call-hierarchy items. */
const itemLine = (item: QwenCallItem, where: CodeLocation) =>
  `${item.name}${item.kind ? ` (${item.kind})` : ''}${item.detail ? ` ${item.detail}` : ''} - ${at(where)}${item.serverName ? ` [${item.serverName}]` : ''}`;
/** " (calls at l:c, ..., +n more)": the first three call sites. */
const callSites = (e: CallEntry) =>
  e.calls.length === 0
    ? ''
    : ` (calls at ${e.calls
        .slice(0, 3)
        .map((p) => `${p.line}:${p.column}`)
        .join(', ')}${e.calls.length > 3 ? `, +${e.calls.length - 3} more` : ''})`;
const SEVERITY: Record<string, string> = { error: 'ERROR', warning: 'WARNING', info: 'INFORMATION', hint: 'HINT' };

async function run(a: Args, c: Call): Promise<Reply> {
  const op = a.operation;
  const place = { line: Math.floor(a.line ?? 1), column: Math.floor(a.character ?? 1) };
  const file = a.filePath?.trim() ?? '';
  const shown = async () =>
    (await c.engine.files
      .stat(c, file)
      .then((s) => c.scope.relative(s.path))
      .catch(() => file)) || '.';
  const target = async () => `${await shown()}:${place.line}:${place.column}${suffix(a)}`;
  switch (op) {
    case 'goToDefinition':
    case 'findReferences': {
      const refs = op === 'findReferences';
      const limit = a.limit ?? (refs ? 50 : 20);
      const found = refs ? await c.engine.code.references(c, file, place, a.includeDeclaration ?? false) : await c.engine.code.definition(c, file, place);
      const what = refs ? 'references' : 'definitions';
      if (found.length === 0) return reply(`No ${what} found for ${await target()}.`);
      const lines = found.slice(0, limit).map((l, i) => `${i + 1}. ${at(l)}`);
      return reply([`${refs ? 'References' : 'Definitions'} for ${await target()}:`, ...lines].join('\n'), { locations: found.slice(0, limit) });
    }
    case 'hover': {
      const text = await c.engine.code.hover(c, file, place);
      if (!text) return reply(`No hover information found for ${await target()}.`);
      return reply(`Hover for ${await target()}:\n${text}`);
    }
    case 'documentSymbol': {
      const symbols = await c.engine.code.documentSymbols(c, file);
      if (symbols.length === 0) return reply(`No document symbols found for ${await shown()}.`);
      return reply([`Document symbols for ${await shown()}:`, ...symbols.slice(0, a.limit ?? 50).map(symbolLine)].join('\n'), {
        symbols: symbols.slice(0, a.limit ?? 50),
      });
    }
    case 'workspaceSymbol': {
      const limit = a.limit ?? 20;
      const query = a.query ?? '';
      const symbols = await c.engine.code.workspaceSymbols(c, query, file || undefined);
      if (symbols.length === 0) return reply(`No symbols found for query "${query}".`);
      const parts = [`Found ${Math.min(symbols.length, limit)} of ${symbols.length} symbols for query "${query}":`, ...symbols.slice(0, limit).map(symbolLine)];
      // Like Qwen Code, the references of the top match follow.
      const top = symbols[0]!;
      try {
        const refs = await c.engine.code.references(c, top.location.path, top.location, false);
        if (refs.length > 0)
          parts.push('', `References for top match (${top.name}):`, ...refs.slice(0, Math.min(20, Math.max(limit, 5))).map((l, i) => `${i + 1}. ${at(l)}`));
      } catch (err) {
        parts.push('', `References lookup failed: ${(err as Error).message}`);
      }
      return reply(parts.join('\n'), { symbols: symbols.slice(0, limit) });
    }
    case 'diagnostics': {
      const [f] = await c.engine.code.diagnostics(c, file);
      const list = f?.diagnostics ?? [];
      if (list.length === 0) return reply(`No diagnostics found for ${await shown()}.`);
      const lines = list.map(
        (d, i) =>
          `${i + 1}. [${SEVERITY[d.severity]}] ${d.line}:${d.column}${d.code !== undefined ? ` (${d.code})` : ''}${d.source ? ` [${d.source}]` : ''}: ${d.message}`,
      );
      return reply([`Diagnostics for ${f!.relative} (${list.length} issues):`, ...lines].join('\n'), { diagnostics: list });
    }
    case 'workspaceDiagnostics': {
      const files: FileDiagnostics[] = (await c.engine.code.diagnostics(c)).filter((f) => f.diagnostics.length > 0).slice(0, a.limit ?? 50);
      if (files.length === 0) return reply('No diagnostics found in the workspace.');
      const lines: string[] = [];
      let total = 0;
      for (const f of files) {
        lines.push(`\n${f.relative}:`);
        for (const d of f.diagnostics) {
          lines.push(`  [${SEVERITY[d.severity]}] ${d.line}:${d.column}${d.code !== undefined ? ` (${d.code})` : ''}: ${d.message}`);
          total++;
        }
      }
      return reply([`Workspace diagnostics (${total} issues in ${files.length} files):`, ...lines].join('\n'), { files });
    }
    case 'goToImplementation': {
      const limit = a.limit ?? 20;
      const found = await c.engine.code.implementation(c, file, place);
      if (found.length === 0) return reply(`No implementations found for ${await target()}.`);
      const lines = found.slice(0, limit).map((l, i) => `${i + 1}. ${at(l)}`);
      return reply([`Implementations for ${await target()}:`, ...lines].join('\n'), { locations: found.slice(0, limit) });
    }
    case 'prepareCallHierarchy': {
      const entries = (await c.engine.code.prepareCallHierarchy(c, file, place)).slice(0, a.limit ?? 20);
      if (entries.length === 0) return reply(`No call hierarchy items found for ${await target()}.`);
      const items = entries.map((e) => qwenCallItem(e.item));
      const lines = entries.map((e, i) => `${i + 1}. ${itemLine(items[i]!, e.location)}`);
      return reply([`Call hierarchy items for ${await target()}:`, ...lines].join('\n') + json('Call hierarchy items (JSON)', items), { items });
    }
    case 'incomingCalls':
    case 'outgoingCalls': {
      const given = a.callHierarchyItem!;
      const incoming = op === 'incomingCalls';
      const res = incoming ? await c.engine.code.incomingCalls(c, lspCallItem(given)) : await c.engine.code.outgoingCalls(c, lspCallItem(given));
      const of = `${given.name} at ${at(res.of.location)}${given.serverName ? ` [${given.serverName}]` : ''}`;
      const word = incoming ? 'incoming' : 'outgoing';
      const calls = res.calls.slice(0, a.limit ?? 20);
      if (calls.length === 0) return reply(`No ${word} calls found for ${of}.`);
      const shown = calls.map((e) => ({ peer: qwenCallItem(e.peer.item), fromRanges: e.fromRanges }));
      const lines = calls.map((e, i) => `${i + 1}. ${itemLine(shown[i]!.peer, e.peer.location)}${callSites(e)}`);
      const items = shown.map((s) => (incoming ? { from: s.peer, fromRanges: s.fromRanges } : { to: s.peer, fromRanges: s.fromRanges }));
      return reply(
        [`${incoming ? 'Incoming' : 'Outgoing'} calls for ${of}:`, ...lines].join('\n') + json(`${incoming ? 'Incoming' : 'Outgoing'} calls (JSON)`, items),
        {
          calls: items,
        },
      );
    }
    case 'codeActions': {
      const limit = a.limit ?? 20;
      const end = { line: Math.floor(a.endLine ?? place.line), column: Math.floor(a.endCharacter ?? a.character ?? 1) };
      const found = await c.engine.code.codeActions(c, file, place, end, (a.diagnostics ?? []).map(lspDiagnostic), a.codeActionKinds);
      const here = `${await shown()}:${place.line}:${place.column}`;
      const actions = found.slice(0, limit).map(qwenCodeAction);
      if (actions.length === 0) return reply(`No code actions available at ${here}.`);
      const lines = actions.map(
        (x, i) =>
          `${i + 1}. ${x.title}${x.kind ? ` [${x.kind}]` : ''}${x.isPreferred ? ' \u2605' : ''}${x.edit ? ' (has edit)' : ''}${x.command ? ' (has command)' : ''}`,
      );
      return reply([`Code actions at ${here}:`, ...lines].join('\n') + json('Code actions (JSON)', actions), { actions });
    }
  }
}

export const lsp = defineTool<Args>({
  name: 'lsp',
  summary: 'Language-server answers: definitions, implementations, references, hover, symbols, callers, code actions, diagnostics.',
  description: [
    'Asks the language server of a file (TypeScript/JavaScript, Python; Go, Rust, C/C++ when installed) about code:',
    'goToDefinition, goToImplementation, findReferences, hover (filePath + 1-based line and character), documentSymbol',
    'and diagnostics (filePath), workspaceSymbol (query), workspaceDiagnostics (the files the servers have open).',
    'prepareCallHierarchy (filePath + line) lists the function there with its item as JSON; pass that item as',
    'callHierarchyItem to incomingCalls (its callers) or outgoingCalls (what it calls). codeActions lists the fixes and',
    'refactorings offered for filePath at line..endLine (optionally given diagnostics and codeActionKinds); none is applied.',
    'Prefer it over grep_search to find where a symbol is defined or used. Results list file:line:character, 1-based.',
  ],
  schema,
  tags: [TAGS.search, TAGS.readOnly],
  examples: [
    {
      description: 'Where a function is defined',
      arguments: { operation: 'goToDefinition', filePath: 'src/app.ts', line: 12, character: 10 },
      expectedOutcome: 'Definitions for src/app.ts:12:10: then numbered file:line:character places.',
    },
    {
      description: 'Problems in a file',
      arguments: { operation: 'diagnostics', filePath: 'src/app.ts' },
      expectedOutcome: 'Diagnostics for src/app.ts (n issues): numbered [ERROR] line:character lines, or No diagnostics found.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'invalid_tool_params (INVALID_ARGUMENT): a required argument of the operation is missing (filePath, line, query, callHierarchyItem), or a line, character or limit is below 1.',
    'A language server that is off, missing, crashed or slow, a position past the end of the file, or a call-hierarchy item outside the project answers "LSP <operation> failed: <why>" as Qwen Code does, not as a tool error.',
  ],
  async call(args, c) {
    check(args);
    if (!c.engine.code.enabled) return reply(`LSP ${LABEL[args.operation]} is unavailable (LSP disabled or not initialized).`);
    try {
      return await run(args, c);
    } catch (err) {
      if (!(err instanceof EngineError) || err.kind === 'internal') throw err;
      return reply(`LSP ${FAILED[args.operation] ?? LABEL[args.operation]} failed: ${err.message}`, { failure: err.condition ?? err.kind });
    }
  },
});
