// process.v1.ProcessService (agent-sandbox sandboxd) served by `--sandboxd-grpc`, driven by a real
// gRPC client on loopback: the spec's cases (event order, stdin and EOF, signals reaching the whole
// process group, terminal sizes seen by `stty size`, FAILED_PRECONDITION on a resize without a
// terminal, NOT_FOUND for unknown ids, PERMISSION_DENIED for a cwd outside the root), and a file
// written over REST run over gRPC and read by a shape's tool: one workspace.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, test } from 'node:test';
import * as grpc from '@grpc/grpc-js';
import {
  ProcessServiceClient,
  Signal,
  type ExecuteResponse,
  type StartRequest,
  type StartResponse,
} from '../../src/gen/process/v1/process.js';
import { serverFixture, texts } from '../helpers/server.js';

const { t, dir, call } = serverFixture({
  prefix: 'facet-sandboxd-',
  shape: 'claude',
  args: ['--sandboxd-grpc', '127.0.0.1:0', '--sandboxd-rest', '127.0.0.1:0'],
});

let client: ProcessServiceClient | undefined;
const proc = () => (client ??= new ProcessServiceClient(t.server.sandboxd!.grpc!, grpc.credentials.createInsecure()));
// The client's channel would keep this file's process alive after the server is gone.
after(() => client?.close());
const rest = (p: string) => `http://${t.server.sandboxd!.rest!}/v1/${p}`;

function unary<Req, Res>(fn: (req: Req, cb: (err: grpc.ServiceError | null, res: Res) => void) => void, req: Req) {
  return new Promise<Res>((resolve, reject) => fn(req, (err, res) => (err ? reject(err) : resolve(res))));
}
const execute = (command: string[], more: Record<string, unknown> = {}) =>
  new Promise<ExecuteResponse>((resolve, reject) =>
    proc().execute({ config: { command, envVars: {}, ...more } }, (err, res) => (err ? reject(err) : resolve(res))),
  );
const writeStdin = (processId: number, payload: { $case: 'input'; value: Buffer } | { $case: 'eof'; value: object }) =>
  unary(proc().writeStdin.bind(proc()), { processId, payload });
const sendSignal = (processId: number, signal: Signal) => unary(proc().sendSignal.bind(proc()), { processId, signal });
const resize = (processId: number, cols: number, rows: number) =>
  unary(proc().resizeTty.bind(proc()), { processId, cols, rows });

/** A Start stream: its events as they come, waiting for a text in stdout, and the whole list at the end. */
function start(req: Partial<StartRequest> & { command: string[] }) {
  const { command, ...rest } = req;
  const stream = proc().start({ config: { command, envVars: {} }, ...rest });
  const events: StartResponse['event'][] = [];
  let stdout = '';
  let stderr = '';
  const waiters: Array<() => void> = [];
  let pid: (n: number) => void;
  const id = new Promise<number>((r) => (pid = r));
  stream.on('data', (ev: StartResponse) => {
    events.push(ev.event);
    if (ev.event?.$case === 'init') pid(ev.event.value.processId);
    if (ev.event?.$case === 'stdout') stdout += ev.event.value.toString();
    if (ev.event?.$case === 'stderr') stderr += ev.event.value.toString();
    for (const w of waiters.splice(0)) w();
  });
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const until = async (text: string) => {
    while (!stdout.includes(text)) await new Promise<void>((r) => waiters.push(r));
  };
  return {
    id,
    until,
    ended,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    events,
  };
}

const kinds = (events: StartResponse['event'][]) => events.map((e) => e?.$case);
const exitOf = (events: StartResponse['event'][]) => {
  const last = events.at(-1);
  return last?.$case === 'exit' ? last.value.exitCode : undefined;
};

