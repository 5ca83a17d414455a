// The SSRF guard: an undici dispatcher whose connect step resolves the host itself, refuses
// any address a page fetch may not reach, and connects to exactly the address it checked
// (so a DNS answer that changes between check and connect cannot slip through). Every new
// connection, including each redirect hop, passes here.
import type { Agent, buildConnector } from 'undici';
import { undici } from './undici.js';
import { lazyModule } from '../lazy-module.js';
import { EngineError, engineFailure, failureArgs } from '../errors.js';
import { AllowList, blockedHostName, classifyAddress, classifyIp, parseIp } from './address.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses; injectable so tests can fake DNS answers. */
export type LookupFn = (hostname: string) => Promise<ResolvedAddress[]>;

/** node:dns, required at the first lookup (issue 38: not at start-up). */
const dns = lazyModule<typeof import('node:dns')>('node:dns');

export const systemLookup: LookupFn = (hostname) => dns().promises.lookup(hostname, { all: true, verbatim: true });

/** The refusal of a destination: kind security_policy, with the host, address and class as facts. */
export class BlockedDestinationError extends EngineError {
  constructor(host: string, address: string | undefined, addressClass: string) {
    const what = !address
      ? `${host} names a ${addressClass} host`
      : address === host
        ? `${host} is a ${addressClass} address`
        : `${host} resolves to ${address}, a ${addressClass} address`;
    super(
      ...failureArgs('blocked_destination', `${what}, which web fetches may not reach`, {
        host,
        address: address ?? null,
        addressClass,
      }),
    );
    this.name = 'BlockedDestinationError';
  }
}

export interface GuardPolicy {
  allow: AllowList;
  lookup: LookupFn;
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/**
 * Checks a destination host before a request is sent: literal addresses and names that
 * are private by definition fail here with a clear error; other names are checked after
 * resolution by the connector.
 */
export function precheckHost(hostname: string, policy: GuardPolicy): void {
  const host = stripBrackets(hostname);
  const address = parseIp(host);
  if (address) {
    const cls = classifyAddress(address);
    if (cls && !policy.allow.allowsAddress(address)) throw new BlockedDestinationError(host, host, cls);
    return;
  }
  if (policy.allow.allowsName(host)) return;
  const named = blockedHostName(host);
  if (named) throw new BlockedDestinationError(host, undefined, named);
}

/** Resolves `hostname` to the addresses the policy permits, in the resolver's order, or throws. */
export async function resolveGuarded(hostname: string, policy: GuardPolicy): Promise<string[]> {
  const host = stripBrackets(hostname);
  precheckHost(host, policy);
  if (parseIp(host)) return [host];
  const answers = await policy.lookup(host);
  if (answers.length === 0) throw engineFailure('host_unresolved', `${host} did not resolve to any address`, { host });
  // A name the operator allowed may resolve anywhere; otherwise private answers are dropped.
  if (policy.allow.allowsName(host)) return answers.map((a) => a.address);
  const permitted = answers
    .filter((a) => !classifyIp(a.address) || policy.allow.allowsAddress(a.address))
    .map((a) => a.address);
  if (permitted.length > 0) return permitted;
  const first = answers[0]!.address;
  throw new BlockedDestinationError(host, first, classifyIp(first)!);
}

/** An undici Agent that connects only where the policy permits. */
export function guardedAgent(policy: GuardPolicy, connectTimeoutMs = 10_000): Agent {
  const base = undici().buildConnector({ timeout: connectTimeoutMs });
  const connect: buildConnector.connector = (opts, callback) => {
    resolveGuarded(opts.hostname, policy).then(
      (addresses) => {
        // Connect to a checked address (the next one if it refuses); TLS still verifies the original name.
        const attempt = (i: number): void =>
          base(
            { ...opts, hostname: addresses[i]!, servername: opts.servername ?? servernameOf(opts.hostname) },
            (err, socket) => {
              if (err && i + 1 < addresses.length) attempt(i + 1);
              else if (err) callback(err, null);
              else callback(null, socket!);
            },
          );
        attempt(0);
      },
      (err: Error) => callback(err, null),
    );
  };
  return new (undici().Agent)({ connect });
}

function servernameOf(hostname: string): string | undefined {
  return parseIp(hostname) ? undefined : hostname;
}
