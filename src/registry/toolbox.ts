// A Toolbox serves the nine RPCs of the contract from one ToolboxSpec: the three catalog
// projections, validation before dispatch, and every failure reported in band.
import type { ValidateFunction } from 'ajv';
import { EngineError } from '../engine/errors.js';
import { planModeOf } from '../engine/plan-mode.js';
import { endTurn } from '../engine/shell/grants.js';
import { sessionEvicted } from '../engine/session-evicted.js';
import type {
  CallToolResponse,
  DescribeToolResponse,
  GetPromptResponse,
  IdentityResponse,
  ListPromptsResponse,
  ListResourcesResponse,
  ListToolSummariesResponse,
  ListToolsResponse,
  ReadResourceResponse,
  Tool,
  ToolSpec,
  ToolSummary,
} from '../gen/codefly/services/toolbox/v0/toolbox.js';
import { asEngineError } from './failure-codes.js';
import { failureResult, toContent } from './result.js';
import type { RequestContext, ServedToolbox, ToolDefinition, ToolboxSpec, ToolResult } from './types.js';
import {
  checkSchema,
  compileSchema,
  createAjv,
  firstErrorValidator,
  holdsLongArray,
  toViolations,
} from './validate.js';

const SUMMARY_MAX = 120;

interface Entry {
  def: ToolDefinition;
  /** The compiled input schema; undefined until the tool's first call when compiled on first use. */
  validate?: ValidateFunction;
  /** The compiled output schema, when the tool declares one: each result's data is held to it. */
  validateOutput?: ValidateFunction;
  tags: string[];
  summary: ToolSummary;
  tool: Tool;
  spec: ToolSpec;
}

export interface CallOutcome {
  /** The call's result, for any transport to render. */
  result: ToolResult;
  /** The result rendered as the codefly contract's response. */
  response: CallToolResponse;
  /** 'ok', or the failure kind: for the call log. */
  outcome: string;
  /**
   * A destructive tool ran and returned its result (a success, or a failure with content such
   * as a command's exit): something may have changed, so a result too large to send is cut to
   * fit (registry/fit.ts) rather than replaced by a size failure.
   */
  changed?: boolean;
}

/** One tool call as an observer sees it: no argument values, only what names the call. */
export interface ObservedCall {
  /** The tool name, when the toolbox has the tool; undefined for an unknown name (unbounded: never a label). */
  tool: string | undefined;
  destructive: boolean;
  ctx: RequestContext;
}

export type RunOutcome = Omit<CallOutcome, 'response'>;

/**
 * Watches every tool call at the one place every transport reaches (gRPC CallTool and
 * CallToolStream, MCP tools/call): metrics, traces and the audit log hang here, not in the transports.
 */
export interface CallObserver {
  /** Runs the call (`run`), observing it; resolves to what `run` resolves to. */
  around(call: ObservedCall, run: () => Promise<RunOutcome>): Promise<RunOutcome>;
}

export interface ToolboxOptions {
  /**
   * 'now' (the default) compiles every schema and checks every example in the constructor;
   * 'first-call' compiles a tool's schemas at its first call, so a server starts without
   * compiling the schemas of tools nobody calls (test/registry/shapes-compile.test.ts holds
   * every served shape to the checks 'now' makes).
   */
  compile?: 'now' | 'first-call';
}

/** The contract's CallToolResponse builder: its module needs the generated code, which `facet mcp` does without. */
let callResponse: typeof import('./failure.js').toCallResponse | undefined;

export class Toolbox {
  readonly name: string;
  private readonly entries = new Map<string, Entry>();
  private readonly summaries: ToolSummary[];
  /** What a handler's context names as the toolbox serving it. */
  private readonly served: ServedToolbox;

