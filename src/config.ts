// One typed, validated configuration, parsed once from flags and their FACET_* twins.
// The option table below is the single source for parsing, --help and the README table.
import { accessSync, constants as fsConstants, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ShellPolicy } from './engine/shell/policy.js';
import { canonicalShapeRef, parseShapeRef } from './shapes/release-table.js';
import { AllowList } from './engine/web/address.js';
import type { LspSettings } from './engine/lsp/pool.js';

type Kind = 'string' | 'int' | 'bool' | 'list';

export interface OptionSpec {
  flag: string;
  env: string;
  kind: Kind;
  default: string;
  help: string;
}

const o = (flag: string, kind: Kind, def: string, help: string): OptionSpec => ({
  flag,
  env: 'FACET_' + flag.toUpperCase().replace(/-/g, '_'),
  kind,
  default: def,
  help,
});

export const OPTIONS: OptionSpec[] = [
  o('listen', 'string', '127.0.0.1:50051', 'TCP address host:port to serve on; "none" to serve only on --socket'),
  o('socket', 'string', '', 'Unix socket path to serve on (created mode 0600)'),
  o(
    'mcp-listen',
    'string',
    '',
    'Also serve MCP (Streamable HTTP) on this host:port, at /mcp (the default shape; another with ?shape=<shape> or a facet-shape header) and /mcp/<shape>, beside gRPC with the same sessions; a non-loopback address needs --token (or --insecure)',
  ),
  o(
    'mcp-allow-origin',
    'list',
    '',
    'Origins (scheme://host[:port]) browsers may call the MCP endpoint from, besides loopback ones; any other Origin header is refused (DNS-rebinding protection)',
  ),
  // perf-search: the MCP endpoint's Host header check
  o(
    'mcp-allow-host',
    'list',
    '',
    'Host names the MCP endpoint may be reached by, besides loopback names and the --mcp-listen address (with 0.0.0.0 or ::, the addresses of this machine); a request whose Host header names another is refused (DNS-rebinding protection)',
  ),
  o(
    'sandboxd',
    'bool',
    'false',
    'Also serve the agent-sandbox sandboxd protocol (process.v1 gRPC and the /v1 REST API) on 127.0.0.1:9090 and 127.0.0.1:8080, unless --sandboxd-grpc or --sandboxd-rest say where',
  ),
  o('sandboxd-grpc', 'string', '', 'Serve sandboxd process.v1.ProcessService (gRPC) on this host:port'),
  o(
    'sandboxd-rest',
    'string',
    '',
    'Serve the sandboxd REST API (/v1/files, /v1/health, /v1/metadata) on this host:port; sandboxd carries no credentials, so a non-loopback address needs --insecure (contain it with a NetworkPolicy)',
  ),
  o(
    'sandboxd-metadata-prefix',
    'string',
    'SANDBOX_',
    'Environment variables served on /v1/metadata: those with this prefix, minus names that look like credentials',
  ),
  o('root', 'list', '', 'Directories the tools may touch (repeat or comma-separate); default: the working directory'),
  o(
    'shape',
    'list',
    'all',
    'Shapes served; the first is the default (all: every shape, core first). NAME serves every release of a shape (NAME alone: the newest); NAME@VERSION only that one (facet shapes lists them)',
  ),
  o(
    'token',
    'string',
    '',
    'Bearer token every call must carry (authorization: Bearer <token>); repeat the flag to admit several callers, each with its own token',
  ),
  o('tls-cert', 'string', '', 'PEM certificate file; with --tls-key, serve TLS'),
  o('tls-key', 'string', '', 'PEM private key file for --tls-cert'),
  o('insecure', 'bool', 'false', 'Allow a non-loopback address with neither a token nor TLS'),
  o('read-only', 'bool', 'false', 'Hide every destructive tool (writes, edits, shell)'),
  o(
    'codefly',
    'bool',
    'false',
    'codefly plugin mode: serve as a toolbox a codefly host spawned (handshake on stdout, CODEFLY_AGENT_TOKEN, CODEFLY_AGENT_UDS_PATH); also on whenever CODEFLY_AGENT_TOKEN is set',
  ),
  o(
    'max-message-bytes',
    'int',
    String(16 * 1024 * 1024),
    'Largest gRPC message (and MCP request, over HTTP or stdio) accepted or sent (a larger tool result is answered in band with RESOURCE_EXHAUSTED, or cut to fit when the call changed something)',
  ),
  o(
    'response-bytes',
    'int',
    String(4 * 1024 * 1024),
    "Largest tool result sent to a client that does not name its own limit (metadata facet-max-response-bytes); 4 MiB is gRPC clients' default receive limit",
  ),
  o(
    'grace-ms',
    'int',
    '10000',
    'On SIGTERM/SIGINT, the time the server takes at most to exit: calls in flight may finish until up to 1 s before its end, then are cancelled, and every command still running is killed',
  ),
  o('log-level', 'string', 'info', 'Log level: fatal, error, warn, info, debug, trace, silent'),
  o('state-dir', 'string', '', 'Where spilled output and job logs live; default: <tmpdir>/facet-state'),
  o(
    'session-max',
    'int',
    '256',
    'Sessions kept in memory (per caller with --session-scope caller); past it the least recently used session without a call in flight is dropped, idle ones before those with jobs running, and its next call is told why',
  ),
  o(
    'session-scope',
    'string',
    'caller',
    'Whose sessions a facet-session id names: caller (each --token is a caller with sessions of its own, which other callers can neither reach nor evict; without a token all calls are one caller) or shared (one set of sessions for every token)',
  ),
  o('session-idle-ms', 'int', String(30 * 60 * 1000), 'A session idle this long is dropped (its jobs killed)'),
  o('rg-path', 'string', '', 'ripgrep binary; default: rg on PATH'),
  o('grep-backend', 'string', 'auto', 'Grep backend: auto (rg when found), rg, or fallback (pure TypeScript)'),
  o(
    'rg-memory-mb',
    'int',
    '1024',
    'A ripgrep run whose heap passes this is stopped and the search done by the TypeScript backend (rg reads an ignore file that never ends, such as a link to /dev/zero, into memory)',
  ),
  o('shell', 'string', '/bin/bash', 'Shell used for command strings'),
  o(
    'shell-allow',
    'list',
    '',
    'If set, only commands matching one of these patterns run (each command of a compound line is checked)',
  ),
  o('shell-deny', 'list', '', 'Commands matching any of these patterns are refused'),
  o(
    'shell-route',
    'list',
    '',
    'program=toolbox pairs: commands of that program are refused and routed to that toolbox',
  ),
  o('shell-env', 'list', '', 'Extra environment variables passed to commands (names); FACET_* are never passed'),
  o(
    'shell-startup-files',
    'bool',
    'false',
    "Let bash read the user's start-up files (~/.bashrc; the profile for login shells) for every command; by default only a vendor's terminal session (Codex exec_command with tty) does",
  ),
  // The shell sandbox (bubblewrap)
  o(
    'shell-sandbox',
    'string',
    'auto',
    'Where commands run: bwrap (bubblewrap: roots writable, system read-only, home, /tmp and the rest hidden, no network; start-up fails when it cannot run), none, or auto (bwrap when it works here, else none with a warning)',
  ),
  o(
    'shell-network',
    'bool',
    'false',
    'Let sandboxed commands reach the network (by default they have only a loopback of their own)',
  ),
  o(
    'shell-sandbox-ro',
    'list',
    '',
    'Extra paths shown read-only inside the shell sandbox (a toolchain under a home directory, such as ~/.cargo or ~/.nvm)',
  ),
  o(
    'shell-inactivity-ms',
    'int',
    '300000',
    "Gemini's run_shell_command: a command with no output this long is cancelled (Gemini CLI's tools.shell.inactivityTimeout)",
  ),
  o(
    'skills-dir',
    'list',
    '',
    "Skills directories (each holds <name>/SKILL.md) the skill tools read besides the roots' own layouts; may lie outside the roots (repeat or comma-separate)",
  ),
  o(
    'ask-timeout-ms',
    'int',
    '300000',
    "How long a tool's question to the person at the host (AskUserQuestion, a plan to approve, permissions) waits for its answer; then the call ends in band as the vendor's tool does",
  ),
  o(
    'memory-dir',
    'string',
    '',
    "Anthropic's memory tool: the directory its /memories paths live in; default: <state-dir>/memory",
  ),
  o(
    'memory-scope',
    'string',
    'caller',
    "Anthropic's memory tool: whose memory a call reaches: caller (each --token caller has a directory of its own; without a token all calls share one), session (one per facet-session id) or shared (one for every call)",
  ),
  o(
    'anthropic-max-characters',
    'int',
    '0',
    "Anthropic's str_replace_based_edit_tool: the max_characters of its tool definition, the most characters of a file a view shows (0: the whole file)",
  ),
  o(
    'anthropic-bash-timeout-ms',
    'int',
    '120000',
    "Anthropic's bash tool: a command still running after this long is killed with its whole session, which restarts clean",
  ),
  o(
    'claude-todo-tools',
    'string',
    'tasks',
    "Claude Code's todo tools in the claude shape (latest release), as its CLAUDE_CODE_ENABLE_TASKS and CLAUDE_CODE_ENABLE_TODO_TOOLS set them for the model: tasks (TaskCreate, TaskGet, TaskList, TaskUpdate), todo (TodoWrite) or none (the newest models get neither)",
  ),
  o(
    'codex-update-plan',
    'bool',
    'false',
    "Codex's update_plan tool: off, as Codex CLI 0.171.0 sends it only with [tools] update_plan enabled; on serves it",
  ),
  o(
    'codex-tool-mode',
    'string',
    'direct',
    "How Codex's tools reach the model: direct (each tool called by the host, as Codex CLI 0.171.0 sends them to gpt-5.5) or code (its default models' code mode: exec runs JavaScript that calls the other tools, and wait)",
  ),
  o(
    'codex-request-permissions',
    'bool',
    'false',
    "Codex's request_permissions tool: off, as Codex CLI 0.171.0 sends it only with feature request_permissions_tool; on serves it (the host's grant widens the session's command sandbox within the roots)",
  ),
  o(
    'gemini-tracker',
    'bool',
    'false',
    "Gemini's task tracker tools (tracker_create_task, tracker_update_task, tracker_get_task, tracker_list_tasks, tracker_add_dependency, tracker_visualize): off, as Gemini CLI 0.61.0 sends them only with experimental.taskTracker; on serves them in the place of write_todos",
  ),
  o(
    'qwen-agent-team',
    'bool',
    'false',
    "Qwen's Agent Team task tools (team_create, team_delete, task_create, task_list, task_update): off, as Qwen Code 0.24.4 sends them only with experimental.agentTeam; on serves them over a session task list (no teammates)",
  ),
  o(
    'kimi-notify-user',
    'bool',
    'false',
    "Kimi's NotifyUser tool: off, as Kimi Code 2.1.0 sends it only behind its notify_user flag in its TUI; on serves it (updates go to the host as questions)",
  ),
  // Observability: metrics, the audit log. Traces are configured by the standard OTEL_* variables.
  o(
    'metrics-listen',
    'string',
    '',
    'Serve Prometheus metrics (text format) at /metrics on this host:port; no token is asked, so pick an address only your scraper reaches',
  ),
  o(
    'audit-log',
    'string',
    '',
    'Append one JSON line per destructive call to this file (paths changed with content hashes before and after, commands with exit codes); refused inside a root',
  ),
  o('audit-reads', 'bool', 'false', 'Also write an audit line for every read-only call'),
  o(
    'web-allow-hosts',
    'list',
    '',
    'Hosts or CIDR ranges web fetches may reach even though they are private or loopback',
  ),
  o(
    'search-provider',
    'list',
    '',
    'Search providers in order of preference (tavily, gemini, brave, searxng); default: that order',
  ),
  o('tavily-api-key', 'string', '', 'Tavily API key'),
  o('tavily-base-url', 'string', 'https://api.tavily.com', 'Tavily API base URL'),
  o(
    'tavily-search-depth',
    'string',
    'advanced',
    'Tavily search_depth: advanced (better results, two API credits) or basic (faster, one credit)',
  ),
  o('tavily-include-answer', 'bool', 'true', 'Ask Tavily for a short generated answer along with the results'),
  o('gemini-api-key', 'string', '', 'Gemini API key (Google Search grounding)'),
  o('gemini-base-url', 'string', 'https://generativelanguage.googleapis.com', 'Gemini API base URL'),
  o('gemini-model', 'string', 'gemini-2.5-flash', 'Gemini model used for grounded search'),
  o('brave-api-key', 'string', '', 'Brave Search API key'),
  o('brave-base-url', 'string', 'https://api.search.brave.com', 'Brave Search API base URL'),
  o('searxng-url', 'string', '', 'SearXNG instance base URL (JSON API enabled)'),
  // Code intelligence: language servers behind the code.* tools and the diagnostics after edits.
  o(
    'lsp',
    'string',
    'on',
    'Code intelligence through language servers (code.* tools, diagnostics after every edit): on or off',
  ),
  o(
    'lsp-start-timeout-ms',
    'int',
    '20000',
    'A language server that has not finished starting after this long is killed (and retried later, with backoff)',
  ),
  o(
    'lsp-request-timeout-ms',
    'int',
    '10000',
    'A language server request still unanswered after this long fails, and the server is restarted',
  ),
  o(
    'lsp-diagnostics-ms',
    'int',
    '3000',
    'How long a tool that changed files waits at most for their diagnostics; past it the change is reported without them, saying why',
  ),
  o(
    'lsp-diagnostics-ratio',
    'int',
    '2',
    "A tool that changed files waits for a warm language server's diagnostics only until it has taken 1 + this many times as long as its write alone (within --lsp-diagnostics-ms); those not ready by then come with the session's next call",
  ),
  o('lsp-idle-ms', 'int', '600000', 'A language server unused this long is shut down (started again when next needed)'),
  o(
    'lsp-memory-mb',
    'int',
    '2048',
    'Resident memory of all language servers together (their process trees); past it the least recently used idle ones stop, and one alone over it is killed and restarted when next needed',
  ),
  o(
    'lsp-max-servers',
    'int',
    '8',
    'Language servers running at once (one per project root and language); past it the least recently used stops',
  ),
  o(
    'lsp-server',
    'list',
    '',
    'language=command pairs replacing a built-in server (typescript, python, go, rust, c), e.g. go=/opt/bin/gopls; the command is split on spaces',
  ),
];

