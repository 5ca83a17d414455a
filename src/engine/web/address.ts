// IP address parsing and classification for the fetch guard: which addresses a page
// fetch may never reach (loopback, private, link-local, metadata...) and the operator's
// allow list of names and CIDR ranges that reopens some of them.
//
// ipaddr.js does the parsing, the prefix matching and the special-purpose range table
// (RFC 6890 and its updates: it knows blocks this file never listed, such as 3fff::/20,
// 5f00::/16 and 2001:2::/48). Facet adds three things it does not do:
// - a strict gate before parsing: only four-part decimal IPv4 and standard IPv6 text
//   (node's net.isIP). ipaddr.parse also takes inet_aton forms ("10" is 0.0.0.10, "127.1",
//   octal "010.0.0.1") but not with a trailing dot, and reads "::ffff:0127.0.0.1" as
//   decimal; a URL host reaches here already normalised by the WHATWG URL parser (which
//   takes all of those, trailing dot included), so the lax forms would only ever come from
//   an operator's allow list, where "10/8" silently meaning 0.0.0.10/8 is a trap;
// - names for the addresses that matter most: cloud metadata endpoints, and documentation
//   blocks (ipaddr.js folds those into "reserved");
// - the IPv4 address hidden in IPv6 forms (SIIT, NAT64 with every local-use layout, 6to4,
//   IPv4-compatible): ipaddr.js names these ranges but extracts only the ::ffff:0:0/96 one.
//
// ipaddr.js is required at the first address parsed (a fetch, or an IP in the allow list), not at
// start-up: 28 KB of code and its range tables that a server with no web call never needs (issue 38).
import net from 'node:net';
import type ipaddr from 'ipaddr.js';
import { lazyModule } from '../lazy-module.js';

const ip = lazyModule<typeof ipaddr>('ipaddr.js');

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

export type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Cidr = [Address, number];

// Facet's own ranges, checked before ipaddr.js's table. Metadata endpoints come first so
// they are named as such rather than by their block.
const OWN_RANGE_SPECS = [
  ['169.254.169.254/32', 'metadata'], // AWS, GCP, Azure, OpenStack...
  ['169.254.170.2/32', 'metadata'], // AWS ECS task metadata
  ['100.100.100.200/32', 'metadata'], // Alibaba Cloud
  ['fd00:ec2::254/128', 'metadata'], // AWS IMDS over IPv6
  ['192.0.2.0/24', 'documentation'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
] as const;
let ownRanges: Array<{ range: Cidr; cls: AddressClass }> | undefined;
const OWN_RANGES = () => (ownRanges ??= OWN_RANGE_SPECS.map(([spec, cls]) => ({ range: ip().parseCIDR(spec), cls })));

// ipaddr.js range names → Facet's classes. Names not listed (unicast, as112, amt...) are
// globally reachable; the IPv6 ranges that carry an IPv4 address are judged by that address.
const V4_CLASSES: Record<string, AddressClass> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'cgnat',
  private: 'private',
  reserved: 'reserved',
  benchmarking: 'reserved',
};
const V6_CLASSES: Record<string, AddressClass> = {
  unspecified: 'unspecified',
  linkLocal: 'link-local',
  multicast: 'multicast',
  loopback: 'loopback',
  uniqueLocal: 'unique-local',
  deprecatedSiteLocal: 'site-local',
  discard: 'reserved',
  teredo: 'reserved', // hides an IPv4 peer behind a relay
  benchmarking: 'reserved',
  deprecatedOrchid: 'reserved',
  orchid2: 'reserved',
  droneRemoteIdProtocolEntityTags: 'reserved',
  segmentRouting: 'reserved',
  reserved: 'reserved',
};

/** Parses an IPv4 or IPv6 literal (brackets and a zone id allowed), or null. */
export function parseIp(input: string): Address | null {
  let s = input.trim();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  // The strict gate (see the top of the file): ipaddr.js alone accepts inet_aton forms.
  if (net.isIP(s) === 0) return null;
  return ip().parse(s);
}

const v4 = (bytes: number[]) => new (ip().IPv4)(bytes);

/**
 * The IPv4 addresses an IPv6 address may carry: mapped, SIIT-translated, compatible, NAT64
 * and 6to4. The local-use NAT64 block 64:ff9b:1::/48 lets each network choose its prefix
 * length (RFC 6052: /48, /56, /64 or /96), so every layout it could use is returned.
 */
