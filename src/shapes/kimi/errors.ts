// Kimi-style wording of engine errors: one or two plain sentences, paths in backticks,
// framed as <system>ERROR: …</system>. Our words; the facts are the engine's.
import type { EngineError } from '../../engine/index.js';
import { systemError } from './result.js';

interface Violation {
  field: string;
  description: string;
}

const sentence = (s: string): string => (/[.!?]$/.test(s) ? s : `${s}.`);

/** The message (without framing) for an engine error. */
export function kimiMessage(err: EngineError): string {
  const f = err.facts;
  const p = typeof f.path === 'string' ? f.path : undefined;
  const violations = f.violations as Violation[] | undefined;
  if (err.kind === 'invalid_argument' && violations) {
    return `The arguments do not fit the tool's parameters: ${violations.map((v) => `${v.field || 'arguments'} ${v.description}`).join('; ')}. Correct them and call again.`;
  }
  if (p !== undefined) {
    if (err.kind === 'not_found') return `\`${p}\` does not exist.`;
    if (f.isDirectory || f.notRegular) return `\`${p}\` is not a file.`;
    if (err.kind === 'permission_denied' && Array.isArray(f.roots)) {
      return `\`${p}\` is outside the workspace (${(f.roots as string[]).join(', ')}); use a path inside it.`;
    }
  }
  return sentence(err.message);
}

export function kimiFormatError(err: EngineError): string {
  return systemError(kimiMessage(err));
}
