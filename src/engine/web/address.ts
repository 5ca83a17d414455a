// IP address parsing and classification for the fetch guard: which addresses a page
// fetch may never reach (loopback, private, link-local, metadata...) and the operator's
// allow list of names and CIDR ranges that reopens some of them.
import net from 'node:net';

/** Why an address is refused; null means publicly routable. */
export type AddressClass =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'cgnat'
  | 'link-local'
  | 'metadata'
  | 'unique-local'
  | 'site-local'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'documentation';

/** An address as bytes: 4 for IPv4, 16 for IPv6. */
type Bytes = number[];

interface Range {
  base: Bytes;
  bits: number;
  cls: AddressClass;
}

function v4(s: string): Bytes {
  return s.split('.').map(Number);
}

function cidr(spec: string, cls: AddressClass): Range {
  const [addr, bits] = spec.split('/');
  return { base: parseIp(addr!)!, bits: Number(bits), cls };
}

// Cloud metadata endpoints come first so they are named as such rather than by their block.
const V4_RANGES: Range[] = [
  cidr('169.254.169.254/32', 'metadata'), // AWS, GCP, Azure, OpenStack...
  cidr('169.254.170.2/32', 'metadata'), // AWS ECS task metadata
  cidr('100.100.100.200/32', 'metadata'), // Alibaba Cloud
  cidr('0.0.0.0/8', 'unspecified'),
  cidr('10.0.0.0/8', 'private'),
  cidr('100.64.0.0/10', 'cgnat'),
  cidr('127.0.0.0/8', 'loopback'),
  cidr('169.254.0.0/16', 'link-local'),
  cidr('172.16.0.0/12', 'private'),
  cidr('192.0.0.0/24', 'reserved'),
  cidr('192.0.2.0/24', 'documentation'),
  cidr('192.88.99.0/24', 'reserved'),
  cidr('192.168.0.0/16', 'private'),
  cidr('198.18.0.0/15', 'reserved'),
  cidr('198.51.100.0/24', 'documentation'),
  cidr('203.0.113.0/24', 'documentation'),
  cidr('224.0.0.0/4', 'multicast'),
  cidr('255.255.255.255/32', 'broadcast'),
  cidr('240.0.0.0/4', 'reserved'),
];

const V6_RANGES: Range[] = [
  cidr('fd00:ec2::254/128', 'metadata'), // AWS IMDS over IPv6
  cidr('::/128', 'unspecified'),
  cidr('::1/128', 'loopback'),
  cidr('100::/64', 'reserved'), // discard-only
  cidr('2001::/32', 'reserved'), // Teredo: hides an IPv4 peer
  cidr('2001:10::/28', 'reserved'),
  cidr('2001:db8::/32', 'documentation'),
  cidr('fc00::/7', 'unique-local'),
  cidr('fe80::/10', 'link-local'),
  cidr('fec0::/10', 'site-local'),
  cidr('ff00::/8', 'multicast'),
];

/** Parses an IPv4 or IPv6 literal (brackets and a zone id allowed) to bytes, or null. */
export function parseIp(input: string): Bytes | null {
  let s = input.trim();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  const kind = net.isIP(s);
  if (kind === 4) return v4(s);
  if (kind !== 6) return null;
  let tail: Bytes = [];
  const lastColon = s.lastIndexOf(':');
  if (s.slice(lastColon + 1).includes('.')) {
    tail = v4(s.slice(lastColon + 1));
    s = s.slice(0, lastColon + 1) + '0:0';
  }
  const [head, rest] = s.includes('::') ? s.split('::') : [s, undefined];
  const words = (x: string | undefined) => (x ? x.split(':').filter((w) => w !== '').map((w) => parseInt(w, 16)) : []);
  const left = words(head);
  const right = words(rest);
  const fill = rest === undefined ? [] : new Array(8 - left.length - right.length).fill(0);
  const all = [...left, ...fill, ...right];
  const bytes: Bytes = [];
  for (const w of all) bytes.push(w >> 8, w & 0xff);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

/**
 * The IPv4 addresses an IPv6 address may carry: mapped, SIIT-translated, compatible, NAT64
 * and 6to4. The local-use NAT64 block 64:ff9b:1::/48 lets each network choose its prefix
 * length (RFC 6052: /48, /56, /64 or /96), so every layout it could use is returned.
 */
function embeddedV4s(b: Bytes): Bytes[] {
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const starts = (...prefix: number[]) => prefix.every((x, i) => b[i] === x);
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return [b.slice(12)]; // ::ffff:a.b.c.d (mapped)
  if (zeros(0, 8) && b[8] === 0xff && b[9] === 0xff && zeros(10, 12)) return [b.slice(12)]; // ::ffff:0:a.b.c.d (SIIT)
  if (zeros(0, 12) && !(zeros(12, 15) && (b[15] === 0 || b[15] === 1))) return [b.slice(12)]; // ::a.b.c.d (deprecated)
  if (starts(0x00, 0x64, 0xff, 0x9b) && zeros(4, 12)) return [b.slice(12)]; // 64:ff9b::/96 (well-known NAT64)
  if (starts(0x00, 0x64, 0xff, 0x9b, 0x00, 0x01)) {
    // 64:ff9b:1::/48 (local-use NAT64), most common layout first; byte 8 is never part of the
    // address. Readings in 0.0.0.0/8 are left out: the zero padding of the other layouts
    // produces them for every address, and no translator forwards there.
    const layouts = [b.slice(12), b.slice(9, 13), [b[7]!, b[9]!, b[10]!, b[11]!], [b[6]!, b[7]!, b[9]!, b[10]!]];
    return layouts.filter((v) => v[0] !== 0);
  }
  if (starts(0x20, 0x02)) return [b.slice(2, 6)]; // 2002::/16 (6to4)
  return [];
}

function v4Class(b: Bytes): AddressClass | null {
  return V4_RANGES.find((r) => inRange(b, r))?.cls ?? null;
}

function inRange(b: Bytes, r: Range): boolean {
  if (b.length !== r.base.length) return false;
  let bits = r.bits;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((b[i]! & mask) !== (r.base[i]! & mask)) return false;
  }
  return true;
}