  /** Checks the spec and compiles every schema (unless deferred); throws, naming the tool, when anything is wrong. */
  constructor(
    readonly spec: ToolboxSpec,
    private readonly observer?: CallObserver,
    options: ToolboxOptions = {},
  ) {
    this.name = spec.name;
    this.served = {
      name: spec.name,
      ...(spec.resources ? { resources: spec.resources } : {}),
      call: async (name, args, ctx) => (await this.call(name, args, ctx)).result,
    };
    for (const def of spec.tools) {
      if (!def.name) throw new Error(`${spec.name}: a tool has no name`);
      if (this.entries.has(def.name)) throw new Error(`${spec.name}: duplicate tool name ${def.name}`);
      if (!def.summary || def.summary.includes('\n') || def.summary.length > SUMMARY_MAX) {
        throw new Error(`${spec.name}/${def.name}: the summary must be one line of 1 to ${SUMMARY_MAX} characters`);
      }
      try {
        checkSchema(def.argumentsSchema ?? def.inputSchema);
        if (def.outputSchema) checkSchema(def.outputSchema, 'output');
      } catch (err) {
        throw new Error(`${spec.name}/${def.name}: schema does not compile: ${(err as Error).message}`);
      }
      const entry = project(spec.name, def);
      this.entries.set(def.name, entry);
      if (options.compile !== 'first-call') {
        const validate = this.compiled(entry);
        for (const ex of def.examples) {
          if (!validate(structuredClone(ex.arguments))) {
            const why = toViolations(validate.errors)
              .map((v) => `${v.field} ${v.description}`)
              .join('; ');
            throw new Error(`${spec.name}/${def.name}: example "${ex.description}" fails its own schema: ${why}`);
          }
        }
      }
    }
    this.summaries = [...this.entries.values()].filter((e) => !e.def.unlisted).map((e) => e.summary);
  }

  /** The entry's input validator, compiling its schemas (input and output) on the first call. */
  private compiled(e: Entry): ValidateFunction {
    if (e.validate) return e.validate;
    const ajv = createAjv();
    try {
      const validate = compileSchema(ajv, e.def.argumentsSchema ?? e.def.inputSchema);
      if (e.def.outputSchema) e.validateOutput = compileSchema(ajv, e.def.outputSchema, 'output');
      e.validate = validate;
    } catch (err) {
      throw new Error(`${this.spec.name}/${e.def.name}: schema does not compile: ${(err as Error).message}`);
    }
    return e.validate;
  }

  get toolNames(): string[] {
    return [...this.entries.keys()];
  }

  /** The tools a catalog lists (an unlisted tool is served by name but kept out of the lists). */
  get listedToolNames(): string[] {
    return [...this.entries.values()].filter((e) => !e.def.unlisted).map((e) => e.def.name);
  }

  identity(ctx: RequestContext): IdentityResponse {
    return {
      name: this.spec.name,
      version: this.spec.version,
      description: this.spec.description,
      canonicalFor: [...this.spec.canonicalFor],
      sandboxSummary: this.spec.sandboxSummary(ctx),
    };
  }

  listTools(): ListToolsResponse {
    return { tools: [...this.entries.values()].filter((e) => !e.def.unlisted).map((e) => e.tool) };
  }

  listToolSummaries(tagsFilter: readonly string[]): ListToolSummariesResponse {
    const wanted = tagsFilter.filter((t) => t !== '');
    if (wanted.length === 0) return { tools: this.summaries };
    return { tools: this.summaries.filter((s) => wanted.every((t) => s.tags.includes(t))) };
  }

  describeTool(name: string): DescribeToolResponse {
    const e = this.entries.get(name);
    if (!e) return { tool: undefined, error: this.unknownToolText(name) };
    return { tool: e.spec, error: '' };
  }

  /** Validates, dispatches and reports every failure in band, as the contract's CallToolResponse; never throws. */
  async callTool(name: string, args: Record<string, unknown>, ctx: RequestContext): Promise<CallOutcome> {
    const out: CallOutcome = (await this.call(name, args, ctx)) as CallOutcome;
    out.response = (callResponse ??= (await import('./failure.js')).toCallResponse)(out.result, name);
    return out;
  }

