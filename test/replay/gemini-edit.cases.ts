// Gemini CLI's replace tests (packages/core/src/tools/edit.test.ts), replayed over gRPC.
// Unit tests of its internal helpers (applyReplacement, calculateReplacement) are replayed
// through the tool with the same file content and strings; where the helper was called
// without allow_multiple but counted several places, the replay sets allow_multiple so the
// tool applies what the helper computed.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { call, fresh, outside, read } from './gemini-bench.js';

const NO_LLM = 'mocks the model-based edit fixer (FixLLMEditWithInstruction); Facet makes no model calls';

/** Writes `content` to a fresh file, runs replace, and returns the outcome and the file after. */
async function replaceIn(content: string | undefined, args: Record<string, unknown>, name = 'test.txt') {
  const file = path.join(fresh(), name);
  if (content !== undefined) writeFileSync(file, content);
  const o = await call('replace', { file_path: file, instruction: 'test', ...args });
  return { o, file, after: content === undefined && o.error ? undefined : read(file) };
}

/** A replacement that succeeds with `expected` as the file after. */
async function replaces(
  content: string,
  oldString: string,
  newString: string,
  expected: string,
  more: Record<string, unknown> = {},
): Promise<void> {
  const { o, after } = await replaceIn(content, { old_string: oldString, new_string: newString, ...more });
  assert.equal(o.error, '', o.error);
  assert.equal(after, expected);
}

/** A replacement that fails with Gemini's error type and leaves the file as it was. */
async function refuses(
  content: string | undefined,
  oldString: string,
  newString: string,
  errorType: string,
  more: Record<string, unknown> = {},
): Promise<void> {
  const { o, after } = await replaceIn(content, { old_string: oldString, new_string: newString, ...more });
  assert.notEqual(o.error, '');
  assert.equal(o.errorType, errorType, o.error);
  assert.equal(after, content);
}

const dollar: Array<[string, string, string, string, string, boolean?]> = [
  [
    '$ literal',
    "price is $100 and pattern end is ' '",
    'price is $100',
    'price is $200',
    "price is $200 and pattern end is ' '",
  ],
  ["$' literal", 'foo', 'foo', "bar$'baz", "bar$'baz"],
  ['$& literal', 'hello world', 'hello', '$&-replacement', '$&-replacement world'],
  ['$` literal', 'prefix-middle-suffix', 'middle', 'new$`content', 'prefix-new$`content-suffix'],
  ['$1, $2 capture groups literal', 'test string', 'test', '$1$2replacement', '$1$2replacement string'],
  ['normal strings without problematic $', 'normal text replacement', 'text', 'string', 'normal string replacement'],
  ['multiple occurrences with $ sequences', 'foo bar foo baz', 'foo', "test$'end", "test$'end bar test$'end baz", true],
  [
    'complex regex patterns with $ at end',
    "| select('match', '^[sv]d[a-z]$')",
    "'^[sv]d[a-z]$'",
    "'^[sv]d[a-z]$' # updated",
    "| select('match', '^[sv]d[a-z]$' # updated)",
  ],
  ['$$ (escaped dollar)', 'price value', 'value', '$$100', 'price $$100'],
];

