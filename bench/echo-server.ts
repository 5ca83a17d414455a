// The reference for a small CallTool: a bare grpc-js unary server in its own process that
// answers every request with the same bytes (hex, argv[2]): a real CallToolResponse that
// Facet produced, so the client decodes exactly what it decodes from Facet. With a command
// line after it (argv[3]...), each call first spawns that command and waits for it to exit: the
// reference for a shell call (a direct spawn, nothing else).
// Usage: node echo-server.js <responseHex> [command args...]; prints "port <n>" when listening
// (on ECHO_PORT when set, else on a free port).
import { spawn } from 'node:child_process';
import * as grpc from '@grpc/grpc-js';

const payload = Buffer.from(process.argv[2] ?? '', 'hex');
const command = process.argv.slice(3);
const identity = (b: Buffer) => b;
const service: grpc.ServiceDefinition = {
  Echo: {
    path: '/bench.Echo/Echo',
    requestStream: false,
    responseStream: false,
    requestSerialize: identity,
    requestDeserialize: identity,
    responseSerialize: identity,
    responseDeserialize: identity,
  },
};
const server = new grpc.Server();
server.addService(service, {
  Echo: (_call: grpc.ServerUnaryCall<Buffer, Buffer>, cb: grpc.sendUnaryData<Buffer>) => {
    if (command.length === 0) return cb(null, payload);
    const child = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    child.once('error', (err) => cb(err));
    child.once('close', () => cb(null, payload));
  },
});
server.bindAsync(`127.0.0.1:${process.env.ECHO_PORT ?? 0}`, grpc.ServerCredentials.createInsecure(), (err, port) => {
  if (err) throw err;
  console.log(`port ${port}`);
});
process.on('SIGTERM', () => server.forceShutdown());
