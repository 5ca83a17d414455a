// Qwen Code's edit tests (packages/core/src/tools/edit.test.ts), replayed through the qwen shape's
// edit. Qwen's default read cache requires the file to have been read in the session before an
// edit (edit_requires_prior_read); the upstream mock config leaves that check out. So: a case
// whose upstream edit of an unread file succeeds is a deliberate difference (refused, then shown
// to succeed after a read); a case about another error reads the file first, as a Qwen session
// must, and checks that error. The replacement-helper unit tests are replayed as edits where the
// helper's result is what the tool writes.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { replayDir, replayServer } from './env.js';
import { outcome, type Outcome } from '../shapes/gemini/harness.js';

const server = replayServer('qwen@0.15.10');
const OUTSIDE = 'path_not_in_workspace';
const PRIOR_READ = 'edit_requires_prior_read';

let n = 0;
async function qwen() {
  const e = await server.get();
  const d = path.join(e.root, `edit-${++n}`);
  mkdirSync(d);
  const session = `edit-${n}`;
  const p = (rel: string) => path.join(d, rel);
  const edit = async (args: Record<string, unknown>): Promise<Outcome> =>
    outcome(await e.call('edit', args, { session }));
  const read = async (file: string): Promise<Outcome> =>
    outcome(await e.call('read_file', { file_path: file }, { session }));
  /** Writes `content` to `file`, reads it in the session, then edits it. */
  const readThenEdit = async (
    file: string,
    content: string | Buffer,
    args: Record<string, unknown>,
  ): Promise<Outcome> => {
    writeFileSync(p(file), content);
    await read(p(file));
    return edit({ file_path: p(file), ...args });
  };
  return { d, p, edit, read, readThenEdit };
}

const na = (name: string, reason: string): ReplayCase => ({ name, verdict: 'not-applicable', reason });
const HELPER =
  "a unit test of Qwen's internal replacement helper for a state the tool never reaches (no file, or an empty old_string on an existing file, which the tool refuses first)";
const CONFIRM = "Qwen's confirmation prompt (the diff it shows before editing)";
const DESCRIPTION = "the invocation's one-line description for Qwen's UI";
const ATTRIBUTION = "Qwen's commit-attribution bookkeeping; nothing reaches the model";
const ABORT = "spies on Qwen's internal calculateEdit to fail after an abort";
const EDITED = /^The file: .* has been updated\. Showing lines \d+-\d+ of \d+ from the edited file:/;

function typed(o: Outcome, type: string): void {
  assert.equal(o.errorType, type, o.error || o.text);
}

/** A helper unit test replayed as an edit: `content` edited gives `after`. */
function replaced(
  name: string,
  content: string,
  old_string: string,
  new_string: string,
  after: string,
  replace_all = false,
): ReplayCase {
  return {
    name,
    verdict: 'matched',
    async run() {
      const { readThenEdit, p } = await qwen();
      const o = await readThenEdit('f.txt', content, {
        old_string,
        new_string,
        ...(replace_all ? { replace_all } : {}),
      });
      assert.equal(o.code, '', o.error);
      assert.equal(readFileSync(p('f.txt'), 'utf8'), after);
    },
  };
}

/** An unread file edited: refused under Qwen's default, then done after a read. */
function blind(
  name: string,
  content: string | Buffer,
  args: Record<string, unknown>,
  check: (o: Outcome, file: string) => void,
  file = 'execute_me.txt',
): ReplayCase {
  return {
    name,
    verdict: 'different',
    reason:
      "the upstream mock config turns Qwen's prior-read check off; with Qwen's default, which Facet keeps, a file not read in the session is not edited",
    errorModes: PRIOR_READ,
    async run() {
      const { p, edit, read } = await qwen();
      writeFileSync(p(file), content);
      const before = readFileSync(p(file));
      const refused = await edit({ file_path: p(file), ...args });
      assert.deepEqual([refused.code, refused.errorType], ['CONFLICT', 'edit_requires_prior_read'], refused.error);
      assert.deepEqual(readFileSync(p(file)), before);
      await read(p(file));
      check(await edit({ file_path: p(file), ...args }), p(file));
    },
  };
}

/** An error case: the session reads the file, then the edit fails with `type` and the file is unchanged. */
function fails(name: string, content: string, args: Record<string, unknown>, type: string): ReplayCase {
  return {
    name,
    verdict: 'matched',
    async run() {
      const { readThenEdit, p } = await qwen();
      typed(await readThenEdit('error_test.txt', content, args), type);
      assert.equal(readFileSync(p('error_test.txt'), 'utf8'), content);
    },
  };
}

