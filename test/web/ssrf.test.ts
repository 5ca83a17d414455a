// The SSRF corpus: every private, loopback, link-local, metadata... destination refused in
// every spelling, through DNS names and through redirects, while allowed hosts still work.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { EngineError } from '../../src/engine/errors.js';
import { AllowList, classifyIp } from '../../src/engine/web/address.js';
import { WebEngine, type LookupFn } from '../../src/engine/web/index.js';
import { send, serve, type LoopbackServer } from './http-server.js';

// Fake DNS: names that resolve to private addresses (no /etc/hosts needed).
const FAKE_DNS: Record<string, string[]> = {
  'rebind.test': ['127.0.0.1'],
  'intranet.test': ['10.1.2.3'],
  'router.test': ['192.168.0.1'],
  'meta.test': ['169.254.169.254'],
  'v6loop.test': ['::1'],
  'mapped.test': ['::ffff:127.0.0.1'],
  'all-private.test': ['10.0.0.1', '172.16.5.4', 'fd00::1'],
  'cgnat.test': ['100.64.1.1'],
  'linklocal.test': ['169.254.10.20'],
  'siit.test': ['::ffff:0:a00:1'],
  'nat64.test': ['64:ff9b::a9fe:a9fe'],
  'local-nat64.test': ['64:ff9b:1::c0a8:101'],
  'public.test': ['127.0.0.1'],
  'docs.test': ['127.0.0.1'],
};
const lookup: LookupFn = async (host) => {
  const answers = FAKE_DNS[host.toLowerCase().replace(/\.$/, '')];
  if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

let site: LoopbackServer;
let secretHits = 0;

before(async () => {
  site = await serve((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/secret') {
      secretHits++;
      return send(res, 200, 'text/plain', 'metadata credentials');
    }
    if (url.pathname === '/go') {
      res.writeHead(302, { location: url.searchParams.get('to')! });
      return res.end();
    }
    send(res, 200, 'text/plain', 'public page');
  });
});
after(() => site.close());

async function refused(engine: WebEngine, url: string): Promise<EngineError> {
  const err = await engine.fetch(url, { cache: false, timeoutMs: 5000 }).then(
    () => assert.fail(`${url} was fetched`),
    (e: unknown) => e,
  );
  assert.ok(err instanceof EngineError, `${url}: ${String(err)}`);
  assert.equal(err.kind, 'security_policy', `${url}: ${err.kind} ${err.message}`);
  return err;
}

