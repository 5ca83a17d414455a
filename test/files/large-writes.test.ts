// Large writes: the server keeps answering while one runs, a change that happened is reported
// as done in every shape (whatever the response limit), and a diff past its budget gives way
// to counts and a note.
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import { CallToolResponse } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { filesPool } from '../../src/engine/files/worker-pool.js';
import { callTool, serverFixture, structured, texts, unary } from '../helpers/server.js';

const ONE_MB_OLD = `${'b'.repeat(99)}\n`.repeat(10_000);
const ONE_MB_NEW = `${'c'.repeat(99)}\n`.repeat(10_000);
/** A new file of exactly 3,000,000 bytes, 30,000 lines. */
const THREE_MB = `${'d'.repeat(99)}\n`.repeat(30_000);
const SEED = 'SEED\n';

const { t, dir } = serverFixture();

const display = (res: CallToolResponse) => (structured(res)?.display ?? {}) as Record<string, unknown>;
const ok = (res: CallToolResponse) => {
  assert.equal(res.error, '');
  assert.equal(res.failure, undefined);
};

test('a 1 MB all-lines-changed rewrite computes its diff in a worker, and the server answers while it runs', async () => {
  // Not timed (a loaded machine makes any bound flaky): the worker pool counts the diff it
  // computed off the event loop, and Identities are answered while the write is in flight.
  writeFileSync(path.join(dir, 'one.txt'), ONE_MB_OLD);
  const before = filesPool.answered;
  let done = false;
  const write = callTool(t.client, 'fs.write', { path: 'one.txt', content: ONE_MB_NEW }).finally(() => (done = true));
  let answered = 0;
  while (!done || answered < 5) {
    const id = await unary(t.client.identity, t.client, {});
    assert.equal(id.name, 'facet-core');
    answered++;
  }
  const res = await write;
  ok(res);
  assert.equal(filesPool.answered - before, 1, 'the diff was one worker task');
  assert.equal(readFileSync(path.join(dir, 'one.txt'), 'utf8'), ONE_MB_NEW);
  const note = 'Diff omitted (it would be over 256 KiB): 10000 lines removed, 10000 lines added.';
  assert.deepEqual(texts(res), [`Wrote one.txt (1000000 bytes).\n${note}`]);
  const s = structured(res)!;
  assert.deepEqual(
    [s.added, s.removed, s.changedLines, s.diff, s.diffOmitted],
    [10000, 10000, [], '', { reason: 'size', exactCounts: true, note }],
  );
});

/** Each shape's write or edit tool, making its own file hold THREE_MB exactly. */
interface Case {
  shape: string;
  tool: string;
  file: string;
  /** Runs before the call (an edit needs a seed file, and some shapes a read of it first). */
  prepare?: (p: string) => Promise<void>;
  args: (p: string) => Record<string, unknown>;
  /** What the model reads. */
  text: (p: string) => string;
  /** The file's content after the call (default: THREE_MB exactly). */
  content?: (text: string) => boolean;
  /** The diff note (default: ADD_NOTE for a new file, EDIT_NOTE after a seed; null: the tool shows no diff). */
  note?: string | null;
}

const seed =
  (readTool?: string, readArgs?: (p: string) => Record<string, unknown>, shape?: string) => async (p: string) => {
    writeFileSync(p, SEED);
    if (readTool) ok(await callTool(t.client, readTool, readArgs!(p), { shape, session: shape }));
  };
const ADD_NOTE = 'Diff omitted (it would be over 256 KiB): 0 lines removed, 30000 lines added.';
const EDIT_NOTE = 'Diff omitted (it would be over 256 KiB): 1 line removed, 30000 lines added.';
const CURRENT = '(file state is current in your context — no need to Read it back)';
/** Gemini shows a new or wholly replaced file whole, final line break included (as its diff-utils do). */
const SNIPPET = THREE_MB;

/** A notebook of one code cell "c1" holding SEED; the call fills the cell with THREE_MB. */
const NOTEBOOK =
  JSON.stringify(
    {
      cells: [{ cell_type: 'code', id: 'c1', metadata: {}, source: [SEED], execution_count: null, outputs: [] }],
      metadata: {},
      nbformat: 4,
      nbformat_minor: 5,
    },
    null,
    1,
  ) + '\n';
