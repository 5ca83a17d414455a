// Codex's apply-patch scenario fixtures (codex-rs/apply-patch/tests/fixtures/scenarios), each
// replayed as one case: the input files are laid out in an empty root, the patch is sent to
// apply_patch, and the whole tree after must equal the scenario's expected tree (files and
// directories). The upstream runner ignores the exit status; so do these cases.
import assert from 'node:assert/strict';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { replayServer } from './env.js';

const servers = new Map<string, ReturnType<typeof replayServer>>();
const serverOf = (shape: string) => servers.get(shape) ?? servers.set(shape, replayServer(shape)).get(shape)!;

type Tree = Record<string, string | null>;

interface Scenario {
  name: string;
  input: Tree;
  patch: string;
  expected: Tree;
  verdict?: 'different';
  reason?: string;
  errorModes?: string;
}

const SCENARIOS: Scenario[] = [
  {
    name: '001_add_file',
    input: {},
    patch: '*** Begin Patch\n*** Add File: bar.md\n+This is a new file\n*** End Patch\n',
    expected: { 'bar.md': 'This is a new file\n' },
  },
  {
    name: '002_multiple_operations',
    input: { 'modify.txt': 'line1\nline2\n', 'delete.txt': 'obsolete\n' },
    patch:
      '*** Begin Patch\n*** Add File: nested/new.txt\n+created\n*** Delete File: delete.txt\n*** Update File: modify.txt\n@@\n-line2\n+changed\n*** End Patch\n',
    expected: { 'modify.txt': 'line1\nchanged\n', nested: null, 'nested/new.txt': 'created\n' },
  },
  {
    name: '003_multiple_chunks',
    input: { 'multi.txt': 'line1\nline2\nline3\nline4\n' },
    patch: '*** Begin Patch\n*** Update File: multi.txt\n@@\n-line2\n+changed2\n@@\n-line4\n+changed4\n*** End Patch\n',
    expected: { 'multi.txt': 'line1\nchanged2\nline3\nchanged4\n' },
  },
  {
    name: '004_move_to_new_directory',
    input: { 'old/name.txt': 'old content\n', 'old/other.txt': 'unrelated file\n' },
    patch:
      '*** Begin Patch\n*** Update File: old/name.txt\n*** Move to: renamed/dir/name.txt\n@@\n-old content\n+new content\n*** End Patch\n',
    expected: {
      old: null,
      'old/other.txt': 'unrelated file\n',
      renamed: null,
      'renamed/dir': null,
      'renamed/dir/name.txt': 'new content\n',
    },
  },
  {
    name: '005_rejects_empty_patch',
    input: { 'foo.txt': 'stable\n' },
    patch: '*** Begin Patch\n*** End Patch\n',
    expected: { 'foo.txt': 'stable\n' },
  },
  {
    name: '006_rejects_missing_context',
    input: { 'modify.txt': 'line1\nline2\n' },
    patch: '*** Begin Patch\n*** Update File: modify.txt\n@@\n-missing\n+changed\n*** End Patch\n',
    expected: { 'modify.txt': 'line1\nline2\n' },
  },
  {
    name: '007_rejects_missing_file_delete',
    input: { 'foo.txt': 'stable\n' },
    patch: '*** Begin Patch\n*** Delete File: missing.txt\n*** End Patch\n',
    expected: { 'foo.txt': 'stable\n' },
  },
  {
    name: '008_rejects_empty_update_hunk',
    input: { 'foo.txt': 'stable\n' },
    patch: '*** Begin Patch\n*** Update File: foo.txt\n*** End Patch\n',
    expected: { 'foo.txt': 'stable\n' },
  },
  {
    name: '009_requires_existing_file_for_update',
    input: { 'foo.txt': 'stable\n' },
    patch: '*** Begin Patch\n*** Update File: missing.txt\n@@\n-old\n+new\n*** End Patch\n',
    expected: { 'foo.txt': 'stable\n' },
  },
  {
    name: '010_move_overwrites_existing_destination',
    input: { 'old/name.txt': 'from\n', 'old/other.txt': 'unrelated file\n', 'renamed/dir/name.txt': 'existing\n' },
    patch:
      '*** Begin Patch\n*** Update File: old/name.txt\n*** Move to: renamed/dir/name.txt\n@@\n-from\n+new\n*** End Patch\n',
    expected: {
      old: null,
      'old/other.txt': 'unrelated file\n',
      renamed: null,
      'renamed/dir': null,
      'renamed/dir/name.txt': 'new\n',
    },
  },
  {
    name: '011_add_overwrites_existing_file',
    input: { 'duplicate.txt': 'old content\n' },
    patch: '*** Begin Patch\n*** Add File: duplicate.txt\n+new content\n*** End Patch\n',
    // Codex replaces the file; Facet refuses an Add File over an existing file and leaves it.
    expected: { 'duplicate.txt': 'old content\n' },
    verdict: 'different',
    reason:
      'an Add File hunk never silently replaces an existing file: the patch is refused (ALREADY_EXISTS) and the file keeps its content',
    errorModes:
      'An Add File hunk for a file that already exists is refused (ALREADY_EXISTS; Codex silently overwrites it)',
  },
  {
    name: '012_delete_directory_fails',
    input: { 'dir/foo.txt': 'stable\n' },
    patch: '*** Begin Patch\n*** Delete File: dir\n*** End Patch\n',
    expected: { dir: null, 'dir/foo.txt': 'stable\n' },
  },
  {
    name: '013_rejects_invalid_hunk_header',
    input: { 'foo.txt': 'stable\n' },
    patch: '*** Begin Patch\n*** Frobnicate File: foo\n*** End Patch\n',
    expected: { 'foo.txt': 'stable\n' },
  },
  {
    name: '014_update_file_appends_trailing_newline',
    input: { 'no_newline.txt': 'no newline at end' },
    patch:
      '*** Begin Patch\n*** Update File: no_newline.txt\n@@\n-no newline at end\n+first line\n+second line\n*** End Patch\n',
    expected: { 'no_newline.txt': 'first line\nsecond line\n' },
  },
  {
    name: '015_failure_after_partial_success_leaves_changes',
    input: {},
    patch:
      '*** Begin Patch\n*** Add File: created.txt\n+hello\n*** Update File: missing.txt\n@@\n-old\n+new\n*** End Patch\n',
    // Codex keeps created.txt; Facet checks every hunk first and writes nothing.
    expected: {},
    verdict: 'different',
    reason:
      'all or nothing: a hunk that fails means no hunk is applied, so the file the first hunk adds is not created',
    errorModes: 'All or nothing (safer than Codex, which keeps the hunks applied before a failing one)',
  },
  {
    name: '016_pure_addition_update_chunk',
    input: { 'input.txt': 'line1\nline2\n' },
    patch: '*** Begin Patch\n*** Update File: input.txt\n@@\n+added line 1\n+added line 2\n*** End Patch\n',
    expected: { 'input.txt': 'line1\nline2\nadded line 1\nadded line 2\n' },
  },
  {
    name: '017_whitespace_padded_hunk_header',
    input: { 'foo.txt': 'old\n' },
    patch: '*** Begin Patch\n  *** Update File: foo.txt\n@@\n-old\n+new\n*** End Patch\n',
    expected: { 'foo.txt': 'new\n' },
  },
  {
    name: '018_whitespace_padded_patch_markers',
    input: { 'file.txt': 'one\n' },
    patch: ' *** Begin Patch\n*** Update File: file.txt\n@@\n-one\n+two\n*** End Patch \n',
    expected: { 'file.txt': 'two\n' },
  },
  {
    name: '019_unicode_simple',
    input: { 'foo.txt': 'line1\nnaïve café\nline3\n' },
    patch: '*** Begin Patch\n*** Update File: foo.txt\n@@\n line1\n-naïve café\n+naïve café ✅\n*** End Patch\n',
    expected: { 'foo.txt': 'line1\nnaïve café ✅\nline3\n' },
  },
  {
    name: '020_delete_file_success',
    input: { 'keep.txt': 'keep\n', 'obsolete.txt': 'obsolete\n' },
    patch: '*** Begin Patch\n*** Delete File: obsolete.txt\n*** End Patch\n',
    expected: { 'keep.txt': 'keep\n' },
  },
  {
    name: '020_whitespace_padded_patch_marker_lines',
    input: { 'file.txt': 'one\n' },
    patch: '*** Begin Patch \n*** Update File: file.txt\n@@\n-one\n+two\n *** End Patch\n',
    expected: { 'file.txt': 'two\n' },
  },
  {
    name: '021_update_file_deletion_only',
    input: { 'lines.txt': 'line1\nline2\nline3\n' },
    patch: '*** Begin Patch\n*** Update File: lines.txt\n@@\n line1\n-line2\n line3\n*** End Patch\n',
    expected: { 'lines.txt': 'line1\nline3\n' },
  },
  {
    name: '022_update_file_end_of_file_marker',
    input: { 'tail.txt': 'first\nsecond\n' },
    patch:
      '*** Begin Patch\n*** Update File: tail.txt\n@@\n first\n-second\n+second updated\n*** End of File\n*** End Patch\n',
    expected: { 'tail.txt': 'first\nsecond updated\n' },
  },
];

