import {
  addressRefusal,
  DestinationPolicy,
  DestinationRefusedError,
  type HostResolver,
  type RefusalReason,
} from './destination-policy';

const strict = new DestinationPolicy({ allowPrivateTargets: false, allowHttp: false });

async function refusalOf(policy: DestinationPolicy, url: string): Promise<RefusalReason | 'resolved'> {
  try {
    await policy.resolve(new URL(url));
    return 'resolved';
  } catch (error) {
    if (error instanceof DestinationRefusedError) return error.reason;
    throw error;
  }
}

function fakeDns(answers: Record<string, string[]>): HostResolver & jest.Mock {
  return jest.fn((hostname: string) => {
    const addresses = answers[hostname];
    if (!addresses) return Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
    return Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  });
}

describe('addressRefusal', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link_local'],
    ['169.254.0.1', 'link_local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['100.64.0.1', 'carrier_grade_nat'],
    ['100.100.100.200', 'carrier_grade_nat'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['192.0.0.170', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['fc00::1', 'unique_local'],
    ['fd00:ec2::254', 'unique_local'],
    ['ff02::1', 'multicast'],
    ['fec0::1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['::7f00:1', 'reserved'],
    ['::ffff:0:7f00:1', 'reserved'],
    ['100::1', 'reserved'],
    ['2001::1', 'reserved'],
    ['64:ff9b:1::a00:1', 'reserved'],
    ['not-an-ip', 'invalid_address'],
  ])('refuses %s as %s', (address, reason) => {
    expect(addressRefusal(address)).toBe(reason);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'link_local'],
    ['::ffff:100.64.0.1', 'carrier_grade_nat'],
    ['::ffff:0.0.0.0', 'unspecified'],
  ])('judges IPv4-mapped %s by the IPv4 address it carries (%s)', (address, reason) => {
    expect(addressRefusal(address)).toBe(reason);
  });

  it.each([
    ['2002:7f00:1::1', 'loopback'],
    ['2002:a00:1::', 'private'],
    ['2002:a9fe:a9fe::1', 'link_local'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::192.168.0.1', 'private'],
  ])('judges 6to4 / NAT64 %s by the embedded IPv4 address (%s)', (address, reason) => {
    expect(addressRefusal(address)).toBe(reason);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.215.14',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '2a00:1450::1',
    '::ffff:8.8.8.8',
    '2002:808:808::1',
    '64:ff9b::8.8.8.8',
  ])('accepts public unicast %s', (address) => {
    expect(addressRefusal(address)).toBeUndefined();
  });
});

describe('DestinationPolicy.checkUrl', () => {
  it('accepts an https url with a public host', () => {
    expect(strict.checkUrl('https://hooks.example.com/governance?x=1')).toBeUndefined();
    expect(strict.checkUrl('https://203.0.114.5:8443/hook')).toBeUndefined();
  });

  it.each([
    ['relative/path', 'absolute_url'],
    ['', 'absolute_url'],
    ['http://hooks.example.com/', 'scheme'],
    ['ftp://hooks.example.com/', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['https://user:pass@hooks.example.com/', 'credentials'],
    ['https://user@hooks.example.com/', 'credentials'],
    [`https://hooks.example.com/${'a'.repeat(2048)}`, 'length'],
    ['https://127.0.0.1/', 'address'],
    ['https://[::1]/', 'address'],
    ['https://169.254.169.254/latest/meta-data', 'address'],
    ['https://2130706433/', 'address'],
    ['https://0x7f.1/', 'address'],
    ['https://[::ffff:7f00:1]/', 'address'],
  ])('refuses %s by rule %s', (url, rule) => {
    const problem = strict.checkUrl(url);
    expect(problem?.rule).toBe(rule);
    expect(problem?.message).toMatch(/^url must/);
  });

  it('accepts exactly 2048 characters', () => {
    const base = 'https://hooks.example.com/';
    expect(strict.checkUrl(base + 'a'.repeat(2048 - base.length))).toBeUndefined();
  });

  it('allows http and private literals only when configured to', () => {
    const lax = new DestinationPolicy({ allowPrivateTargets: true, allowHttp: true });
    expect(lax.checkUrl('http://127.0.0.1:8080/hook')).toBeUndefined();
    expect(lax.checkUrl('ftp://127.0.0.1/')?.rule).toBe('scheme');
    expect(
      new DestinationPolicy({ allowPrivateTargets: false, allowHttp: true }).checkUrl('http://10.0.0.1/')
        ?.rule,
    ).toBe('address');
  });
});

describe('DestinationPolicy.resolve', () => {
  it.each([
    ['https://127.0.0.1/', 'loopback'],
    ['https://2130706433/', 'loopback'],
    ['https://0x7f.1/', 'loopback'],
    ['https://017700000001/', 'loopback'],
    ['https://0/', 'unspecified'],
    ['https://[::1]:8443/', 'loopback'],
    ['https://[::ffff:127.0.0.1]/', 'loopback'],
    ['https://[::ffff:a9fe:a9fe]/', 'link_local'],
    ['https://169.254.169.254/', 'link_local'],
    ['https://10.1.2.3/', 'private'],
    ['https://[fd00::1]/', 'unique_local'],
  ])('refuses the literal %s without DNS (%s)', async (url, reason) => {
    const resolveHost = fakeDns({});
    const policy = new DestinationPolicy({ allowPrivateTargets: false, allowHttp: false, resolveHost });
    await expect(refusalOf(policy, url)).resolves.toBe(reason);
    expect(resolveHost).not.toHaveBeenCalled();
  });

  it('pins a public IP literal without DNS, brackets stripped', async () => {
    const resolveHost = fakeDns({});
    const policy = new DestinationPolicy({ allowPrivateTargets: false, allowHttp: false, resolveHost });
    const v6 = await policy.resolve(new URL('https://[2606:4700:4700::1111]/hook'));
    expect(v6).toMatchObject({ address: '2606:4700:4700::1111', family: 6 });
    const v4 = await policy.resolve(new URL('https://1.1.1.1/hook'));
    expect(v4).toMatchObject({ address: '1.1.1.1', family: 4 });
    expect(v4.url.pathname).toBe('/hook');
    expect(resolveHost).not.toHaveBeenCalled();
  });

  it('refuses a host when any one of its addresses is not public', async () => {
    const policy = new DestinationPolicy({
      allowPrivateTargets: false,
      allowHttp: false,
      resolveHost: fakeDns({
        'mixed.example': ['93.184.215.14', '10.0.0.5'],
        'meta.example': ['169.254.169.254'],
      }),
    });
    await expect(refusalOf(policy, 'https://mixed.example/')).resolves.toBe('private');
    await expect(refusalOf(policy, 'https://meta.example/')).resolves.toBe('link_local');
  });

  it('pins the first resolved address and keeps all checked ones', async () => {
    const policy = new DestinationPolicy({
      allowPrivateTargets: false,
      allowHttp: false,
      resolveHost: fakeDns({ 'hooks.example': ['2606:4700::6810:84e5', '104.16.132.229'] }),
    });
    const destination = await policy.resolve(new URL('https://hooks.example/x'));
    expect(destination.address).toBe('2606:4700::6810:84e5');
    expect(destination.family).toBe(6);
    expect(destination.addresses).toEqual([
      { address: '2606:4700::6810:84e5', family: 6 },
      { address: '104.16.132.229', family: 4 },
    ]);
  });

  it('refuses a host that does not resolve, or resolves to nothing', async () => {
    const policy = new DestinationPolicy({
      allowPrivateTargets: false,
      allowHttp: false,
      resolveHost: fakeDns({ 'empty.example': [] }),
    });
    await expect(refusalOf(policy, 'https://nowhere.example/')).resolves.toBe('unresolvable');
    await expect(refusalOf(policy, 'https://empty.example/')).resolves.toBe('unresolvable');
  });

  it('refuses a url that breaks a save-time rule', async () => {
    await expect(refusalOf(strict, 'http://hooks.example.com/')).resolves.toBe('url_not_allowed');
    await expect(refusalOf(strict, 'https://u:p@hooks.example.com/')).resolves.toBe('url_not_allowed');
  });

  it('resolves localhost through the system resolver and refuses it', async () => {
    await expect(refusalOf(strict, 'https://localhost/')).resolves.toBe('loopback');
  });

  it('with allowPrivateTargets still resolves and pins, skipping only the range check', async () => {
    const lax = new DestinationPolicy({ allowPrivateTargets: true, allowHttp: true });
    const destination = await lax.resolve(new URL('http://localhost:8080/hook'));
    expect(['127.0.0.1', '::1']).toContain(destination.address);
    expect(addressRefusal(destination.address)).toBe('loopback');
    await expect(refusalOf(lax, 'http://does-not-exist.invalid/')).resolves.toBe('unresolvable');
  });

  it('shares one lookup between concurrent and recent resolutions of a host, and forgets failures', async () => {
    const resolveHost = fakeDns({ 'hooks.example': ['93.184.215.14'] });
    const policy = new DestinationPolicy({ allowPrivateTargets: false, allowHttp: false, resolveHost });
    await Promise.all([1, 2, 3].map(() => policy.resolve(new URL('https://hooks.example/a'))));
    await policy.resolve(new URL('https://hooks.example/b'));
    expect(resolveHost).toHaveBeenCalledTimes(1);

    await expect(refusalOf(policy, 'https://flaky.example/')).resolves.toBe('unresolvable');
    await expect(refusalOf(policy, 'https://flaky.example/')).resolves.toBe('unresolvable');
    expect(resolveHost).toHaveBeenCalledTimes(3);
  });

  it('resolves again once the cache entry expires, and on every call when the cache is off', async () => {
    const answers: Record<string, string[]> = { 'rebind.example': ['93.184.215.14'] };
    const resolveHost = fakeDns(answers);
    const uncached = new DestinationPolicy({
      allowPrivateTargets: false,
      allowHttp: false,
      resolveHost,
      resolveCacheTtlMs: 0,
    });
    await uncached.resolve(new URL('https://rebind.example/'));
    answers['rebind.example'] = ['127.0.0.1'];
    await expect(refusalOf(uncached, 'https://rebind.example/')).resolves.toBe('loopback');

    const shortLived = new DestinationPolicy({
      allowPrivateTargets: false,
      allowHttp: false,
      resolveHost,
      resolveCacheTtlMs: 30,
    });
    answers['rebind.example'] = ['93.184.215.14'];
    await shortLived.resolve(new URL('https://rebind.example/'));
    answers['rebind.example'] = ['127.0.0.1'];
    await new Promise((resolve) => setTimeout(resolve, 60));
    await expect(refusalOf(shortLived, 'https://rebind.example/')).resolves.toBe('loopback');
  });
});
