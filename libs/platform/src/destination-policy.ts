import { promises as dns } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export const MAX_DESTINATION_URL_LENGTH = 2048;

/** The save-time rule a destination url (a webhook's) breaks. */
export interface UrlProblem {
  rule: 'absolute_url' | 'scheme' | 'length' | 'credentials' | 'host' | 'address';
  message: string;
}

/** Why an address is not a public unicast destination. */
export type AddressRefusal =
  | 'invalid_address'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'unspecified'
  | 'carrier_grade_nat'
  | 'multicast'
  | 'broadcast'
  | 'unique_local'
  | 'reserved';

export type RefusalReason = AddressRefusal | 'unresolvable' | 'url_not_allowed';

/** Thrown by `resolve`; `reason` is safe to show a tenant, the resolved address deliberately is not part of it. */
export class DestinationRefusedError extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'DestinationRefusedError';
  }
}

export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Connect to `address`, the first one the resolver returned; `addresses` are all it returned, each
 * checked, so a connection may fall back between families without resolving again.
 */
export type ResolvedDestination = PinnedAddress & { url: URL; addresses: readonly PinnedAddress[] };

export type HostResolver = (hostname: string) => Promise<readonly { address: string; family: number }[]>;

export interface DestinationPolicyOptions {
  /** Skips the address-range check (local development and tests). Resolution and pinning still happen. */
  allowPrivateTargets: boolean;
  allowHttp: boolean;
  /** How long a host's checked addresses are reused, so a burst to one host costs one getaddrinfo. Default 5000. */
  resolveCacheTtlMs?: number;
  /** Replaces `dns.promises.lookup`; tests use it to simulate DNS answers. */
  resolveHost?: HostResolver;
}

const MAX_CACHED_HOSTS = 10_000;
const GLOBAL_UNICAST_V6: [ipaddr.IPv6, number] = [ipaddr.IPv6.parse('2000::'), 3];
const NAT64_WELL_KNOWN: [ipaddr.IPv6, number] = [ipaddr.IPv6.parse('64:ff9b::'), 96];

const systemResolver: HostResolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

interface CachedHost {
  expiresAt: number;
  pinned: Promise<readonly PinnedAddress[]>;
}

/**
 * SSRF defence for urls a tenant names (webhook urls, SSO issuers): `checkUrl` is the syntax a url must
 * have to be saved, `resolve` is what a request may connect to. Resolving and connecting to the returned address (rather than letting the
 * HTTP client resolve again) is what defeats DNS rebinding between the check and the connection.
 */
export class DestinationPolicy {
  private readonly cacheTtlMs: number;
  private readonly resolveHost: HostResolver;
  private readonly cache = new Map<string, CachedHost>();

  constructor(private readonly options: DestinationPolicyOptions) {
    this.cacheTtlMs = options.resolveCacheTtlMs ?? 5000;
    this.resolveHost = options.resolveHost ?? systemResolver;
  }

  checkUrl(url: string): UrlProblem | undefined {
    if (url.length > MAX_DESTINATION_URL_LENGTH) {
      return { rule: 'length', message: `url must be at most ${MAX_DESTINATION_URL_LENGTH} characters` };
    }
    // The URL parser would quietly strip or encode these, so the stored string would not be the one checked.
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    if (/[\u0000-\u0020\u007f]/.test(url)) {
      return { rule: 'absolute_url', message: 'url must not contain whitespace or control characters' };
    }
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { rule: 'absolute_url', message: 'url must be an absolute URL' };
    }
    const problem = this.checkParsed(parsed);
    if (problem) return problem;
    // Literal addresses can be judged without DNS, so the caller hears about them when saving.
    const host = bareHost(parsed.hostname);
    if (!this.options.allowPrivateTargets && isIP(host) !== 0) {
      const refusal = addressRefusal(host);
      if (refusal)
        return { rule: 'address', message: `url must not point at a non-public address (${refusal})` };
    }
    return undefined;
  }

  async resolve(url: URL): Promise<ResolvedDestination> {
    const problem = this.checkParsed(url);
    if (problem) throw new DestinationRefusedError('url_not_allowed', problem.message);
    const host = bareHost(url.hostname);
    const family = isIP(host);
    if (family === 4 || family === 6) {
      this.assertPublic(host);
      return { url, address: host, family, addresses: [{ address: host, family }] };
    }
    const addresses = await this.pinnedAddresses(host);
    const first = addresses[0]!;
    return { url, address: first.address, family: first.family, addresses };
  }

  private checkParsed(url: URL): UrlProblem | undefined {
    const { allowHttp } = this.options;
    if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) {
      return { rule: 'scheme', message: allowHttp ? 'url must use https or http' : 'url must use https' };
    }
    if (url.username !== '' || url.password !== '') {
      return { rule: 'credentials', message: 'url must not contain a username or password' };
    }
    if (url.hostname === '') return { rule: 'host', message: 'url must have a host' };
    return undefined;
  }

  private pinnedAddresses(host: string): Promise<readonly PinnedAddress[]> {
    if (this.cacheTtlMs <= 0) return this.lookupAndCheck(host);
    const now = Date.now();
    const cached = this.cache.get(host);
    if (cached && cached.expiresAt > now) return cached.pinned;
    if (cached) this.cache.delete(host);
    const pinned = this.lookupAndCheck(host);
    const entry: CachedHost = { expiresAt: now + this.cacheTtlMs, pinned };
    this.cache.set(host, entry);
    if (this.cache.size > MAX_CACHED_HOSTS) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
    // A resolver failure may be transient; refusals of what did resolve are as valid as any answer.
    pinned.catch((error: unknown) => {
      const refusedForGood = error instanceof DestinationRefusedError && error.reason !== 'unresolvable';
      if (!refusedForGood && this.cache.get(host) === entry) this.cache.delete(host);
    });
    return pinned;
  }

  private async lookupAndCheck(host: string): Promise<readonly PinnedAddress[]> {
    let answers: readonly { address: string; family: number }[];
    try {
      answers = await this.resolveHost(host);
    } catch {
      throw new DestinationRefusedError('unresolvable', 'host does not resolve');
    }
    const pinned: PinnedAddress[] = [];
    for (const answer of answers) {
      const family = isIP(answer.address);
      if (family !== 4 && family !== 6) {
        throw new DestinationRefusedError('invalid_address', 'host resolves to an invalid address');
      }
      // Any single non-public answer refuses the host: the client could otherwise be steered to it.
      this.assertPublic(answer.address);
      pinned.push({ address: answer.address, family });
    }
    if (pinned.length === 0) throw new DestinationRefusedError('unresolvable', 'host does not resolve');
    return pinned;
  }

  private assertPublic(address: string): void {
    if (this.options.allowPrivateTargets) return;
    const refusal = addressRefusal(address);
    if (refusal)
      throw new DestinationRefusedError(refusal, `host resolves to a non-public address (${refusal})`);
  }
}