export interface FacetConfig {
  listen: { host: string; port: number } | null;
  socket: string | null;
  /** --mcp-listen: the Streamable HTTP MCP endpoint, when set. */
  mcpListen: { host: string; port: number } | null;
  /** Origins admitted besides loopback ones. */
  mcpAllowOrigins: string[];
  /** --sandboxd*: the agent-sandbox runtime protocol's listeners (null: not served) and /v1/metadata's prefix. */
  sandboxd: {
    grpc: { host: string; port: number } | null;
    rest: { host: string; port: number } | null;
    metadataPrefix: string;
  };
  /** Host header names admitted besides loopback names and the listen address (lower case; IPv6 in brackets). */
  mcpAllowHosts: string[];
  roots: string[];
  shapes: string[];
  defaultShape: string;
  /** The first of `tokens` (null: calls need no token). */
  token: string | null;
  /** Every bearer token admitted, one per --token flag; each is one caller. */
  tokens: string[];
  tls: { certFile: string; keyFile: string } | null;
  insecure: boolean;
  readOnly: boolean;
  /**
   * --codefly: codefly plugin mode asked for (it is also on when CODEFLY_AGENT_TOKEN is set; see server/codefly.ts).
   */
  codefly: boolean;
  maxMessageBytes: number;
  /** Response limit for clients that send no facet-max-response-bytes (never above maxMessageBytes). */
  responseBytes: number;
  graceMs: number;
  logLevel: string;
  stateDir: string;
  /** No --state-dir given: the state directory is scratch under the temporary directory. */
  stateDirScratch: boolean;
  sessionMax: number;
  sessionIdleMs: number;
  /** caller: sessions are keyed by the caller's token as well as by facet-session, and capped per caller. */
  sessionScope: 'caller' | 'shared';
  search: { rgPath: string | null; backend: 'auto' | 'rg' | 'fallback'; rgMemoryBytes: number };
  shell: {
    path: string;
    allow: string[];
    deny: string[];
    routes: Record<string, string>;
    env: string[];
    inactivityMs: number;
    startupFiles: boolean;
    /** --shell-sandbox, --shell-network and --shell-sandbox-ro. */
    sandbox: 'auto' | 'bwrap' | 'none';
    network: boolean;
    sandboxReadOnly: string[];
  };
  /** --skills-dir: the operator's skills directories, absolute. */
  skillsDirs: string[];
  /** --ask-timeout-ms: how long a question to the host waits. */
  ask: { timeoutMs: number };
  /** The memory directory of Anthropic's memory tool, and whose memory a call reaches. */
  memory: { dir: string; scope: 'shared' | 'caller' | 'session' };
  /** Anthropic's client tools: the text editor's max_characters (0: none) and the bash timeout. */
  anthropic: { maxCharacters: number; bashTimeoutMs: number };
  /** --claude-todo-tools: which todo tools claude@latest serves (Claude Code's switch). */
  claude: { todoTools: 'tasks' | 'todo' | 'none' };
  /** Codex CLI's opt-in tools: update_plan (off by default since 0.152.0). */
  codex: { updatePlan: boolean; requestPermissions: boolean; toolMode: 'direct' | 'code' };
  /** Kimi Code's opt-in tools: NotifyUser (behind a flag, TUI only). */
  kimi: { notifyUser: boolean };
  /** Gemini CLI's opt-in tools: the task tracker (experimental.taskTracker). */
  gemini: { tracker: boolean };
  /** Qwen Code's opt-in tools: the Agent Team task tools (experimental.agentTeam). */
  qwen: { agentTeam: boolean };
  /** --metrics-listen: where /metrics is served, when set. */
  metricsListen: { host: string; port: number } | null;
  /** --audit-log (absolute), when set; --audit-reads logs read-only calls too. */
  auditLog: string | null;
  auditReads: boolean;
  /** Where spans go, from OTEL_EXPORTER_OTLP_ENDPOINT (or _TRACES_ENDPOINT) and _PROTOCOL; null: no tracing. */
  tracing: TracingSettings | null;
  web: {
    allowHosts: string[];
    providers: string[];
    tavily: { apiKey: string; baseUrl: string; searchDepth: 'basic' | 'advanced'; includeAnswer: boolean };
    gemini: { apiKey: string; baseUrl: string; model: string };
    brave: { apiKey: string; baseUrl: string };
    searxng: { url: string };
  };
  /** Code intelligence: the language-server pool's bounds (see engine/lsp/pool.ts). */
  lsp: LspSettings;
}

