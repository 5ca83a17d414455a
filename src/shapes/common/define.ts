// A vendor tool as a table. `defineTool` owns what every tool used to write out itself: the
// engine context of the call, the try/catch that turns an engine failure into the vendor's
// words, the host block's tool name, and joining description and error-mode lines. A tool
// file then holds only its facts (name, schema, words), `call` (vendor arguments onto engine
// calls), `format` (the engine's answer in the vendor's words) and `errors` (conditions onto
// the vendor's wording).
import { type ChangeDiagnostics, type EngineError, isEngineError } from '../../engine/index.js';
import type {
  HandlerContext,
  Idempotency,
  JsonSchema,
  ToolDefinition,
  ToolExample,
  ToolResult,
} from '../../registry/types.js';
import { renameFields } from '../../registry/fields.js';
import { failureResult } from '../../registry/result.js';
import { TAGS } from '../tags.js';
import type { Call, Reply, ShapeEnv } from './call.js';
import { failureWording, type DialectWords, type Wording } from './wording.js';

export type { Call, Reply, ShapeEnv } from './call.js';
export { errorTable, firstWording, type ConditionWording, type KindWording, type Wording } from './wording.js';

export interface ToolTable<A, R> {
  name: string;
  /** One line (at most 120 characters) that says when to pick this tool. */
  summary: string;
  /** Our own words; lines are joined with spaces. */
  description?: string | readonly string[];
  schema: JsonSchema;
  /** The JSON Schema arguments are checked against when `schema` is a vendor's own non-JSON-Schema declaration. */
  argumentsSchema?: JsonSchema;
  output?: JsonSchema;
  tags: readonly string[];
  /** Default: whether the tags say destructive. */
  destructive?: boolean;
  idempotency?: Idempotency;
  examples?: ToolExample[];
  /** Each way the tool fails and what the model should do; lines are joined with newlines. */
  errorModes: string | readonly string[];
  /** Engine field names as this tool's parameters call them. */
  fields?: Record<string, string>;
  /** The vendor's arguments onto engine calls. */
  call(args: A, c: Call): Promise<R>;
  /** The engine's answer in the vendor's words. Without it, `call` returns the Reply itself. */
  format?(result: R, args: A, c: Call): Reply | string;
  /** This tool's own wording of failures, tried before its vendor's. */
  errors?: Wording<A>;
}

/** What a shape adds around each of its tools: its vendor's error words (wording.ts), and a pass over every result. */
export interface Dialect extends DialectWords {
  /** Runs on every result of the shape's tools (Claude announces background tasks that ended). */
  after?: (result: ToolResult, c: Call) => ToolResult | Promise<ToolResult>;
  /**
   * The vendor's words for the diagnostics a call's changes introduced (or why they are missing); undefined adds
   * nothing.
   */
  diagnostics?: (report: ChangeDiagnostics, c: Call) => string | undefined;
}

/** The reports of one call's writes as one (a tool may write more than once). */
function mergedReport(reports: readonly ChangeDiagnostics[]): ChangeDiagnostics {
  const files = new Map<string, ChangeDiagnostics['files'][number]>();
  const missing = new Map<string, ChangeDiagnostics['missing'][number]>();
  for (const r of reports) {
    for (const f of r.files) {
      files.set(f.path, f);
      missing.delete(f.path);
    }
    for (const m of r.missing) if (!files.has(m.path)) missing.set(m.path, m);
  }
  return { files: [...files.values()], missing: [...missing.values()] };
}

/**
 * The result with the diagnostics its changes introduced: structured in the host block, worded by the dialect after the
 * text.
 */
function withDiagnostics(
  result: ToolResult,
  reports: readonly ChangeDiagnostics[],
  dialect: Dialect,
  c: Call,
): ToolResult {
  const report = mergedReport(reports);
  const note = dialect.diagnostics?.(report, c);
  return {
    ...result,
    text: note ? `${result.text}\n\n${note}` : result.text,
    host: { ...result.host, details: { ...result.host?.details, diagnostics: report } },
  };
}

/** A tool table waiting for its shape's engine and dialect. */
export type ToolMaker<A = unknown> = (env: ShapeEnv, dialect?: Dialect) => ToolDefinition<A>;

const joined = (v: string | readonly string[] | undefined, sep: string): string | undefined =>
  v === undefined || typeof v === 'string' ? v : v.join(sep);

/**
 * A Reply (or bare text) as the ToolResult of `tool`. Built field by field, as every per-call
 * object here: rest and spread copies measured ~2 µs each on a small read (NOTES-hotpath.md).
 */
