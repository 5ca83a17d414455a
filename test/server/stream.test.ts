// facet.toolbox.v1.ToolboxStream/CallToolStream with the generated grpc-js client: progress
// events while a command runs, then exactly one final event with the response unary CallTool
// gives; validation errors, cancellation, deadlines, backpressure and reflection.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as grpc from '@grpc/grpc-js';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import type { CallToolResponse } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import {
  CallToolEvent,
  OutputStream,
  ToolboxStreamClient,
  type CallToolProgress,
} from '../../src/gen/facet/toolbox/v1/stream.js';
import { EventEmitter } from 'node:events';
import { DEFAULT_STREAM_LIMITS, ProgressQueue, splitUtf8, streamStats } from '../../src/server/stream.js';
import { alive, until } from '../mcp/fixture.js';
import { metadataFor, serverFixture, texts, withServer, type CallOptions } from '../helpers/server.js';
import { procsWith } from '../shell/procs.js';

interface Streamed {
  events: CallToolEvent[];
  call: grpc.ClientReadableStream<CallToolEvent>;
  /** Resolves with the status error (if any) once the stream ended. */
  ended: Promise<grpc.ServiceError | undefined>;
}

function progressOf(events: CallToolEvent[]): CallToolProgress[] {
  return events.flatMap((e) => (e.event?.$case === 'progress' ? [e.event.value] : []));
}

function finalsOf(events: CallToolEvent[]): CallToolResponse[] {
  return events.flatMap((e) => (e.event?.$case === 'response' ? [e.event.value] : []));
}