test('Start streams one InitEvent, the output chunks, then one ExitEvent with the exit code', async () => {
  const s = start({ command: ['sh', '-c', 'echo out; echo err >&2; exit 3'] });
  await s.ended;
  const k = kinds(s.events);
  assert.equal(k[0], 'init');
  assert.equal(k.filter((x) => x === 'init').length, 1);
  assert.equal(k.at(-1), 'exit');
  assert.equal(k.filter((x) => x === 'exit').length, 1);
  assert.ok(k.slice(1, -1).every((x) => x === 'stdout' || x === 'stderr'));
  assert.equal(s.stdout, 'out\n');
  assert.equal(s.stderr, 'err\n');
  assert.equal(exitOf(s.events), 3);
  assert.ok((await s.id) > 0);
});

test('Execute answers stdout, stderr and the exit code at once; env_vars reach the command', async () => {
  const res = await execute(['sh', '-c', 'printf "%s" "$GREETING"; printf e >&2; exit 5'], {
    envVars: { GREETING: 'hello sandboxd' },
  });
  assert.deepEqual([res.exitCode, res.stdout.toString(), res.stderr.toString()], [5, 'hello sandboxd', 'e']);
});

test('WriteStdin feeds the process; EOF ends its input', async () => {
  const s = start({ command: ['cat'] });
  const id = await s.id;
  await writeStdin(id, { $case: 'input', value: Buffer.from('first line\n') });
  await s.until('first line\n');
  await writeStdin(id, { $case: 'input', value: Buffer.from('second') });
  await writeStdin(id, { $case: 'eof', value: {} });
  await s.ended;
  assert.equal(s.stdout, 'first line\nsecond');
  assert.equal(exitOf(s.events), 0);
});

test('SendSignal reaches the whole process group: the child and its parent both handle TERM', async () => {
  const script = [
    `sh -c 'trap "echo child-term; exit 0" TERM; echo ready; while :; do sleep 0.05; done' &`,
    `trap 'wait; echo parent-term; exit 7' TERM`,
    'wait',
  ].join('\n');
  const s = start({ command: ['sh', '-c', script] });
  const id = await s.id;
  await s.until('ready\n');
  await sendSignal(id, Signal.SIGNAL_SIGTERM);
  await s.ended;
  assert.equal(s.stdout, 'ready\nchild-term\nparent-term\n');
  assert.equal(exitOf(s.events), 7);
});

test('SIGKILL ends the process: the ExitEvent says -1; then its id is unknown (NOT_FOUND)', async () => {
  const s = start({ command: ['sh', '-c', 'echo up; exec sleep 600'] });
  const id = await s.id;
  await s.until('up\n');
  await sendSignal(id, Signal.SIGNAL_SIGKILL);
  await s.ended;
  assert.equal(exitOf(s.events), -1);
  await assert.rejects(sendSignal(id, Signal.SIGNAL_SIGTERM), { code: grpc.status.NOT_FOUND });
});

test('unknown process ids are NOT_FOUND for WriteStdin, SendSignal and ResizeTTY', async () => {
  await assert.rejects(writeStdin(99999, { $case: 'eof', value: {} }), {
    code: grpc.status.NOT_FOUND,
    details: 'process 99999 not found',
  });
  await assert.rejects(sendSignal(99999, Signal.SIGNAL_SIGINT), { code: grpc.status.NOT_FOUND });
  await assert.rejects(resize(99999, 80, 24), { code: grpc.status.NOT_FOUND });
});

test('a PTY process sees its size in `stty size`, and again after ResizeTTY', async () => {
  const s = start({
    command: ['sh', '-c', 'stty size; read line; stty size'],
    pty: { cols: 80, rows: 24 },
  });
  const id = await s.id;
  await s.until('24 80');
  await resize(id, 132, 50);
  await writeStdin(id, { $case: 'input', value: Buffer.from('go\r') });
  await s.ended;
  assert.match(s.stdout, /^24 80\r\ngo\r\n50 132\r\n$/);
  assert.equal(exitOf(s.events), 0);
});