const seedNotebook = (readTool?: string, shape?: string) => async (p: string) => {
  writeFileSync(p, NOTEBOOK);
  if (readTool) ok(await callTool(t.client, readTool, { file_path: p }, { shape, session: shape }));
};
/** The notebook's one cell holds THREE_MB, kept as nbformat's list of lines. */
const filledNotebook = (text: string) => {
  const cell = (JSON.parse(text) as { cells: Array<{ id: string; source: string[] }> }).cells;
  return (
    cell.length === 1 &&
    cell[0]!.id === 'c1' &&
    cell[0]!.source.length === 30_000 &&
    cell[0]!.source.join('') === THREE_MB
  );
};
/** The notebook's JSON: its one source line becomes 30,000 lines. */
const NOTEBOOK_NOTE = 'Diff omitted (it would be over 256 KiB): 1 line removed, 30000 lines added.';

const cases: Case[] = [
  {
    shape: 'core',
    tool: 'fs.write',
    file: 'core-write.txt',
    args: () => ({ path: 'core-write.txt', content: THREE_MB }),
    text: () => `Created core-write.txt (3000000 bytes).\n${ADD_NOTE}`,
  },
  {
    shape: 'core',
    tool: 'fs.edit',
    file: 'core-edit.txt',
    prepare: seed(),
    args: () => ({ path: 'core-edit.txt', old_string: SEED, new_string: THREE_MB }),
    text: () => `Edited core-edit.txt: 1 replacement(s).\n${EDIT_NOTE}`,
  },
  {
    shape: 'claude',
    tool: 'Write',
    file: 'claude-write.txt',
    args: (p) => ({ file_path: p, content: THREE_MB }),
    text: (p) => `File created successfully at: ${p} ${CURRENT}`,
  },
  {
    shape: 'claude',
    tool: 'Edit',
    file: 'claude-edit.txt',
    prepare: seed('Read', (p) => ({ file_path: p }), 'claude'),
    args: (p) => ({ file_path: p, old_string: SEED, new_string: THREE_MB }),
    text: (p) => `The file ${p} has been updated successfully. ${CURRENT}`,
  },
  {
    shape: 'gemini',
    tool: 'write_file',
    file: 'gemini-write.txt',
    args: (p) => ({ file_path: p, content: THREE_MB }),
    text: (p) => `Successfully created and wrote to new file: ${p}. Here is the updated code:\n${SNIPPET}`,
  },
  {
    shape: 'gemini',
    tool: 'replace',
    file: 'gemini-replace.txt',
    prepare: seed(),
    args: (p) => ({ file_path: p, instruction: 'Fill the file', old_string: SEED, new_string: THREE_MB }),
    text: (p) => `Successfully modified file: ${p} (1 replacements). Here is the updated code:\n${SNIPPET}`,
  },
  {
    shape: 'qwen',
    tool: 'write_file',
    file: 'qwen-write.txt',
    args: (p) => ({ file_path: p, content: THREE_MB }),
    text: (p) => `Successfully created and wrote to new file: ${p}.`,
  },
  {
    shape: 'qwen',
    tool: 'edit',
    file: 'qwen-edit.txt',
    prepare: seed('read_file', (p) => ({ file_path: p }), 'qwen'),
    args: (p) => ({ file_path: p, old_string: SEED, new_string: THREE_MB }),
    text: (p) => `The file: ${p} has been updated.`,
  },
  {
    shape: 'kimi@1.49',
    tool: 'WriteFile',
    file: 'kimi-write.txt',
    args: (p) => ({ path: p, content: THREE_MB }),
    text: () => '<system>File successfully overwritten. Current size: 3000000 bytes.</system>',
  },
  {
    shape: 'kimi@1.49',
    tool: 'StrReplaceFile',
    file: 'kimi-edit.txt',
    prepare: seed(),
    args: (p) => ({ path: p, edit: { old: SEED, new: THREE_MB } }),
    text: () => '<system>File successfully edited. Applied 1 edit(s) with 1 total replacement(s).</system>',
  },
  {
    shape: 'grok@0.0.34',
    tool: 'create_file',
    file: 'grok-create.txt',
    args: (p) => ({ path: p, content: THREE_MB }),
    text: (p) => `Updated ${p} with 30000 additions\n${ADD_NOTE}`,
  },
  {
    shape: 'grok@0.0.34',
    tool: 'str_replace_editor',
    file: 'grok-edit.txt',
    prepare: seed(),
    args: (p) => ({ path: p, old_str: SEED, new_str: THREE_MB }),
    text: (p) => `Updated ${p} with 30000 additions and 1 removal\n${EDIT_NOTE}`,
  },
  {
    shape: 'core',
    tool: 'fs.apply_patch',
    file: 'core-patch-add.txt',
    args: () => ({
      patch: `*** Begin Patch\n*** Add File: core-patch-add.txt\n${THREE_MB.replace(/^(?=.)/gm, '+')}*** End Patch`,
    }),
    text: () => `Applied the patch:\nA core-patch-add.txt\ncore-patch-add.txt: ${ADD_NOTE}`,
  },
  {
    shape: 'core',
    tool: 'fs.apply_patch',
    file: 'core-patch-update.txt',
    prepare: seed(),
    args: () => ({
      patch: `*** Begin Patch\n*** Update File: core-patch-update.txt\n@@\n-SEED\n${THREE_MB.replace(/^(?=.)/gm, '+')}*** End Patch`,
    }),
    text: () => `Applied the patch:\nM core-patch-update.txt\ncore-patch-update.txt: ${EDIT_NOTE}`,
  },
  {
    shape: 'core',
    tool: 'fs.notebook_edit',
    file: 'core-notebook.ipynb',
    prepare: seedNotebook(),
    args: () => ({ path: 'core-notebook.ipynb', cell_id: 'c1', new_source: THREE_MB }),
    text: () => `Replaced cell c1 in core-notebook.ipynb (1 cells now).\n${NOTEBOOK_NOTE}`,
    content: filledNotebook,
    note: NOTEBOOK_NOTE,
  },
  {
    shape: 'claude',
    tool: 'NotebookEdit',
    file: 'claude-notebook.ipynb',
    prepare: seedNotebook('Read', 'claude'),
    args: (p) => ({ notebook_path: p, cell_id: 'c1', new_source: THREE_MB }),
    // Claude Code echoes the new source and shows no diff.
    text: () => `Updated cell c1 with ${THREE_MB}`,
    content: filledNotebook,
    note: null,
  },
  {
    shape: 'kimi@1.49',
    tool: 'WriteFile',
    file: 'kimi-append.txt',
    prepare: async (p) => writeFileSync(p, ''),
    args: (p) => ({ path: p, content: THREE_MB, mode: 'append' }),
    text: () => '<system>File successfully appended to. Current size: 3000000 bytes.</system>',
    note: ADD_NOTE,
  },
  {
    shape: 'codex@0.169.0',
    tool: 'apply_patch',
    file: 'codex-patch-update.txt',
    prepare: seed(),
    args: () => ({
      input: `*** Begin Patch\n*** Update File: codex-patch-update.txt\n@@\n-SEED\n${THREE_MB.replace(/^(?=.)/gm, '+')}*** End Patch`,
    }),
    text: () => 'Success. Updated the following files:\nM codex-patch-update.txt\n',
  },
  {
    shape: 'codex@0.169.0',
    tool: 'apply_patch',
    file: 'codex-patch.txt',
    args: () => ({
      input: `*** Begin Patch\n*** Add File: codex-patch.txt\n${THREE_MB.replace(/^(?=.)/gm, '+')}*** End Patch`,
    }),
    text: () => 'Success. Updated the following files:\nA codex-patch.txt\n',
  },
];