describe('CallToolStream over gRPC', () => {
  const { t, dir, call } = serverFixture({ shape: 'core' });
  let client: ToolboxStreamClient;

  before(() => {
    client = new ToolboxStreamClient(t.address, grpc.credentials.createInsecure());
  });
  after(() => client.close());

  const stream = (name: string, args: Record<string, unknown>, opts: CallOptions = {}): Streamed => {
    const events: CallToolEvent[] = [];
    const c = client.callToolStream(
      { name, arguments: args, roots: opts.roots ?? [] },
      metadataFor(opts),
      opts.deadlineMs ? { deadline: Date.now() + opts.deadlineMs } : {},
    );
    c.on('data', (e: CallToolEvent) => events.push(e));
    const ended = new Promise<grpc.ServiceError | undefined>((resolve) => {
      c.on('error', (err: grpc.ServiceError) => resolve(err));
      c.on('end', () => resolve(undefined));
    });
    return { events, call: c, ended };
  };

  test('progress events while a command prints, then one final event equal to unary CallTool', async () => {
    const command = 'for i in 1 2 3 4 5; do echo "line $i"; echo "warn $i" >&2; sleep 0.2; done';
    const s = stream('shell.run', { command }, { session: 'stream-a' });
    assert.equal(await s.ended, undefined);
    const progress = progressOf(s.events);
    assert.ok(progress.length >= 2, `several progress events, got ${progress.length}`);
    const out = progress.filter((p) => p.stream === OutputStream.OUTPUT_STREAM_STDOUT).map((p) => p.chunk);
    const err = progress.filter((p) => p.stream === OutputStream.OUTPUT_STREAM_STDERR).map((p) => p.chunk);
    assert.equal(out.join(''), [1, 2, 3, 4, 5].map((i) => `line ${i}\n`).join(''));
    assert.equal(err.join(''), [1, 2, 3, 4, 5].map((i) => `warn ${i}\n`).join(''));
    for (let i = 1; i < progress.length; i++)
      assert.ok(progress[i]!.bytes > progress[i - 1]!.bytes, 'bytes so far grow');
    assert.equal(progress.at(-1)!.bytes, 70);
    assert.ok(progress.every((p) => p.droppedBytes === 0));
    // Exactly one final event, and it is the last.
    const finals = finalsOf(s.events);
    assert.equal(finals.length, 1);
    assert.equal(s.events.at(-1)!.event?.$case, 'response');
    // The same call over unary CallTool (another session, same state) answers the same content.
    const unary = await call('shell.run', { command }, { session: 'stream-b' });
    assert.deepEqual(normalize(finals[0]!), normalize(unary));
    assert.match(texts(finals[0]!).join('\n'), /line 5/);
  });

  test('a fast call answers with the final event only, byte-equal to unary', async () => {
    const s = stream('fs.read', { path: 'missing.txt' });
    assert.equal(await s.ended, undefined);
    assert.equal(s.events.length, 1);
    assert.deepEqual(finalsOf(s.events)[0], await call('fs.read', { path: 'missing.txt' }));
  });

  test('a validation error is one final event with no progress', async () => {
    const s = stream('shell.run', { command: 42 });
    assert.equal(await s.ended, undefined);
    assert.equal(s.events.length, 1);
    const res = finalsOf(s.events)[0]!;
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
    assert.notEqual(res.error, '');
    assert.deepEqual(res, await call('shell.run', { command: 42 }));
  });

  test('roots outside the server are refused in band, as by CallTool', async () => {
    const s = stream('fs.read', { path: 'a.txt' }, { roots: ['/etc'] });
    assert.equal(await s.ended, undefined);
    const res = finalsOf(s.events)[0]!;
    assert.equal(s.events.length, 1);
    assert.deepEqual(res, await call('fs.read', { path: 'a.txt' }, { roots: ['/etc'] }));
    assert.notEqual(res.error, '');
  });

  test('an unknown shape is INVALID_ARGUMENT, as for CallTool', async () => {
    const s = stream('fs.read', { path: 'a.txt' }, { shape: 'nope' });
    const err = await s.ended;
    assert.equal(err?.code, grpc.status.INVALID_ARGUMENT);
    assert.deepEqual(s.events, []);
  });

  // The sleep is found by its own argument: inside the shell sandbox `$!` is a PID of the command's namespace, not the
  // host's.
  const pidCommand = (file: string, mark: string) =>
    `sleep ${mark} & echo x > ${file}.tmp; mv ${file}.tmp ${file}; echo started; wait`;
  const hostPid = (mark: string) => procsWith(`sleep ${mark} `)[0] ?? 0;

  test('cancelling the stream kills the process tree', async () => {
    const pidFile = path.join(dir, 'pid-cancel');
    const s = stream('shell.run', { command: pidCommand(pidFile, '60.101') }, { session: 'cancel' });
    await until(() => progressOf(s.events).some((p) => p.chunk.includes('started')), 'the command started');
    await until(() => existsSync(pidFile), 'the pid file');
    const pid = hostPid('60.101');
    assert.ok(pid > 0 && alive(pid));
    s.call.cancel();
    assert.equal((await s.ended)?.code, grpc.status.CANCELLED);
    await until(() => !alive(pid), `process ${pid} is gone after the cancel`);
    assert.equal(finalsOf(s.events).length, 0);
  });

  test('a deadline ends the call and kills the process tree', async () => {
    const pidFile = path.join(dir, 'pid-deadline');
    const s = stream(
      'shell.run',
      { command: pidCommand(pidFile, '60.102') },
      { session: 'deadline', deadlineMs: 1500 },
    );
    const err = await s.ended;
    assert.equal(err?.code, grpc.status.DEADLINE_EXCEEDED);
    await until(() => existsSync(pidFile), 'the pid file');
    const pid = hostPid('60.102');
    await until(() => !alive(pid), `process ${pid} is gone after the deadline`);
  });

  test('a client that does not read costs a bounded queue; dropped bytes are counted; the final event arrives', async () => {
    const total = 50 * 1024 * 1024;
    const done = path.join(dir, 'printed');
    const command = `head -c ${total} /dev/zero | tr '\\0' x; touch ${done}`;
    streamStats.peakQueuedBytes = 0;
    streamStats.peakBufferedEvents = 0;
    const droppedBefore = streamStats.droppedBytes;
    const s = stream('shell.run', { command }, { session: 'slow' });
    // Read the first event, then stop reading until the command has printed everything.
    await until(() => s.events.length > 0, 'a first event');
    s.call.pause();
    await until(() => existsSync(done), 'the command printed 50 MB', 120_000);
    const heap = process.memoryUsage().heapUsed;
    s.call.resume();
    assert.equal(await s.ended, undefined);
    const progress = progressOf(s.events);
    const sent = progress.reduce((n, p) => n + Buffer.byteLength(p.chunk), 0);
    const dropped = progress.reduce((n, p) => n + p.droppedBytes, 0);
    assert.equal(sent + dropped, total, 'every byte is either sent or counted as dropped');
    assert.ok(dropped > total / 2, `most of the output was dropped for the slow reader (${dropped})`);
    assert.equal(streamStats.droppedBytes - droppedBefore, dropped);
    assert.ok(
      streamStats.peakQueuedBytes <= DEFAULT_STREAM_LIMITS.maxQueuedBytes,
      `queue peak ${streamStats.peakQueuedBytes}`,
    );
    assert.ok(streamStats.peakBufferedEvents <= 64, `grpc-js held ${streamStats.peakBufferedEvents} events`);
    assert.ok(heap < 400 * 1024 * 1024, `heap ${heap}`);
    const finals = finalsOf(s.events);
    assert.equal(finals.length, 1);
    assert.equal(s.events.at(-1)!.event?.$case, 'response');
    assert.equal(finals[0]!.error, '');
    assert.match(texts(finals[0]!).join(''), /xxxx/);
  });

  test('a stream call shares its session with unary calls', async () => {
    await call('shell.run', { command: 'mkdir -p sub && cd sub' }, { session: 'shared' });
    const s = stream('shell.run', { command: 'pwd' }, { session: 'shared' });
    assert.equal(await s.ended, undefined);
    assert.equal(
      progressOf(s.events)
        .map((p) => p.chunk)
        .join(''),
      `${path.join(dir, 'sub')}\n`,
    );
  });

  test('the server logs one line per streamed call', () => {
    assert.ok(t.logs.some((l) => l.rpc === 'CallToolStream' && l.tool === 'shell.run' && l.outcome === 'ok'));
  });
});