/** Where spans go (OTLP over HTTP), from the OTEL_* variables. */
export interface TracingSettings {
  /** The traces URL (…/v1/traces). */
  url: string;
  protocol: 'http/protobuf' | 'http/json';
  /** OTEL_SERVICE_NAME (default facet). */
  serviceName: string;
}

export class ConfigError extends Error {}

/**
 * The exit code of `facet serve` when start-up is refused: a bad flag or FACET_* value, a root that is missing or not a
 * directory, an address it cannot listen on.
 */
export const EXIT_BAD_START = 2;

export interface ParseOptions {
  /**
   * Also check what the values name on this machine: roots are directories, TLS files and the shell are usable (the CLI
   * does; pure parsing does not).
   */
  checkPaths?: boolean;
}

// Shapes this build serves: Facet's own first (the default), then the vendor dialects.
export const ALL_SHAPES = ['core', 'claude', 'codex', 'gemini', 'qwen', 'kimi', 'grok', 'anthropic', 'openai'];
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * Parses flags (`--name value`, `--name=value`, `--flag` for booleans) over environment
 * twins over defaults. Throws ConfigError naming the bad option.
 */
export function parseConfig(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
  options: ParseOptions = {},
): FacetConfig {
  const v = OptionValues.read(argv, env);
  // Checked in this order (the first problem found is the one reported): what to serve on,
  // then the values the config literal below does not check itself.
  const serving = listeners(v);
  const roots = rootsFrom(v, cwd);
  const shapes = shapesFrom(v);
  const tlsCert = v.str('tls-cert');
  const tlsKey = v.str('tls-key');
  if (Boolean(tlsCert) !== Boolean(tlsKey))
    throw new ConfigError(`${v.name('tls-cert')} and ${v.name('tls-key')} go together`);
  const logLevel = v.choice('log-level', LOG_LEVELS, `one of ${LOG_LEVELS.join(', ')}`);
  const backend = v.choice('grep-backend', ['auto', 'rg', 'fallback'] as const, 'auto, rg or fallback');
  const routes = shellRoutes(v);
  const providers = searchProviders(v);
  const searchDepth = v.choice('tavily-search-depth', ['basic', 'advanced'] as const, 'basic or advanced');
  // Each --token flag is one token, taken whole (a token may hold a comma); FACET_TOKEN holds one.
  const tokens = [...new Set(v.values('token').filter((t) => t !== ''))];
  const memoryScope = v.choice('memory-scope', ['shared', 'caller', 'session'] as const, 'caller, session or shared');
  const stateDir = path.resolve(cwd, v.str('state-dir') || path.join(os.tmpdir(), 'facet-state'));
  const sandbox = v.choice('shell-sandbox', ['auto', 'bwrap', 'none'] as const, 'auto, bwrap or none');
  const sandboxReadOnly = sandboxReadOnlyPaths(v);
  const sessionScope = v.choice('session-scope', ['caller', 'shared'] as const, 'caller or shared');
  checkCompiledValues(v);
  const lspOn = v.str('lsp').toLowerCase();
  if (!['on', 'off', 'true', 'false'].includes(lspOn))
    throw new ConfigError(`${v.name('lsp')} must be on or off, got "${v.str('lsp')}"`);
  const lspServers = lspServerCommands(v);

  const config: FacetConfig = {
    listen: serving.listen,
    socket: serving.socket,
    mcpListen: serving.mcpListen,
    mcpAllowOrigins: serving.mcpAllowOrigins,
    mcpAllowHosts: serving.mcpAllowHosts,
    sandboxd: sandboxdListeners(v),
    roots,
    shapes,
    defaultShape: shapes[0]!,
    token: tokens[0] ?? null,
    tokens,
    tls: tlsCert ? { certFile: path.resolve(cwd, tlsCert), keyFile: path.resolve(cwd, tlsKey) } : null,
    insecure: v.bool('insecure'),
    readOnly: v.bool('read-only'),
    codefly: v.bool('codefly'),
    maxMessageBytes: v.int('max-message-bytes', 1024, 2 ** 31 - 1),
    responseBytes: v.int('response-bytes', 1024, 2 ** 31 - 1),
    graceMs: v.int('grace-ms', 0, 10 * 60 * 1000),
    logLevel,
    stateDir,
    stateDirScratch: !v.str('state-dir'),
    sessionMax: v.int('session-max', 1, 1_000_000),
    sessionIdleMs: v.int('session-idle-ms', 1000),
    sessionScope,
    search: {
      rgPath: v.str('rg-path') || null,
      backend,
      rgMemoryBytes: v.int('rg-memory-mb', 16, 1 << 20) * 1024 * 1024,
    },
    shell: shellSettings(v, routes, sandbox, sandboxReadOnly),
    metricsListen:
      v.str('metrics-listen') === '' ? null : parseHostPort(v.str('metrics-listen'), v.name('metrics-listen')),
    auditLog: v.str('audit-log') === '' ? null : path.resolve(cwd, v.str('audit-log')),
    auditReads: v.bool('audit-reads'),
    tracing: tracingFrom(env),
    skillsDirs: v.list('skills-dir').map((p) => path.resolve(cwd, p)),
    ask: { timeoutMs: v.int('ask-timeout-ms', 1, 24 * 3600 * 1000) },
    memory: { dir: path.resolve(cwd, v.str('memory-dir') || path.join(stateDir, 'memory')), scope: memoryScope },
    anthropic: {
      maxCharacters: v.int('anthropic-max-characters', 0),
      bashTimeoutMs: v.int('anthropic-bash-timeout-ms', 100, 24 * 3600 * 1000),
    },
    claude: { todoTools: v.choice('claude-todo-tools', ['tasks', 'todo', 'none'] as const, 'tasks, todo or none') },
    codex: {
      updatePlan: v.bool('codex-update-plan'),
      requestPermissions: v.bool('codex-request-permissions'),
      toolMode: v.choice('codex-tool-mode', ['direct', 'code'] as const, 'direct or code'),
    },
    kimi: { notifyUser: v.bool('kimi-notify-user') },
    gemini: { tracker: v.bool('gemini-tracker') },
    qwen: { agentTeam: v.bool('qwen-agent-team') },
    web: webSettings(v, providers, searchDepth),
    lsp: lspSettings(v, lspOn, lspServers),
  };

  if (options.checkPaths) checkPaths(config, (flag) => v.name(flag));
  refuseOpenListeners(config, v, serving);
  return config;
}

