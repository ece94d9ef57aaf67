import { lookup, Resolver } from 'node:dns/promises';
import { Inject, Injectable } from '@nestjs/common';
import { type HostResolver } from '@governance/platform';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';

/**
 * The DNS that SSO asks: providers' addresses (checked against the destination policy) and domains' TXT
 * records (their verification). SSO_DNS_SERVERS names the servers; by default, the system's resolver.
 */
@Injectable()
export class SsoDns {
  private readonly resolver: Resolver;
  private readonly ownServers: boolean;

  constructor(@Inject(IDENTITY_CONFIG) config: IdentityConfig) {
    this.resolver = new Resolver({ timeout: config.sso.providerTimeoutMs, tries: 2 });
    this.ownServers = config.sso.dnsServers.length > 0;
    if (this.ownServers) this.resolver.setServers(config.sso.dnsServers);
  }

  /** A host's addresses: the system's lookup (which reads the hosts file too), or the configured servers'. */
  readonly addresses: HostResolver = async (hostname) => {
    if (!this.ownServers) return lookup(hostname, { all: true, verbatim: true });
    const [v4, v6] = await Promise.allSettled([
      this.resolver.resolve4(hostname),
      this.resolver.resolve6(hostname),
    ]);
    const found = [
      ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 })) : []),
      ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 })) : []),
    ];
    if (found.length === 0 && v4.status === 'rejected') throw v4.reason;
    return found;
  };

  /** The TXT records at `name`, each joined from its strings; none when the name or the records are missing. */
  async txt(name: string): Promise<string[]> {
    try {
      return (await this.resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTFOUND' || code === 'ENODATA') return [];
      throw error;
    }
  }
}
