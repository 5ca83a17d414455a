// gRPC server reflection (v1 and v1alpha) served from the FileDescriptorSet that `buf build`
// wrote into src/gen/descriptor-set.ts. Each file goes out as the exact bytes buf produced:
// @grpc/reflection (built from proto-loader) regroups files by package and drops their
// imports, and re-encoding descriptors drops proto2 zero values (`number: 0`) that Go
// clients such as buf curl and grpcurl need.
import path from 'node:path';
import { createRequire } from 'node:module';
import * as grpc from '@grpc/grpc-js';

import type { Index } from './reflection-index.js';

/** The file first (clients read the answer from the first entry), then everything it imports. */
function withDeps(index: Index, name: string): Uint8Array[] {
  const out: Uint8Array[] = [];
  const seen = new Set<string>();
  const walk = (n: string) => {
    if (seen.has(n)) return;
    seen.add(n);
    const f = index.files.get(n);
    if (!f) return;
    out.push(f.bytes);
    for (const d of f.deps) walk(d);
  };
  walk(name);
  return out;
}

interface ReflectionRequest {
  host?: string;
  fileByFilename?: string;
  fileContainingSymbol?: string;
  fileContainingExtension?: unknown;
  allExtensionNumbersOfType?: string;
  listServices?: string;
}

function answer(index: Index, req: ReflectionRequest): Record<string, unknown> {
  const base = { validHost: req.host ?? '', originalRequest: req };
  const notFound = (msg: string) => ({
    ...base,
    errorResponse: { errorCode: grpc.status.NOT_FOUND, errorMessage: msg },
  });
  if (req.listServices !== undefined) {
    return { ...base, listServicesResponse: { service: index.services.map((name) => ({ name })) } };
  }
  if (req.fileByFilename !== undefined) {
    if (!index.files.has(req.fileByFilename)) return notFound(`no file named ${req.fileByFilename}`);
    return { ...base, fileDescriptorResponse: { fileDescriptorProto: withDeps(index, req.fileByFilename) } };
  }
  if (req.fileContainingSymbol !== undefined) {
    const file = index.symbols.get(req.fileContainingSymbol.replace(/^\./, ''));
    if (!file) return notFound(`no symbol named ${req.fileContainingSymbol}`);
    return { ...base, fileDescriptorResponse: { fileDescriptorProto: withDeps(index, file) } };
  }
  if (req.allExtensionNumbersOfType !== undefined) {
    const type = req.allExtensionNumbersOfType;
    if (!index.symbols.has(type)) return notFound(`no type named ${type}`);
    return { ...base, allExtensionNumbersResponse: { baseTypeName: type, extensionNumber: [] } };
  }
  if (req.fileContainingExtension !== undefined) return notFound('this server declares no extensions');
  return {
    ...base,
    errorResponse: { errorCode: grpc.status.INVALID_ARGUMENT, errorMessage: 'empty reflection request' },
  };
}

/**
 * Adds grpc.reflection.v1 and v1alpha to `server`, listing `serviceNames` and describing every
 * proto file. Nothing is parsed at start-up (issue 38): the reflection protos are loaded, and
 * the descriptor set indexed, at the first reflection call.
 */
export function addReflection(server: grpc.Server, serviceNames: string[]): void {
  // The descriptor set and its decoder (~400 KB of code) are imported at the first call.
  let index: Promise<Index> | undefined;
  const indexed = () => (index ??= import('./reflection-index.js').then((m) => m.buildIndex(serviceNames)));
  for (const version of ['v1', 'v1alpha']) {
    const name = `grpc.reflection.${version}.ServerReflection`;
    let loaded: grpc.MethodDefinition<unknown, unknown> | undefined;
    const method = () => {
      if (!loaded) {
        const require = createRequire(import.meta.url);
        const protoLoader = require('@grpc/proto-loader') as typeof import('@grpc/proto-loader');
        const protoRoot = path.join(path.dirname(require.resolve('@grpc/reflection/package.json')), 'build', 'proto');
        const def = protoLoader.loadSync(`grpc/reflection/${version}/reflection.proto`, {
          includeDirs: [protoRoot],
          longs: Number,
        });
        loaded = (def[name] as grpc.ServiceDefinition).ServerReflectionInfo!;
      }
      return loaded;
    };
    // The one method's path and kind are fixed by the protocol; its (de)serializers load on first use.
    const service: grpc.ServiceDefinition = {
      ServerReflectionInfo: {
        path: `/${name}/ServerReflectionInfo`,
        requestStream: true,
        responseStream: true,
        requestSerialize: (v: unknown) => method().requestSerialize(v),
        requestDeserialize: (b: Buffer) => method().requestDeserialize(b),
        responseSerialize: (v: unknown) => method().responseSerialize(v),
        responseDeserialize: (b: Buffer) => method().responseDeserialize(b),
      },
    };
    server.addService(service, {
      ServerReflectionInfo(call: grpc.ServerDuplexStream<ReflectionRequest, unknown>) {
        // Answers leave in the order asked, and the stream ends after the last.
        let answered = Promise.resolve();
        call.on('data', (req: ReflectionRequest) => {
          answered = answered.then(async () => void call.write(answer(await indexed(), req)));
        });
        call.on('end', () => void answered.finally(() => call.end()));
        call.on('error', () => call.end());
      },
    });
  }
}