/** The option values given: flags over environment twins over defaults, with the checks that read them. */
class OptionValues {
  private constructor(
    /** Values per flag name, in the order given (flags replace their variable's value). */
    private readonly raw: Map<string, string[]>,
    private readonly fromFlags: Map<string, string[]>,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  static read(argv: string[], env: NodeJS.ProcessEnv): OptionValues {
    const raw = new Map<string, string[]>();
    for (const spec of OPTIONS) {
      const fromEnv = env[spec.env];
      if (fromEnv !== undefined && fromEnv !== '') raw.set(spec.flag, [fromEnv]);
    }
    const fromFlags = flagValues(argv);
    for (const [k, v] of fromFlags) raw.set(k, v);
    return new OptionValues(raw, fromFlags, env);
  }

  /** A message names the value's source: the flag when given, else the variable it came from. */
  name(flag: string): string {
    const spec = specOf(flag);
    const fromEnv = this.env[spec.env];
    return !this.fromFlags.has(flag) && fromEnv !== undefined && fromEnv !== '' ? spec.env : `--${flag}`;
  }

  /** Every value given, in order (none: empty). */
  values(flag: string): string[] {
    return this.raw.get(flag) ?? [];
  }

  /** The last value given, or the default. */
  str(flag: string): string {
    const v = this.raw.get(flag);
    return v ? v[v.length - 1]! : specOf(flag).default;
  }

  /** Comma-separated entries of every value given (or of the default), trimmed, empty ones dropped. */
  list(flag: string): string[] {
    return (this.raw.get(flag) ?? [specOf(flag).default])
      .flatMap((v) => v.split(','))
      .map((s) => s.trim())
      .filter((s) => s !== '');
  }

  int(flag: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
    const v = this.str(flag);
    if (!/^\d+$/.test(v)) throw new ConfigError(`${this.name(flag)} must be a whole number, got "${v}"`);
    const n = Number(v);
    if (n < min || n > max) throw new ConfigError(`${this.name(flag)} must be between ${min} and ${max}, got ${n}`);
    return n;
  }

  bool(flag: string): boolean {
    const v = this.str(flag).toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(v)) return true;
    if (['false', '0', 'no', 'off', ''].includes(v)) return false;
    throw new ConfigError(`${this.name(flag)} must be true or false, got "${v}"`);
  }

