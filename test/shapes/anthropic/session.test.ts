// A scripted session as Claude runs one: look at the memory, view the project, find the bug,
// edit it, run the tests with bash, read the output, and record progress.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { serverFixture, tempDir } from '../../helpers/server.js';
import { block, errText, okText, text } from './helpers.js';

const mem = tempDir('facet-memory-session-');
after(() => mem.cleanup());

const { call, dir } = serverFixture({
  shape: 'anthropic',
  session: 'claude-run',
  args: ['--memory-dir', mem.dir],
  setup(d) {
    mkdirSync(path.join(d, 'src'));
    writeFileSync(path.join(d, 'src/calc.sh'), 'add() {\n  echo $(( $1 - $2 ))\n}\n');
    writeFileSync(
      path.join(d, 'test.sh'),
      '. src/calc.sh\n[ "$(add 2 3)" = 5 ] && echo "PASS add" || { echo "FAIL add: got $(add 2 3)"; exit 1; }\n',
    );
  },
});

test('memory, view, run the failing test, fix, run again, record', async () => {
  const memory = await call('memory', { command: 'view', path: '/memories' });
  assert.match(
    text(memory),
    /^Here're the files and directories up to 2 levels deep in \/memories, excluding hidden items and node_modules:\n[0-9.]+[BK]\t\/memories$/,
  );
  okText(
    await call('str_replace_based_edit_tool', { command: 'view', path: dir }),
    `Here's the files and directories up to 2 levels deep in ${dir}, excluding hidden items:\n${dir}\n${dir}/src\n${dir}/src/calc.sh\n${dir}/test.sh\n`,
  );
  errText(await call('bash', { command: 'bash test.sh' }), '<system>Exit code 1</system>\nFAIL add: got -1');
  okText(
    await call('str_replace_based_edit_tool', { command: 'view', path: 'src/calc.sh' }),
    "Here's the result of running `cat -n` on src/calc.sh:\n     1\tadd() {\n     2\t  echo $(( $1 - $2 ))\n     3\t}\n     4\t\n",
  );
  const edit = await call('str_replace_based_edit_tool', {
    command: 'str_replace',
    path: 'src/calc.sh',
    old_str: '$1 - $2',
    new_str: '$1 + $2',
  });
  okText(
    edit,
    "The file src/calc.sh has been edited. Here's the result of running `cat -n` on a snippet of src/calc.sh:\n     1\tadd() {\n     2\t  echo $(( $1 + $2 ))\n     3\t}\n     4\t\n" +
      'Review the changes and make sure they are as expected. Edit the file again if necessary.',
  );
  okText(await call('bash', { command: 'cd src && cd .. && bash test.sh' }), 'PASS add');
  const saved = await call('memory', {
    command: 'create',
    path: '/memories/progress.md',
    file_text: '- fixed add in src/calc.sh; test.sh passes\n',
  });
  okText(saved, 'File created successfully at: /memories/progress.md');
  // What a host sends back: the block plus the id of the tool_use it answers.
  assert.deepEqual(
    { ...block(saved), tool_use_id: 'toolu_01' },
    { type: 'tool_result', content: 'File created successfully at: /memories/progress.md', tool_use_id: 'toolu_01' },
  );
});