describe('CallToolStream under a small message limit', () => {
  // An event over the limit would fail the call (grpc-js refuses to send it).
  test('events are split to fit --max-message-bytes, and every byte arrives', async () => {
    await withServer({ shape: 'core', args: ['--max-message-bytes', '4096'] }, async (t) => {
      const client = new ToolboxStreamClient(t.address, grpc.credentials.createInsecure());
      try {
        const total = 100_000;
        const c = client.callToolStream({
          name: 'shell.run',
          arguments: { command: `head -c ${total} /dev/zero | tr '\\0' y` },
          roots: [],
        });
        let sent = 0;
        let finals = 0;
        c.on('data', (e: CallToolEvent) => {
          if (e.event?.$case === 'progress')
            sent += Buffer.byteLength(e.event.value.chunk) + e.event.value.droppedBytes;
          else finals++;
        });
        await new Promise<void>((resolve, reject) => {
          c.on('end', resolve);
          c.on('error', reject);
        });
        assert.equal(sent, total);
        assert.equal(finals, 1);
      } finally {
        client.close();
      }
    });
  });
});

describe('CallToolStream with a token', () => {
  test('needs the token, like every other RPC', async () => {
    await withServer({ shape: 'core', args: ['--token', 'sesame'] }, async (t) => {
      const client = new ToolboxStreamClient(t.address, grpc.credentials.createInsecure());
      const run = (md: grpc.Metadata) =>
        new Promise<{ err?: grpc.ServiceError; events: CallToolEvent[] }>((resolve) => {
          const events: CallToolEvent[] = [];
          const c = client.callToolStream({ name: 'shell.run', arguments: { command: 'echo hi' }, roots: [] }, md);
          c.on('data', (e: CallToolEvent) => events.push(e));
          c.on('error', (err: grpc.ServiceError) => resolve({ err, events }));
          c.on('end', () => resolve({ events }));
        });
      try {
        const refused = await run(new grpc.Metadata());
        assert.equal(refused.err?.code, grpc.status.UNAUTHENTICATED);
        assert.deepEqual(refused.events, []);
        const ok = await run(metadataFor({ metadata: { authorization: 'Bearer sesame' } }));
        assert.equal(ok.err, undefined);
        assert.equal(finalsOf(ok.events).length, 1);
      } finally {
        client.close();
      }
    });
  });
});

describe('ProgressQueue', () => {
  /** A call that accepts writes but reports itself behind after `room` of them, until drained. */
  const fakeCall = (room: number) => {
    const call = Object.assign(new EventEmitter(), {
      cancelled: false,
      writableLength: 0,
      written: [] as CallToolEvent[],
      write(b: Buffer) {
        call.written.push(CallToolEvent.decode(b));
        call.writableLength++;
        return call.writableLength < room;
      },
    });
    return call;
  };

  test('holds at most maxQueuedBytes while the call is behind, drops the oldest and counts them', async () => {
    const call = fakeCall(1);
    const q = new ProgressQueue(call as never, { maxQueuedBytes: 10, maxEventBytes: 4 });
    let bytes = 0;
    const put = (chunk: string) =>
      q.sink({ stream: 'stdout', chunk, bytes: (bytes += Buffer.byteLength(chunk)), elapsedMs: 1 });
    put('ab');
    await new Promise((r) => setImmediate(r));
    assert.equal(call.written.length, 1); // written, and now the call is behind
    for (const c of ['cd', 'ef', 'gh', 'ij', 'kl', 'mn']) put(c);
    assert.equal(call.written.length, 1);
    call.writableLength = 0;
    call.emit('drain');
    q.finish();
    const progress = call.written.map((e) => (e.event?.$case === 'progress' ? e.event.value : undefined)!);
    assert.equal(progress.map((p) => p.chunk).join(''), 'abefghijklmn');
    assert.equal(
      progress.reduce((n, p) => n + p.droppedBytes, 0),
      2,
    );
    assert.ok(progress.every((p) => Buffer.byteLength(p.chunk) <= 4));
    assert.equal(progress.at(-1)!.bytes, 14);
  });

  test('splitUtf8 never splits a character', () => {
    const text = 'aé€😀b'.repeat(5);
    for (const max of [4, 5, 7]) {
      const pieces = splitUtf8(text, max);
      assert.equal(pieces.join(''), text);
      assert.ok(pieces.every((p) => Buffer.byteLength(p) <= max && !p.includes('\uFFFD')));
    }
  });
});

/** A response without what differs from one run of a command to the next (durations). */
function normalize(res: CallToolResponse): unknown {
  return JSON.parse(
    JSON.stringify(res)
      .replace(/\d+(\.\d+)? ?(ms|s)\b/g, 'T')
      .replace(/"(durationMs|elapsedMs|duration_ms)":[\d.]+/g, '"$1":0'),
  );
}
