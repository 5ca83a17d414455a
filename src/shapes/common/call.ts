// What a tool's call sees and what it answers: the types every tool table and its wording share
// (define.ts builds tools from them, wording.ts words their failures).
import type { FacetConfig } from '../../config.js';
import type { ChangeDiagnostics, Engine, EngineError, SandboxRefusal } from '../../engine/index.js';
import type { Blob, HandlerContext, HostBlock } from '../../registry/types.js';

/** What a shape's tools are built over: the server's configuration and its one engine. */
export interface ShapeEnv {
  config: FacetConfig;
  engine: Engine;
}

/**
 * Everything a tool's call sees. It is the engine context itself (scope, session, signal;
 * the session's directory is the cwd), so `c.engine.files.read(c, path)` is a whole call.
 */
export interface Call extends HandlerContext {
  engine: Engine;
  config: FacetConfig;
  /** The vendor tool being called (for words shared by several tools). */
  tool: string;
  /** Where the engine's writing calls leave the diagnostics their changes introduced (engine/lsp/watch.ts). */
  changeDiagnostics: ChangeDiagnostics[];
  /** What the shell sandbox refused in this call's commands; the host block carries it as data. */
  sandboxRefusals: SandboxRefusal[];
}

/** A tool's answer in its vendor's words: the model's text and what the host block adds. */
export interface Reply {
  text: string;
  parts?: string[];
  host?: Omit<HostBlock, 'tool'>;
  data?: Record<string, unknown>;
  blobs?: Blob[];
  /** Set when the answer is a failure the tool words itself (a command that exited non-zero). */
  failure?: EngineError;
  error?: string;
}