const outside = (name: string, file: () => string): ReplayCase => ({
  name,
  verdict: 'different',
  reason:
    'Qwen edits files outside the workspace after asking the user; Facet never goes outside its roots and refuses (path_not_in_workspace)',
  errorModes: OUTSIDE,
  async run() {
    const { edit } = await qwen();
    const f = file();
    const before = existsSync(f) ? readFileSync(f) : undefined;
    const o = await edit({ file_path: f, old_string: 'old', new_string: 'new' });
    assert.deepEqual([o.code, o.errorType], ['PERMISSION_DENIED', 'path_not_in_workspace'], o.error);
    assert.deepEqual(existsSync(f) ? readFileSync(f) : undefined, before);
  },
});

let outsideDir = '';
const outsideFile = () => {
  outsideDir ||= replayDir('facet-replay-qwen-edit-outside-');
  const f = path.join(outsideDir, 'outside-root.txt');
  writeFileSync(f, 'old');
  return f;
};

export const qwenEdit: ReplaySuite = {
  vendor: 'qwen',
  shape: 'qwen@0.15.10',
  tool: 'edit',
  source: 'QwenLM/qwen-code packages/core/src/tools/edit.test.ts @0103af52',
  cases: [
    na('should return newString if isNewFile is true', HELPER),
    na('should return newString if currentContent is null and oldString is empty (defensive)', HELPER),
    na('should return empty string if currentContent is null and oldString is not empty (defensive)', HELPER),
    // The helper replaces every occurrence; through the tool that is replace_all.
    replaced(
      'should replace oldString with newString in currentContent',
      'hello old world old',
      'old',
      'new',
      'hello new world new',
      true,
    ),
    na('should return currentContent if oldString is empty and not a new file', HELPER),
    replaced(
      'should treat $ literally and not as replacement pattern',
      "price is $100 and pattern end is ' '",
      'price is $100',
      'price is $200',
      "price is $200 and pattern end is ' '",
    ),
    replaced("should treat $' literally and not as a replacement pattern", 'foo', 'foo', "bar$'baz", "bar$'baz"),
    replaced(
      'should treat $& literally and not as a replacement pattern',
      'hello world',
      'hello',
      '$&-replacement',
      '$&-replacement world',
    ),
    replaced(
      'should treat $` literally and not as a replacement pattern',
      'prefix-middle-suffix',
      'middle',
      'new$`content',
      'prefix-new$`content-suffix',
    ),
    replaced(
      'should treat $1, $2 capture groups literally',
      'test string',
      'test',
      '$1$2replacement',
      '$1$2replacement string',
    ),
    replaced(
      'should use replaceAll for normal strings without problematic $ sequences',
      'normal text replacement',
      'text',
      'string',
      'normal string replacement',
    ),
    replaced(
      'should handle multiple occurrences with problematic $ sequences',
      'foo bar foo baz',
      'foo',
      "test$'end",
      "test$'end bar test$'end baz",
      true,
    ),
    replaced(
      'should handle complex regex patterns with $ at end',
      "| select('match', '^[sv]d[a-z]$')",
      "'^[sv]d[a-z]$'",
      "'^[sv]d[a-z]$' # updated",
      "| select('match', '^[sv]d[a-z]$' # updated)",
    ),
    na(
      'should handle empty replacement with problematic $ in newString',
      "a unit test of Qwen's internal replacement helper when old_string is absent (the helper returns the text unchanged; the tool reports edit_no_occurrence_found, replayed below)",
    ),
    replaced('should handle $$ (escaped dollar) correctly', 'price value', 'value', '$$100', 'price $$100'),
    {
      name: 'should return null for valid params',
      verdict: 'matched',
      async run() {
        // Valid parameters: the call gets as far as the (missing) file.
        const { edit, p } = await qwen();
        typed(await edit({ file_path: p('test.txt'), old_string: 'old', new_string: 'new' }), 'file_not_found');
      },
    },
    {
      name: 'should return error for relative path',
      verdict: 'matched',
      async run() {
        const { edit } = await qwen();
        typed(await edit({ file_path: 'test.txt', old_string: 'old', new_string: 'new' }), 'invalid_tool_params');
      },
    },
    outside('should allow path outside root (external path support)', outsideFile),
    ...(
      [
        ['should unescape shell-escaped spaces in file_path', 'my\\ file.txt', 'my file.txt'],
        [
          'should unescape multiple shell-escaped characters in file_path',
          'project\\ \\(v2\\)\\ \\&\\ more.txt',
          'project (v2) & more.txt',
        ],
        [
          'should preserve literal backslashes in file_path',
          'path\\\\with\\\\slashes.txt',
          'path\\\\with\\\\slashes.txt',
        ],
      ] as const
    ).map(([name, given, real]): ReplayCase => ({
      name,
      verdict: 'matched',
      async run() {
        const { readThenEdit, p } = await qwen();
        writeFileSync(p(real), 'old');
        const o = await readThenEdit(real, 'old', { file_path: p(given), old_string: 'old', new_string: 'new' });
        assert.equal(o.code, '', o.error);
        assert.equal(readFileSync(p(real), 'utf8'), 'new');
      },
    })),
    {
      name: 'should throw an error if params are invalid',
      verdict: 'matched',
      async run() {
        const { edit } = await qwen();
        typed(await edit({ file_path: 'relative.txt', old_string: 'old', new_string: 'new' }), 'invalid_tool_params');
      },
    },
    na('should request confirmation for valid edit', CONFIRM),
    fails(
      'should throw if old_string is not found',
      'some content here',
      { old_string: 'not_found', new_string: 'new' },
      'edit_no_occurrence_found',
    ),
    fails(
      'should throw if multiple occurrences of old_string are found',
      'old old content here',
      { old_string: 'old', new_string: 'new' },
      'edit_expected_occurrence_mismatch',
    ),
    na('should request confirmation for creating a new file (empty old_string)', CONFIRM),
    na('should rethrow calculateEdit errors when the abort signal is triggered', ABORT),
    {
      name: 'should throw error if file path is not absolute',
      verdict: 'matched',
      async run() {
        const { edit } = await qwen();
        typed(await edit({ file_path: 'relative.txt', old_string: 'old', new_string: 'new' }), 'invalid_tool_params');
      },
    },
    {
      name: 'should throw error if file path is empty',
      verdict: 'matched',
      async run() {
        const { edit } = await qwen();
        typed(await edit({ file_path: '', old_string: 'old', new_string: 'new' }), 'invalid_tool_params');
      },
    },
    na('should reject when calculateEdit fails after an abort signal', ABORT),
    blind(
      'should edit an existing file and return diff with fileName',
      'This is some old text.',
      { old_string: 'old', new_string: 'new' },
      (o, f) => {
        assert.match(o.text, EDITED);
        assert.equal(readFileSync(f, 'utf8'), 'This is some new text.');
        assert.match(String(o.display.diff), /-This is some old text\.[\s\S]*\+This is some new text\./);
      },
    ),
    na('records AI-originated edits in the attribution service', ATTRIBUTION),
    na('skips attribution when the edit is modified_by_user', ATTRIBUTION),
    {
      name: 'should create a new file if old_string is empty and file does not exist, and return created message',
      verdict: 'matched',
      async run() {
        const { edit, p } = await qwen();
        const o = await edit({
          file_path: p('brand_new_file.txt'),
          old_string: '',
          new_string: 'Content for the new file.',
        });
        assert.match(
          o.text,
          /^Created new file: .* with provided content\. Showing lines \d+-\d+ of \d+ from the edited file:/,
        );
        assert.equal(readFileSync(p('brand_new_file.txt'), 'utf8'), 'Content for the new file.');
        assert.match(String(o.display.diff), /\+Content for the new file\./);
      },
    },
    na(
      'should create new file with BOM when defaultFileEncoding is utf-8-bom',
      "Qwen's defaultFileEncoding setting; Facet has no such setting (new files are UTF-8 without a BOM)",
    ),
    {
      name: 'should create new file without BOM when defaultFileEncoding is utf-8',
      verdict: 'matched',
      async run() {
        const { edit, p } = await qwen();
        await edit({ file_path: p('no_bom_new_file.txt'), old_string: '', new_string: 'Content without BOM.' });
        assert.deepEqual(readFileSync(p('no_bom_new_file.txt')), Buffer.from('Content without BOM.'));
      },
    },
    blind(
      'should preserve BOM character in content when editing existing file',
      '\ufeff// Original line\nconst x = 1;',
      { old_string: 'const x = 1;', new_string: 'const x = 2;' },
      (o, f) => {
        assert.equal(o.code, '', o.error);
        const after = readFileSync(f, 'utf8');
        assert.equal(after.charCodeAt(0), 0xfeff);
        assert.ok(after.includes('const x = 2;'));
      },
      'existing_bom.txt',
    ),
    fails(
      'should return error if old_string is not found in file',
      'Some content.',
      { old_string: 'nonexistent', new_string: 'replacement' },
      'edit_no_occurrence_found',
    ),
    fails(
      'should return error if multiple occurrences of old_string are found and replace_all is false',
      'multiple old old strings',
      { old_string: 'old', new_string: 'new' },
      'edit_expected_occurrence_mismatch',
    ),
    blind(
      'should successfully replace multiple occurrences when replace_all is true',
      'old text\nold text\nold text',
      { old_string: 'old', new_string: 'new', replace_all: true },
      (o, f) => {
        assert.match(o.text, EDITED);
        assert.equal(readFileSync(f, 'utf8'), 'new text\nnew text\nnew text');
        assert.match(String(o.display.diff), /-old text\n-old text\n-old text/);
        assert.match(String(o.display.diff), /\+new text\n\+new text\n\+new text/);
      },
    ),
    fails(
      'should return error if trying to create a file that already exists (empty old_string)',
      'Existing content',
      { old_string: '', new_string: 'new content' },
      'attempt_to_create_existing_file',
    ),
    ...(
      [
        'should not include modification message when proposed content is not modified',
        'should not include modification message when modified_by_user is not provided',
      ] as const
    ).map((name) =>
      blind(name, 'This is some old text.', { old_string: 'old', new_string: 'new' }, (o) => {
        assert.match(o.text, EDITED);
        assert.ok(!/User modified the `new_string` content/.test(o.text));
      }),
    ),
    fails(
      'should return error if old_string and new_string are identical',
      'This is some identical text.',
      { old_string: 'identical', new_string: 'identical' },
      'edit_no_change',
    ),
    fails(
      'should return EDIT_NO_CHANGE error if replacement results in identical content',
      'line 1\nline  2\nline 3',
      { old_string: 'line 1\nline 2\nline 3', new_string: 'line 1\nnew line 2\nline 3' },
      'edit_no_occurrence_found',
    ),
    {
      name: 'should return FILE_NOT_FOUND error',
      verdict: 'matched',
      async run() {
        const { edit, p } = await qwen();
        typed(await edit({ file_path: p('error_test.txt'), old_string: 'any', new_string: 'new' }), 'file_not_found');
      },
    },
    fails(
      'should return ATTEMPT_TO_CREATE_EXISTING_FILE error',
      'existing content',
      { old_string: '', new_string: 'new content' },
      'attempt_to_create_existing_file',
    ),
    fails(
      'should return NO_OCCURRENCE_FOUND error',
      'content',
      { old_string: 'not-found', new_string: 'new' },
      'edit_no_occurrence_found',
    ),
    fails(
      'should return EXPECTED_OCCURRENCE_MISMATCH error when replace_all is false and text is not unique',
      'one one two',
      { old_string: 'one', new_string: 'new' },
      'edit_expected_occurrence_mismatch',
    ),
    fails(
      'should return NO_CHANGE error',
      'content',
      { old_string: 'content', new_string: 'content' },
      'edit_no_change',
    ),
    {
      name: 'should throw INVALID_PARAMETERS error for relative path',
      verdict: 'matched',
      async run() {
        const { edit } = await qwen();
        typed(await edit({ file_path: 'relative/path.txt', old_string: 'a', new_string: 'b' }), 'invalid_tool_params');
      },
    },
    na(
      'should return FILE_WRITE_FAILURE on write error',
      'skipped when run as root (a read-only mode bit does not stop root), which is how this replay runs in the project container; the engine tests cover write failures',
    ),
    na('should return "No file changes to..." if old_string and new_string are the same', DESCRIPTION),
    na('should return a snippet of old and new strings if they are different', DESCRIPTION),
    na('should handle very short strings correctly in the description', DESCRIPTION),
    na('should truncate long strings in the description', DESCRIPTION),
    {
      name: 'records a write into the cache so a follow-up Read sees lastWriteAt',
      verdict: 'matched',
      async run() {
        // What the record is for: after read, edit, a full read gives the edited text, not the unchanged note.
        const { readThenEdit, read, p } = await qwen();
        assert.equal(
          (await readThenEdit('cached.txt', 'old content', { old_string: 'old content', new_string: 'new content' }))
            .code,
          '',
        );
        assert.equal((await read(p('cached.txt'))).text, 'new content');
      },
    },
    blind(
      'should read and edit a file whose name contains spaces when given an escaped path',
      'Hello old world!',
      { old_string: 'old', new_string: 'new' },
      (o, f) => {
        assert.match(o.text, /Showing lines \d+-\d+ of \d+/);
        assert.equal(readFileSync(f, 'utf8'), 'Hello new world!');
      },
      'my spaced file.txt',
    ),
    {
      name: 'should fail gracefully when escaped path points to nonexistent file',
      verdict: 'matched',
      async run() {
        const { edit, p } = await qwen();
        typed(
          await edit({ file_path: p('nonexistent\\ file.txt'), old_string: 'old', new_string: 'new' }),
          'file_not_found',
        );
      },
    },
    {
      name: 'should validate paths are within workspace root',
      verdict: 'matched',
      async run() {
        const { edit, p } = await qwen();
        typed(await edit({ file_path: p('file.txt'), old_string: 'old', new_string: 'new' }), 'file_not_found');
      },
    },
    outside('should allow paths outside workspace root (external path support)', () => '/etc/passwd'),
  ],
};