test('a 3 MB write or edit is reported as done in every shape, and the file is exact', async () => {
  for (const c of cases) {
    const p = path.join(dir, c.file);
    await c.prepare?.(p);
    const res = await callTool(t.client, c.tool, c.args(p), { shape: c.shape, session: c.shape });
    const label = `${c.shape} ${c.tool}`;
    assert.equal(res.error, '', label);
    assert.equal(res.failure, undefined, label);
    // Codex's output is JSON with the run's duration in it: compared without that.
    const text = c.shape === 'codex@0.169.0' ? JSON.parse(texts(res)[0]!).output : texts(res)[0];
    assert.equal(text, c.text(p), label);
    const after = readFileSync(p, 'utf8');
    assert.ok(c.content ? c.content(after) : after === THREE_MB, `${label}: the file holds the content exactly`);
    if (c.shape !== 'core') {
      const d = display(res);
      const own = c.note === undefined ? (c.prepare ? EDIT_NOTE : ADD_NOTE) : c.note;
      const note = c.shape === 'codex@0.169.0' ? `${c.file}: ${own}` : own;
      assert.deepEqual([d.diff, d.diffNote], own === null ? [undefined, undefined] : ['', note], label);
    }
  }
});

test('over the response limit, a change is still reported as done: its longest text is cut, with a note', async () => {
  const p = path.join(dir, 'gemini-cut.txt');
  const limit = 100_000;
  const res = await callTool(
    t.client,
    'write_file',
    { file_path: p, content: THREE_MB },
    { shape: 'gemini', session: 'cut', metadata: { 'facet-max-response-bytes': String(limit) } },
  );
  ok(res);
  assert.ok(readFileSync(p, 'utf8') === THREE_MB, 'the file holds the content exactly');
  assert.ok(CallToolResponse.encode(res).finish().length <= limit);
  const full = `Successfully created and wrote to new file: ${p}. Here is the updated code:\n${SNIPPET}`;
  const m = /^([^]*)\n\[cut: (\d+) more bytes are over the response limit of 100000 bytes\]$/.exec(texts(res)[0]!);
  assert.ok(m, texts(res)[0]!.slice(-200));
  assert.equal(full.startsWith(m[1]!), true);
  assert.equal(m[1]!.length + Number(m[2]), full.length);
  assert.ok(m[1]!.length > limit / 2, `kept ${m[1]!.length} characters`);
  assert.deepEqual(display(res).diffNote, ADD_NOTE);
  assert.equal(t.logs.filter((l) => l.msg === 'result over the message limit: cut to fit').length, 1);
  // A read over the limit is still refused in band: nothing happened, so the model can ask for less.
  const read = await callTool(
    t.client,
    'read_file',
    { file_path: p },
    { shape: 'gemini', session: 'cut', metadata: { 'facet-max-response-bytes': String(limit) } },
  );
  assert.equal(read.failure?.code, FailureCode.FAILURE_CODE_RESOURCE_EXHAUSTED);
});

