// Qwen Code 0.24.4 replayed against qwen@0.24.4 (vendors/qwen/0.24.4.tests.md, and the texts
// observed of 0.24.4 in vendors/qwen/0.24.4.json), over a real server, real files, real git
// repositories and real commands. The vendor's test files are replayed one group a file, each with
// a ledger that checks its counts (ledger.ts):
//   replay-0.24.4-monitor.test.ts    monitor.test.ts                  matched 40, deliberate 2, skipped 31 of 73
//   replay-0.24.4-worktree.test.ts   enter-/exit-worktree.test.ts     matched 19, deliberate 1, skipped 11 of 31
//   replay-0.24.4-bridge.test.ts     tool-search/tool-call.test.ts    matched 24, deliberate 2, skipped 23 of 49
//   replay-0.24.4-skill.test.ts      skill.test.ts                    matched 11, deliberate 1, skipped 36 of 48
//   replay-0.24.4-web-search.test.ts web-search.test.ts (73 read)     matched 6, deliberate 2, skipped 65 of 73
//   replay-0.24.4-team.test.ts       task-update/task-list.test.ts    matched 17, deliberate 0, skipped 8 of 25
//   replay-0.24.4-deferred.test.ts   deferred-tool-call.test.ts       matched 0, deliberate 1, skipped 1 of 2
//   replay-0.24.4-notebook.test.ts   notebook-edit.test.ts            matched 9, deliberate 3, skipped 9 of 21
//   replay-0.24.4-lsp.test.ts        lsp.test.ts                      matched 45, deliberate 1, skipped 24 of 70
//   replay-0.24.4-todo-write.test.ts todoWrite.test.ts (16 000 on)    matched 1, deliberate 0, skipped 25 of 26
//   replay-0.24.4-mcp-resource.test.ts read-mcp-resource.test.ts      matched 2, deliberate 0, skipped 4 of 6
//   this file                        cron_*, task-stop                skipped 36 of 36 (LEDGER below)
//   Total: matched 174, deliberate 13, skipped 273 of 460; besides, 19 behaviours of the 0.24.4 capture
//   (5 monitor, 1 worktree, 4 web search, 2 team tasks, and the 7 tests below).
// Not in the counts: the first part of todoWrite.test.ts (todo_write is off in 0.24.4; replayed for
//   0.15.10 by test/replay), memoryTool.test.ts (0.24.4 registers
//   no save_memory; memory is files written with write_file), and the suites tests.md lists unread
//   (agent, list-agents, askUserQuestion, plan mode, loop-wakeup: tools the shape does not declare
//   or host UI).
// Deliberate differences of the capture (the per-file ones are in each file's head):
//   - tool_search shows Facet's own descriptions and the schemas as declared (no $schema, no
//     additionalProperties Qwen adds in the bundle).
//   - monitor's start text ends naming task_stop instead of Qwen's /tasks dialog (a host UI).
//   - exit_worktree only knows this session's worktree (Qwen also finds one left by another run).
//   - update_goal records the proposal as the goal's status: Facet has no verifier (the host is).
//   - task_stop's success text stays Facet's "Stopped task ..." (Qwen's names its /tasks dialog).
//   - a schema failure's reason is in Facet's words ("arguments is required"; Qwen's Ajv text is
//     "params must have required property 'arguments'"), framed as Qwen frames it.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe } from 'node:test';
import { serverFixture } from '../../helpers/server.js';
import { caller, type Outcome } from '../gemini/harness.js';
import { CAPTURE, ledger } from './ledger.js';

const CRON = 'cron_* and loop_wakeup inject prompts into a conversation Facet does not own: not served';
const { replay, check } = ledger({
  'cron-list.test.ts': { total: 9, deliberate: {}, skipped: CRON },
  'cron-create.test.ts': { total: 15, deliberate: {}, skipped: CRON },
  'cron-delete.test.ts': { total: 8, deliberate: {}, skipped: CRON },
  'task-stop.test.ts': {
    total: 4,
    deliberate: {},
    skipped:
      "an older version than 0.24.4 (tests.md), replayed by test/replay/qwen-*.cases.ts; 0.24.4's texts: the tool_call test below",
  },
});

const { t, dir } = serverFixture({ shape: 'qwen', prefix: 'facet-qwen-0244-' });
const call = caller(() => t, 'qwen@0.24.4', 'replay-0244');
const said = (o: Outcome) => o.error || o.text;
const p = (f: string) => path.join(dir, f);

