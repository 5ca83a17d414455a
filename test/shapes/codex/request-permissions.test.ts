// Codex's request_permissions behind --codex-request-permissions, through a real server with the
// bubblewrap sandbox on and a gRPC client answering on CallToolStream. Calls are narrowed to the
// root's work/ directory, so out/ (in the server's root, outside the call's scope) is absent from
// their commands' sandbox: a command writing there fails until the host grants it, still fails
// after a denial, and a grant naming a path outside the server's roots widens nothing. Each
// result is Codex's JSON, exactly.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as grpc from '@grpc/grpc-js';
import type { CallToolResponse } from '../../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import {
  CallToolEvent,
  InputAction,
  ToolboxStreamClient,
  type AnswerInputResponse,
  type InputRequired,
} from '../../../src/gen/facet/toolbox/v1/stream.js';
import { sandboxStatusFor } from '../../../src/engine/shell/sandbox.js';
import { metadataFor, serverFixture, tempDir, texts, unary } from '../../helpers/server.js';

const status = sandboxStatusFor('bwrap', false, '/bin/bash');
const skip = status.active === 'bwrap' ? false : `bubblewrap cannot run on this machine (${status.reason})`;

const NOTHING = '{"permissions":{"network":null,"file_system":null},"scope":"turn"}';
const granted = (write: string[], scope: string) =>
  JSON.stringify({ permissions: { network: null, file_system: { write } }, scope });

