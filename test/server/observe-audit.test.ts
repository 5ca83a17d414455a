// --audit-log: one JSON line per destructive call, with the files the engine changed (hashes
// before and after, computed here from the bytes) and the commands it ran; refused in a root.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { parseConfig } from '../../src/config.js';
import { startServer } from '../../src/server/server.js';
import { createLogger } from '../../src/server/logger.js';
import { serverFixture, tempDir } from '../helpers/server.js';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('audit log', () => {
  const out = tempDir('facet-audit-');
  after(out.cleanup);
  const file = path.join(out.dir, 'audit.jsonl');
  const { dir, call } = serverFixture({ shape: 'core', session: 'aud', args: ['--audit-log', file] });

  let seen = 0;
  /** The lines written since the last look. */
  const newLines = (): Array<Record<string, unknown>> => {
    const lines = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l !== '');
    const fresh = lines.slice(seen).map((l) => JSON.parse(l) as Record<string, unknown>);
    seen = lines.length;
    return fresh;
  };
  /** The one line a call wrote, without its time and duration (checked for form here). */
  const oneLine = (): Record<string, unknown> => {
    const lines = newLines();
    assert.equal(lines.length, 1, JSON.stringify(lines));
    const { time, durationMs, ...rest } = lines[0]!;
    assert.match(String(time), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.equal(typeof durationMs, 'number');
    return rest;
  };
  const base = { shape: 'core', session: 'aud', transport: 'grpc' };

  test('a write that creates a file', async () => {
    assert.equal((await call('fs.write', { path: 'a.txt', content: 'one\n' })).error, '');
    assert.deepEqual(oneLine(), {
      ...base,
      tool: 'fs.write',
      outcome: 'ok',
      files: [{ path: path.join(dir, 'a.txt'), change: 'created', before: null, after: sha('one\n'), bytes: 4 }],
      commands: [],
    });
  });

  test('reads are not logged; an edit logs the hashes before and after', async () => {
    assert.equal((await call('fs.read', { path: 'a.txt' })).error, '');
    assert.equal((await call('fs.edit', { path: 'a.txt', old_string: 'one', new_string: 'two' })).error, '');
    assert.deepEqual(oneLine(), {
      ...base,
      tool: 'fs.edit',
      outcome: 'ok',
      files: [
        { path: path.join(dir, 'a.txt'), change: 'modified', before: sha('one\n'), after: sha('two\n'), bytes: 4 },
      ],
      commands: [],
    });
  });

  test('a patch that adds, updates and deletes', async () => {
    writeFileSync(path.join(dir, 'gone.txt'), 'bye\n');
    const patch = [
      '*** Begin Patch',
      '*** Add File: b.txt',
      '+bee',
      '*** Update File: a.txt',
      '@@',
      '-two',
      '+three',
      '*** Delete File: gone.txt',
      '*** End Patch',
    ].join('\n');
    const res = await call('fs.apply_patch', { patch });
    assert.equal(res.error, '');
    assert.deepEqual(oneLine(), {
      ...base,
      tool: 'fs.apply_patch',
      outcome: 'ok',
      files: [
        { path: path.join(dir, 'b.txt'), change: 'created', before: null, after: sha('bee\n'), bytes: 4 },
        { path: path.join(dir, 'a.txt'), change: 'modified', before: sha('two\n'), after: sha('three\n'), bytes: 6 },
        { path: path.join(dir, 'gone.txt'), change: 'deleted', before: sha('bye\n'), after: null, bytes: 0 },
      ],
      commands: [],
    });
  });

  test('a move: the new path written from the old, the old path moved', async () => {
    const patch = [
      '*** Begin Patch',
      '*** Update File: b.txt',
      '*** Move to: c.txt',
      '@@',
      '-bee',
      '+sea',
      '*** End Patch',
    ].join('\n');
    assert.equal((await call('fs.apply_patch', { patch })).error, '');
    assert.deepEqual(oneLine(), {
      ...base,
      tool: 'fs.apply_patch',
      outcome: 'ok',
      files: [
        {
          path: path.join(dir, 'c.txt'),
          change: 'created',
          before: null,
          after: sha('sea\n'),
          bytes: 4,
          from: path.join(dir, 'b.txt'),
        },
        {
          path: path.join(dir, 'b.txt'),
          change: 'moved',
          to: path.join(dir, 'c.txt'),
          before: sha('bee\n'),
          after: null,
          bytes: 0,
        },
      ],
      commands: [],
    });
  });

  test('a refused patch (a hunk that does not match) logs its outcome and no changes', async () => {
    const patch = [
      '*** Begin Patch',
      '*** Add File: d.txt',
      '+dee',
      '*** Update File: c.txt',
      '@@',
      '-not there',
      '+x',
      '*** End Patch',
    ].join('\n');
    assert.notEqual((await call('fs.apply_patch', { patch })).error, '');
    const line = oneLine();
    assert.equal(line.outcome, 'PRECONDITION_FAILED');
    assert.deepEqual(line.files, []);
  });

  test('commands: the line run, where, its exit code and duration', async () => {
    assert.equal((await call('shell.run', { command: 'echo hi > e.txt' })).error, '');
    let line = oneLine();
    const commands = line.commands as Array<Record<string, unknown>>;
    assert.equal(typeof commands[0]?.durationMs, 'number');
    assert.deepEqual(
      { ...line, commands: commands.map(({ durationMs: _d, ...c }) => c) },
      {
        ...base,
        tool: 'shell.run',
        outcome: 'ok',
        files: [],
        commands: [{ command: 'echo hi > e.txt', cwd: dir, exitCode: 0, signal: null }],
      },
    );
    await call('shell.run', { command: 'exit 7' });
    line = oneLine();
    assert.equal(line.outcome, 'PROCESS_FAILED');
    assert.deepEqual(
      (line.commands as Array<Record<string, unknown>>).map(({ durationMs: _d, ...c }) => c),
      [{ command: 'exit 7', cwd: dir, exitCode: 7, signal: null }],
    );
  });
});

