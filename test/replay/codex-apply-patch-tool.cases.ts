// Codex's apply_patch CLI suite (codex-rs/apply-patch/tests/suite/tool.rs), replayed through
// the codex shape's apply_patch: same files before, same patch, same files after, the same
// success summary (the model reads it inside Codex's JSON output), and for a failure the same
// kind of failure with nothing changed. Error wording is Facet's own.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import type { CallToolResponse } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { texts } from '../helpers/server.js';
import type { ReplaySuite } from './ledger.js';
import { replayServer } from './env.js';

const server = replayServer('codex@0.169.0');

/** The model-facing "output" of Codex's JSON result. */
function output(res: CallToolResponse): string {
  return (JSON.parse(texts(res)[0] ?? '{}') as { output: string }).output;
}

/** Applies `patch` in an emptied root laid out with `files`; returns the response and the root. */
async function apply(files: Record<string, string | Buffer>, patch: string) {
  const e = await server.get();
  e.reset();
  e.write(files);
  return { res: await e.call('apply_patch', { input: patch }), e };
}

function succeeded(res: CallToolResponse, summary: string): void {
  assert.equal(res.failure, undefined, res.error);
  assert.equal(output(res), `Success. Updated the following files:\n${summary}\n`);
}

function failed(res: CallToolResponse, code: FailureCode): void {
  assert.equal(res.failure?.code, code, res.error);
  assert.equal((JSON.parse(texts(res)[0] ?? '{}') as { metadata: { exit_code: number } }).metadata.exit_code, 1);
}