test("under a small response limit, every shape's 3 MB write or edit is still done, answered within the limit", async () => {
  const limit = 8192;
  for (const c of cases) {
    const p = path.join(dir, c.file);
    rmSync(p, { force: true });
    await c.prepare?.(p);
    const label = `${c.shape} ${c.tool}`;
    const res = await callTool(t.client, c.tool, c.args(p), {
      shape: c.shape,
      session: c.shape,
      metadata: { 'facet-max-response-bytes': String(limit) },
    });
    assert.equal(res.error, '', label);
    assert.equal(res.failure, undefined, label);
    assert.ok(CallToolResponse.encode(res).finish().length <= limit, label);
    const after = readFileSync(p, 'utf8');
    assert.ok(c.content ? c.content(after) : after === THREE_MB, `${label}: the file holds the content exactly`);
    // What the model reads is the full answer, or its head with the cut note.
    const text =
      c.shape === 'codex@0.169.0' ? (JSON.parse(texts(res)[0]!) as { output: string }).output : texts(res)[0]!;
    const full = c.text(p);
    const m = /^([^]*)\n\[cut: (\d+) more bytes are over the response limit of 8192 bytes\]$/.exec(text);
    if (m)
      assert.ok(full.startsWith(m[1]!) && m[1]!.length + Number(m[2]) === full.length, `${label}: ${text.slice(-200)}`);
    else assert.equal(text, full, label);
  }
});