  /** One of `allowed` (`words` lists them for the message). */
  choice<T extends string>(flag: string, allowed: readonly T[], words: string): T {
    const v = this.str(flag);
    if (!(allowed as readonly string[]).includes(v))
      throw new ConfigError(`${this.name(flag)} must be ${words}, got "${v}"`);
    return v as T;
  }
}

function specOf(flag: string): OptionSpec {
  return OPTIONS.find((s) => s.flag === flag)!;
}

/** `--name value`, `--name=value` and `--flag` (booleans), per flag name in the order given. */
function flagValues(argv: string[]): Map<string, string[]> {
  const fromFlags = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new ConfigError(`unexpected argument "${arg}" (see --help)`);
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    const spec = OPTIONS.find((s) => s.flag === name);
    if (!spec) throw new ConfigError(`unknown option --${name} (see --help)`);
    let value: string;
    if (eq !== -1) value = arg.slice(eq + 1);
    else if (spec.kind === 'bool') value = 'true';
    else {
      const next = argv[i + 1];
      if (next === undefined) throw new ConfigError(`--${name} needs a value`);
      value = next;
      i++;
    }
    fromFlags.set(name, [...(fromFlags.get(name) ?? []), value]);
  }
  return fromFlags;
}

interface Listeners {
  listen: FacetConfig['listen'];
  socket: string | null;
  mcpListen: FacetConfig['mcpListen'];
  mcpAllowOrigins: string[];
  mcpAllowHosts: string[];
  /** As given, for messages. */
  listenRaw: string;
  mcpRaw: string;
}

