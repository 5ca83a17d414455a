// exec (Codex code mode): the model's JavaScript runs as a cell in a child process of its own
// (the engine's script runner); the other tools are nested in it as `await tools.<name>(args)`,
// each call dispatched through this toolbox as if the host had made it (validation, scope, plan
// mode). The answer is the cell's output (code-output.ts); a cell still running after
// yield_time_ms, or one that called yield_control(), is left for `wait`.
import { EngineError } from '../../engine/index.js';
import type { RequestContext, ToolDefinition, ToolResult } from '../../registry/types.js';
import { defineTool, type Call, type Reply } from '../common/define.js';
import { forgetCell, liveCells, MAX_LIVE_CELLS, settle, startCell, takeItems, type Cell } from './code-cells.js';
import { declarationOf, nestedDescription } from './code-declarations.js';
import { cellReply } from './code-output.js';
import { byteBudget } from './output.js';

/** Codex's exec grammar: an optional `// @exec: {…}` pragma line, then the source. */
const GRAMMAR =
  '\nstart: pragma_source | plain_source\npragma_source: PRAGMA_LINE NEWLINE SOURCE\nplain_source: SOURCE\n\nPRAGMA_LINE: /[ \\t]*\\/\\/ @exec:[^\\r\\n]*/\nNEWLINE: /\\r?\\n/\nSOURCE: /[\\s\\S]+/\n';

/** CallTool's carrier of the freeform source. */
const FREEFORM_ARGS = {
  type: 'object',
  properties: { input: { type: 'string' } },
  required: ['input'],
  additionalProperties: false,
};

/** exec's defaults: yield after 30 s, 10000 tokens of emitted text. */
export const EXEC_DEFAULTS = { yieldMs: 30_000, maxOutputTokens: 10_000 };
/** The longest any call waits on a cell before answering (a pragma asking for more gets this). */
export const MAX_YIELD_MS = 300_000;

/** A nested tool's result as the script's value (Codex's shapes: objects for some tools, the text for the rest). */
function nestedValue(name: string, r: ToolResult): unknown {
  if (name === 'exec_command' || name === 'write_stdin' || name === 'clock__curr_time') return r.data ?? {};
  if (name === 'apply_patch' || name === 'update_plan') return {};
  if (name === 'view_image') {
    const b = r.blobs?.[0];
    return b ? { image_url: `data:${b.mediaType};base64,${Buffer.from(b.data).toString('base64')}` } : {};
  }
  return r.text;
}

/** The arguments a nested call sent (a JSON text), as the tool takes them; a string for a failure. */
function nestedArgs(def: ToolDefinition, sent: string): Record<string, unknown> | string {
  let args: unknown = JSON.parse(sent);
  if (def.inputSchema['x-freeform'] === true) {
    return typeof args === 'string' ? { input: args } : 'failed to parse function arguments: expected the input string';
  }
  if (typeof args === 'string') {
    try {
      args = JSON.parse(args);
    } catch (err) {
      return `failed to parse function arguments: ${(err as Error).message}`;
    }
  }
  if (args === null || typeof args !== 'object' || Array.isArray(args))
    return `failed to parse function arguments: invalid type: ${Array.isArray(args) ? 'sequence' : args === null ? 'null' : typeof args}, expected struct`;
  return args as Record<string, unknown>;
}

/** The pragma of the first line, if any: yield_time_ms and max_output_tokens. */
export function pragmaOf(source: string): { yieldMs: number; maxOutputTokens: number } {
  const m = /^[ \t]*\/\/ @exec:([^\r\n]*)/.exec(source);
  if (!m) return { ...EXEC_DEFAULTS };
  let p: unknown;
  try {
    p = JSON.parse(m[1]!);
  } catch (err) {
    throw new EngineError('invalid_argument', `invalid @exec pragma: ${(err as Error).message}`, { field: 'input' });
  }
  const num = (v: unknown, name: string, dflt: number) => {
    if (v === undefined) return dflt;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
      throw new EngineError('invalid_argument', `invalid @exec pragma: ${name} must be a number, 0 or more`, {
        field: 'input',
      });
    return v;
  };
  const o = (p ?? {}) as Record<string, unknown>;
  if (typeof p !== 'object' || p === null || Array.isArray(p))
    throw new EngineError('invalid_argument', 'invalid @exec pragma: expected a JSON object', { field: 'input' });
  return {
    yieldMs: Math.min(num(o.yield_time_ms, 'yield_time_ms', EXEC_DEFAULTS.yieldMs), MAX_YIELD_MS),
    maxOutputTokens: num(o.max_output_tokens, 'max_output_tokens', EXEC_DEFAULTS.maxOutputTokens),
  };
}

/** The context a nested call runs under: the exec call's, with the cell's own signal (it may outlive the call). */
function nestedContext(c: Call, signal: AbortSignal): RequestContext {
  const ctx: RequestContext = {
    signal,
    session: c.session,
    scope: c.scope,
    shape: c.shape,
    logger: c.logger,
  };
  if (c.transport) ctx.transport = c.transport;
  if (c.toolbox) ctx.toolbox = c.toolbox;
  if (c.asker) ctx.asker = c.asker;
  return ctx;
}

