// fs.apply_patch: a "*** Begin Patch" patch over several files, all or nothing.
import { isCondition, type PatchResult, withDetails } from '../../engine/index.js';
import { patchView } from '../kit/files/change-view.js';
import { type ArgsOf, defineTool, TAGS } from './shared.js';

const schema = {
  type: 'object',
  // No minLength: checking it counts every character of the patch on the event loop (16 ms for
  // 3 MB); an empty patch is refused by the parser as clearly.
  properties: {
    patch: { type: 'string', description: 'The whole patch text, from *** Begin Patch to *** End Patch.' },
  },
  required: ['patch'],
  additionalProperties: false,
} as const;

export const applyPatchTool = defineTool<ArgsOf<typeof schema>, PatchResult>({
  name: 'fs.apply_patch',
  summary: 'Apply a multi-file patch (*** Begin Patch format: add, delete, update, move) all or nothing.',
  description: [
    'Applies a patch in the "*** Begin Patch" format: "*** Add File: p" then "+" lines; "*** Delete File: p";',
    '"*** Update File: p" (optionally "*** Move to: q") then chunks, each optionally led by "@@ <a line',
    'to find first>", of " " context, "-" removed and "+" added lines, optionally "*** End of File"; then',
    '"*** End Patch". Lines are matched exactly, then ignoring trailing whitespace, then indentation, then',
    'typography. Every hunk is checked before any file is written: a failing hunk changes nothing, and',
    'a write that still fails puts back every file and removes the directories made. Returns the A/M/D',
    "list and each file's unified diff; the structured block adds each file's changed line numbers.",
  ],
  schema,
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Change one line and add a file',
      arguments: {
        patch:
          '*** Begin Patch\n*** Update File: src/a.py\n@@ def main():\n-    print("hi")\n+    print("hello")\n*** Add File: NOTES.md\n+notes\n*** End Patch',
      },
      expectedOutcome: 'M src/a.py and A NOTES.md.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'INVALID_ARGUMENT: the patch does not parse (facts.line points at the bad line).',
    "PRECONDITION_FAILED: a chunk's lines or @@ context are not in the file; nothing was written.",
    'NOT_FOUND: updating or deleting a missing file. PERMISSION_DENIED: a path outside the roots.',
    'INVALID_ARGUMENT: a file would be created under a file, or where an earlier hunk puts files (facts.condition parent_not_directory / is_directory); deleting a directory; a binary file. CANCELLED: the call was cancelled; files written so far are put back.',
    'ALREADY_EXISTS: an Add File hunk names a file that exists; it is never overwritten and nothing is written. Use "*** Update File" or delete it first.',
  ],
  call: (args, c) =>
    c.engine.files.patch(c, args.patch, { addOverwrites: false }).catch((err: unknown) => {
      // The engine's "file exists" refusal of an Add File hunk, with its remedy.
      if (!isCondition(err, 'file_exists')) throw err;
      const { path, line } = err.facts;
      const message = `cannot add ${path}: the file already exists (hunk on line ${line}); use "*** Update File: ${path}" to change it, or delete it first. No file was written.`;
      throw withDetails(err, { message });
    }),
  format(r) {
    const v = patchView(r);
    const host = {
      summary: `Applied the patch: ${v.lines.join(', ')}`,
      paths: r.changes.map((c) => c.path),
      counts: v.counts,
    };
    return { text: [`Applied the patch:\n${v.lines.join('\n')}`, ...v.diffs].join('\n'), data: v.data, host };
  },
});