test('ResizeTTY on a process without a terminal is FAILED_PRECONDITION; an unspecified signal INVALID_ARGUMENT', async () => {
  const s = start({ command: ['cat'] });
  const id = await s.id;
  await assert.rejects(resize(id, 100, 40), {
    code: grpc.status.FAILED_PRECONDITION,
    details: `process ${id} has no terminal to resize: start it with a pty`,
  });
  // The reference's TestSendSignalUnspecifiedRejected: the process runs on.
  await assert.rejects(sendSignal(id, Signal.SIGNAL_UNSPECIFIED), {
    code: grpc.status.INVALID_ARGUMENT,
    details: 'unsupported or unspecified signal: 0',
  });
  await writeStdin(id, { $case: 'input', value: Buffer.from('still here\n') });
  await s.until('still here');
  await writeStdin(id, { $case: 'eof', value: {} });
  await s.ended;
  assert.equal(exitOf(s.events), 0);
});

test('a terminal size past 65535 (struct winsize) is INVALID_ARGUMENT at Start and at ResizeTTY', async () => {
  const huge = start({ command: ['stty', 'size'], pty: { cols: 100_000, rows: 24 } });
  await assert.rejects(huge.ended, {
    code: grpc.status.INVALID_ARGUMENT,
    details: 'cols and rows must be at most 65535 (got 100000x24)',
  });
  assert.deepEqual(huge.events, []);
  const s = start({ command: ['sh', '-c', 'read line; stty size'], pty: { cols: 80, rows: 24 } });
  const id = await s.id;
  await assert.rejects(resize(id, 80, 4_294_967_295), {
    code: grpc.status.INVALID_ARGUMENT,
    details: 'cols and rows must be at most 65535 (got 80x4294967295)',
  });
  await resize(id, 65_535, 65_535);
  await writeStdin(id, { $case: 'input', value: Buffer.from('go\r') });
  await s.ended;
  assert.match(s.stdout, /65535 65535\r\n$/);
});

test('a missing command or a malformed env var is INVALID_ARGUMENT; a cwd outside the root PERMISSION_DENIED; an unknown program NOT_FOUND', async () => {
  await assert.rejects(execute([]), { code: grpc.status.INVALID_ARGUMENT, details: 'command is required' });
  await assert.rejects(execute(['pwd'], { cwd: '../..' }), { code: grpc.status.PERMISSION_DENIED });
  await assert.rejects(execute(['no-such-program-here']), { code: grpc.status.NOT_FOUND });
  for (const [name, value] of [
    ['A=B', 'x'],
    ['', 'x'],
    ['A\0B', 'x'],
    ['OK', 'a\0b'],
  ]) {
    await assert.rejects(execute(['true'], { envVars: { [name!]: value } }), {
      code: grpc.status.INVALID_ARGUMENT,
      details: `env_vars ${JSON.stringify(name)}: a name must be non-empty without '=' or NUL, a value without NUL`,
    });
  }
});

test('one workspace: a file PUT over REST runs over gRPC (cwd inside the root) and reads with a shape tool', async () => {
  const put = await fetch(rest('files/src%2Fhello.sh?mode=0755'), { method: 'PUT', body: 'echo "hi from $PWD"\n' });
  assert.equal(put.status, 204);
  const res = await execute(['./hello.sh'], { cwd: 'src' });
  assert.equal(res.stdout.toString(), `hi from ${dir}/src\n`);
  const read = await call('Read', { file_path: `${dir}/src/hello.sh` });
  assert.equal(texts(read)[0], '1\techo "hi from $PWD"\n2\t');
  // And a file a command writes is what REST serves.
  await execute(['sh', '-c', 'printf made > made.txt']);
  assert.equal(await (await fetch(rest('files/made.txt'))).text(), 'made');
  assert.equal(readFileSync(`${dir}/made.txt`, 'utf8'), 'made');
});
