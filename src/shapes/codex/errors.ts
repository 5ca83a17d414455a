// Codex's words for failures: plain sentences. A malformed call says which arguments could not
// be read; a path outside the roots names them; a missing path says where to look.
import { EngineError } from '../../engine/index.js';
import { everyKind } from '../kit/failures/error-kinds.js';
import { errorTable, type Call, type Dialect, type KindWording } from '../common/define.js';
import { codexDiagnostics } from './diagnostics.js';

/** The tools whose missing path can only be their working directory. */
const EXEC_TOOLS = new Set(['exec_command', 'shell_command', 'shell']);

/** A bad argument of a codex tool, in its own words. */
export const bad = (message: string, field: string, value?: unknown) =>
  new EngineError('invalid_argument', message, { field, facts: { value } });

function outside(err: EngineError & { facts: { path: string; roots: string[] } }): string {
  const where = `${err.facts.path} is outside the directories this session may use (${err.facts.roots.join(', ')})`;
  return err.field === 'workdir'
    ? `${where}; set workdir to a directory inside them, or leave it out to use the session directory`
    : `${where}; use a path inside them`;
}

const said = (err: EngineError) => err.message;

/**
 * By kind (total): bad arguments list their violations, a missing path says where to look, the rest is the engine's
 * message.
 */
const byKind = everyKind<KindWording<unknown>>(said, {
  invalid_argument(err) {
    const violations = err.facts.violations as Array<{ field: string; description: string }> | undefined;
    return violations
      ? `invalid function arguments: ${violations.map((v) => `${v.field} ${v.description}`).join('; ')}`
      : err.message;
  },
  not_found(err, _args, c: Call) {
    if (typeof err.facts.path !== 'string') return err.message;
    return EXEC_TOOLS.has(c.tool)
      ? `${err.message}; set workdir to an existing directory inside the workspace, or leave it out to use the session directory`
      : `${err.message}; list_dir shows what a directory holds and grep_files finds files by their contents`;
  },
});

/** The codex dialect: every tool's failures in Codex's words. */
export const codexDialect: Dialect = {
  diagnostics: codexDiagnostics,
  errors: errorTable<unknown>({ outside_roots: outside, nul_in_path: outside, root_outside_scope: outside }, byKind),
};