export const codexApplyPatchTool: ReplaySuite = {
  vendor: 'codex',
  shape: 'codex@0.169.0',
  tool: 'apply_patch',
  source: 'openai/codex codex-rs/apply-patch/tests/suite/tool.rs @3de0e18b',
  cases: [
    {
      name: 'test_apply_patch_cli_applies_multiple_operations',
      verdict: 'matched',
      async run() {
        const { res, e } = await apply(
          { 'modify.txt': 'line1\nline2\n', 'delete.txt': 'obsolete\n' },
          '*** Begin Patch\n*** Add File: nested/new.txt\n+created\n*** Delete File: delete.txt\n*** Update File: modify.txt\n@@\n-line2\n+changed\n*** End Patch',
        );
        succeeded(res, 'A nested/new.txt\nM modify.txt\nD delete.txt');
        assert.equal(readFileSync(e.abs('nested/new.txt'), 'utf8'), 'created\n');
        assert.equal(readFileSync(e.abs('modify.txt'), 'utf8'), 'line1\nchanged\n');
        assert.equal(existsSync(e.abs('delete.txt')), false);
      },
    },
    {
      name: 'test_apply_patch_cli_applies_multiple_chunks',
      verdict: 'matched',
      async run() {
        const { res, e } = await apply(
          { 'multi.txt': 'line1\nline2\nline3\nline4\n' },
          '*** Begin Patch\n*** Update File: multi.txt\n@@\n-line2\n+changed2\n@@\n-line4\n+changed4\n*** End Patch',
        );
        succeeded(res, 'M multi.txt');
        assert.equal(readFileSync(e.abs('multi.txt'), 'utf8'), 'line1\nchanged2\nline3\nchanged4\n');
      },
    },
    {
      name: 'test_apply_patch_cli_preserves_crlf_from_target_file',
      verdict: 'matched',
      async run() {
        const { res, e } = await apply(
          { 'crlf.txt': 'one\r\ntwo\r\nthree\r\n' },
          '*** Begin Patch\n*** Update File: crlf.txt\n@@\n-one\n+uno\n@@\n two\n+\n+between\n three\n*** End Patch',
        );
        succeeded(res, 'M crlf.txt');
        assert.equal(readFileSync(e.abs('crlf.txt'), 'utf8'), 'uno\r\ntwo\r\n\r\nbetween\r\nthree\r\n');
      },
    },
    {
      name: 'test_apply_patch_cli_preserves_change_order_with_repeated_lines',
      verdict: 'matched',
      async run() {
        const { res, e } = await apply(
          { 'repeated.txt': 'a\nb\n' },
          '*** Begin Patch\n*** Update File: repeated.txt\n@@\n-a\n-b\n+b\n+b\n+a\n*** End Patch',
        );
        succeeded(res, 'M repeated.txt');
        assert.equal(readFileSync(e.abs('repeated.txt'), 'utf8'), 'b\nb\na\n');
      },
    },
    {
      name: 'test_apply_patch_cli_preserves_repeated_context_line_ending',
      verdict: 'matched',
      async run() {
        const { res, e } = await apply(
          { 'repeated_context.txt': 'same\r\nsame\n' },
          '*** Begin Patch\n*** Update File: repeated_context.txt\n@@\n-same\n same\n*** End Patch',
        );
        succeeded(res, 'M repeated_context.txt');
        assert.equal(readFileSync(e.abs('repeated_context.txt'), 'utf8'), 'same\n');
      },
    },
    {
      name: 'test_apply_patch_cli_preserves_untouched_mixed_line_endings',
      verdict: 'matched',
      async run() {
        const { res, e } = await apply(
          { 'mixed.txt': 'one\r\ntwo\nthree\r\nfour\n' },
          '*** Begin Patch\n*** Update File: mixed.txt\n@@\n one\n two\n-three\n+THREE\n four\n*** End Patch',
        );
        succeeded(res, 'M mixed.txt');
        assert.equal(readFileSync(e.abs('mixed.txt'), 'utf8'), 'one\r\ntwo\nTHREE\r\nfour\n');
      },
    },
    {
      name: 'test_apply_patch_cli_uses_crlf_for_new_trailing_newline',
      verdict: 'matched',
      async run() {
        const { res, e } = await apply(
          { 'no_trailing_newline.txt': 'one\r\ntwo' },
          '*** Begin Patch\n*** Update File: no_trailing_newline.txt\n@@\n-one\n+ONE\n*** End Patch',
        );
        succeeded(res, 'M no_trailing_newline.txt');
        assert.equal(readFileSync(e.abs('no_trailing_newline.txt'), 'utf8'), 'ONE\r\ntwo\r\n');
      },
    },
    {
      name: 'test_apply_patch_cli_moves_file_to_new_directory',
      verdict: 'matched',
      async run() {
        const { res, e } = await apply(
          { 'old/name.txt': 'old content\n' },
          '*** Begin Patch\n*** Update File: old/name.txt\n*** Move to: renamed/dir/name.txt\n@@\n-old content\n+new content\n*** End Patch',
        );
        succeeded(res, 'M renamed/dir/name.txt');
        assert.equal(existsSync(e.abs('old/name.txt')), false);
        assert.equal(readFileSync(e.abs('renamed/dir/name.txt'), 'utf8'), 'new content\n');
      },
    },
    {
      name: 'test_apply_patch_cli_rejects_empty_patch',
      verdict: 'matched',
      async run() {
        const { res, e } = await apply({}, '*** Begin Patch\n*** End Patch');
        failed(res, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
        assert.deepEqual(e.snapshot(), {});
      },
    },
    {
      name: 'test_apply_patch_cli_reports_missing_context',
      verdict: 'matched',
      async run() {
        const { res, e } = await apply(
          { 'modify.txt': 'line1\nline2\n' },
          '*** Begin Patch\n*** Update File: modify.txt\n@@\n-missing\n+changed\n*** End Patch',
        );
        failed(res, FailureCode.FAILURE_CODE_PRECONDITION_FAILED);
        assert.match(output(res), /^Could not find the expected lines in modify\.txt:\nmissing\n/);
        assert.equal(readFileSync(e.abs('modify.txt'), 'utf8'), 'line1\nline2\n');
      },
    },
    {
      name: 'test_apply_patch_cli_rejects_missing_file_delete',
      verdict: 'matched',
      async run() {
        const { res, e } = await apply({}, '*** Begin Patch\n*** Delete File: missing.txt\n*** End Patch');
        failed(res, FailureCode.FAILURE_CODE_NOT_FOUND);
        assert.deepEqual(e.snapshot(), {});
      },
    },
    {
      name: 'test_apply_patch_cli_rejects_empty_update_hunk',
      verdict: 'matched',
      async run() {
        const { res } = await apply({}, '*** Begin Patch\n*** Update File: foo.txt\n*** End Patch');
        failed(res, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
        assert.match(output(res), /^Invalid patch hunk on line 2: /);
      },
    },
    {
      name: 'test_apply_patch_cli_requires_existing_file_for_update',
      verdict: 'matched',
      async run() {
        const { res, e } = await apply(
          {},
          '*** Begin Patch\n*** Update File: missing.txt\n@@\n-old\n+new\n*** End Patch',
        );
        failed(res, FailureCode.FAILURE_CODE_NOT_FOUND);
        assert.deepEqual(e.snapshot(), {});
      },
    },
    {
      name: 'test_apply_patch_cli_move_overwrites_existing_destination',
      verdict: 'matched',
      async run() {
        const { res, e } = await apply(
          { 'old/name.txt': 'from\n', 'renamed/dir/name.txt': 'existing\n' },
          '*** Begin Patch\n*** Update File: old/name.txt\n*** Move to: renamed/dir/name.txt\n@@\n-from\n+new\n*** End Patch',
        );
        succeeded(res, 'M renamed/dir/name.txt');
        assert.equal(existsSync(e.abs('old/name.txt')), false);
        assert.equal(readFileSync(e.abs('renamed/dir/name.txt'), 'utf8'), 'new\n');
      },
    },
    {
      name: 'test_apply_patch_cli_add_overwrites_existing_file',
      verdict: 'different',
      reason:
        'an Add File hunk never silently replaces an existing file: Facet refuses the patch (ALREADY_EXISTS) and the file keeps its content',
      errorModes:
        'An Add File hunk for a file that already exists is refused (ALREADY_EXISTS; Codex silently overwrites it)',
      async run() {
        const { res, e } = await apply(
          { 'duplicate.txt': 'old content\n' },
          '*** Begin Patch\n*** Add File: duplicate.txt\n+new content\n*** End Patch',
        );
        failed(res, FailureCode.FAILURE_CODE_ALREADY_EXISTS);
        assert.equal(readFileSync(e.abs('duplicate.txt'), 'utf8'), 'old content\n');
      },
    },
    {
      name: 'test_apply_patch_cli_delete_directory_fails',
      verdict: 'matched',
      async run() {
        const e = await server.get();
        e.reset();
        mkdirSync(e.abs('dir'));
        const res = await e.call('apply_patch', { input: '*** Begin Patch\n*** Delete File: dir\n*** End Patch' });
        failed(res, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
        assert.deepEqual(e.snapshot(), { dir: null });
      },
    },
    {
      name: 'test_apply_patch_cli_rejects_invalid_hunk_header',
      verdict: 'matched',
      async run() {
        const { res } = await apply({}, '*** Begin Patch\n*** Frobnicate File: foo\n*** End Patch');
        failed(res, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
        assert.match(output(res), /^Invalid patch hunk on line 2: /);
      },
    },
    {
      name: 'test_apply_patch_cli_updates_file_appends_trailing_newline',
      verdict: 'matched',
      async run() {
        const { res, e } = await apply(
          { 'no_newline.txt': 'no newline at end' },
          '*** Begin Patch\n*** Update File: no_newline.txt\n@@\n-no newline at end\n+first line\n+second line\n*** End Patch',
        );
        succeeded(res, 'M no_newline.txt');
        assert.equal(readFileSync(e.abs('no_newline.txt'), 'utf8'), 'first line\nsecond line\n');
      },
    },
    {
      name: 'test_apply_patch_cli_failure_after_partial_success_leaves_changes',
      verdict: 'different',
      reason: 'all or nothing: when a later hunk fails, Facet applies none, so created.txt is not left behind',
      errorModes: 'All or nothing (safer than Codex, which keeps the hunks applied before a failing one)',
      async run() {
        const { res, e } = await apply(
          {},
          '*** Begin Patch\n*** Add File: created.txt\n+hello\n*** Update File: missing.txt\n@@\n-old\n+new\n*** End Patch',
        );
        failed(res, FailureCode.FAILURE_CODE_NOT_FOUND);
        assert.deepEqual(e.snapshot(), {});
      },
    },
  ],
};

export const codexApplyPatchCli: ReplaySuite = {
  vendor: 'codex',
  shape: 'codex@0.169.0',
  tool: 'apply_patch',
  source: 'openai/codex codex-rs/apply-patch/tests/suite/cli.rs @71163530',
  cases: [
    {
      name: 'test_apply_patch_cli_add_and_update',
      verdict: 'matched',
      async run() {
        const { res, e } = await apply({}, '*** Begin Patch\n*** Add File: cli_test.txt\n+hello\n*** End Patch');
        succeeded(res, 'A cli_test.txt');
        assert.equal(readFileSync(e.abs('cli_test.txt'), 'utf8'), 'hello\n');
        const upd = await e.call('apply_patch', {
          input: '*** Begin Patch\n*** Update File: cli_test.txt\n@@\n-hello\n+world\n*** End Patch',
        });
        succeeded(upd, 'M cli_test.txt');
        assert.equal(readFileSync(e.abs('cli_test.txt'), 'utf8'), 'world\n');
      },
    },
    {
      name: 'test_apply_patch_cli_stdin_add_and_update',
      verdict: 'not-applicable',
      reason:
        "it feeds the patch to the apply_patch binary's standard input; Facet takes a patch only as the call's input argument (the same add-then-update replays above)",
    },
  ],
};

export const codexApplyPatchFsSandbox: ReplaySuite = {
  vendor: 'codex',
  shape: 'codex@0.169.0',
  tool: 'apply_patch',
  source: 'openai/codex codex-rs/apply-patch/tests/fs_sandbox.rs @3778fe2d',
  cases: [
    'verified_parse_passes_sandbox_to_filesystem_reads',
    'apply_patch_passes_sandbox_to_add_file_operations',
    'apply_patch_passes_sandbox_to_delete_file_operations',
    'apply_patch_passes_sandbox_to_update_file_operations',
  ].map((name) => ({
    name,
    verdict: 'not-applicable' as const,
    reason:
      "it records which calls Codex's internal filesystem abstraction receives and that each carries the sandbox context; Facet has no such pluggable layer (its scope check is replayed by the tool's own tests)",
  })),
};