  /** Validates, dispatches and reports every failure in band, as one transport-neutral ToolResult; never throws. */
  async call(name: string, args: Record<string, unknown>, ctx: RequestContext): Promise<RunOutcome> {
    if (!this.observer) return this.run(name, args, ctx);
    const e = this.entries.get(name);
    return this.observer.around({ tool: e ? name : undefined, destructive: e?.def.destructive ?? false, ctx }, () =>
      this.run(name, args, ctx),
    );
  }

  private async run(name: string, args: Record<string, unknown>, ctx: RequestContext): Promise<RunOutcome> {
    const e = this.entries.get(name);
    if (!e) {
      const text = this.unknownToolText(name);
      const err = new EngineError('not_found', text, { field: 'name', facts: { tool: name } });
      return { result: failureResult(err.message, err, name), outcome: 'unknown_tool' };
    }
    const failed = (err: EngineError, outcome: string = err.kind, changed?: boolean) => ({
      result: failureResult(this.wordError(err, e.def, args, ctx), err, name),
      outcome,
      ...(changed ? { changed } : {}),
    });
    // The session was evicted since this caller's last call: say so once, and run nothing
    // (the call was made in the belief that the session's reads, directory and jobs remain).
    const evicted = ctx.session?.takeEviction?.();
    if (evicted) return failed(sessionEvicted(evicted), 'session_evicted');
    let validate: ValidateFunction;
    try {
      validate = this.compiled(e);
    } catch (thrown) {
      // A schema of Facet's own that ajv refuses (only possible when compiled on first call): a bug, said in band.
      ctx.logger.warn({ tool: name, err: String(thrown) }, 'schema does not compile');
      return failed(new EngineError('internal', (thrown as Error).message, { facts: { tool: name } }));
    }
    if (holdsLongArray(args)) validate = firstErrorValidator(e.def.argumentsSchema ?? e.def.inputSchema);
    if (!validate(args)) {
      const violations = toViolations(validate.errors);
      const why = violations.map((v) => `${v.field} ${v.description}`).join('; ');
      return failed(
        new EngineError('invalid_argument', `invalid arguments for ${name}: ${why}`, { facts: { violations } }),
      );
    }
    // Plan mode: the session changes nothing until its plan is approved; the dialect that turned it on words refusals.
    const plan = e.def.destructive && ctx.session ? planModeOf(ctx.session) : undefined;
    const planned = plan?.refusal(name, args, ctx.session.cwd ?? ctx.scope.primary);
    if (planned !== undefined) {
      const err = new EngineError('precondition_failed', planned, { facts: { tool: name } });
      return { result: failureResult(planned, err, name), outcome: 'plan_mode' };
    }
    // A call that runs no command ends the session's turn: permissions granted for the turn lapse.
    if (ctx.session && !e.def.tags.includes('shell')) endTurn(ctx.session);
    let result: ToolResult;
    try {
      result = await e.def.handler(args, ctx.toolbox ? ctx : Object.assign({}, ctx, { toolbox: this.served }));
    } catch (thrown) {
      const err = asEngineError(thrown);
      if (err.kind === 'internal')
        ctx.logger.warn({ tool: name, err: String((thrown as Error)?.stack ?? thrown) }, 'handler threw');
      return failed(err);
    }
    const mismatch = e.validateOutput && outputMismatch(e.validateOutput, result);
    if (mismatch) {
      // A bug in Facet, not in the call: the model learns the call ran and that its result was withheld.
      const ran = e.def.destructive ? ' It ran and may have changed something: check before repeating it.' : '';
      const why = `${name} returned a result that does not match its declared output schema (${mismatch}); this is a bug in Facet.${ran}`;
      ctx.logger.warn({ tool: name, mismatch }, 'result does not match the output schema');
      return failed(new EngineError('internal', why, { facts: { tool: name } }), 'internal', e.def.destructive);
    }
    if (result.failure || result.error) {
      const err = result.failure ?? new EngineError('internal', result.error ?? 'the call failed');
      return { result: { ...result, failure: err }, outcome: err.kind, changed: e.def.destructive };
    }
    return { result, outcome: 'ok', changed: e.def.destructive };
  }

