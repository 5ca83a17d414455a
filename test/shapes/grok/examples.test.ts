// Every catalog example of Grok CLI 0.0.34 (grok@0.0.34) called over gRPC against fixtures in a temp workspace, each
// pinned to its exact text and host block (npm's warnings about this machine's own
// configuration are silenced by the fixture's .npmrc).
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import type { CallToolResponse } from '../../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { grokShape } from '../../../src/shapes/grok/index.js';
import { servedReleases } from '../../../src/shapes/versions.js';
import { createEngine } from '../../../src/engine/index.js';
import { callTool, serverFixture, structured, texts } from '../../helpers/server.js';

const { t, dir } = serverFixture({ shape: 'grok', prefix: 'facet-grok-examples-' });

const PACKAGE = JSON.stringify({ name: 'demo', scripts: { test: 'node check.js' } }, null, 2) + '\n';
const INDEX = Array.from({ length: 70 }, (_, i) =>
  i % 10 === 4 ? `const x${i + 1} = parseConfig(); // TODO` : `// line ${i + 1}`,
);

before(async () => {
  const w = (f: string, s: string) => {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    writeFileSync(path.join(dir, f), s);
  };
  w('package.json', PACKAGE);
  w('.npmrc', 'loglevel=error\nupdate-notifier=false\n');
  w('check.js', "console.log('2 checks passed');\n");
  w('src/index.ts', INDEX.join('\n') + '\n');
  w('src/config.ts', 'export function parseConfig() {}\n');
  w('src/app.js', 'oldName();\noldName();\n');
  w('README.md', 'We recieve data.\n');
});

/** The host block, with the duration checked and zeroed. */
function display(res: CallToolResponse): Record<string, unknown> {
  const d = structuredClone(
    (structured(res) as { display: { counts?: Record<string, number> } & Record<string, unknown> }).display,
  );
  if (d.counts?.durationMs !== undefined) {
    assert.equal(typeof d.counts.durationMs, 'number');
    d.counts.durationMs = 0;
  }
  return d;
}

const todos = (first: string, second: string) => [
  { id: '1', content: 'Reproduce the bug', status: first, priority: 'high' },
  { id: '2', content: 'Write the fix', status: second, priority: 'medium' },
];

