// apply_patch: the Codex patch format, served as the JSON function variant {input}.
// Unlike the reference, which writes hunk by hunk and keeps earlier hunks when a later one
// fails, every hunk is checked before any file is written (all or nothing).
import { applyPatch, EngineError, type PatchResult } from '../../engine/index.js';
import type { HandlerContext, ToolDefinition, ToolResult } from '../../registry/types.js';
import { diffNote } from '../common/diff-note.js';
import { fail, ok, type HostBlock } from '../common/result.js';
import { TAGS } from '../tags.js';

/** What a patch did, as Codex's structured tool output carries it. */
export interface PatchRun {
  exitCode: 0 | 1;
  /** The text the model reads: the success summary or the error. */
  output: string;
  result?: PatchResult;
  error?: EngineError;
  durationSeconds: number;
}

/** "Success. Updated the following files:" then A, M and D lines, as the reference prints them. */
export function patchSummary(r: PatchResult): string {
  const lines = [...r.added.map((p) => `A ${p}`), ...r.modified.map((p) => `M ${p}`), ...r.deleted.map((p) => `D ${p}`)];
  return `Success. Updated the following files:\n${lines.join('\n')}\n`;
}

/** The model-facing words of a patch failure; the engine's facts carry the line, path and lines sought. */
export function patchErrorText(err: EngineError): string {
  const f = err.facts as Record<string, string | number | undefined>;
  let text: string;
  switch (err.condition) {
    case 'invalid_patch':
      text =
        f.line !== undefined && !/^the (first|last) line/.test(String(f.reason))
          ? `Invalid patch hunk on line ${f.line}: ${f.reason}`
          : `Invalid patch: ${f.reason ?? err.message}`;
      break;
    case 'lines_not_found':
      text = `Could not find the expected lines in ${f.path}:\n${f.expected}`;
      break;
    case 'context_not_found':
      text = `Could not find the context line '${f.context}' in ${f.path}`;
      break;
    case 'empty_patch':
      text = 'The patch has no hunks, so no files were modified.';
      break;
    case 'file_exists':
      text = `Cannot add ${f.path}: the file already exists (hunk on line ${f.line}). Use "*** Update File: ${f.path}" to change it, or delete it first.`;
      break;
    case 'file_missing':
      text = `Cannot ${/deletes/.test(err.message) ? 'delete' : 'update'} ${f.path}: the file does not exist (hunk on line ${f.line}).`;
      break;
    case 'patch_without_apply_patch':
      return `${err.message}.`;
    case 'escalation_refused':
      return err.message;
    default:
      text = err.message;
  }
  return `${text}\nNo file was changed: the patch applies completely or not at all.`;
}

/** Applies a patch relative to `cwd` and reports it the way Codex's apply_patch does. */
export async function runPatch(ctx: HandlerContext, patch: string, cwd: string | undefined): Promise<PatchRun> {
  const started = performance.now();
  const secs = () => Math.round((performance.now() - started) / 100) / 10;
  try {
    // Unlike the reference, an Add File hunk never replaces an existing file (no silent overwrite).
    const result = await applyPatch(ctx.scope, patch, { cwd, signal: ctx.signal, session: ctx.session, addOverwrites: false });
    return { exitCode: 0, output: patchSummary(result), result, durationSeconds: secs() };
  } catch (err) {
    if (!(err instanceof EngineError) || err.kind === 'cancelled' || err.kind === 'timeout' || err.kind === 'internal') throw err;
    return { exitCode: 1, output: patchErrorText(err), error: err, durationSeconds: secs() };
  }
}

/** The host block of a patch: files touched and the diff. */
export function patchHost(tool: string, run: PatchRun): HostBlock {
  const r = run.result;
  if (!r) return { tool, summary: 'Patch refused; no file changed', exitCode: run.exitCode };
  const notes = r.changes.flatMap((c) => (c.diff.omitted ? [`${c.relative}: ${diffNote(c.diff)}`] : []));
  return {
    tool,
    summary: `Patched ${r.changes.length} file${r.changes.length === 1 ? '' : 's'}`,
    paths: r.changes.map((c) => c.path),
    diff: r.changes.map((c) => c.diff.unified).join(''),
    diffNote: notes.length ? notes.join('\n') : undefined,
    counts: { added: r.added.length, modified: r.modified.length, deleted: r.deleted.length },
    exitCode: run.exitCode,
    details: { files: r.changes.map((c) => ({ path: c.path, action: c.action, ...(c.movedFrom ? { movedFrom: c.movedFrom } : {}), passes: c.passes })) },
  };
}

