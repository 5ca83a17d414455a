// When codefly plugin mode is on, and what it makes of the configuration (no server started).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, parseConfig } from '../../src/config.js';
import { codeflyPlugin, handshakeLine, MAX_GRACE_MS } from '../../src/server/codefly.js';

const plugin = (argv: string[], env: NodeJS.ProcessEnv) =>
  codeflyPlugin(argv, parseConfig(argv, env, '/work'), env, '/work');

test('off without --codefly and without a token; on with a token, or with --codefly and a token', () => {
  assert.equal(plugin([], {}), undefined);
  assert.equal(plugin([], { CODEFLY_AGENT_TOKEN: '' }), undefined);
  assert.ok(plugin([], { CODEFLY_AGENT_TOKEN: 'abc' }));
  assert.ok(plugin(['--codefly'], { CODEFLY_AGENT_TOKEN: 'abc' }));
  assert.ok(plugin([], { FACET_CODEFLY: 'true', CODEFLY_AGENT_TOKEN: 'abc' }));
});

test('asked for without a usable token, start-up is refused with a message', () => {
  assert.throws(
    () => plugin(['--codefly'], {}),
    (e: Error) => e instanceof ConfigError && /CODEFLY_AGENT_TOKEN.*not set/.test(e.message),
  );
  assert.throws(
    () => plugin([], { CODEFLY_AGENT_TOKEN: '  ' }),
    (e: Error) => e instanceof ConfigError && /^CODEFLY_AGENT_TOKEN: .*blank$/.test(e.message),
  );
});

test('the host chooses the transport: its socket (made absolute) or a loopback port; no bearer token, no TLS', () => {
  const uds = plugin(['--token', 'mine', '--listen', '127.0.0.1:7000'], {
    CODEFLY_AGENT_TOKEN: 'abc',
    CODEFLY_AGENT_UDS_PATH: 'run/agent.sock',
  })!;
  assert.deepEqual(
    [uds.config.listen, uds.config.socket, uds.config.tokens, uds.config.tls],
    [null, '/work/run/agent.sock', [], null],
  );
  assert.deepEqual(uds.warnings, [
    '--listen, --token ignored in codefly plugin mode: the host chooses the socket or port, and x-codefly-token authenticates',
  ]);
  const tcp = plugin([], { CODEFLY_AGENT_TOKEN: 'abc', CODEFLY_AGENT_UDS_PATH: '', FACET_SOCKET: '/tmp/x.sock' })!;
  assert.deepEqual([tcp.config.listen, tcp.config.socket], [{ host: '127.0.0.1', port: 0 }, null]);
  assert.deepEqual(tcp.warnings, [
    '--socket ignored in codefly plugin mode: the host chooses the socket or port, and x-codefly-token authenticates',
  ]);
  assert.equal(handshakeLine('/work/run/agent.sock', undefined), '2|unix:/work/run/agent.sock');
  assert.equal(handshakeLine(null, 41234), '2|dns:///127.0.0.1:41234');
});

test('the grace period stays under the 12 s codefly allows after SIGTERM; identity from CODEFLY_TOOLBOX_*', () => {
  const long = plugin(['--grace-ms', '60000'], { CODEFLY_AGENT_TOKEN: 'abc' })!;
  assert.equal(long.config.graceMs, MAX_GRACE_MS);
  assert.match(long.warnings.join('\n'), /--grace-ms 60000 lowered to 11000/);
  const short = plugin(['--grace-ms', '3000'], {
    CODEFLY_AGENT_TOKEN: 'abc',
    CODEFLY_TOOLBOX_NAME: 'tb',
    CODEFLY_TOOLBOX_VERSION: '',
  })!;
  assert.equal(short.config.graceMs, 3000);
  assert.deepEqual(short.warnings, []);
  assert.deepEqual(short.identity, { name: 'tb' });
});