const cases: ReplayCase[] = [
  // applyReplacement
  {
    name: 'should return newString if isNewFile is true',
    verdict: 'matched',
    run: async () => {
      const { o, after } = await replaceIn(undefined, { old_string: '', new_string: 'new' });
      assert.equal(o.error, '');
      assert.equal(after, 'new');
    },
  },
  {
    name: 'should return newString if currentContent is null and oldString is empty (defensive)',
    verdict: 'matched',
    run: async () => {
      const { o, after } = await replaceIn(undefined, { old_string: '', new_string: 'new' }, 'nested/dir/new.txt');
      assert.equal(o.error, '');
      assert.equal(after, 'new');
    },
  },
  {
    name: 'should return empty string if currentContent is null and oldString is not empty (defensive)',
    verdict: 'not-applicable',
    reason:
      'an internal defensive branch the tool never reaches: a missing file with a non-empty old_string is reported as file_not_found first (replayed as "should return FILE_NOT_FOUND error")',
  },
  {
    name: 'should replace oldString with newString in currentContent',
    verdict: 'matched',
    run: () => replaces('hello old world old', 'old', 'new', 'hello new world new', { allow_multiple: true }),
  },
  {
    name: 'should return currentContent if oldString is empty and not a new file',
    verdict: 'matched',
    run: () => refuses('hello world', '', 'new', 'attempt_to_create_existing_file'),
  },
  ...dollar.map(([name, current, oldStr, newStr, expected, multiple]): ReplayCase => ({
    name: `should handle ${name}`,
    verdict: 'matched',
    run: () => replaces(current, oldStr, newStr, expected, multiple ? { allow_multiple: true } : {}),
  })),
  {
    name: 'should handle empty replacement with problematic $',
    verdict: 'matched',
    run: () => refuses('test content', 'nothing', "replacement$'text", 'edit_no_occurrence_found'),
  },
  // calculateReplacement
  {
    name: 'should perform an exact replacement',
    verdict: 'matched',
    run: () => replaces('hello world', 'world', 'moon', 'hello moon'),
  },
  {
    name: 'should perform a flexible, whitespace-insensitive replacement',
    verdict: 'matched',
    run: () => replaces('  hello\n    world\n', 'hello\nworld', 'goodbye\nmoon', '  goodbye\n  moon\n'),
  },
  {
    name: 'should return 0 occurrences if no match is found',
    verdict: 'matched',
    run: () => refuses('hello world', 'nomatch', 'moon', 'edit_no_occurrence_found'),
  },
  {
    name: 'should perform a regex-based replacement for flexible intra-line whitespace',
    verdict: 'matched',
    run: () =>
      replaces(
        '  function  myFunc( a, b ) {\n    return a + b;\n  }',
        'function myFunc(a, b) {',
        'const yourFunc = (a, b) => {',
        '  const yourFunc = (a, b) => {\n    return a + b;\n  }',
      ),
  },
  {
    name: 'should perform a fuzzy replacement when exact match fails but similarity is high',
    verdict: 'matched',
    run: async () => {
      const newString = 'const myConfig = {\n  enableFeature: false,\n  retries: 5\n};';
      const { o, after } = await replaceIn(
        'const myConfig = {\n  enableFeature: true,\n  retries: 3\n};',
        {
          old_string: 'const myConfig = {\n  enableFeature: true\n  retries: 3\n};',
          new_string: newString,
        },
        'config.ts',
      );
      assert.equal(o.error, '');
      assert.equal(after, newString);
      assert.match(o.text, / Applied fuzzy match at line 1-4\.$/);
    },
  },
  {
    name: 'should NOT perform a fuzzy replacement when similarity is below threshold',
    verdict: 'matched',
    run: () =>
      refuses(
        'const myConfig = {\n  enableFeature: true,\n  retries: 3\n};',
        'function somethingElse() {\n  return false;\n}',
        'const myConfig = {\n  enableFeature: false,\n  retries: 5\n};',
        'edit_no_occurrence_found',
      ),
  },
  {
    name: 'should NOT perform a fuzzy replacement when the complexity (length * size) is too high',
    verdict: 'matched',
    run: () => {
      const long = 'a'.repeat(2000);
      return refuses(Array(200).fill(long).join('\n'), long + 'c', 'replacement', 'edit_no_occurrence_found');
    },
  },
  {
    name: 'should perform multiple fuzzy replacements if multiple valid matches are found',
    verdict: 'matched',
    run: async () => {
      const content =
        '\nfunction doIt() {\n  console.log("hello");\n}\n\nfunction doIt() {\n  console.log("hello");\n}\n';
      const { o, after } = await replaceIn(
        content,
        {
          old_string: "function doIt() {\n  console.log('hello');\n}",
          new_string: 'function doIt() {\n  console.log("bye");\n}',
          allow_multiple: true,
        },
        'test.ts',
      );
      assert.equal(o.error, '');
      assert.equal(
        after,
        '\nfunction doIt() {\n  console.log("bye");\n}\n\nfunction doIt() {\n  console.log("bye");\n}\n',
      );
      assert.match(o.text, /^Successfully modified file: .* \(2 replacements\)\./);
      assert.match(o.text, / Applied fuzzy match at lines 2-4, 6-8\.$/);
    },
  },
  {
    name: 'should preserve trailing newlines in flexible replacement (regression)',
    verdict: 'matched',
    run: () =>
      replaces(
        '  line1\n  line2\n  line3\n',
        'line1\nline2',
        'line1-replaced\nline2-replaced',
        '  line1-replaced\n  line2-replaced\n  line3\n',
      ),
  },
  {
    name: 'should correctly increment loop index in flexible replacement when allow_multiple is true (regression)',
    verdict: 'matched',
    run: () =>
      replaces(
        '  match1\n  match2\n  match1\n  match2\n',
        'match1\nmatch2',
        'replaced1\nreplaced2\nreplaced3',
        '  replaced1\n  replaced2\n  replaced3\n  replaced1\n  replaced2\n  replaced3\n',
        {
          allow_multiple: true,
        },
      ),
  },
  {
    name: 'should correctly rebase indentation in flexible replacement without double-indenting',
    verdict: 'matched',
    run: () =>
      replaces(
        '    if (a) {\n        foo();\n    }\n',
        'if (a) {\n    foo();\n}',
        'if (a) {\n    bar();\n}',
        '    if (a) {\n        bar();\n    }\n',
      ),
  },
  {
    name: 'should correctly rebase indentation in fuzzy replacement without double-indenting',
    verdict: 'matched',
    run: async () => {
      const { o, after } = await replaceIn(
        '    const myConfig = {\n      enableFeature: true,\n      retries: 3\n    };',
        {
          old_string: 'const myConfig = {\n  enableFeature: true\n  retries: 3\n};',
          new_string: 'const myConfig = {\n  enableFeature: false,\n  retries: 5\n};',
        },
        'test.ts',
      );
      assert.equal(o.error, '');
      assert.equal((o.display.details as Record<string, unknown>).rung, 'fuzzy');
      assert.equal(after, '    const myConfig = {\n      enableFeature: false,\n      retries: 5\n    };');
    },
  },
  {
    name: 'should NOT insert extra newlines when replacing a block preceded by a blank line (regression)',
    verdict: 'matched',
    run: () =>
      replaces(
        '\n  function oldFunc() {\n    // some code\n  }',
        'function  oldFunc() {\n    // some code\n  }',
        'function newFunc() {\n  // new code\n}',
        '\n  function newFunc() {\n    // new code\n  }',
      ),
  },
  {
    name: 'should NOT insert extra newlines in flexible replacement when old_string starts with a blank line (regression)',
    verdict: 'matched',
    run: () =>
      replaces(
        '  // some comment\n\n  function oldFunc() {}',
        '\nfunction oldFunc() {}',
        '\n  function newFunc() {}',
        '  // some comment\n\n  function newFunc() {}',
      ),
  },
  // validateToolParams
  { name: 'should return null for valid params', verdict: 'matched', run: () => replaces('old', 'old', 'new', 'new') },
  {
    name: 'should return an error if path is outside the workspace',
    verdict: 'matched',
    run: async () => {
      const o = await call('replace', {
        file_path: outside('outside.txt'),
        instruction: 'An instruction',
        old_string: 'old',
        new_string: 'new',
      });
      assert.equal(o.errorType, 'path_not_in_workspace');
      assert.equal(o.code, 'PERMISSION_DENIED');
    },
  },
  {
    name: 'should reject omission placeholder in new_string when old_string does not contain that placeholder',
    verdict: 'matched',
    run: () => refuses('old content', 'old content', '(rest of methods ...)', 'invalid_tool_params'),
  },
  {
    name: 'should reject new_string when it contains an additional placeholder not present in old_string',
    verdict: 'matched',
    run: () =>
      refuses(
        '(rest of methods ...)',
        '(rest of methods ...)',
        '(rest of methods ...)\n(unchanged code ...)',
        'invalid_tool_params',
      ),
  },
  {
    name: 'should allow omission placeholders when all are already present in old_string',
    verdict: 'matched',
    run: () =>
      replaces(
        '(rest of methods ...)\n(unchanged code ...)',
        '(rest of methods ...)\n(unchanged code ...)',
        '(unchanged code ...)\n(rest of methods ...)',
        '(unchanged code ...)\n(rest of methods ...)',
      ),
  },
  {
    name: 'should allow normal code that contains placeholder text in a string literal',
    verdict: 'matched',
    run: () =>
      replaces(
        'const msg = "old";',
        'const msg = "old";',
        'const msg = "(rest of methods ...)";',
        'const msg = "(rest of methods ...)";',
      ),
  },
  ...[
    'should sanitize null bytes in absolute path during validation',
    'should sanitize null bytes in absolute path during invocation setup',
  ].map((name): ReplayCase => ({
    name,
    verdict: 'different',
    reason:
      'Gemini CLI drops a NUL byte from the path and edits the file named without it; Facet refuses the path (invalid_tool_params) and edits nothing, since the path sent is not the file that would change',
    errorModes: 'file_path holds a NUL byte',
    run: async () => {
      const dir = fresh();
      writeFileSync(path.join(dir, 'test.txt'), 'old');
      const o = await call('replace', {
        file_path: path.join(dir, 'test\0.txt'),
        instruction: 'An instruction',
        old_string: 'old',
        new_string: 'new',
      });
      assert.equal(o.errorType, 'invalid_tool_params');
      assert.equal(o.code, 'PERMISSION_DENIED');
      assert.match(o.error, /NUL byte/);
      assert.equal(read(path.join(dir, 'test.txt')), 'old');
    },
  })),
  // execute
  {
    name: 'should reject when calculateEdit fails after an abort signal',
    verdict: 'not-applicable',
    reason: 'spies on the internal calculateEdit to throw; nothing a caller can send reproduces it',
  },
  {
    name: 'should edit an existing file and return diff with fileName',
    verdict: 'matched',
    run: async () => {
      const { o, file, after } = await replaceIn(
        'This is some old text.',
        { old_string: 'old', new_string: 'new' },
        'execute_me.txt',
      );
      assert.equal(
        o.text,
        `Successfully modified file: ${file} (1 replacements). Here is the updated code:\nThis is some new text.`,
      );
      assert.equal(after, 'This is some new text.');
      assert.match(String(o.display.diff), /-This is some old text\.[\s\S]*\+This is some new text\./);
    },
  },
  {
    name: 'should return error if old_string is not found in file',
    verdict: 'different',
    reason:
      'with LLM correction on, Gemini CLI asks its model to repair old_string before failing; Facet has no model-based self-correction and fails at once with the same error type',
    errorModes: 'no model-based self-correction',
    run: () => refuses('Some content.', 'nonexistent', 'replacement', 'edit_no_occurrence_found'),
  },
  {
    name: 'should succeed if FixLLMEditWithInstruction corrects the params',
    verdict: 'not-applicable',
    reason: NO_LLM,
  },
  {
    name: 'should preserve CRLF line endings when editing a file',
    verdict: 'matched',
    run: () => replaces('line one\r\nline two\r\n', 'line two', 'line three', 'line one\r\nline three\r\n'),
  },
  {
    name: 'should create a new file with CRLF line endings if new_string has them',
    verdict: 'matched',
    run: async () => {
      const { o, file, after } = await replaceIn(
        undefined,
        { old_string: '', new_string: 'new line one\r\nnew line two\r\n' },
        'execute_me.txt',
      );
      assert.equal(o.error, '');
      assert.ok(
        o.text.startsWith(`Created new file: ${file} with provided content. Here is the updated code:\n`),
        o.text,
      );
      assert.equal(after, 'new line one\r\nnew line two\r\n');
    },
  },
  {
    name: 'should return NO_CHANGE if FixLLMEditWithInstruction determines no changes are needed',
    verdict: 'not-applicable',
    reason: NO_LLM,
  },
  {
    name: 'should use refreshed file content for self-correction if file was modified externally',
    verdict: 'not-applicable',
    reason: `${NO_LLM}; the case spies on file reads`,
  },
  // Error Scenarios
  {
    name: 'should return FILE_NOT_FOUND error',
    verdict: 'matched',
    run: () => refuses(undefined, 'any', 'new', 'file_not_found'),
  },
  {
    name: 'should return ATTEMPT_TO_CREATE_EXISTING_FILE error',
    verdict: 'matched',
    run: () => refuses('existing content', '', 'new content', 'attempt_to_create_existing_file'),
  },
  {
    name: 'should return NO_OCCURRENCE_FOUND error',
    verdict: 'matched',
    run: () => refuses('content', 'not-found', 'new', 'edit_no_occurrence_found'),
  },
  {
    name: 'should return EXPECTED_OCCURRENCE_MISMATCH error',
    verdict: 'matched',
    run: () => refuses('one one two', 'one', 'new', 'edit_expected_occurrence_mismatch'),
  },
  // allow_multiple
  ...(
    [
      ['succeed when allow_multiple is true and there are multiple occurrences', 'foo foo foo', true, 'bar bar bar'],
      ['succeed when allow_multiple is true and there is exactly 1 occurrence', 'foo', true, 'bar'],
      [
        'fail when allow_multiple is false and there are multiple occurrences',
        'foo foo foo',
        false,
        'edit_expected_occurrence_mismatch',
      ],
      [
        'default to 1 expected replacement if allow_multiple not specified',
        'foo foo',
        undefined,
        'edit_expected_occurrence_mismatch',
      ],
      ['succeed when allow_multiple is false and there is exactly 1 occurrence', 'foo', false, 'bar'],
      ['fail when allow_multiple is true but there are 0 occurrences', 'baz', true, 'edit_no_occurrence_found'],
      ['fail when allow_multiple is false but there are 0 occurrences', 'baz', false, 'edit_no_occurrence_found'],
    ] as Array<[string, string, boolean | undefined, string]>
  ).map(([name, content, multiple, outcome]): ReplayCase => ({
    name: `should ${name}`,
    verdict: 'matched',
    run: () => {
      const more = multiple === undefined ? {} : { allow_multiple: multiple };
      return name.startsWith('succeed')
        ? replaces(content, 'foo', 'bar', outcome, more)
        : refuses(content, 'foo', 'bar', outcome, more);
    },
  })),
  {
    name: 'should call ideClient.openDiff and update params on confirmation',
    verdict: 'not-applicable',
    reason: "the IDE's diff view and the confirmation flow are the CLI's UI",
  },
  {
    name: 'should rethrow calculateEdit errors when the abort signal is triggered',
    verdict: 'not-applicable',
    reason: "the confirmation step is the CLI's UI; the case spies on an internal method",
  },
  {
    name: 'should perform multiple removals and report correct diff stats',
    verdict: 'matched',
    run: async () => {
      // Upstream picks 5-10 lines and removes 2 or 3 at random; here each combination's ends.
      let removed = 0;
      let expected = 0;
      for (const [i, [total, cut]] of (
        [
          [5, 2],
          [10, 3],
          [7, 3],
          [6, 2],
        ] as const
      ).entries()) {
        const lines = Array.from({ length: total }, (_, j) => `File ${i}, Line ${j + 1}`);
        const content = lines.join('\n') + '\n';
        const toRemove = lines.slice(1, 1 + cut).join('\n') + '\n';
        const { o, after } = await replaceIn(content, { old_string: toRemove, new_string: '' }, `test-file-${i}.txt`);
        assert.equal(o.error, '');
        assert.equal(after, content.replace(toRemove, ''));
        removed += Number((o.display.counts as Record<string, unknown>).removed);
        expected += cut;
      }
      assert.equal(removed, expected);
    },
  },
  {
    name: 'should NOT call FixLLMEditWithInstruction when disableLLMCorrection is true',
    verdict: 'matched',
    run: () => refuses('Some content.', 'nonexistent', 'replacement', 'edit_no_occurrence_found'),
  },
  {
    name: 'should call FixLLMEditWithInstruction when disableLLMCorrection is false',
    verdict: 'not-applicable',
    reason: NO_LLM,
  },
  {
    name: 'should NOT call FixLLMEditWithInstruction for .json files even when disableLLMCorrection is false',
    verdict: 'not-applicable',
    reason: NO_LLM,
  },
  {
    name: 'should NOT call FixLLMEditWithInstruction for .ipynb files even when disableLLMCorrection is false',
    verdict: 'not-applicable',
    reason: NO_LLM,
  },
  {
    name: 'should append JIT context to output when enabled and context is found',
    verdict: 'different',
    reason:
      'Gemini CLI appends project context files (GEMINI.md) found near the edited file; Facet leaves context files to the host and appends nothing',
    errorModes: 'no GEMINI.md context is appended',
    run: async () => {
      const dir = fresh();
      writeFileSync(path.join(dir, 'GEMINI.md'), 'Use the useAuth hook.\n');
      writeFileSync(path.join(dir, 'jit-edit-test.txt'), 'some old text here');
      const o = await call('replace', {
        file_path: path.join(dir, 'jit-edit-test.txt'),
        instruction: 'Replace old with new',
        old_string: 'old',
        new_string: 'new',
      });
      assert.equal(
        o.text,
        `Successfully modified file: ${path.join(dir, 'jit-edit-test.txt')} (1 replacements). Here is the updated code:\nsome new text here`,
      );
    },
  },
  {
    name: 'should not append JIT context when disabled',
    verdict: 'matched',
    run: async () => {
      const { o } = await replaceIn(
        'some old text here',
        { old_string: 'old', new_string: 'new' },
        'jit-disabled-edit-test.txt',
      );
      assert.equal(o.error, '');
      assert.doesNotMatch(o.text, /Newly Discovered Project Context/);
    },
  },
  {
    name: 'should allow edits to plans directory when isPlanMode is true',
    verdict: 'not-applicable',
    reason: "plan mode is the CLI's approval mode with its own plans directory; Facet serves no plan mode",
  },
];

export const geminiEdit: ReplaySuite = {
  vendor: 'gemini',
  shape: 'gemini',
  tool: 'replace',
  source:
    'google-gemini/gemini-cli packages/core/src/tools/edit.test.ts @5411f113ca (0.56.0-nightly; 0.61.0 not in the snapshot)',
  cases,
};
