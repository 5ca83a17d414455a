// lsp: Qwen Code's code-intelligence tool (a deferred tool there, revealed through tool_search).
// Its schema is Qwen Code 0.15's; operations run on Facet's language-server pool. As in Qwen
// Code, a server's failure is a plain answer ("LSP hover failed: ..."), not a tool error, and
// only missing arguments are invalid parameters. Lines and characters are 1-based (characters
// counted as characters; the engine converts to UTF-16). Call hierarchy and code actions end,
// like Qwen Code's, with the items as JSON: the model hands a call-hierarchy item back for
// incoming/outgoing calls, so its ranges stay the server's own (0-based, UTF-16).
import {
  type CallEntry,
  type CodeDiagnostic,
  type CodeLocation,
  type CodeSymbol,
  EngineError,
} from '../../engine/index.js';
import { firstBelow } from '../kit/args/arg-checks.js';
import { unescapeShellPath } from '../kit/files/path-escapes.js';
import { headOf } from '../kit/text/head-of.js';
import { numberedList } from '../kit/text/numbered.js';
import { askCode, type CodeAnswer, type CodeOperation, type CodeQuestion } from '../kit/code/operations.js';
import { type CodeInput, missingInput } from '../kit/code/needs.js';
import { failureOr } from '../kit/failures/failure-value.js';
import { askedText, placeText, protocolCalls, specSeverity } from '../kit/code/answer-text.js';
import {
  lspCallItem,
  lspDiagnostic,
  qwenCallItem,
  qwenCodeAction,
  type QwenCallItem,
  type QwenCodeAction,
  type QwenDiagnostic,
} from './lsp-items.js';
import { LSP_OPERATIONS } from '../kit/code/names.js';
import { reschemed } from './reschemed.js';
import { defineTool, type Reply } from '../common/define.js';
import { badParams } from '../gemini-family/shared.js';
import { TAGS } from '../tags.js';

type Operation = CodeOperation;

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

const position = {
  type: 'object',
  properties: { line: { type: 'number' }, character: { type: 'number' } },
  required: ['line', 'character'],
};
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
      // Claude Code's nine, then Qwen Code's three diagnostics and actions operations.
      enum: [...LSP_OPERATIONS, 'diagnostics', 'workspaceDiagnostics', 'codeActions'],
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
const FAILED: Partial<Record<Operation, string>> = {
  workspaceSymbol: 'workspace symbol search',
  prepareCallHierarchy: 'call hierarchy prepare',
};

/** Qwen Code's name for each input an operation needs. */
const ARG: Record<CodeInput, 'filePath' | 'line' | 'query' | 'callHierarchyItem'> = {
  file: 'filePath',
  line: 'line',
  query: 'query',
  item: 'callHierarchyItem',
};
/** Qwen Code's default limit of each operation (50 for three of them, 20 for the rest). */
const LIMIT = (op: Operation) =>
  op === 'findReferences' || op === 'documentSymbol' || op === 'workspaceDiagnostics' ? 50 : 20;

/** Qwen Code's own argument checks, in its words (they come back as invalid parameters). */
function check(a: Args): void {
  const missing = missingInput(a.operation, {
    file: a.filePath,
    line: a.line,
    query: a.query,
    item: a.callHierarchyItem,
  });
  if (missing) throw badParams(`${ARG[missing]} is required for ${a.operation}.`, ARG[missing]);
  const low = firstBelow(a, ['line', 'character', 'endLine', 'endCharacter'], 1);
  if (low) throw badParams(`${low} must be a positive number.`, low);
  if (a.limit !== undefined && a.limit <= 0) throw badParams('limit must be a positive number.', 'limit');
}

const reply = (text: string, details: Record<string, unknown> = {}): Reply => ({
  text,
  host: { summary: text.split('\n')[0], details },
});
const suffix = (a: Args) => (a.serverName ? ` [${a.serverName}]` : '');
const symbolText = (s: CodeSymbol) =>
  `${s.name} (${s.kind})${s.container ? ` in ${s.container}` : ''} - ${placeText(s.location)}`;
