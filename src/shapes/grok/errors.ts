// Grok CLI words a failure as one plain line: a bad call lists its invalid arguments, a
// missing path is "File not found", a path outside the roots "Access denied", anything else
// "Error: <message>".
import type { EngineError, ErrorKind } from '../../engine/index.js';
import { everyKind } from '../kit/failures/error-kinds.js';
import { type Dialect, errorTable, type KindWording } from '../common/define.js';
import { grokDiagnostics } from './diagnostics.js';

const plain = (err: EngineError) => `Error: ${err.message}`;
const path = (err: EngineError) => (typeof err.facts.path === 'string' ? err.facts.path : undefined);

const byKind = everyKind<Record<ErrorKind, (err: EngineError) => string> & KindWording<unknown>>(plain, {
  invalid_argument(err) {
    const v = err.facts.violations as Array<{ field: string; description: string }> | undefined;
    return v
      ? `Invalid arguments: ${v.map((x) => `${x.field || 'arguments'} ${x.description}`).join('; ')}`
      : plain(err);
  },
  not_found: (err) => (path(err) !== undefined ? `File not found: ${path(err)}` : plain(err)),
  permission_denied: (err) =>
    path(err) !== undefined && Array.isArray(err.facts.roots)
      ? `Access denied: ${path(err)} is outside the workspace (${(err.facts.roots as string[]).join(', ')})`
      : plain(err),
});

/** A failure in Grok CLI's words (also for failures that belong to no tool). */
export const grokMessage = (err: EngineError): string => byKind[err.kind](err);
export const grokDialect: Dialect = {
  diagnostics: grokDiagnostics,
  errors: errorTable<unknown>({}, byKind),
};