const EXPECTED: Record<string, () => { texts: string[]; display: Record<string, unknown> }> = {
  'view_file: Glance at a file': () => ({
    texts: [
      `Contents of package.json:\n${PACKAGE.split('\n')
        .map((l, i) => `${i + 1}: ${l}`)
        .join('\n')}`,
    ],
    display: { tool: 'view_file', paths: [`${dir}/package.json`], counts: { lines: 7, totalLines: 7 } },
  }),
  'view_file: Read lines 20 to 60': () => ({
    texts: [
      `Lines 20-60 of src/index.ts:\n${INDEX.slice(19, 60)
        .map((l, i) => `${i + 20}: ${l}`)
        .join('\n')}`,
    ],
    display: { tool: 'view_file', paths: [`${dir}/src/index.ts`], counts: { lines: 41 }, truncated: false },
  }),
  'view_file: List a directory': () => ({
    texts: ['Directory contents of .:\n.npmrc\ncheck.js\npackage.json\nREADME.md\nsrc'],
    display: { tool: 'view_file', paths: [dir], counts: { entries: 5 } },
  }),
  'create_file: Create a script': () => ({
    texts: [
      'Updated scripts/hello.sh with 2 additions\n--- a/scripts/hello.sh\n+++ b/scripts/hello.sh\n@@ -1,0 +1,2 @@\n+#!/bin/sh\n+echo hello',
    ],
    display: {
      tool: 'create_file',
      summary: 'Created scripts/hello.sh',
      paths: [`${dir}/scripts/hello.sh`],
      diff: '--- a/scripts/hello.sh\n+++ b/scripts/hello.sh\n@@ -1,0 +1,2 @@\n+#!/bin/sh\n+echo hello\n',
      counts: { bytes: 21, added: 2 },
    },
  }),
  'str_replace_editor: Fix a typo': () => ({
    texts: [
      'Updated README.md with 1 addition and 1 removal\n--- a/README.md\n+++ b/README.md\n@@ -1,1 +1,1 @@\n-We recieve data.\n+We receive data.',
    ],
    display: {
      tool: 'str_replace_editor',
      paths: [`${dir}/README.md`],
      diff: '--- a/README.md\n+++ b/README.md\n@@ -1,1 +1,1 @@\n-We recieve data.\n+We receive data.\n',
      counts: { replacements: 1, added: 1, removed: 1 },
      summary: 'Edited README.md',
    },
  }),
  'str_replace_editor: Rename everywhere in a file': () => ({
    texts: [
      'Updated src/app.js with 2 additions and 2 removals\n--- a/src/app.js\n+++ b/src/app.js\n@@ -1,2 +1,2 @@\n-oldName();\n-oldName();\n+newName();\n+newName();',
    ],
    display: {
      tool: 'str_replace_editor',
      paths: [`${dir}/src/app.js`],
      diff: '--- a/src/app.js\n+++ b/src/app.js\n@@ -1,2 +1,2 @@\n-oldName();\n-oldName();\n+newName();\n+newName();\n',
      counts: { replacements: 2, added: 2, removed: 2 },
      summary: 'Edited src/app.js',
    },
  }),
  'bash: Run the tests': () => ({
    texts: ['> test\n> node check.js\n\n2 checks passed'],
    display: { tool: 'bash', exitCode: 0, signal: null, truncated: false, counts: { durationMs: 0 } },
  }),
  'bash: Move into a sub-directory': () => ({
    texts: [`Changed directory to: ${dir}/src`],
    display: { tool: 'bash', paths: [`${dir}/src`], details: { cwd: `${dir}/src` } },
  }),
  // search starts at the workspace root whatever the current directory is (as Grok CLI's starts where it was launched).
  'search: Where is a function used': () => ({
    texts: [`Search results for "parseConfig":\n  ${dir}/src/config.ts (1 matches)\n  ${dir}/src/index.ts (7 matches)`],
    display: {
      tool: 'search',
      counts: { textFiles: 2, fileNames: 0 },
      details: { results: [`${dir}/src/config.ts (1 matches)`, `${dir}/src/index.ts (7 matches)`] },
    },
  }),
  'search: Find a file by name': () => ({
    texts: ['Search results for "config":\n  src/config.ts'],
    display: { tool: 'search', counts: { textFiles: 0, fileNames: 1 }, details: { results: ['src/config.ts'] } },
  }),
  'search: A regex in TypeScript files': () => ({
    texts: [`Search results for "TODO|FIXME":\n  ${dir}/src/index.ts (7 matches)`],
    display: {
      tool: 'search',
      counts: { textFiles: 1, fileNames: 0 },
      details: { results: [`${dir}/src/index.ts (7 matches)`] },
    },
  }),
  'create_todo_list: Plan a fix': () => ({
    texts: ['\u001b[36m◐ Reproduce the bug\u001b[0m\n  \u001b[37m○ Write the fix\u001b[0m\n'],
    display: { tool: 'create_todo_list', counts: { items: 2 }, details: { todos: todos('in_progress', 'pending') } },
  }),
  'update_todo_list: Finish the first item, start the second': () => ({
    texts: ['\u001b[32m\u001b[9m● Reproduce the bug\u001b[0m\n  \u001b[36m◐ Write the fix\u001b[0m\n'],
    display: { tool: 'update_todo_list', counts: { items: 2 }, details: { todos: todos('completed', 'in_progress') } },
  }),
};

test('grok@0.0.34: every catalog example gives its exact result', async () => {
  const seen: string[] = [];
  const engine = createEngine(t.config);
  const release = servedReleases('grok@0.0.34', grokShape(t.config, engine), t.config, engine)[0]![1];
  for (const tool of release.tools) {
    for (const ex of tool.examples) {
      const key = `${tool.name}: ${ex.description}`;
      const res = await callTool(t.client, tool.name, ex.arguments as Record<string, unknown>, {
        shape: 'grok@0.0.34',
        session: 'examples',
        deadlineMs: 60_000,
      });
      assert.equal(res.error, '', `${key}: ${res.error}`);
      const want = EXPECTED[key];
      assert.ok(want, `no expected result for the example ${key}`);
      assert.deepEqual({ texts: texts(res), display: display(res) }, want(), key);
      seen.push(key);
    }
  }
  assert.deepEqual(seen, Object.keys(EXPECTED));
});