export function toResult(tool: string, r: Reply | string): ToolResult {
  if (typeof r === 'string') return { text: r, host: { tool } };
  const out: ToolResult = { text: r.text, host: r.host ? Object.assign({ tool }, r.host) : { tool } };
  if (r.parts !== undefined) out.parts = r.parts;
  if (r.data !== undefined) out.data = r.data;
  if (r.blobs !== undefined) out.blobs = r.blobs;
  if (r.failure !== undefined) out.failure = r.failure;
  if (r.error !== undefined) out.error = r.error;
  return out;
}

/** Every field of the registry's context, named: a field added there fails to build here until it is copied. */
const CONTEXT_FIELDS = {
  signal: true,
  session: true,
  scope: true,
  shape: true,
  deadline: true,
  logger: true,
  progress: true,
  transport: true,
  toolbox: true,
  asker: true,
} satisfies Record<keyof HandlerContext, true>;
void CONTEXT_FIELDS;

/**
 * The call's context with the tool's engine and name: copied field by field (a spread of the context cost ~5 µs a
 * call).
 */
function callOf(ctx: HandlerContext, env: ShapeEnv, tool: string): Call {
  const c: Call = {
    signal: ctx.signal,
    session: ctx.session,
    scope: ctx.scope,
    shape: ctx.shape,
    logger: ctx.logger,
    engine: env.engine,
    config: env.config,
    tool,
    changeDiagnostics: [],
    sandboxRefusals: [],
  };
  if (ctx.deadline !== undefined) c.deadline = ctx.deadline;
  if (ctx.progress !== undefined) c.progress = ctx.progress;
  if (ctx.transport !== undefined) c.transport = ctx.transport;
  if (ctx.toolbox !== undefined) c.toolbox = ctx.toolbox;
  if (ctx.asker !== undefined) c.asker = ctx.asker;
  return c;
}

/**
 * The failure result of `err` worded `said` (undefined: the engine's message); the host block is the registry's, plus
 * what the words add.
 */
function failed(tool: string, err: EngineError, said: Reply | string | undefined): ToolResult {
  const reply: Reply = typeof said === 'object' ? said : { text: said ?? err.message };
  const base = failureResult(reply.text, err, tool);
  return { ...reply, host: { ...base.host, ...reply.host }, failure: reply.failure ?? err };
}

export function defineTool<A, R = Reply>(table: ToolTable<A, R>): ToolMaker<A> {
  return (env, dialect = {}) => {
    const wording = failureWording<A>(table.errors, dialect);
    const fields = table.fields ?? {};
    const def: ToolDefinition<A> = {
      name: table.name,
      summary: table.summary,
      description: joined(table.description, ' '),
      inputSchema: table.schema,
      argumentsSchema: table.argumentsSchema,
      outputSchema: table.output,
      destructive: table.destructive ?? table.tags.includes(TAGS.destructive),
      tags: [...table.tags],
      examples: table.examples ?? [],
      idempotency: table.idempotency ?? '',
      errorModes: joined(table.errorModes, '\n') ?? '',
      fields: table.fields,
      async handler(args, ctx) {
        const c = callOf(ctx, env, table.name);
        let result: ToolResult;
        try {
          const out = await table.call(args, c);
          result = toResult(table.name, table.format ? table.format(out, args, c) : (out as Reply | string));
        } catch (thrown) {
          // A bug is not the vendor's to word: it goes to the registry, which logs it.
          if (!isEngineError(thrown)) throw thrown;
          if (thrown.kind === 'internal') throw renameFields(thrown, fields);
          const err = renameFields(thrown, fields);
          result = failed(table.name, err, wording.duringCall(err, args, c));
        }
        // Diagnostics of earlier changes whose language server was still starting come with
        // this call, before its own (as Claude Code attaches late diagnostics to a later turn).
        const reports = env.engine.code.takeLate(c.session, c.changeDiagnostics);
        if (reports.length > 0) result = withDiagnostics(result, reports, dialect, c);
        if (c.sandboxRefusals.length > 0)
          result.host = { ...result.host, details: { ...result.host?.details, sandbox: c.sandboxRefusals } };
        if (dialect.after) result = await dialect.after(result, c);
        // The failure a result carries (worded above, or by the tool itself) names the caller's fields.
        const failure = result.failure && renameFields(result.failure, fields);
        return failure === result.failure ? result : { ...result, failure };
      },
      // Failures raised before the call (bad arguments, an evicted session), worded as wording.ts says.
      formatError(err, args, ctx) {
        return wording.beforeCall(err, args, () => callOf(ctx, env, table.name), def);
      },
    };
    return def;
  };
}

/** Builds a shape's tool tables over its engine and dialect. */
export function buildTools(env: ShapeEnv, dialect: Dialect, makers: ReadonlyArray<ToolMaker<never>>): ToolDefinition[] {
  return makers.map((make) => make(env, dialect) as ToolDefinition);
}