describe('audit log placement', () => {
  test('a log inside a root (or reached through a link into one) refuses start-up', async () => {
    const { dir, cleanup } = tempDir('facet-audit-root-');
    try {
      mkdirSync(path.join(dir, 'root'));
      mkdirSync(path.join(dir, 'outside'));
      symlinkSync(path.join(dir, 'root'), path.join(dir, 'outside', 'link'));
      for (const log of [path.join(dir, 'root', 'audit.jsonl'), path.join(dir, 'outside', 'link', 'audit.jsonl')]) {
        const config = parseConfig(
          ['--listen', '127.0.0.1:0', '--root', path.join(dir, 'root'), '--audit-log', log],
          {},
        );
        await assert.rejects(startServer(config, { logger: createLogger('silent') }), {
          message: `--audit-log ${log} lies inside the root ${path.join(dir, 'root')}, where the tools could rewrite it: put it outside every root`,
        });
      }
    } finally {
      cleanup();
    }
  });

  test('--audit-reads logs read-only calls too', async () => {
    const { dir, cleanup } = tempDir('facet-audit-reads-');
    try {
      mkdirSync(path.join(dir, 'root'));
      writeFileSync(path.join(dir, 'root', 'r.txt'), 'x');
      const log = path.join(dir, 'audit.jsonl');
      const config = parseConfig(
        [
          '--listen',
          '127.0.0.1:0',
          '--root',
          path.join(dir, 'root'),
          '--audit-log',
          log,
          '--audit-reads',
          '--shape',
          'core',
        ],
        {},
      );
      const server = await startServer(config, { logger: createLogger('silent') });
      const { ToolboxClient } = await import('../../src/gen/codefly/services/toolbox/v0/toolbox.js');
      const grpc = await import('@grpc/grpc-js');
      const client = new ToolboxClient(`127.0.0.1:${server.port}`, grpc.credentials.createInsecure());
      await new Promise((resolve, reject) =>
        client.callTool({ name: 'fs.read', arguments: { path: 'r.txt' }, roots: [] }, (e, r) =>
          e ? reject(e) : resolve(r),
        ),
      );
      client.close();
      await server.shutdown('test over');
      const lines = readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      assert.equal(lines.length, 1);
      assert.equal(lines[0]!.tool, 'fs.read');
      assert.equal(lines[0]!.session, 'default');
      assert.deepEqual(lines[0]!.files, []);
    } finally {
      cleanup();
    }
  });
});

describe('audit log: the memory directory', () => {
  const out = tempDir('facet-audit-mem-');
  after(out.cleanup);
  const file = path.join(out.dir, 'audit.jsonl');
  const mem = path.join(out.dir, 'memory');
  const { call } = serverFixture({
    shape: 'anthropic',
    session: 'mem',
    args: ['--audit-log', file, '--memory-dir', mem],
  });

  test("the memory tool's writes, moves and deletes are logged with their hashes", async () => {
    const notes = path.join(mem, 'notes.md');
    const moved = path.join(mem, 'old.md');
    assert.equal(
      (await call('memory', { command: 'create', path: '/memories/notes.md', file_text: 'alpha\n' })).error,
      '',
    );
    assert.equal(
      (await call('memory', { command: 'str_replace', path: '/memories/notes.md', old_str: 'alpha', new_str: 'beta' }))
        .error,
      '',
    );
    assert.equal(
      (await call('memory', { command: 'rename', old_path: '/memories/notes.md', new_path: '/memories/old.md' })).error,
      '',
    );
    assert.equal((await call('memory', { command: 'delete', path: '/memories/old.md' })).error, '');
    const files = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { tool: string; files: unknown[] }).files);
    assert.deepEqual(files, [
      [{ path: notes, change: 'created', before: null, after: sha('alpha\n'), bytes: 6 }],
      [{ path: notes, change: 'modified', before: sha('alpha\n'), after: sha('beta\n'), bytes: 5 }],
      [
        { path: moved, change: 'created', before: null, after: sha('beta\n'), bytes: 0, from: notes },
        { path: notes, change: 'moved', to: moved, before: sha('beta\n'), after: null, bytes: 0 },
      ],
      [{ path: moved, change: 'deleted', before: sha('beta\n'), after: null, bytes: 0 }],
    ]);
  });
});