describe('SSRF corpus: refused without an allow list', () => {
  const engine = new WebEngine({ lookup, rateLimit: { requests: 0, windowMs: 1 } });
  const P = () => site.port;
  const corpus: Array<[string, () => string, string]> = [
    // loopback
    ['dotted', () => `http://127.0.0.1:${P()}/secret`, 'loopback'],
    ['short form', () => `http://127.1:${P()}/secret`, 'loopback'],
    ['decimal', () => `http://2130706433:${P()}/secret`, 'loopback'],
    ['hex', () => `http://0x7f000001:${P()}/secret`, 'loopback'],
    ['octal', () => `http://0177.0.0.1:${P()}/secret`, 'loopback'],
    ['mixed hex/dotted', () => `http://0x7f.0.0.1:${P()}/secret`, 'loopback'],
    ['trailing dot', () => `http://127.0.0.1.:${P()}/secret`, 'loopback'],
    ['top of 127/8', () => `http://127.255.255.254:${P()}/secret`, 'loopback'],
    ['localhost', () => `http://localhost:${P()}/secret`, 'loopback'],
    ['LOCALHOST. with trailing dot', () => `http://LOCALHOST.:${P()}/secret`, 'loopback'],
    ['*.localhost', () => `http://app.localhost:${P()}/secret`, 'loopback'],
    ['IPv6 ::1', () => `http://[::1]:${P()}/secret`, 'loopback'],
    ['IPv6 long ::1', () => `http://[0:0:0:0:0:0:0:1]:${P()}/secret`, 'loopback'],
    ['IPv4-mapped dotted', () => `http://[::ffff:127.0.0.1]:${P()}/secret`, 'loopback'],
    ['IPv4-mapped hex', () => `http://[::ffff:7f00:1]:${P()}/secret`, 'loopback'],
    ['IPv4-mapped long', () => `http://[0:0:0:0:0:ffff:127.0.0.1]:${P()}/secret`, 'loopback'],
    ['IPv4-compatible', () => `http://[::127.0.0.1]:${P()}/secret`, 'loopback'],
    ['NAT64', () => `http://[64:ff9b::127.0.0.1]:${P()}/secret`, 'loopback'],
    ['6to4', () => `http://[2002:7f00:1::]:${P()}/secret`, 'loopback'],
    // unspecified
    ['0.0.0.0', () => `http://0.0.0.0:${P()}/`, 'unspecified'],
    ['0', () => `http://0:${P()}/`, 'unspecified'],
    ['0x0', () => `http://0x0:${P()}/`, 'unspecified'],
    ['IPv6 ::', () => `http://[::]:${P()}/`, 'unspecified'],
    // private
    ['10/8', () => 'http://10.0.0.1/', 'private'],
    ['10/8 octal', () => 'http://012.0.0.1/', 'private'],
    ['10/8 decimal', () => 'http://167772161/', 'private'],
    ['172.16/12 low', () => 'http://172.16.0.1/', 'private'],
    ['172.16/12 high', () => 'http://172.31.255.255/', 'private'],
    ['192.168/16', () => 'http://192.168.1.1/', 'private'],
    ['192.168/16 hex', () => 'http://0xc0a80101/', 'private'],
    ['192.168/16 mapped', () => 'http://[::ffff:192.168.1.1]/', 'private'],
    ['10/8 mapped hex', () => 'http://[::ffff:a00:1]/', 'private'],
    ['10/8 hex', () => 'http://0xa000001/', 'private'],
    ['10/8 trailing dot', () => 'http://10.0.0.1./', 'private'],
    ['172.16/12 decimal', () => 'http://2886729729/', 'private'],
    ['172.16/12 hex', () => 'http://0xac100001/', 'private'],
    ['172.16/12 octal', () => 'http://0254.020.0.1/', 'private'],
    ['172.16/12 mapped', () => 'http://[::ffff:172.16.0.1]/', 'private'],
    ['172.16/12 hex, trailing dot', () => 'http://0xac100001./', 'private'],
    ['192.168/16 decimal', () => 'http://3232235777/', 'private'],
    ['192.168/16 octal', () => 'http://0300.0250.01.01/', 'private'],
    ['192.168/16 trailing dot', () => 'http://192.168.1.1./', 'private'],
    ['192.168/16 mapped hex', () => 'http://[::ffff:c0a8:101]/', 'private'],
    // CGNAT
    ['100.64/10', () => 'http://100.64.0.1/', 'cgnat'],
    ['100.64/10 top', () => 'http://100.127.255.254/', 'cgnat'],
    ['100.64/10 decimal', () => 'http://1681915905/', 'cgnat'],
    ['100.64/10 hex', () => 'http://0x64400001/', 'cgnat'],
    ['100.64/10 octal', () => 'http://0144.0100.0.01/', 'cgnat'],
    ['100.64/10 trailing dot', () => 'http://100.64.0.1./', 'cgnat'],
    ['100.64/10 decimal, trailing dot', () => 'http://1681915905./', 'cgnat'],
    ['100.64/10 mapped', () => 'http://[::ffff:100.64.0.1]/', 'cgnat'],
    ['100.64/10 mapped hex', () => 'http://[::ffff:6440:1]/', 'cgnat'],
    // link-local
    ['169.254/16', () => 'http://169.254.1.1/', 'link-local'],
    ['169.254/16 decimal', () => 'http://2851995905/', 'link-local'],
    ['169.254/16 hex', () => 'http://0xa9fe0101/', 'link-local'],
    ['169.254/16 octal', () => 'http://0251.0376.01.01/', 'link-local'],
    ['169.254/16 trailing dot', () => 'http://169.254.1.1./', 'link-local'],
    ['169.254/16 octal, trailing dot', () => 'http://0251.0376.01.01./', 'link-local'],
    ['169.254/16 mapped', () => 'http://[::ffff:169.254.1.1]/', 'link-local'],
    ['169.254/16 mapped hex', () => 'http://[::ffff:a9fe:101]/', 'link-local'],
    ['fe80::/10', () => 'http://[fe80::1]/', 'link-local'],
    ['fe80::/10 long', () => 'http://[fe80:0:0:0:0:0:0:1]/', 'link-local'],
    ['febf:: (top of fe80::/10)', () => 'http://[febf::1]/', 'link-local'],
    // IPv6 forms that carry an IPv4 address: SIIT, NAT64 (well-known and local-use), each layout
    ['SIIT loopback', () => `http://[::ffff:0:127.0.0.1]:${P()}/secret`, 'loopback'],
    ['SIIT private hex', () => 'http://[::ffff:0:a00:1]/', 'private'],
    ['SIIT metadata', () => 'http://[::ffff:0:169.254.169.254]/', 'metadata'],
    ['SIIT CGNAT long', () => 'http://[0:0:0:0:ffff:0:6440:1]/', 'cgnat'],
    ['NAT64 private', () => 'http://[64:ff9b::10.0.0.1]/', 'private'],
    ['NAT64 private hex', () => 'http://[64:ff9b::c0a8:101]/', 'private'],
    ['NAT64 metadata', () => 'http://[64:ff9b::a9fe:a9fe]/', 'metadata'],
    ['NAT64 CGNAT', () => 'http://[64:ff9b::100.64.0.1]/', 'cgnat'],
    ['NAT64 link-local', () => 'http://[64:ff9b::169.254.1.1]/', 'link-local'],
    ['NAT64 multicast', () => 'http://[64:ff9b::e000:1]/', 'multicast'],
    ['local-use NAT64 /96 loopback', () => 'http://[64:ff9b:1::127.0.0.1]/', 'loopback'],
    ['local-use NAT64 /96 private', () => 'http://[64:ff9b:1::a00:1]/', 'private'],
    ['local-use NAT64 /64 private', () => 'http://[64:ff9b:1:0:a:0:100:0]/', 'private'],
    ['local-use NAT64 /56 private', () => 'http://[64:ff9b:1:c0:a8:101::]/', 'private'],
    ['local-use NAT64 /48 metadata', () => 'http://[64:ff9b:1:a9fe:a9:fe00::]/', 'metadata'],
    // cloud metadata
    ['metadata dotted', () => 'http://169.254.169.254/latest/meta-data/', 'metadata'],
    ['metadata decimal', () => 'http://2852039166/latest/meta-data/', 'metadata'],
    ['metadata hex', () => 'http://0xa9fea9fe/', 'metadata'],
    ['metadata octal', () => 'http://0251.0376.0251.0376/', 'metadata'],
    ['metadata mapped', () => 'http://[::ffff:169.254.169.254]/', 'metadata'],
    ['metadata mapped hex', () => 'http://[::ffff:a9fe:a9fe]/', 'metadata'],
    ['GCP metadata name', () => 'http://metadata.google.internal/computeMetadata/v1/', 'metadata'],
    [
      'GCP metadata name, upper case, trailing dot',
      () => 'http://METADATA.GOOGLE.INTERNAL./computeMetadata/v1/',
      'metadata',
    ],
    ['GCP metadata short name', () => 'http://metadata.goog/computeMetadata/v1/', 'metadata'],
    ['metadata decimal, trailing dot', () => 'http://2852039166./latest/meta-data/', 'metadata'],
    ['metadata hex, trailing dot', () => 'http://0xa9fea9fe./', 'metadata'],
    ['ECS credentials', () => 'http://169.254.170.2/v2/credentials', 'metadata'],
    ['Alibaba metadata', () => 'http://100.100.100.200/latest/meta-data/', 'metadata'],
    ['AWS IPv6 metadata', () => 'http://[fd00:ec2::254]/latest/meta-data/', 'metadata'],
    // unique-local, site-local, multicast, broadcast, reserved
    ['fc00::/7', () => 'http://[fc00::1]/', 'unique-local'],
    ['fd00::/8', () => 'http://[fd12:3456::1]/', 'unique-local'],
    ['fec0::/10', () => 'http://[fec0::1]/', 'site-local'],
    ['224/4', () => 'http://224.0.0.1/', 'multicast'],
    ['SSDP multicast', () => 'http://239.255.255.250/', 'multicast'],
    ['224/4 decimal', () => 'http://3758096385/', 'multicast'],
    ['224/4 hex', () => 'http://0xe0000001/', 'multicast'],
    ['224/4 octal', () => 'http://0340.0.0.01/', 'multicast'],
    ['224/4 trailing dot', () => 'http://224.0.0.1./', 'multicast'],
    ['SSDP hex, trailing dot', () => 'http://0xeffffffa./', 'multicast'],
    ['224/4 mapped', () => 'http://[::ffff:224.0.0.1]/', 'multicast'],
    ['224/4 mapped hex', () => 'http://[::ffff:e000:1]/', 'multicast'],
    ['ff02::1', () => 'http://[ff02::1]/', 'multicast'],
    ['ff05::2 long', () => 'http://[ff05:0:0:0:0:0:0:2]/', 'multicast'],
    ['broadcast', () => 'http://255.255.255.255/', 'broadcast'],
    ['240/4', () => 'http://240.0.0.1/', 'reserved'],
    ['mDNS name', () => 'http://printer.local/', 'private'],
    // DNS names whose answers are private
    ['name → 127.0.0.1', () => `http://rebind.test:${P()}/secret`, 'loopback'],
    ['name → 10.x', () => 'http://intranet.test/', 'private'],
    ['name → 192.168.x', () => 'http://router.test/', 'private'],
    ['name → metadata', () => 'http://meta.test/latest/meta-data/', 'metadata'],
    ['name → ::1', () => `http://v6loop.test:${P()}/secret`, 'loopback'],
    ['name → mapped loopback', () => `http://mapped.test:${P()}/secret`, 'loopback'],
    ['name → only private answers', () => 'http://all-private.test/', 'private'],
    ['name → CGNAT', () => 'http://cgnat.test/', 'cgnat'],
    ['name → link-local', () => 'http://linklocal.test/', 'link-local'],
    ['name with trailing dot → link-local', () => 'http://linklocal.test./', 'link-local'],
    ['name → SIIT private', () => 'http://siit.test/', 'private'],
    ['name → NAT64 metadata', () => 'http://nat64.test/', 'metadata'],
    ['name → local-use NAT64 private', () => 'http://local-nat64.test/', 'private'],
  ];

  test('the corpus has at least 40 cases', () => assert.ok(corpus.length >= 40, String(corpus.length)));

  for (const [name, url, cls] of corpus) {
    test(`${name}`, async () => {
      const err = await refused(engine, url());
      assert.equal(err.facts.addressClass, cls, err.message);
    });
  }

  test('the refusal says what was refused and why', async () => {
    assert.equal(
      (await refused(engine, 'http://10.0.0.1/')).message,
      '10.0.0.1 is a private address, which web fetches may not reach',
    );
    assert.equal(
      (await refused(engine, 'http://meta.test/')).message,
      'meta.test resolves to 169.254.169.254, a metadata address, which web fetches may not reach',
    );
    assert.equal(
      (await refused(engine, 'http://app.localhost/')).message,
      'app.localhost names a loopback host, which web fetches may not reach',
    );
    assert.deepEqual((await refused(engine, 'http://meta.test/')).facts, {
      host: 'meta.test',
      address: '169.254.169.254',
      addressClass: 'metadata',
      condition: 'blocked_destination',
    });
  });

  test('no refused request ever reached the loopback server', () => assert.equal(secretHits, 0));
});

