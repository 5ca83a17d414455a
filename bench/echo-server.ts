// The reference for a small CallTool: a bare grpc-js unary server in its own process that
// answers every request with the same bytes (hex, argv[2]): a real CallToolResponse that
// Facet produced, so the client decodes exactly what it decodes from Facet.
// Usage: node echo-server.js <responseHex>; prints "port <n>" when listening.
import * as grpc from '@grpc/grpc-js';

const payload = Buffer.from(process.argv[2] ?? '', 'hex');
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