/** Where to serve gRPC and MCP, and whom MCP answers. */
function listeners(v: OptionValues): Listeners {
  const listenRaw = v.str('listen');
  let listen: FacetConfig['listen'] = null;
  if (listenRaw !== 'none' && listenRaw !== '') listen = parseHostPort(listenRaw, v.name('listen'));
  const socket = v.str('socket') || null;
  if (!listen && !socket)
    throw new ConfigError(`${v.name('listen')} is "none" and no --socket is set: nothing to serve on`);

  const mcpRaw = v.str('mcp-listen');
  const mcpListen = mcpRaw === '' || mcpRaw === 'none' ? null : parseHostPort(mcpRaw, v.name('mcp-listen'));
  const mcpAllowOrigins = v.list('mcp-allow-origin');
  for (const origin of mcpAllowOrigins) {
    if (!isOrigin(origin)) {
      throw new ConfigError(
        `${v.name('mcp-allow-origin')} entries are origins such as https://app.example:8443, got "${origin}"`,
      );
    }
  }
  // Host names as the URL parser writes them (lower case, IPv6 in brackets), which is how the
  // endpoint reads a request's Host header.
  const mcpAllowHosts = v.list('mcp-allow-host').map((h) => {
    const named = hostName(h);
    if (named === undefined) {
      const flag = v.name('mcp-allow-host');
      throw new ConfigError(
        `${flag} entries are host names without a port, such as mcp.example or 10.0.0.5, got "${h}"`,
      );
    }
    return named;
  });
  return { listen, socket, mcpListen, mcpAllowOrigins, mcpAllowHosts, listenRaw, mcpRaw };
}

/** An http(s) origin written as the URL parser writes it (a trailing slash allowed). */
function isOrigin(origin: string): boolean {
  try {
    const u = new URL(origin);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === origin.replace(/\/$/, '');
  } catch {
    return false;
  }
}

function rootsFrom(v: OptionValues, cwd: string): string[] {
  const roots = v.list('root').map((r) => path.resolve(cwd, r));
  if (roots.length === 0) roots.push(cwd);
  return roots;
}

/** The shapes to serve, known ones only, each once ("all" or none: every shape). */
function shapesFrom(v: OptionValues): string[] {
  let shapes = v.list('shape');
  if (shapes.length === 0 || (shapes.length === 1 && shapes[0] === 'all')) shapes = [...ALL_SHAPES];
  shapes = shapes.map((s) => {
    // NAME@VERSION pins a release (shapes/release-table.ts); an alias becomes its version.
    const pinned = canonicalShapeRef(s);
    if ('problem' in pinned) throw new ConfigError(`${v.name('shape')}: ${pinned.problem}`);
    if (!ALL_SHAPES.includes(parseShapeRef(s).name)) {
      throw new ConfigError(`${v.name('shape')}: unknown shape "${s}" (known: ${ALL_SHAPES.join(', ')}, all)`);
    }
    return pinned.ref;
  });
  return [...new Set(shapes)];
}

/** program=toolbox pairs. */
function shellRoutes(v: OptionValues): Record<string, string> {
  const routes: Record<string, string> = {};
  for (const pair of v.list('shell-route')) {
    const m = /^([^=\s]+)=([^=\s]+)$/.exec(pair);
    if (!m) throw new ConfigError(`${v.name('shell-route')} entries look like program=toolbox, got "${pair}"`);
    routes[m[1]!] = m[2]!;
  }
  return routes;
}

const SEARCH_PROVIDERS = ['tavily', 'gemini', 'brave', 'searxng'];

function searchProviders(v: OptionValues): string[] {
  const providers = v.list('search-provider');
  for (const p of providers) {
    if (!SEARCH_PROVIDERS.includes(p)) {
      throw new ConfigError(
        `${v.name('search-provider')}: unknown provider "${p}" (known: tavily, gemini, brave, searxng)`,
      );
    }
  }
  return providers;
}

function sandboxReadOnlyPaths(v: OptionValues): string[] {
  return v.list('shell-sandbox-ro').map((p) => {
    if (!path.isAbsolute(p))
      throw new ConfigError(`${v.name('shell-sandbox-ro')} entries are absolute paths, got "${p}"`);
    return path.normalize(p);
  });
}

/**
 * Values the engine compiles later are compiled here once, so a bad one is refused at
 * start-up naming its flag or variable (and not as a bare engine message).
 */