function embeddedV4s(a: ipaddr.IPv6): ipaddr.IPv4[] {
  const b = a.toByteArray();
  const range: string = a.range();
  if (range === 'ipv4Mapped') return [a.toIPv4Address()]; // ::ffff:a.b.c.d
  if (range === 'rfc6145') return [v4(b.slice(12))]; // ::ffff:0:a.b.c.d (SIIT)
  if (range === '6to4') return [v4(b.slice(2, 6))]; // 2002::/16
  if (range === 'rfc6052') {
    if (b[5] === 0) return [v4(b.slice(12))]; // 64:ff9b::/96 (well-known NAT64)
    // 64:ff9b:1::/48 (local-use NAT64), most common layout first; byte 8 is never part of the
    // address. Readings in 0.0.0.0/8 are left out: the zero padding of the other layouts
    // produces them for every address, and no translator forwards there.
    const layouts = [b.slice(12), b.slice(9, 13), [b[7]!, b[9]!, b[10]!, b[11]!], [b[6]!, b[7]!, b[9]!, b[10]!]];
    return layouts.filter((x) => x[0] !== 0).map(v4);
  }
  // ::a.b.c.d (IPv4-compatible, deprecated): ipaddr.js has no name for it (:: and ::1 are named above it).
  if (range === 'unicast' && b.slice(0, 12).every((x) => x === 0)) return [v4(b.slice(12))];
  return [];
}

function inRange(a: Address, [base, bits]: Cidr): boolean {
  return a.kind() === base.kind() && a.match(base, bits);
}

/** The class of the address itself, without looking inside IPv6 forms that carry an IPv4 one. */
function directClass(a: Address): AddressClass | null {
  const own = OWN_RANGES().find((r) => inRange(a, r.range));
  if (own) return own.cls;
  return (a.kind() === 'ipv4' ? V4_CLASSES : V6_CLASSES)[a.range()] ?? null;
}

/** The class that makes an address unreachable for fetches, or null when it is public. */
export function classifyIp(input: string): AddressClass | null {
  const a = parseIp(input);
  return a ? classifyAddress(a) : null;
}

/** classifyIp of an address already parsed (a fetch's precheck parses its host once). */
export function classifyAddress(a: Address): AddressClass | null {
  const direct = directClass(a);
  if (direct || a.kind() === 'ipv4') return direct;
  // Of several readings, a metadata one is named first: it is the one that matters most.
  const classes = embeddedV4s(a as ipaddr.IPv6)
    .map(directClass)
    .filter((c) => c !== null);
  return classes.includes('metadata') ? 'metadata' : (classes[0] ?? null);
}

/** Host names refused before any lookup: they name this machine or a private network. */
export function blockedHostName(hostname: string): string | null {
  const h = hostname.toLowerCase().replace(/\.+$/, '');
  if (h === 'localhost' || h.endsWith('.localhost') || h === 'localhost.localdomain') return 'loopback';
  // Google Cloud's metadata server names (before the .internal rule, so it is named as such).
  if (h === 'metadata.google.internal' || h === 'metadata.goog') return 'metadata';
  if (h.endsWith('.local') || h.endsWith('.internal') || h.endsWith('.home.arpa') || h === 'local' || h === 'internal')
    return 'private';
  if (h === 'metadata' || h === 'instance-data') return 'metadata';
  return null;
}

/** The operator's allow list: exact host names, `*.suffix` wildcards, IPs and CIDR ranges. */
export class AllowList {
  private readonly names = new Set<string>();
  private readonly suffixes: string[] = [];
  private readonly ranges: Cidr[] = [];

  constructor(entries: readonly string[] = []) {
    for (const raw of entries) {
      const e = raw.trim().toLowerCase().replace(/\.+$/, '');
      if (!e) continue;
      const [addr, bits] = e.split('/');
      const a = parseIp(addr!);
      if (a) {
        const width = a.kind() === 'ipv4' ? 32 : 128;
        const n = bits === undefined ? width : Number(bits);
        if (!Number.isInteger(n) || n < 0 || n > width)
          throw new Error(`web allow list: bad prefix length in "${raw}"`);
        this.ranges.push([a, n]);
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

  /**
   * An IPv4 entry also covers the IPv6 spellings that carry that address (all of them, when several readings are
   * possible).
   */
  allowsAddress(ip: string | Address): boolean {
    const a = typeof ip === 'string' ? parseIp(ip) : ip;
    if (!a) return false;
    if (this.ranges.some((r) => inRange(a, r))) return true;
    const refused = (a.kind() === 'ipv6' ? embeddedV4s(a as ipaddr.IPv6) : []).filter(
      (inner) => directClass(inner) !== null,
    );
    return refused.length > 0 && refused.every((inner) => this.ranges.some((r) => inRange(inner, r)));
  }
}
