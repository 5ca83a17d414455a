// gRPC server reflection (v1 and v1alpha) served from the FileDescriptorSet that `buf build`
// wrote into src/gen/descriptor-set.ts. Each file goes out as the exact bytes buf produced:
// @grpc/reflection (built from proto-loader) regroups files by package and drops their
// imports, and re-encoding descriptors drops proto2 zero values (`number: 0`) that Go
// clients such as buf curl and grpcurl need.
import path from 'node:path';
import { createRequire } from 'node:module';
import * as grpc from '@grpc/grpc-js';
import { FileDescriptorProto } from 'ts-proto-descriptors';
import { DESCRIPTOR_SET_BASE64 } from '../gen/descriptor-set.js';

interface Index {
  files: Map<string, { bytes: Uint8Array; deps: string[] }>;
  symbols: Map<string, string>;
  services: string[];
}

/** Splits a serialized FileDescriptorSet (field 1, repeated bytes) into its files, untouched. */
function splitSet(set: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  let i = 0;
  const varint = (): number => {
    let v = 0;
    let shift = 0;
    let b: number;
    do {
      b = set[i++]!;
      v += (b & 0x7f) * 2 ** shift;
      shift += 7;
    } while (b & 0x80);
    return v;
  };
  while (i < set.length) {
    const tag = varint();
    if (tag !== 0x0a) throw new Error(`unexpected tag ${tag} in the descriptor set`);
    const len = varint();
    out.push(set.subarray(i, i + len));
    i += len;
  }
  return out;
}

function buildIndex(serviceNames: string[]): Index {
  const files = new Map<string, { bytes: Uint8Array; deps: string[] }>();
  const symbols = new Map<string, string>();
  for (const bytes of splitSet(Buffer.from(DESCRIPTOR_SET_BASE64, 'base64'))) {
    // Decoded only to index names; what is served is `bytes` as buf wrote them.
    const fd = FileDescriptorProto.decode(bytes);
    files.set(fd.name, { bytes, deps: fd.dependency });
    const pkg = fd.package ? `${fd.package}.` : '';
    const addMessage = (
      prefix: string,
      m: { name: string; nestedType: unknown[]; enumType: Array<{ name: string }> },
    ) => {
      const full = prefix + m.name;
      symbols.set(full, fd.name);
      for (const e of m.enumType) symbols.set(`${full}.${e.name}`, fd.name);
      for (const n of m.nestedType as Array<typeof m>) addMessage(`${full}.`, n);
    };
    for (const m of fd.messageType) addMessage(pkg, m as never);
    for (const e of fd.enumType) symbols.set(pkg + e.name, fd.name);
    for (const s of fd.service) {
      symbols.set(pkg + s.name, fd.name);
      for (const m of s.method) symbols.set(`${pkg}${s.name}.${m.name}`, fd.name);
    }
  }
  return { files, symbols, services: serviceNames };
}

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
  let index: Index | undefined;
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
        call.on('data', (req: ReflectionRequest) => call.write(answer((index ??= buildIndex(serviceNames)), req)));
        call.on('end', () => call.end());
        call.on('error', () => call.end());
      },
    });
  }
}