/** Codex's structured tool output: {"output", "metadata": {"exit_code", "duration_seconds"}}. */
export function structuredOutput(output: string, exitCode: number, durationSeconds: number): string {
  return JSON.stringify({ output, metadata: { exit_code: exitCode, duration_seconds: durationSeconds } });
}

const GRAMMAR_NOTE = '<see codex-apply-patch.md; start: begin_patch hunk+ end_patch>';

export const applyPatchTool: ToolDefinition<{ input: string }> = {
  name: 'apply_patch',
  fields: { patch: 'input' },
  summary: 'Edit, create, delete or move files with one patch (*** Begin Patch … *** End Patch), all or nothing.',
  description: [
    'Send the whole patch as `input`. Format: "*** Begin Patch", then hunks, then "*** End Patch".',
    'Hunks: "*** Add File: <path>" followed by "+" lines (the new file); "*** Delete File: <path>";',
    '"*** Update File: <path>", optionally "*** Move to: <new path>", then chunks: an optional "@@ <a line to',
    'find first>" and lines starting with " " (context, kept), "-" (removed) or "+" (added); "*** End of File"',
    'anchors a chunk at the end. Give about three context lines around each change. Paths are relative to the',
    'session directory (absolute paths inside the roots work too). Lines are found exactly, then ignoring',
    'trailing whitespace, then ignoring indentation, then with typographic quotes and dashes as ASCII.',
    'Every hunk is checked before anything is written: if one does not apply, no file changes.',
    'The result is JSON: {"output": "Success. Updated the following files:\\nA …\\nM …\\nD …", "metadata": {"exit_code", "duration_seconds"}}.',
    'Do not use it for binary files; use exec_command to run formatters or generators.',
  ].join(' '),
  // What DescribeTool serves is the vendor's declaration: a freeform grammar tool with its JSON
  // function variant; arguments are validated against that variant.
  inputSchema: {
    'x-freeform': true,
    format: { type: 'grammar', syntax: 'lark', definition: GRAMMAR_NOTE },
    json_function_variant: { type: 'object', properties: { input: { type: 'string' } }, required: ['input'], additionalProperties: false },
  },
  argumentsSchema: { type: 'object', properties: { input: { type: 'string' } }, required: ['input'], additionalProperties: false },
  destructive: true,
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Change a line in one file and add another file',
      arguments: {
        input:
          '*** Begin Patch\n*** Update File: app.py\n@@ def greet():\n-    print("hi")\n+    print("hello")\n*** Add File: NOTES.md\n+# Notes\n*** End Patch',
      },
      expectedOutcome: 'JSON whose output lists "A NOTES.md" and "M app.py".',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'Arguments: DescribeTool serves the vendor\'s declaration (x-freeform, the lark grammar, and json_function_variant), but CallTool arguments are always a JSON object, so the patch is sent as {"input": "<patch>"}, the JSON function variant, and validated against that variant before anything runs: a missing or non-string input, or any other property, is INVALID_ARGUMENT and nothing is applied. Raw patch text is not accepted as arguments; it is accepted inside exec_command/shell as apply_patch <<\'EOF\' … EOF.',
    'All or nothing (safer than Codex, which keeps the hunks applied before a failing one): when any hunk fails, no file is written and the output ends "No file was changed".',
    'Parse errors: "Invalid patch: …" (envelope) or "Invalid patch hunk on line N: …" (INVALID_ARGUMENT); fix the line named.',
    'A chunk whose lines are not in the file: "Could not find the expected lines in <path>:" with the lines sought; an @@ line not found: "Could not find the context line …" (PRECONDITION_FAILED). Read the file again and resend.',
    'Updating or deleting a missing file (NOT_FOUND); a path outside the roots (PERMISSION_DENIED).',
    'An Add File hunk for a file that already exists is refused (ALREADY_EXISTS; Codex silently overwrites it): "Cannot add <path>: the file already exists (hunk on line N). Use "*** Update File: <path>" to change it, or delete it first." and no file is written.',
  ].join('\n'),
  async handler(args, ctx): Promise<ToolResult> {
    const run = await runPatch(ctx, args.input, ctx.session.cwd);
    const text = structuredOutput(run.output, run.exitCode, run.durationSeconds);
    const host = patchHost('apply_patch', run);
    return run.error ? fail(text, run.error, host) : ok(text, host);
  },
};