function scenarioCase(s: Scenario, server: ReturnType<typeof replayServer>): ReplayCase {
  return {
    name: s.name,
    verdict: s.verdict ?? 'matched',
    ...(s.reason ? { reason: s.reason, errorModes: s.errorModes } : {}),
    async run() {
      const e = await server.get();
      e.reset();
      e.write(Object.fromEntries(Object.entries(s.input).filter((kv): kv is [string, string] => kv[1] !== null)));
      await e.call('apply_patch', { input: s.patch });
      assert.deepEqual(e.snapshot(), s.expected);
    },
  };
}

const SOURCE = 'openai/codex codex-rs/apply-patch/tests/fixtures/scenarios (run by tests/suite/scenarios.rs) @71163530';

/** Against the set first served (codex@0.169.0, now 0.149.0's alias): Add never overwrites, all or nothing. */
export const codexApplyPatchScenarios: ReplaySuite = {
  vendor: 'codex',
  shape: 'codex@0.169.0',
  tool: 'apply_patch',
  source: SOURCE,
  cases: SCENARIOS.map((s) => scenarioCase(s, serverOf('codex@0.169.0'))),
};

/**
 * Against Codex CLI 0.171.0's apply_patch (codex@0.171.0): an Add overwrites, as there. The fixtures pin the
 * apply_patch CLI, which keeps the hunks before a failing one; the 0.171.0 tool verifies the whole patch first and
 * writes nothing (observed, vendors/codex/0.171.0.tests.md), as Facet does.
 */
export const codexApplyPatchScenarios171: ReplaySuite = {
  vendor: 'codex',
  shape: 'codex@0.171.0',
  tool: 'apply_patch',
  source: SOURCE,
  cases: SCENARIOS.map((s) => {
    if (s.name === '011_add_overwrites_existing_file') {
      const { verdict: _v, reason: _r, errorModes: _e, ...rest } = s;
      return scenarioCase({ ...rest, expected: { 'duplicate.txt': 'new content\n' } }, serverOf('codex@0.171.0'));
    }
    if (s.name === '015_failure_after_partial_success_leaves_changes')
      return scenarioCase(
        {
          ...s,
          reason:
            "the fixture pins the apply_patch CLI, which keeps created.txt; Codex 0.171.0's tool verifies the whole patch first and writes nothing, as Facet does",
          errorModes: 'nothing is written',
        },
        serverOf('codex@0.171.0'),
      );
    return scenarioCase(s, serverOf('codex@0.171.0'));
  }),
};