function checkCompiledValues(v: OptionValues): void {
  const compiles = (flag: string, build: () => unknown) => {
    try {
      build();
    } catch (err) {
      throw new ConfigError(`${v.name(flag)}: ${(err as Error).message}`);
    }
  };
  compiles('shell-allow', () => new ShellPolicy({ allow: v.list('shell-allow'), deny: [], routes: {} }));
  compiles('shell-deny', () => new ShellPolicy({ allow: [], deny: v.list('shell-deny'), routes: {} }));
  compiles('web-allow-hosts', () => new AllowList(v.list('web-allow-hosts')));
  for (const flag of ['tavily-base-url', 'gemini-base-url', 'brave-base-url', 'searxng-url']) {
    const url = v.str(flag);
    if (url !== '' && !isHttpUrl(url))
      throw new ConfigError(`${v.name(flag)} must be an http or https URL, got "${url}"`);
  }
}

function isHttpUrl(v: string): boolean {
  try {
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** language=command pairs, the command split on white space. */
function lspServerCommands(v: OptionValues): Record<string, string[]> {
  const servers: Record<string, string[]> = {};
  for (const pair of v.list('lsp-server')) {
    const m = /^(typescript|python|go|rust|c)=(.+)$/.exec(pair);
    if (!m) {
      const flag = v.name('lsp-server');
      throw new ConfigError(
        `${flag} entries look like language=command with a language of typescript, python, go, rust or c, got "${pair}"`,
      );
    }
    servers[m[1]!] = m[2]!.trim().split(/\s+/);
  }
  return servers;
}

function shellSettings(
  v: OptionValues,
  routes: Record<string, string>,
  sandbox: FacetConfig['shell']['sandbox'],
  sandboxReadOnly: string[],
): FacetConfig['shell'] {
  return {
    path: v.str('shell'),
    allow: v.list('shell-allow'),
    deny: v.list('shell-deny'),
    routes,
    env: v.list('shell-env'),
    inactivityMs: v.int('shell-inactivity-ms', 100, 24 * 3600 * 1000),
    startupFiles: v.bool('shell-startup-files'),
    sandbox,
    network: v.bool('shell-network'),
    sandboxReadOnly,
  };
}

function webSettings(v: OptionValues, providers: string[], searchDepth: 'basic' | 'advanced'): FacetConfig['web'] {
  return {
    allowHosts: v.list('web-allow-hosts'),
    providers: providers.length > 0 ? providers : [...SEARCH_PROVIDERS],
    tavily: {
      apiKey: v.str('tavily-api-key'),
      baseUrl: v.str('tavily-base-url'),
      searchDepth,
      includeAnswer: v.bool('tavily-include-answer'),
    },
    gemini: { apiKey: v.str('gemini-api-key'), baseUrl: v.str('gemini-base-url'), model: v.str('gemini-model') },
    brave: { apiKey: v.str('brave-api-key'), baseUrl: v.str('brave-base-url') },
    searxng: { url: v.str('searxng-url') },
  };
}

function lspSettings(v: OptionValues, lspOn: string, servers: Record<string, string[]>): LspSettings {
  const lsp: LspSettings = {
    enabled: lspOn === 'on' || lspOn === 'true',
    startTimeoutMs: v.int('lsp-start-timeout-ms', 100, 10 * 60_000),
    requestTimeoutMs: v.int('lsp-request-timeout-ms', 100, 10 * 60_000),
    diagnosticsMs: v.int('lsp-diagnostics-ms', 0, 10 * 60_000),
    diagnosticsRatio: v.int('lsp-diagnostics-ratio', 0, 1_000_000),
    idleMs: v.int('lsp-idle-ms', 1000),
    memoryMb: v.int('lsp-memory-mb', 64),
    maxServers: v.int('lsp-max-servers', 1, 256),
  };
  if (Object.keys(servers).length > 0) lsp.servers = servers;
  return lsp;
}

/**
 * --sandboxd alone serves both surfaces on loopback at the spec's ports; an address given alone serves that surface.
 */
function sandboxdListeners(v: OptionValues): FacetConfig['sandboxd'] {
  const on = v.bool('sandboxd');
  const at = (flag: string, port: number) => {
    const raw = v.str(flag);
    if (raw !== '' && raw !== 'none') return parseHostPort(raw, v.name(flag));
    return on && raw === '' ? { host: '127.0.0.1', port } : null;
  };
  return {
    grpc: at('sandboxd-grpc', 9090),
    rest: at('sandboxd-rest', 8080),
    metadataPrefix: v.str('sandboxd-metadata-prefix'),
  };
}

/** A listener others can reach needs a token (or TLS, for gRPC), or --insecure to accept the risk. */
function refuseOpenListeners(config: FacetConfig, v: OptionValues, serving: Listeners): void {
  if (config.listen && !isLoopback(config.listen.host) && !config.token && !config.tls && !config.insecure) {
    const what = `${v.name('listen')} ${serving.listenRaw} is not a loopback address`;
    throw new ConfigError(`${what}: set --token or --tls-cert/--tls-key, or --insecure to accept the risk`);
  }
  if (config.mcpListen && !isLoopback(config.mcpListen.host) && !config.token && !config.insecure) {
    throw new ConfigError(
      `${v.name('mcp-listen')} ${serving.mcpRaw} is not a loopback address: set --token, or --insecure to accept the risk`,
    );
  }
  // The sandboxd protocol has no credentials at all: a token or TLS of ours would lock out its clients.
  for (const [flag, at] of [
    ['sandboxd-grpc', config.sandboxd.grpc],
    ['sandboxd-rest', config.sandboxd.rest],
  ] as const) {
    if (at && !isLoopback(at.host) && !config.insecure)
      throw new ConfigError(
        `${v.name(flag)} ${at.host}:${at.port} is not a loopback address and sandboxd has no credentials: keep it on loopback (kubectl port-forward reaches it), or set --insecure and restrict who reaches the pod (NetworkPolicy)`,
      );
  }
}

/**
 * Tracing from the standard OpenTelemetry variables: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is the
 * traces URL as is; OTEL_EXPORTER_OTLP_ENDPOINT is a base that /v1/traces is appended to. Only
 * OTLP over HTTP is exported (http/protobuf, the default, or http/json); OTEL_SDK_DISABLED=true
 * or OTEL_TRACES_EXPORTER=none turns tracing off.
 */
function tracingFrom(env: NodeJS.ProcessEnv): TracingSettings | null {
  if ((env.OTEL_SDK_DISABLED ?? '').toLowerCase() === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return null;
  const own = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? '';
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '';
  if (own === '' && base === '') return null;
  const url = own !== '' ? own : base.replace(/\/+$/, '') + '/v1/traces';
  const which = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL
    ? 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'
    : 'OTEL_EXPORTER_OTLP_PROTOCOL';
  const protocol = env[which] || 'http/protobuf';
  if (protocol !== 'http/protobuf' && protocol !== 'http/json') {
    throw new ConfigError(
      `${which} must be http/protobuf or http/json (Facet exports OTLP over HTTP), got "${protocol}"`,
    );
  }
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
  } catch {
    throw new ConfigError(
      `${own !== '' ? 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT' : 'OTEL_EXPORTER_OTLP_ENDPOINT'} must be an http or https URL, got "${url}"`,
    );
  }
  return { url, protocol, serviceName: env.OTEL_SERVICE_NAME || 'facet' };
}

function parseHostPort(v: string, name: string): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d+)$/.exec(v);
  if (!m) throw new ConfigError(`${name} must be host:port (e.g. 127.0.0.1:50051), got "${v}"`);
  const port = Number(m[3]);
  if (port > 65535) throw new ConfigError(`${name} port must be at most 65535, got ${port}`);
  return { host: m[1] ?? m[2]!, port };
}