describe('Qwen Code 0.24.4 replayed against qwen', () => {
  replay(CAPTURE, 'todo_write and list_directory answer that they are off by default', async () => {
    const todo = await call('todo_write', { todos: [] });
    assert.equal(
      said(todo),
      'Tool "todo_write" is a built-in tool that is disabled by default. Enable it with the tools.todoWrite.enabled setting and restart Qwen Code.',
    );
    const ls = await call('list_directory', { path: dir });
    assert.equal(
      said(ls),
      'Tool "list_directory" is a built-in tool that is disabled by default because glob covers directory listing in most cases. Enable it with the tools.listDirectory.enabled setting. Use glob instead.',
    );
  });

  replay(
    CAPTURE,
    'tool_search: select shows schemas, unknown names and max_results; keywords; nothing found',
    async () => {
      const sel = await call('tool_search', { query: 'select:monitor,missing' });
      assert.match(
        sel.text,
        /^<functions>\n<function>\{"name":"monitor","description":"[^\n]*"parametersJsonSchema":\{"type":"object",/,
      );
      assert.ok(sel.text.endsWith('</function>\n</functions>\n\nNot found: missing'), sel.text);
      const dup = await call('tool_search', { query: 'select:task_stop,TASK_STOP,web_fetch', max_results: 1 });
      assert.equal(dup.text.match(/<function>/g)?.length, 1);
      assert.ok(
        dup.text.endsWith('Truncated by max_results \u2014 request these in a follow-up call: web_fetch'),
        dup.text,
      );
      const kw = await call('tool_search', { query: 'worktree' });
      assert.deepEqual(
        [...kw.text.matchAll(/\{"name":"(\w+)"/g)].map((m) => m[1]),
        ['enter_worktree', 'exit_worktree'],
      );
      const none = await call('tool_search', { query: 'zebra' });
      assert.equal(none.text, "No tools found matching 'zebra'. Try broader keywords or use `select:ToolName`.");
      assert.equal(said(await call('tool_search', { query: '   ' })), 'Empty query');
    },
  );

  replay(CAPTURE, 'tool_call: runs a deferred tool; refuses visible, bridge and unknown names', async () => {
    const stop = await call('tool_call', { name: 'task_stop', arguments: { task_id: 'nonexistent' } });
    assert.equal(said(stop), 'Task not found: nonexistent');
    const direct = await call('task_stop', { task_id: 'nonexistent' });
    assert.equal(said(direct), 'Task not found: nonexistent');
    assert.equal(
      said(await call('tool_call', { name: 'read_file', arguments: {} })),
      '[tool_call bridge refused] Tool "read_file" is already visible to the model or is not deferred. Call it directly instead of using tool_call.',
    );
    assert.equal(
      said(await call('tool_call', { name: 'tool_search', arguments: {} })),
      '[tool_call bridge refused] tool_call cannot invoke bridge tool "tool_search".',
    );
    assert.equal(
      said(await call('tool_call', { name: 'cron_create', arguments: {} })),
      '[tool_call bridge refused] Deferred tool "cron_create" is not registered in this session. Run tool_search again to inspect the available tools.',
    );
  });

  replay(CAPTURE, 'goals outside a goal: get_goal {"active":false}; update_goal refused', async () => {
    assert.equal((await call('get_goal', {})).text, '{"active":false}');
    assert.equal(
      said(await call('update_goal', { status: 'complete', reason: 'done' })),
      'No active Goal is available for this turn',
    );
  });

  replay(CAPTURE, 'enter_worktree and exit_worktree: slug rules, not a repository, create, keep', async () => {
    const enter = (name: string) => call('enter_worktree', { name }, { session: 'wt' }).then(said);
    assert.equal(await enter('foo..bar'), 'Worktree name must not start with "." or "-" or contain "..".');
    assert.equal(await enter('-x'), 'Worktree name must not start with "." or "-" or contain "..".');
    assert.equal(await enter('a b'), 'Worktree name may only contain letters, digits, dots, underscores, and hyphens.');
    assert.equal(await enter('x'.repeat(65)), 'Worktree name must be at most 64 characters.');
    assert.match(await enter('agent-feature'), /reserved/);
    assert.equal(
      await enter('ok'),
      `Cannot create a worktree: ${dir} is not a git repository. Initialize the repo with \`git init\` first.`,
    );
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, stdio: 'pipe' });
    git('init', '-q', '-b', 'main');
    writeFileSync(p('r.txt'), 'r\n');
    git('add', '.');
    git('commit', '-qm', 'r');
    const made = JSON.parse(await enter('feat'));
    const wt = path.join(dir, '.qwen/worktrees/feat');
    assert.deepEqual(made, {
      worktreePath: wt,
      worktreeBranch: 'worktree-feat',
      message: `Created worktree "feat" at ${wt} on branch worktree-feat. Use this absolute path for all subsequent file operations until you call exit_worktree.`,
    });
    const exit = (args: Record<string, unknown>) => call('exit_worktree', args, { session: 'wt' }).then(said);
    assert.equal(
      await exit({ name: 'nope', action: 'keep' }),
      `Worktree "nope" not found at ${dir}/.qwen/worktrees/nope.`,
    );
    writeFileSync(path.join(wt, 'new.txt'), 'n\n');
    assert.equal(
      await exit({ name: 'feat', action: 'remove' }),
      'Refusing to remove worktree "feat" \u2014 it has 0 tracked change(s) and 1 untracked file(s). Commit or stash first, or call again with `discard_changes: true`.',
    );
    assert.deepEqual(JSON.parse(await exit({ name: 'feat', action: 'keep' })), {
      action: 'keep',
      worktreePath: wt,
      worktreeBranch: 'worktree-feat',
      message: `Kept worktree "feat" at ${wt}. Resume work there by referencing this path in subsequent tool calls.`,
    });
  });

  replay(CAPTURE, 'skill: unknown with none available; a project skill', async () => {
    assert.equal(
      said(await call('skill', { skill: 'non-existent' }, { session: 'sk' })),
      'Skill "non-existent" not found. No skills are currently available.',
    );
    mkdirSync(p('.qwen/skills/code-review'), { recursive: true });
    writeFileSync(
      p('.qwen/skills/code-review/SKILL.md'),
      '---\nname: code-review\ndescription: Review code\n---\nReview it.\n',
    );
    const r = await call('skill', { skill: 'code-review' }, { session: 'sk' });
    assert.equal(
      r.text,
      `Base directory for this skill: ${p('.qwen/skills/code-review')}\nImportant: ALWAYS resolve absolute paths from this base directory when working with skills.\n\nReview it.\n`,
    );
    assert.equal(
      said(await call('skill', { skill: 'nope' }, { session: 'sk' })),
      'Skill "nope" not found. Available skills: code-review',
    );
  });

  replay(CAPTURE, 'read_file, edit and write_file: the texts 0.24.4 was seen to send', async () => {
    assert.equal(said(await call('read_file', { file_path: p('gone.txt') })), `File not found: ${p('gone.txt')}`);
    writeFileSync(p('e.txt'), 'one\ntwo\n');
    assert.equal(
      said(await call('edit', { file_path: p('e.txt'), old_string: 'one', new_string: 'x' }, { session: 'e' })),
      `File ${p('e.txt')} has not been read in this session. Use the read_file tool first to load the current content (a partial read with offset / limit is fine \u2014 you only need to have seen the bytes you intend to edit) before editing it.`,
    );
    assert.equal(
      said(await call('write_file', { file_path: p('e.txt'), content: 'x' }, { session: 'e' })),
      `File ${p('e.txt')} has not been read in this session. Use the read_file tool first to load the current content (read the full file \u2014 overwriting replaces every byte, so any unseen bytes would be discarded) before overwriting it.`,
    );
    assert.equal(
      (await call('read_file', { file_path: p('e.txt'), offset: null }, { session: 'e' })).text,
      'one\ntwo\n',
    );
    assert.equal(
      (await call('read_file', { file_path: p('e.txt') }, { session: 'e' })).text,
      '[File e.txt unchanged since last read in this session \u2014 the full content was provided earlier in this conversation. If you cannot retrieve that prior content (e.g. after context compaction) or you suspect the file was modified outside the read/edit tools (shell command, MCP tool, another process), re-read with explicit offset/limit to fetch current content.]',
    );
    assert.equal(
      said(await call('edit', { file_path: p('e.txt'), old_string: 'zzz', new_string: 'x' }, { session: 'e' })),
      `Failed to edit, 0 occurrences found for old_string in ${p('e.txt')}. No edits made. The exact text in old_string was not found. Ensure you're not escaping content incorrectly and check whitespace, indentation, and context. Use read_file tool to verify.`,
    );
  });

  check({ matched: 0, deliberate: 0, skipped: 36, capture: 7 });
});