describe('codex request_permissions widens the session sandbox', { skip }, () => {
  const outside = tempDir('facet-perm-outside-');
  after(() => outside.cleanup());
  const f = serverFixture({
    shape: 'codex',
    prefix: 'facet-perm-',
    args: ['--codex-request-permissions', '--shell-sandbox', 'bwrap'],
    setup: (dir) => {
      mkdirSync(path.join(dir, 'work'));
      mkdirSync(path.join(dir, 'out'));
    },
  });
  const work = () => path.join(f.dir, 'work');
  const out = () => path.join(f.dir, 'out');
  let client: ToolboxStreamClient;
  before(() => {
    client = new ToolboxStreamClient(f.t.address, grpc.credentials.createInsecure());
  });
  after(() => client.close());

  /** A call over the stream, narrowed to work/; the question when one comes, and the response. */
  const stream = (name: string, args: Record<string, unknown>, session: string) => {
    const c = client.callToolStream(
      { name, arguments: args, roots: [work()] },
      metadataFor({ session, shape: 'codex' }),
    );
    const events: string[] = [];
    let asked!: (q: InputRequired) => void;
    const question = new Promise<InputRequired>((resolve) => (asked = resolve));
    const final = new Promise<CallToolResponse>((resolve, reject) => {
      c.on('data', (e: CallToolEvent) => {
        events.push(e.event?.$case ?? '');
        if (e.event?.$case === 'inputRequired') asked(e.event.value);
        if (e.event?.$case === 'response') resolve(e.event.value);
      });
      c.on('error', reject);
    });
    return { events, question, final };
  };
  const answer = (id: string, action: InputAction, session: string, content?: Record<string, unknown>) =>
    new Promise<AnswerInputResponse>((resolve, reject) =>
      client.answerInput({ id, action, content, message: '' }, metadataFor({ session }), (err, res) =>
        err ? reject(err) : resolve(res!),
      ),
    );
  /** Asks over the stream and answers `action` (with `content`); the function output. */
  const ask = async (
    permissions: Record<string, unknown>,
    session: string,
    action: InputAction,
    content?: Record<string, unknown>,
  ) => {
    const s = stream('request_permissions', { permissions, reason: 'the build writes out/' }, session);
    const q = await s.question;
    assert.equal(q.kind, 'permissions');
    assert.deepEqual(await answer(q.id, action, session, content), { error: '', failure: undefined });
    return { q, text: texts(await s.final)[0] };
  };
  /** Runs a command in work/ that writes out/<name>; true when the file was written. */
  const writes = async (name: string, session: string) => {
    const target = path.join(out(), name);
    await f.call(
      'exec_command',
      { cmd: `echo written > ${target}`, yield_time_ms: 20000 },
      { shape: 'codex', session, roots: [work()] },
    );
    return existsSync(target) && readFileSync(target, 'utf8') === 'written\n';
  };

  test('served after request_user_input; absent from codex@0.149.0', async () => {
    const names = async (shape: string) =>
      (await unary(f.t.client.listToolSummaries, f.t.client, { tagsFilter: [] }, { shape })).tools.map((t) => t.name);
    const codex = await names('codex');
    assert.equal(codex[codex.indexOf('request_user_input') + 1], 'request_permissions');
    assert.ok(!(await names('codex@0.149.0')).includes('request_permissions'));
  });

  test('accepted for the session: later commands write there; a path outside the roots is left out', async () => {
    assert.equal(await writes('before.txt', 'acc'), false, 'out/ is not writable before the grant');
    const { q, text } = await ask(
      { file_system: { write: ['../out', outside.dir] } },
      'acc',
      InputAction.INPUT_ACTION_ACCEPT,
      { scope: 'session' },
    );
    assert.equal(
      q.message,
      `the build writes out/ (not grantable, left out: write ${outside.dir}: outside the server's roots)`,
    );
    assert.deepEqual([q.writableRoots, q.network], [[out()], false], 'the host is asked only what may be granted');
    assert.equal(text, granted([out()], 'session'));
    assert.equal(await writes('after.txt', 'acc'), true);
    // A call of a tool that runs no command ends the turn, not a session grant.
    await f.call('list_mcp_resources', {}, { shape: 'codex', session: 'acc', roots: [work()] });
    assert.equal(await writes('later.txt', 'acc'), true);
    assert.equal(await writes('other.txt', 'acc-other'), false, "another session's sandbox is unchanged");
  });

  test('accepted for the turn: it lapses at the next call that runs no command', async () => {
    const { text } = await ask({ file_system: { write: [out()] } }, 'turn', InputAction.INPUT_ACTION_ACCEPT, {
      scope: 'turn',
    });
    assert.equal(text, granted([out()], 'turn'));
    assert.equal(await writes('turn1.txt', 'turn'), true);
    assert.equal(await writes('turn2.txt', 'turn'), true);
    await f.call('list_mcp_resources', {}, { shape: 'codex', session: 'turn', roots: [work()] });
    assert.equal(await writes('turn3.txt', 'turn'), false);
  });

  test('a read grant shows a path read-only: reading works, writing still fails', async () => {
    const { q, text } = await ask({ file_system: { read: ['../out'] } }, 'read', InputAction.INPUT_ACTION_ACCEPT, {
      scope: 'session',
    });
    assert.equal(q.message, `the build writes out/ (to read: ${out()})`);
    assert.equal(
      text,
      JSON.stringify({ permissions: { network: null, file_system: { read: [out()] } }, scope: 'session' }),
    );
    writeFileSync(path.join(out(), 'shown.txt'), 'SHOWN\n');
    const res = await f.call(
      'exec_command',
      { cmd: `cat ${path.join(out(), 'shown.txt')}`, yield_time_ms: 20000 },
      { shape: 'codex', session: 'read', roots: [work()] },
    );
    assert.ok(texts(res)[0]!.includes('SHOWN'), texts(res)[0]);
    assert.equal(await writes('read-only.txt', 'read'), false);
  });

  test('declined or dismissed: nothing granted, and the command still fails', async () => {
    const declined = await ask({ file_system: { write: [out()] } }, 'deny', InputAction.INPUT_ACTION_DECLINE);
    assert.equal(declined.text, NOTHING);
    assert.equal(await writes('denied.txt', 'deny'), false);
    const cancelled = await ask({ file_system: { write: [out()] } }, 'cancel', InputAction.INPUT_ACTION_CANCEL);
    assert.equal(cancelled.text, NOTHING);
    assert.equal(await writes('cancelled.txt', 'cancel'), false);
  });

  test('nothing grantable (outside the roots, network the server lacks): not asked, nothing widened', async () => {
    const s = stream(
      'request_permissions',
      { permissions: { file_system: { write: [outside.dir] }, network: { enabled: true } } },
      'outside',
    );
    assert.equal(texts(await s.final)[0], NOTHING);
    assert.deepEqual(s.events, ['response'], 'no question was put to the host');
    const target = path.join(outside.dir, 'escaped.txt');
    await f.call(
      'exec_command',
      { cmd: `echo x > ${target}`, yield_time_ms: 20000 },
      { shape: 'codex', session: 'outside', roots: [work()] },
    );
    assert.equal(existsSync(target), false);
  });

  test('unary CallTool has no user: nothing granted', async () => {
    const res = await f.call(
      'request_permissions',
      { permissions: { file_system: { write: [out()] } } },
      { shape: 'codex', session: 'unary', roots: [work()] },
    );
    assert.equal(texts(res)[0], NOTHING);
    assert.equal(await writes('unary.txt', 'unary'), false);
  });
});
