// The index reflection answers from: every proto file of the descriptor set `buf build` wrote
// (src/gen/descriptor-set.ts), as its exact bytes, and the file declaring each symbol. Built at
// the first reflection call: its decoder and the set are not loaded before (issue 38).
import { FileDescriptorProto } from 'ts-proto-descriptors';
import { DESCRIPTOR_SET_BASE64 } from '../gen/descriptor-set.js';

export interface Index {
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

export function buildIndex(serviceNames: string[]): Index {
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