/** Waits on `cell` for up to `ms` and answers with what it emitted; an ended cell is forgotten by `forget`. */
export async function answerCell(
  c: Call,
  cell: Cell,
  ms: number,
  budgetBytes: number,
  started: number,
  forget: () => void,
): Promise<Reply> {
  const why = await settle(cell, ms, c.signal);
  if (why === 'aborted') cell.run.kill();
  const wall = (performance.now() - started) / 1000;
  const notes = cell.notes.splice(0);
  if (!cell.ended && why !== 'aborted')
    return cellReply({ running: cell.id }, wall, takeItems(cell), budgetBytes, undefined, notes);
  if (!cell.ended) await cell.run.done;
  forget();
  const end = cell.ended!;
  const error =
    cell.error ??
    (end.kind === 'output_limit'
      ? `the script emitted more than ${end.limit} characters and was stopped`
      : end.kind === 'crashed'
        ? `the script's process died: ${end.detail.split('\n').filter(Boolean).slice(-1)[0] ?? end.detail}`
        : end.kind === 'killed'
          ? 'the call was cancelled and the script stopped'
          : undefined);
  return cellReply(error === undefined ? 'completed' : 'failed', wall, takeItems(cell), budgetBytes, error, notes);
}

/** The nested tools' metadata, as ALL_TOOLS gives it (for tests and the wait tool). */
export const nestedCatalog = (nested: readonly ToolDefinition[]) =>
  nested.map((d) => ({ name: d.name, description: nestedDescription(d) }));

/** exec over the nested tools given (their definitions as this toolbox serves them). */
export const execTool = (nested: readonly ToolDefinition[]) => {
  const byName = new Map(nested.map((d) => [d.name, d]));
  const catalog = nestedCatalog(nested);
  return defineTool<{ input: string }, Reply>({
    name: 'exec',
    fields: { source: 'input' },
    summary: 'Run JavaScript that calls the other tools (await tools.<name>(args)) and emits results with text().',
    description: [
      'A freeform tool: the input is JavaScript source (not JSON, not fenced); over CallTool it is sent as {"input": "<source>"}.',
      'It runs as the body of an async function (top-level await works) in a separate process with no file system, network, console or Node modules of its own:',
      'all it reaches is the nested tools below, as `await tools.<name>(args)` (an object, or a string for apply_patch).',
      'A nested tool resolves to an object (exec_command, write_stdin, view_image) or a string, and a failure is thrown as its error string.',
      `An optional first line \`// @exec: {"yield_time_ms": N, "max_output_tokens": N}\` sets how long the call waits before yielding (default ${EXEC_DEFAULTS.yieldMs} ms) and the token budget of the emitted text (default ${EXEC_DEFAULTS.maxOutputTokens}).`,
      'Globals: text(value) emits a text item (non-strings as JSON); image(dataUrlOrItem) emits an image (data: URLs only); generatedImage({image_url, output_hint}); store(key, value) and load(key) keep JSON values for later exec calls of the session;',
      'notify(value) sends a note to the host at once; setTimeout/clearTimeout; exit() ends the script successfully; yield_control() answers at once while the script keeps running; ALL_TOOLS lists {name, description} of the nested tools.',
      'The answer: "Script completed", "Script failed" (with "Script error:" and the error) or "Script running with cell ID N" (use wait with that cell_id), then "Wall time S seconds", "Output:", and one item per text().',
      'When the script ends, pending timers and unawaited promises are dropped.',
      `\n\nNested tools: ${nested.map((d) => d.name).join(', ')}.\n\n${nested
        .map((d) => `### \`${d.name}\`\n${d.summary}\n\nexec tool declaration:\n\`\`\`ts\n${declarationOf(d)}\n\`\`\``)
        .join('\n\n')}`,
    ],
    schema: { 'x-freeform': true, format: { type: 'grammar', syntax: 'lark', definition: GRAMMAR } },
    argumentsSchema: FREEFORM_ARGS,
    // Neither destructive nor a shell itself: each nested call is checked as its own tool (plan mode; --read-only
    // serves exec, and a nested tool it does not serve answers "unsupported call").
    tags: [],
    destructive: false,
    idempotency: 'side_effecting',
    examples: [
      {
        description: 'Run a command and emit its output',
        arguments: { input: 'const r = await tools.exec_command({ cmd: "ls" });\ntext(r.output);' },
        expectedOutcome: 'Script completed … Output: then the listing.',
      },
    ],
    errorModes: [
      'A script that throws answers "Script failed" with what it emitted before, then "Script error:\\n<error>" (a stack of its own frames, in exec_main.mjs).',
      'A nested call that fails throws its error text as a string (catch it to go on); an unknown tool is undefined on `tools` (TypeError: tools.x is not a function).',
      `A script still running after yield_time_ms keeps running as a cell: wait on it, or terminate it with wait {cell_id, terminate: true}. At most ${MAX_LIVE_CELLS} cells run at once.`,
      'A script that uses too much memory or emits too much is stopped and answers "Script failed".',
    ],
    async call(args, c) {
      const started = performance.now();
      const pragma = pragmaOf(args.input);
      if (liveCells(c.session) >= MAX_LIVE_CELLS)
        throw new EngineError(
          'resource_exhausted',
          `${MAX_LIVE_CELLS} exec cells are running already; wait on one or terminate it first`,
        );
      const toolbox = c.toolbox;
      const cellAbort = new AbortController();
      const nestedCtx = nestedContext(c, cellAbort.signal);
      const cell = startCell(c, args.input, catalog, async (name, sent) => {
        const fail = (text: string) => ({ ok: false, value: JSON.stringify(text) });
        const def = byName.get(name);
        if (!def || !toolbox?.call) return fail(`unsupported call: ${name}`);
        const callArgs = nestedArgs(def, sent);
        if (typeof callArgs === 'string') return fail(callArgs);
        const r = await toolbox.call(name, callArgs, nestedCtx);
        if (r.failure || r.error !== undefined) return fail(r.error ?? r.text);
        return { ok: true, value: JSON.stringify(nestedValue(name, r)) ?? 'null' };
      });
      void cell.run.done.then(() => cellAbort.abort());
      return answerCell(c, cell, pragma.yieldMs, byteBudget(pragma.maxOutputTokens), started, () =>
        forgetCell(c.session, cell.id),
      );
    },
  });
};