  async listResources(ctx: RequestContext): Promise<ListResourcesResponse> {
    if (!this.spec.resources) return { resources: [] };
    const list = await this.spec.resources.list(ctx);
    return {
      resources: list.map((r) => ({ uri: r.uri, name: r.name, description: r.description, mimeType: r.mimeType })),
    };
  }

  /** Throws EngineError (not_found...) for the server to turn into a gRPC status. */
  async readResource(uri: string, ctx: RequestContext): Promise<ReadResourceResponse> {
    if (!this.spec.resources) throw new EngineError('not_found', `no resource ${uri}`, { facts: { uri } });
    return { content: (await this.spec.resources.read(uri, ctx)).map(toContent) };
  }

  listPrompts(): ListPromptsResponse {
    return {
      prompts: (this.spec.prompts ?? []).map((p) => ({
        name: p.name,
        description: p.description,
        arguments: p.arguments.map((a) => ({ name: a.name, description: a.description, required: a.required })),
      })),
    };
  }

  async getPrompt(name: string, rawArgs: Record<string, unknown>, ctx: RequestContext): Promise<GetPromptResponse> {
    const p = (this.spec.prompts ?? []).find((x) => x.name === name);
    if (!p) throw new EngineError('not_found', `no prompt named ${name}`, { facts: { prompt: name } });
    const args: Record<string, string> = {};
    for (const [k, v] of Object.entries(rawArgs)) args[k] = typeof v === 'string' ? v : JSON.stringify(v);
    const missing = p.arguments.filter((a) => a.required && !(a.name in args)).map((a) => a.name);
    if (missing.length > 0) {
      throw new EngineError('invalid_argument', `prompt ${name} needs ${missing.join(', ')}`, {
        facts: { violations: missing.map((m) => ({ field: m, description: 'is required' })) },
      });
    }
    const out = await p.render(args, ctx);
    return {
      description: out.description,
      messages: out.messages.map((m) => ({ role: m.role, content: m.content.map(toContent) })),
    };
  }

  private unknownToolText(name: string): string {
    if (this.spec.unknownTool) return this.spec.unknownTool(name);
    return `${this.name} has no tool named "${name}". Available tools: ${this.listedToolNames.join(', ')}.`;
  }

  private wordError(err: EngineError, def: ToolDefinition, args: unknown, ctx: RequestContext): string {
    try {
      if (def.formatError) return def.formatError(err, args, ctx);
    } catch {
      // a formatter bug must not hide the failure itself
    }
    return err.message;
  }
}

/**
 * Why a result breaks its tool's output schema, or undefined when it keeps it. A success
 * carries exactly one data block that matches; a failure may carry none (it failed before
 * there was any), but one it carries must match all the same.
 */
function outputMismatch(validate: ValidateFunction, result: ToolResult): string | undefined {
  const failed = result.failure !== undefined || result.error !== undefined;
  if (result.data === undefined) return failed ? undefined : 'no structured data';
  if (validate(result.data)) return undefined;
  return toViolations(validate.errors)
    .map(
      (v) =>
        `${v.field === '(arguments)' ? '(data)' : v.field} ${v.description.replace('is not a known parameter', 'is not in the schema')}`,
    )
    .join('; ');
}

export { toContent };

function project(toolboxName: string, def: ToolDefinition): Entry {
  const tags = [toolboxName, ...new Set(def.tags.filter((t) => t !== toolboxName && t !== ''))];
  const description = def.description && def.description.length > 0 ? def.description : def.summary;
  return {
    def,
    tags,
    summary: { name: def.name, description: def.summary, tags, destructive: def.destructive },
    tool: {
      name: def.name,
      description,
      inputSchema: def.inputSchema,
      outputSchema: def.outputSchema,
      destructive: def.destructive,
    },
    spec: {
      name: def.name,
      description,
      inputSchema: def.inputSchema,
      outputSchema: def.outputSchema,
      destructive: def.destructive,
      tags,
      examples: def.examples.map((x) => ({
        description: x.description,
        arguments: x.arguments,
        expectedOutcome: x.expectedOutcome,
      })),
      idempotency: def.idempotency,
      errorModes: def.errorModes,
    },
  };
}