describe('redirects are checked again at every hop', () => {
  // public.test stands for a public site: allowed by name, it resolves to the loopback server.
  const engine = new WebEngine({ lookup, allowHosts: ['public.test'], rateLimit: { requests: 0, windowMs: 1 } });
  const go = (to: string) => `http://public.test:${site.port}/go?to=${encodeURIComponent(to)}`;

  test('the allowed site itself is fetched', async () => {
    const page = await engine.fetch(`http://public.test:${site.port}/`, { cache: false });
    assert.ok(!('redirectUrl' in page));
    assert.equal(page.content, 'public page');
  });

  for (const [name, target] of [
    ['to a loopback literal', () => `http://127.0.0.1:${site.port}/secret`],
    ['to localhost', () => `http://localhost:${site.port}/secret`],
    ['to a name resolving to loopback', () => `http://rebind.test:${site.port}/secret`],
    ['to a mapped IPv6 loopback', () => `http://[::ffff:7f00:1]:${site.port}/secret`],
    ['to the metadata service', () => 'http://169.254.169.254/latest/meta-data/iam/'],
  ] as const) {
    test(`a public URL redirecting ${name} is refused`, async () => {
      const err = await refused(engine, go(target()));
      assert.deepEqual(err.facts.redirects, [go(target())]);
    });
  }

  test('a redirect to a non-http scheme is refused', async () => {
    await refused(engine, go('file:///etc/passwd'));
  });

  test('no redirect reached the secret', () => assert.equal(secretHits, 0));
});

