// What the code.* tools share: position arguments and the wording of places, symbols and diagnostics.
import { type CodeDiagnostic, type CodeLocation, type CodeSymbol, plural } from '../../engine/index.js';
import { locationPaths } from '../kit/code/tallies.js';
import type { Reply } from '../common/define.js';
import { pathProp } from './shared.js';

export const positionProps = {
  path: pathProp,
  line: { type: 'integer', minimum: 1, description: '1-based line of the symbol.' },
  column: {
    type: 'integer',
    minimum: 1,
    description: '1-based column of the symbol, counted in characters (an emoji is one).',
  },
} as const;

/** The arguments of a tool that asks about one position: a file, a line and a column. */
export const positionSchema = {
  type: 'object',
  properties: positionProps,
  required: ['path', 'line', 'column'],
  additionalProperties: false,
} as const;

export const CODE_TAG = 'code';

/** `src/a.ts:3:5: the line's text` */
export const placeLine = (l: CodeLocation): string =>
  `${l.relative}:${l.line}:${l.column}${l.text !== undefined ? `: ${l.text}` : ''}`;

/**
 * Places as code.definition and code.references list them (or `none`); the host gets how many (as `counted`, when
 * given) and their files.
 */
export function placesReply(locations: CodeLocation[], none: string, word: string, counted?: string): Reply {
  const text = locations.length === 0 ? none : locations.map(placeLine).join('\n');
  const host = {
    summary: plural(locations.length, word),
    paths: locationPaths(locations),
    ...(counted ? { counts: { [counted]: locations.length } } : {}),
  };
  return { text, data: { locations }, host };
}

export const diagnosticLine = (d: CodeDiagnostic): string =>
  `${d.line}:${d.column} ${d.severity}${d.code !== undefined ? ` ${d.source ? `${d.source} ` : ''}${d.code}` : ''}: ${d.message.replace(/\n\s*/g, ' ')}`;

export const symbolLine = (s: CodeSymbol): string =>
  `${'  '.repeat(s.depth)}${s.kind.toLowerCase()} ${s.name}${s.container && s.depth === 0 ? ` (in ${s.container})` : ''} ${s.location.relative}:${s.location.line}:${s.location.column}`;

export const POSITION_ERRORS = [
  'INVALID_ARGUMENT: the line or column is past the end of the file.',
  'UNSUPPORTED: no language server handles the file type.',
  'UNAVAILABLE: code intelligence is off (--lsp off), or the language server is missing, crashed, or failed to start (the message says which; a restart follows with backoff).',
  'TIMEOUT: the language server did not answer within --lsp-request-timeout-ms; it is restarted.',
  'NOT_FOUND: the file does not exist. PERMISSION_DENIED: the path is outside the roots.',
];