const json = (label: string, items: unknown[]) => `\n\n${label}:\n${JSON.stringify(items, null, 2)}`;
/** "{name} ({kind}) {detail} - {place}", as Qwen Code lists call-hierarchy items. */
const itemLine = (item: QwenCallItem, where: CodeLocation) =>
  `${item.name}${item.kind ? ` (${item.kind})` : ''}${item.detail ? ` ${item.detail}` : ''} - ${placeText(where)}${item.serverName ? ` [${item.serverName}]` : ''}`;
/** " (calls at l:c, ..., +n more)": the first three call sites. */
function callSites(e: CallEntry): string {
  if (e.calls.length === 0) return '';
  const { shown, more } = headOf(e.calls, 3);
  return ` (calls at ${shown.map((p) => `${p.line}:${p.column}`).join(', ')}${more > 0 ? `, +${more} more` : ''})`;
}
const FOUND = {
  goToDefinition: ['definitions', 'Definitions'],
  findReferences: ['references', 'References'],
  goToImplementation: ['implementations', 'Implementations'],
} as const;
/** "[ERROR] 3:5 (2322) [typescript]: message", the source shown only when given. */
const diagnosticLine = (d: CodeDiagnostic, source?: string) =>
  `[${specSeverity(d.severity).toUpperCase()}] ${d.line}:${d.column}${d.code !== undefined ? ` (${d.code})` : ''}${source ? ` [${source}]` : ''}: ${d.message}`;
const actionLine = (x: QwenCodeAction) =>
  `${x.title}${x.kind ? ` [${x.kind}]` : ''}${x.isPreferred ? ' \u2605' : ''}${x.edit ? ' (has edit)' : ''}${x.command ? ' (has command)' : ''}`;

/**
 * The engine's answer in Qwen Code's words: a header, numbered lines, and for hierarchy items and actions their JSON.
 */
function render(r: CodeAnswer, a: Args): Reply {
  const target = askedText(r);
  switch (r.operation) {
    case 'goToDefinition':
    case 'findReferences':
    case 'goToImplementation': {
      const [what, What] = FOUND[r.operation];
      if (r.total === 0) return reply(`No ${what} found for ${target}${suffix(a)}.`);
      return reply([`${What} for ${target}${suffix(a)}:`, ...numberedList(r.locations, placeText)].join('\n'), {
        locations: r.locations,
      });
    }
    case 'hover':
      return reply(
        r.text
          ? `Hover for ${target}${suffix(a)}:\n${r.text}`
          : `No hover information found for ${target}${suffix(a)}.`,
      );
    case 'documentSymbol':
      if (r.total === 0) return reply(`No document symbols found for ${r.shown}.`);
      return reply([`Document symbols for ${r.shown}:`, ...numberedList(r.symbols, symbolText)].join('\n'), {
        symbols: r.symbols,
      });
    case 'workspaceSymbol': {
      const query = a.query ?? '';
      if (r.total === 0) return reply(`No symbols found for query "${query}".`);
      const parts = [
        `Found ${r.listed} of ${r.total} symbols for query "${query}":`,
        ...numberedList(r.symbols, symbolText),
      ];
      if (r.top?.error !== undefined) parts.push('', `References lookup failed: ${r.top.error}`);
      else if (r.top && r.top.references.length > 0)
        parts.push('', `References for top match (${r.top.name}):`, ...numberedList(r.top.references, placeText));
      return reply(parts.join('\n'), { symbols: r.symbols });
    }
    case 'diagnostics': {
      const list = r.file?.diagnostics ?? [];
      if (list.length === 0) return reply(`No diagnostics found for ${r.shown}.`);
      const lines = numberedList(list, (d) => diagnosticLine(d, d.source));
      return reply([`Diagnostics for ${r.file!.relative} (${list.length} issues):`, ...lines].join('\n'), {
        diagnostics: list,
      });
    }
    case 'workspaceDiagnostics': {
      if (r.files.length === 0) return reply('No diagnostics found in the workspace.');
      const lines = r.files.flatMap((f) => [`\n${f.relative}:`, ...f.diagnostics.map((d) => `  ${diagnosticLine(d)}`)]);
      return reply([`Workspace diagnostics (${r.total} issues in ${r.files.length} files):`, ...lines].join('\n'), {
        files: r.files,
      });
    }
    case 'prepareCallHierarchy': {
      if (r.entries.length === 0) return reply(`No call hierarchy items found for ${target}${suffix(a)}.`);
      const items = r.entries.map((e) => qwenCallItem(e.item));
      const lines = numberedList(r.entries, (e, i) => itemLine(items[i]!, e.location));
      return reply(
        [`Call hierarchy items for ${target}${suffix(a)}:`, ...lines].join('\n') +
          json('Call hierarchy items (JSON)', items),
        { items },
      );
    }
    case 'incomingCalls':
    case 'outgoingCalls': {
      const item = a.callHierarchyItem!;
      const Word = r.operation === 'incomingCalls' ? 'Incoming' : 'Outgoing';
      const of = `${item.name} at ${placeText(r.of.location)}${item.serverName ? ` [${item.serverName}]` : ''}`;
      if (r.calls.length === 0) return reply(`No ${Word.toLowerCase()} calls found for ${of}.`);
      const peers = r.calls.map((e) => qwenCallItem(e.peer.item));
      const lines = numberedList(r.calls, (e, i) => `${itemLine(peers[i]!, e.peer.location)}${callSites(e)}`);
      const calls = protocolCalls(r.operation, r.calls, peers);
      return reply([`${Word} calls for ${of}:`, ...lines].join('\n') + json(`${Word} calls (JSON)`, calls), { calls });
    }
    case 'codeActions': {
      const actions = r.actions.map(qwenCodeAction);
      if (actions.length === 0) return reply(`No code actions available at ${target}.`);
      return reply(
        [`Code actions at ${target}:`, ...numberedList(actions, actionLine)].join('\n') +
          json('Code actions (JSON)', actions),
        { actions },
      );
    }
  }
}