describe('DNS rebinding', () => {
  test('every new connection resolves and checks again: a name that turns private is refused', async () => {
    // First answer: an address the operator allowed (standing in for a public one); then a private one.
    const answers = ['127.0.0.1', '10.0.0.5'];
    let lookups = 0;
    const rebinding: LookupFn = async () => [{ address: answers[Math.min(lookups++, 1)]!, family: 4 }];
    const closing = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', connection: 'close' });
      res.end('first answer');
    });
    try {
      const engine = new WebEngine({
        lookup: rebinding,
        allowHosts: ['127.0.0.1'],
        rateLimit: { requests: 0, windowMs: 1 },
      });
      const first = await engine.fetch(`http://rebinder.test:${closing.port}/`, { cache: false });
      assert.ok(!('redirectUrl' in first) && first.content === 'first answer');
      const err = await refused(engine, `http://rebinder.test:${closing.port}/`);
      assert.equal(err.facts.address, '10.0.0.5');
      assert.equal(lookups, 2);
    } finally {
      await closing.close();
    }
  });
});

describe('the allow list opens named hosts and ranges', () => {
  test('an allowed address', async () => {
    const engine = new WebEngine({ allowHosts: ['127.0.0.1'] });
    const page = await engine.fetch(`${site.origin}/secret`, { cache: false });
    assert.ok(!('redirectUrl' in page) && page.content === 'metadata credentials');
  });
  test('an allowed CIDR range covers other spellings of its addresses', async () => {
    const engine = new WebEngine({ allowHosts: ['127.0.0.0/8'] });
    for (const url of [`http://2130706433:${site.port}/`, `http://[::ffff:127.0.0.1]:${site.port}/`]) {
      const page = await engine.fetch(url, { cache: false });
      assert.ok(!('redirectUrl' in page) && page.content === 'public page', url);
    }
  });
  test('an allowed range opens names resolving into it, and only it', async () => {
    const engine = new WebEngine({ lookup, allowHosts: ['127.0.0.0/8'] });
    const page = await engine.fetch(`http://docs.test:${site.port}/`, { cache: false });
    assert.ok(!('redirectUrl' in page) && page.content === 'public page');
    await refused(engine, 'http://intranet.test/');
  });
  test('an allowed name (localhost) is reached', async () => {
    const engine = new WebEngine({ allowHosts: ['localhost'] });
    const page = await engine.fetch(`http://localhost:${site.port}/`, { cache: false });
    assert.ok(!('redirectUrl' in page) && page.content === 'public page');
  });
  test('a malformed allow list entry is rejected at construction', () => {
    assert.throws(() => new WebEngine({ allowHosts: ['10.0.0.0/99'] }), /bad prefix length/);
    assert.throws(() => new WebEngine({ allowHosts: ['not a host!'] }), /neither a host name/);
  });
});