/** Canonical text of an address; an IPv6 address that carries one IPv4 address collapses to it. */
export function canonicalIp(input: string): string | null {
  const b = parseIp(input);
  if (!b) return null;
  const inner = b.length === 16 ? embeddedV4s(b) : [];
  const x = inner.length === 1 ? inner[0]! : b;
  if (x.length === 4) return x.join('.');
  const words: string[] = [];
  for (let i = 0; i < 16; i += 2) words.push(((x[i]! << 8) | x[i + 1]!).toString(16));
  return words.join(':');
}

/** The class that makes an address unreachable for fetches, or null when it is public. */
export function classifyIp(input: string): AddressClass | null {
  const b = parseIp(input);
  if (!b) return null;
  if (b.length === 4) return v4Class(b);
  const direct = V6_RANGES.find((r) => inRange(b, r))?.cls;
  if (direct) return direct;
  // Of several readings, a metadata one is named first: it is the one that matters most.
  const classes = embeddedV4s(b).map(v4Class).filter((c) => c !== null);
  return classes.includes('metadata') ? 'metadata' : (classes[0] ?? null);
}

/** Host names refused before any lookup: they name this machine or a private network. */
export function blockedHostName(hostname: string): string | null {
  const h = hostname.toLowerCase().replace(/\.+$/, '');
  if (h === 'localhost' || h.endsWith('.localhost') || h === 'localhost.localdomain') return 'loopback';
  // Google Cloud's metadata server names (before the .internal rule, so it is named as such).
  if (h === 'metadata.google.internal' || h === 'metadata.goog') return 'metadata';
  if (h.endsWith('.local') || h.endsWith('.internal') || h.endsWith('.home.arpa') || h === 'local' || h === 'internal') return 'private';
  if (h === 'metadata' || h === 'instance-data') return 'metadata';
  return null;
}

/** The operator's allow list: exact host names, `*.suffix` wildcards, IPs and CIDR ranges. */
export class AllowList {
  private readonly names = new Set<string>();
  private readonly suffixes: string[] = [];
  private readonly ranges: Range[] = [];

  constructor(entries: readonly string[] = []) {
    for (const raw of entries) {
      const e = raw.trim().toLowerCase().replace(/\.+$/, '');
      if (!e) continue;
      const [addr, bits] = e.split('/');
      const bytes = parseIp(addr!);
      if (bytes) {
        const width = bytes.length * 8;
        const n = bits === undefined ? width : Number(bits);
        if (!Number.isInteger(n) || n < 0 || n > width) throw new Error(`web allow list: bad prefix length in "${raw}"`);
        this.ranges.push({ base: bytes, bits: n, cls: 'private' });
      } else if (e.startsWith('*.')) {
        this.suffixes.push(e.slice(1));
      } else if (/^[a-z0-9_.-]+$/.test(e)) {
        this.names.add(e);
      } else {
        throw new Error(`web allow list: "${raw}" is neither a host name nor an address range`);
      }
    }
  }

  get empty(): boolean {
    return this.names.size === 0 && this.suffixes.length === 0 && this.ranges.length === 0;
  }

  allowsName(hostname: string): boolean {
    const h = hostname.toLowerCase().replace(/\.+$/, '');
    return this.names.has(h) || this.suffixes.some((s) => h.endsWith(s));
  }

  /** An IPv4 entry also covers the IPv6 spellings that carry that address (all of them, when several readings are possible). */
  allowsAddress(ip: string): boolean {
    const b = parseIp(ip);
    if (!b) return false;
    if (this.ranges.some((r) => inRange(b, r))) return true;
    const refused = (b.length === 16 ? embeddedV4s(b) : []).filter((inner) => v4Class(inner) !== null);
    return refused.length > 0 && refused.every((inner) => this.ranges.some((r) => inRange(inner, r)));
  }
}