/** `URL.hostname` keeps the brackets of an IPv6 literal; sockets and DNS want the bare address. */
function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/**
 * Why an IP address is not a public unicast destination, or undefined when it is. IPv4-mapped IPv6 is
 * judged as the IPv4 address it carries; 6to4 and well-known-prefix NAT64 addresses by the IPv4 address
 * they embed, so a public site behind them stays reachable but a private one does not.
 */
export function addressRefusal(address: string): AddressRefusal | undefined {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.process(address);
  } catch {
    return 'invalid_address';
  }
  return ip.kind() === 'ipv4' ? ipv4Refusal(ip as ipaddr.IPv4) : ipv6Refusal(ip as ipaddr.IPv6);
}

/** ipaddr.js range names and their refusals; unicast aside, a range not named here is refused as reserved. */
const RANGE_REFUSALS = new Map<string, AddressRefusal>([
  ['loopback', 'loopback'],
  ['private', 'private'],
  ['linkLocal', 'link_local'],
  ['uniqueLocal', 'unique_local'],
  ['unspecified', 'unspecified'],
  ['carrierGradeNat', 'carrier_grade_nat'],
  ['multicast', 'multicast'],
  ['broadcast', 'broadcast'],
]);

function ipv4Refusal(ip: ipaddr.IPv4): AddressRefusal | undefined {
  const range = ip.range();
  return range === 'unicast' ? undefined : (RANGE_REFUSALS.get(range) ?? 'reserved');
}

function ipv6Refusal(ip: ipaddr.IPv6): AddressRefusal | undefined {
  const parts = ip.parts;
  // ipaddr.js knows more ranges than its typings list (site-local, discard, segment routing...).
  const range: string = ip.range();
  switch (range) {
    case 'unicast':
      // ipaddr.js calls everything it has no name for unicast, including the IPv4-compatible ::/96 and
      // the unassigned space; only 2000::/3 is actually allocated as global unicast.
      return ip.match(GLOBAL_UNICAST_V6) ? undefined : 'reserved';
    case '6to4':
      return ipv4Refusal(embeddedIpv4(parts[1]!, parts[2]!));
    case 'rfc6052':
      // Only the well-known /96 prefix has a fixed place for the IPv4 address; the local-use /48 does not.
      return ip.match(NAT64_WELL_KNOWN) ? ipv4Refusal(embeddedIpv4(parts[6]!, parts[7]!)) : 'reserved';
    default:
      return RANGE_REFUSALS.get(range) ?? 'reserved';
  }
}

function embeddedIpv4(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/**
 * A socket `lookup` that answers with the addresses the policy checked, so the HTTP client never resolves
 * the name again. Node asks for all addresses when it races IPv4 against IPv6 (autoSelectFamily), and for
 * one otherwise.
 */
export function pinnedLookup(addresses: readonly PinnedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family =
      options.family === 4 || options.family === 'IPv4'
        ? 4
        : options.family === 6 || options.family === 'IPv6'
          ? 6
          : 0;
    const candidates =
      family === 0 ? addresses : addresses.filter((candidate) => candidate.family === family);
    const first = candidates[0];
    if (!first) {
      callback(
        Object.assign(new Error('no pinned address of the requested family'), { code: 'ENOTFOUND' }),
        '',
      );
    } else if (options.all) {
      callback(null, candidates.slice());
    } else {
      callback(null, first.address, first.family);
    }
  };
}