describe('address classification', () => {
  test('public addresses pass', () => {
    for (const ip of [
      '8.8.8.8',
      '93.184.216.34',
      '1.1.1.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '172.32.0.1',
      '100.128.0.1',
    ]) {
      assert.equal(classifyIp(ip), null, ip);
    }
  });
  test('IPv6 forms that carry a public IPv4 address pass', () => {
    for (const ip of [
      '::ffff:0:8.8.8.8',
      '64:ff9b::808:808',
      '64:ff9b:1::808:808',
      '64:ff9b:1:808:8:800::',
      '2002:808:808::1',
    ]) {
      assert.equal(classifyIp(ip), null, ip);
    }
  });
  test('non-addresses are not classified', () => assert.equal(classifyIp('example.com'), null));
  test('special-purpose blocks from the ipaddr.js table are refused, documentation blocks by that name', () => {
    assert.deepEqual(
      [
        '3fff::1',
        '2001:db8::1',
        '192.0.2.7',
        '203.0.113.9',
        '5f00::1',
        '2001:2::1',
        '2001:20::1',
        '100::1',
        'fe80::1%eth0',
        '[::1]',
      ].map(classifyIp),
      [
        'documentation',
        'documentation',
        'documentation',
        'documentation',
        'reserved',
        'reserved',
        'reserved',
        'reserved',
        'link-local',
        'loopback',
      ],
    );
    // Globally reachable special-purpose blocks (AS112, AMT) stay public.
    assert.deepEqual(['192.175.48.1', '2001:4:112::1', '2001:3::1', '192.52.193.1'].map(classifyIp), [
      null,
      null,
      null,
      null,
    ]);
  });
  test('only standard literals are addresses: inet_aton forms are left to the URL parser', () => {
    // new URL() has already turned these into dotted quads before the guard sees a host.
    assert.deepEqual(['127.1', '2130706433', '0x7f000001', '010.0.0.1', '::ffff:0127.0.0.1'].map(classifyIp), [
      null,
      null,
      null,
      null,
      null,
    ]);
    // So an allow list entry "10/8" is not read as 0.0.0.10/8 (what inet_aton makes of "10").
    assert.throws(() => new AllowList(['10/8']), /neither a host name nor an address range/);
    assert.equal(new AllowList(['10.0.0.0/8']).allowsAddress('10.9.9.9'), true);
  });
  test('an allowed IPv4 range covers the SIIT and NAT64 spellings of its addresses, and no other', () => {
    const allow = new AllowList(['10.0.0.0/8']);
    assert.deepEqual(
      [
        '::ffff:0:a00:1',
        '64:ff9b::a00:1',
        '64:ff9b:1::a00:1',
        '64:ff9b:1:0:a:0:100:0',
        '::ffff:0:c0a8:101',
        '64:ff9b:1::c0a8:101',
      ].map((ip) => allow.allowsAddress(ip)),
      [true, true, true, true, false, false],
    );
  });
});
