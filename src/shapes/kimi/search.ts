// What Glob and Grep share: Kimi's nullable parameters and the directory a search starts from.
import type { Call } from '../common/define.js';

export const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }], default: null });

export const workDir = (c: Call): string => (c.session.cwd && c.scope.contains(c.session.cwd) ? c.session.cwd : c.scope.primary);
