// The reference for a small CallTool: a bare grpc-js unary server in its own process that
// answers every request with a fixed payload of the size Facet's response has.
// Usage: node echo-server.js <responseBytes>; prints "port <n>" when listening.
import * as grpc from '@grpc/grpc-js';

const size = Number(process.argv[2] ?? '256');
const payload = Buffer.alloc(size, 0x61);
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
  Echo: (_call: grpc.ServerUnaryCall<Buffer, Buffer>, cb: grpc.sendUnaryData<Buffer>) => cb(null, payload),
});
server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, port) => {
  if (err) throw err;
  console.log(`port ${port}`);
});
process.on('SIGTERM', () => server.forceShutdown());