export const lsp01510 = defineTool<Args>({
  name: 'lsp',
  summary:
    'Language-server answers: definitions, implementations, references, hover, symbols, callers, code actions, diagnostics.',
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
      expectedOutcome:
        'Diagnostics for src/app.ts (n issues): numbered [ERROR] line:character lines, or No diagnostics found.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'invalid_tool_params (INVALID_ARGUMENT): a required argument of the operation is missing (filePath, line, query, callHierarchyItem), or a line, character or limit is below 1.',
    'A language server that is off, missing, crashed or slow, a position past the end of the file, or a call-hierarchy item outside the project answers "LSP <operation> failed: <why>" as Qwen Code does, not as a tool error.',
  ],
  async call(args, c) {
    check(args);
    if (!c.engine.code.enabled)
      return reply(`LSP ${LABEL[args.operation]} is unavailable (LSP disabled or not initialized).`);
    const question: CodeQuestion = {
      operation: args.operation,
      // Like Qwen Code, a shell-escaped path ("app\ file.ts") names the file it reads as.
      file: unescapeShellPath(args.filePath?.trim() ?? ''),
      line: args.line,
      column: args.character,
      endLine: args.endLine,
      endColumn: args.endCharacter,
      limit: args.limit ?? LIMIT(args.operation),
      includeDeclaration: args.includeDeclaration,
      query: args.query,
      item: args.callHierarchyItem && lspCallItem(args.callHierarchyItem),
      diagnostics: (args.diagnostics ?? []).map(lspDiagnostic),
      kinds: args.codeActionKinds,
      // Like Qwen Code, a symbol search lists the references of its top match too.
      topReferences: Math.min(20, Math.max(args.limit ?? 20, 5)),
    };
    const r = await failureOr(askCode(c.engine.code, c, question));
    if (!(r instanceof EngineError)) return render(r, args);
    return reply(`LSP ${FAILED[args.operation] ?? LABEL[args.operation]} failed: ${r.message}`, {
      failure: r.condition ?? r.kind,
    });
  },
});

/** 0.24.4 declares limit as an integer of at least 1. */
export const lsp = reschemed(lsp01510, {
  ...schema,
  properties: { ...schema.properties, limit: { type: 'integer', minimum: 1 } },
});