/**
 * What the values name must be usable here: a root that is a file would leave every call without a working directory.
 */
function checkPaths(config: FacetConfig, name: (flag: string) => string): void {
  for (const root of config.roots) {
    const st = statSync(root, { throwIfNoEntry: false });
    if (!st) throw new ConfigError(`${name('root')}: ${root} does not exist`);
    if (!st.isDirectory()) throw new ConfigError(`${name('root')}: ${root} is not a directory`);
  }
  const readable = (flag: string, file: string) => {
    try {
      accessSync(file, fsConstants.R_OK);
    } catch {
      throw new ConfigError(`${name(flag)}: ${file} cannot be read`);
    }
  };
  if (config.tls) {
    readable('tls-cert', config.tls.certFile);
    readable('tls-key', config.tls.keyFile);
  }
  if (!isProgram(config.shell.path))
    throw new ConfigError(`${name('shell')}: ${config.shell.path} is not an executable program`);
  // An explicit ripgrep that is not there would fail every grep call (or silently fall back).
  if (config.search.rgPath && !isProgram(config.search.rgPath))
    throw new ConfigError(`${name('rg-path')}: ${config.search.rgPath} is not an executable program`);
  const state = statSync(config.stateDir, { throwIfNoEntry: false });
  if (state && !state.isDirectory())
    throw new ConfigError(`${name('state-dir')}: ${config.stateDir} is not a directory`);
}

/** An executable file: a path as given, or a bare name looked up on PATH as a shell would. */
function isProgram(program: string): boolean {
  const executable = (file: string) => {
    if (statSync(file, { throwIfNoEntry: false })?.isFile() !== true) return false;
    try {
      accessSync(file, fsConstants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (program.includes('/')) return executable(program);
  return (process.env.PATH ?? '').split(':').some((dir) => dir !== '' && executable(path.join(dir, program)));
}

/**
 * FACET_* variables that name no option (a typo such as FACET_ROOTS would otherwise be ignored
 * without a word, and the server would serve the working directory instead).
 */
export function unknownFacetVariables(env: NodeJS.ProcessEnv): string[] {
  const known = new Set(OPTIONS.map((o) => o.env));
  // The test runner's own knob (scripts/run-tests.mjs) may be in a developer's environment.
  known.add('FACET_TEST_CONCURRENCY');
  return Object.keys(env)
    .filter((k) => k.startsWith('FACET_') && !known.has(k))
    .sort();
}

/** A bare host name (no port, path or user) as the URL parser writes it, or undefined. */
export function hostName(raw: string): string | undefined {
  const bare = raw.includes(':') && !raw.startsWith('[') ? `[${raw}]` : raw; // an IPv6 address written without brackets
  try {
    const u = new URL(`http://${bare}`);
    return u.port === '' && u.pathname === '/' && u.username === '' && u.search === '' && u.host === u.hostname
      ? u.hostname
      : undefined;
  } catch {
    return undefined;
  }
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** --help text, generated from the option table. */
export function helpText(): string {
  const lines = [
    'Usage: facet serve [options]',
    '',
    'Serves the codefly toolbox v0 gRPC contract. Every option has a FACET_* environment twin.',
    '',
  ];
  for (const s of OPTIONS) {
    const arg = s.kind === 'bool' ? '' : s.kind === 'int' ? ' <n>' : ' <value>';
    lines.push(`  --${s.flag}${arg}`);
    lines.push(`      ${s.help}${s.default ? ` (default: ${s.default})` : ''} [${s.env}]`);
  }
  return lines.join('\n');
}
