// code.diagnostics: a language server's errors and warnings for one file, or for every file it has open.
import { type FileDiagnostics, plural } from '../../engine/index.js';
import { diagnosticTotal } from '../kit/code/tallies.js';
import { CODE_TAG, diagnosticLine, POSITION_ERRORS } from './code-common.js';
import { type ArgsOf, defineTool, pathProp, TAGS } from './shared.js';

const schema = {
  type: 'object',
  properties: {
    path: { ...pathProp, description: 'File to check; omit for every file the language servers have open.' },
  },
  additionalProperties: false,
} as const;

export const diagnosticsTool = defineTool<ArgsOf<typeof schema>, FileDiagnostics[]>({
  name: 'code.diagnostics',
  summary: 'Check a file for compile errors and warnings with its language server, without running a build.',
  description: [
    'Gives the file, as it is on disk now, to its language server (TypeScript/JavaScript, Python; Go, Rust, C/C++ when',
    'their servers are installed) and lists its diagnostics: line:column, severity, code and message. Without `path`,',
    'checks every file the servers have open (those the tools touched). The server starts on first use, which can',
    'take seconds on a large project; later checks take milliseconds.',
  ],
  schema,
  tags: [TAGS.search, TAGS.readOnly, CODE_TAG],
  examples: [
    {
      description: 'Check one file',
      arguments: { path: 'src/app.ts' },
      expectedOutcome: 'Its errors and warnings, or "no problems".',
    },
  ],
  idempotency: 'idempotent',
  errorModes: POSITION_ERRORS,
  call: (args, c) => c.engine.code.diagnostics(c, args.path),
  format(files) {
    if (files.length === 0)
      return {
        text: 'No files are open in a language server yet: name a file.',
        data: { files: [] },
        host: { summary: 'no open files' },
      };
    const total = diagnosticTotal(files);
    const text = files
      .map((f) =>
        f.diagnostics.length === 0
          ? `${f.relative}: no problems`
          : [`${f.relative}:`, ...f.diagnostics.map((d) => `  ${diagnosticLine(d)}`)].join('\n'),
      )
      .join('\n');
    const summary = `${plural(total, 'diagnostic')} in ${plural(files.length, 'file')}`;
    return {
      text,
      data: { files },
      host: { summary, paths: files.map((f) => f.path), counts: { diagnostics: total } },
    };
  },
});
