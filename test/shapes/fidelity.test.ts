// Schema fidelity: every vendor shape serves exactly its vendor's tools (DESIGN.md), and each
// tool's DescribeTool input_schema equals the vendor's parameter schema in the fixture.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ALL_SHAPES } from '../../src/config.js';
import { SHAPE_FACTORIES } from '../../src/shapes/index.js';
import { serverFixture, unary } from '../helpers/server.js';

const EXPECTED: Record<string, string[]> = {
  claude: ['Read', 'Write', 'Edit', 'Bash', 'TaskOutput', 'TaskStop', 'Grep', 'Glob', 'WebFetch', 'WebSearch', 'NotebookEdit', 'TodoWrite'],
  gemini: [
    'read_file',
    'write_file',
    'replace',
    'grep_search',
    'glob',
    'list_directory',
    'run_shell_command',
    'web_fetch',
    'google_web_search',
    'write_todos',
    'read_many_files',
    'list_background_processes',
    'read_background_output',
  ],
  qwen: ['read_file', 'write_file', 'edit', 'grep_search', 'glob', 'list_directory', 'run_shell_command', 'web_fetch', 'todo_write', 'task_stop', 'lsp'],
  kimi: [
    'ReadFile',
    'ReadMediaFile',
    'WriteFile',
    'StrReplaceFile',
    'Glob',
    'Grep',
    'Shell',
    'TaskList',
    'TaskOutput',
    'TaskStop',
    'SearchWeb',
    'FetchURL',
    'SetTodoList',
  ],
  grok: ['view_file', 'create_file', 'str_replace_editor', 'bash', 'search', 'create_todo_list', 'update_todo_list'],
  anthropic: ['str_replace_based_edit_tool', 'str_replace_editor', 'bash', 'memory'],
  codex: ['exec_command', 'write_stdin', 'shell_command', 'shell', 'apply_patch', 'update_plan', 'view_image', 'read_file', 'list_dir', 'grep_files'],
  openai: ['apply_patch', 'shell', 'local_shell'],
};

/** The facts file of a shape whose vendor file is named otherwise (the API vendors: <vendor>-api.json). */
const FACTS_FILE: Record<string, string> = { openai: 'openai-api' };

/**
 * The vendor's parameter schema per tool. Where a vendor has several variants of one tool the
 * one served is its ripgrep variant (the issue asks for it), chosen by the `variant` field, so
 * reordering the fixture cannot silently switch which schema is compared.
 */
function vendorSchemas(shape: string): Map<string, unknown> {
  const file = path.resolve('test/fixtures/vendors', `${FACTS_FILE[shape] ?? shape}.json`);
  const facts = JSON.parse(readFileSync(file, 'utf8')) as { tools: Array<{ name: string; parameters: unknown; variant?: string }> };
  const out = new Map<string, unknown>();
  for (const name of new Set(facts.tools.map((t) => t.name))) {
    const all = facts.tools.filter((t) => t.name === name);
    if (all.length === 1) {
      out.set(name, all[0]!.parameters);
      continue;
    }
    const rg = all.filter((t) => /^ripgrep\b/.test(t.variant ?? ''));
    assert.equal(rg.length, 1, `${shape}/${name}: exactly one variant named ripgrep among ${all.map((t) => JSON.stringify(t.variant)).join(', ')}`);
    out.set(name, rg[0]!.parameters);
  }
  return out;
}

/** Gemini's two grep_search schemas differ, so comparing against the wrong variant would fail. */
test("the ripgrep variant is the one chosen for Gemini's grep_search, whatever the fixture's order", () => {
  const facts = JSON.parse(readFileSync(path.resolve('test/fixtures/vendors/gemini.json'), 'utf8')) as {
    tools: Array<{ name: string; parameters: unknown; variant?: string }>;
  };
  const rg = facts.tools.find((t) => t.name === 'grep_search' && t.variant?.startsWith('ripgrep'))!;
  const fallback = facts.tools.find((t) => t.name === 'grep_search' && !t.variant?.startsWith('ripgrep'))!;
  assert.notDeepEqual(rg.parameters, fallback.parameters);
  assert.deepEqual(vendorSchemas('gemini').get('grep_search'), rg.parameters);
});

describe('schema fidelity of the vendor shapes', () => {
  const { t } = serverFixture();

  test('this build serves core and every vendor shape, and nothing else', () => {
    assert.deepEqual([...ALL_SHAPES].sort(), ['core', ...Object.keys(EXPECTED)].sort());
    assert.deepEqual(Object.keys(SHAPE_FACTORIES).sort(), [...ALL_SHAPES].sort());
  });

  for (const [shape, names] of Object.entries(EXPECTED)) {
    test(`${shape}: the vendor's tools with the vendor's schemas`, async () => {
      const listed = await unary(t.client.listToolSummaries, t.client, { tagsFilter: [] }, { shape });
      assert.deepEqual(listed.tools.map((x) => x.name).sort(), [...names].sort());
      const schemas = vendorSchemas(shape);
      for (const name of names) {
        const res = await unary(t.client.describeTool, t.client, { name }, { shape });
        assert.equal(res.error, '', `${shape}/${name}`);
        assert.deepEqual(res.tool?.inputSchema, schemas.get(name), `${shape}/${name} input_schema`);
      }
    });
  }
});
