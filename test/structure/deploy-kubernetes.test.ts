// deploy/kubernetes: the sidecar example parsed as YAML and held to the server's real flags:
// every FACET_* variable is an option and the values parse; the socket, root, state and audit
// log lie on mounted volumes (the root file system is read-only); the token comes from the
// Secret; the probes run `facet health`, which answers SERVING for a server started from
// exactly that environment; the metrics port, its annotation and --metrics-listen agree; the
// shell is confined: --shell-sandbox=bwrap under the Localhost seccomp profile agent-sandbox ships.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { isWithin } from '../../src/engine/index.js';
import { OPTIONS, parseConfig } from '../../src/config.js';
import { healthCommand } from '../../src/health-command.js';
import { createLogger } from '../../src/server/logger.js';
import { startServer } from '../../src/server/server.js';
import { tempDir } from '../helpers/server.js';

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
}
interface Mount {
  name: string;
  mountPath: string;
}
interface Probe {
  exec?: { command: string[] };
}
interface Container {
  name: string;
  args?: string[];
  env?: EnvVar[];
  ports?: Array<{ name: string; containerPort: number }>;
  volumeMounts?: Mount[];
  startupProbe?: Probe;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: {
    readOnlyRootFilesystem?: boolean;
    allowPrivilegeEscalation?: boolean;
    capabilities?: { drop?: string[]; add?: string[] };
  };
}
interface PodSpec {
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
  containers: Container[];
  volumes: Array<{ name: string }>;
}

const FILE = 'deploy/kubernetes/facet-sidecar.yaml';
const docs = parseAllDocuments(readFileSync(FILE, 'utf8')).map((d) => {
  assert.deepEqual(d.errors, [], `${FILE} parses`);
  return d.toJS() as {
    kind: string;
    metadata: { name: string; annotations?: Record<string, string> };
    stringData?: Record<string, string>;
    spec?: unknown;
  };
});
const secret = docs.find((d) => d.kind === 'Secret')!;
const deployment = docs.find((d) => d.kind === 'Deployment') as unknown as {
  spec: { template: { metadata: { annotations: Record<string, string> }; spec: PodSpec } };
};
const pod = deployment.spec.template.spec;
const facet = pod.containers.find((c) => c.name === 'facet')!;
const agent = pod.containers.find((c) => c.name === 'agent')!;
const mountOf = (c: Container, name: string) => c.volumeMounts?.find((m) => m.name === name)?.mountPath;
const mountHolding = (c: Container, p: string) => c.volumeMounts?.find((m) => isWithin(m.mountPath, p));

/** The facet container's environment, the Secret's value put in for its reference. */
function facetEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const v of facet.env ?? []) {
    const ref = v.valueFrom?.secretKeyRef;
    if (ref) {
      assert.equal(ref.name, secret.metadata.name, `${v.name} names the Secret`);
      assert.ok(secret.stringData?.[ref.key] !== undefined, `the Secret has ${ref.key}`);
      env[v.name] = secret.stringData![ref.key]!;
    } else env[v.name] = v.value ?? '';
  }
  return env;
}

test('the manifest has a Secret and a Deployment with the facet and agent containers', () => {
  assert.deepEqual(docs.map((d) => d.kind).sort(), ['Deployment', 'Secret']);
  assert.ok(facet && agent);
  assert.deepEqual(facet.args, ['serve']);
});

test('every FACET_* variable is a Facet option, and the values parse', () => {
  const known = new Set(OPTIONS.map((o) => o.env));
  const env = facetEnv();
  for (const name of Object.keys(env))
    if (name.startsWith('FACET_')) assert.ok(known.has(name), `${name} is an option`);
  const config = parseConfig([], env, '/');
  assert.equal(config.listen, null);
  assert.equal(config.socket, '/run/facet/facet.sock');
  assert.deepEqual(config.roots, ['/workspace']);
  assert.equal(config.token, 'change-me');
  assert.deepEqual(config.metricsListen, { host: '0.0.0.0', port: 9464 });
  assert.equal(config.auditLog, '/var/log/facet/audit.jsonl');
});

test('socket, root, state and audit log are on volumes; the audit log is outside the root; the agent shares workspace and socket', () => {
  const config = parseConfig([], facetEnv(), '/');
  const volumes = new Set(pod.volumes.map((v) => v.name));
  for (const c of pod.containers)
    for (const m of c.volumeMounts ?? [])
      assert.ok(volumes.has(m.name), `${c.name} mounts a declared volume ${m.name}`);
  assert.equal(mountHolding(facet, config.socket!)?.name, 'facet-socket');
  assert.equal(mountHolding(facet, config.roots[0]!)?.name, 'workspace');
  assert.equal(mountHolding(facet, config.stateDir)?.name, 'facet-state');
  assert.equal(mountHolding(facet, config.auditLog!)?.name, 'facet-audit');
  assert.equal(mountOf(facet, 'facet-tmp'), '/tmp');
  assert.ok(!isWithin(config.roots[0]!, config.auditLog!));
  assert.equal(mountOf(agent, 'workspace'), mountOf(facet, 'workspace'));
  assert.equal(mountOf(agent, 'facet-socket'), mountOf(facet, 'facet-socket'));
  const toolbox = agent.env?.find((v) => v.name === 'TOOLBOX_ADDRESS')?.value;
  assert.equal(toolbox, `unix:${config.socket}`);
  assert.deepEqual(agent.env?.find((v) => v.name === 'TOOLBOX_TOKEN')?.valueFrom?.secretKeyRef, {
    name: secret.metadata.name,
    key: 'token',
  });
});

test('metrics: the named port, the scrape annotations and --metrics-listen agree', () => {
  const config = parseConfig([], facetEnv(), '/');
  const port = facet.ports?.find((p) => p.name === 'metrics')?.containerPort;
  assert.equal(port, config.metricsListen?.port);
  const a = deployment.spec.template.metadata.annotations;
  assert.equal(a['prometheus.io/scrape'], 'true');
  assert.equal(a['prometheus.io/port'], String(port));
  assert.equal(a['prometheus.io/path'], '/metrics');
  // Nothing else is exposed on the pod network.
  assert.deepEqual(
    facet.ports?.map((p) => p.name),
    ['metrics'],
  );
});

test('non-root, read-only root file system, every capability dropped, resources bounded', () => {
  assert.equal(pod.securityContext?.runAsNonRoot, true);
  // The image's user (Dockerfile: useradd --uid 10001).
  const uid = /useradd --uid (\d+)/.exec(readFileSync('Dockerfile', 'utf8'))?.[1];
  assert.equal(String(pod.securityContext?.runAsUser), uid);
  for (const c of pod.containers) {
    assert.equal(c.securityContext?.readOnlyRootFilesystem, true, c.name);
    assert.equal(c.securityContext?.allowPrivilegeEscalation, false, c.name);
    assert.deepEqual(c.securityContext?.capabilities, { drop: ['ALL'] }, c.name);
    for (const k of ['cpu', 'memory']) {
      assert.ok(c.resources?.requests?.[k], `${c.name} requests ${k}`);
      assert.ok(c.resources?.limits?.[k], `${c.name} limits ${k}`);
    }
  }
  // What bubblewrap needs is said, and the gVisor alternative.
  const text = readFileSync(FILE, 'utf8');
  assert.match(text, /user namespaces/);
  assert.match(text, /runtimeClassName: gvisor/);
});

test('the shell is confined: bwrap through the real --shell-sandbox, under the shipped Localhost seccomp profile', () => {
  const option = OPTIONS.find((o) => o.flag === 'shell-sandbox');
  assert.equal(option?.env, 'FACET_SHELL_SANDBOX');
  const env = facetEnv();
  assert.equal(env.FACET_SHELL_SANDBOX, 'bwrap');
  assert.equal(parseConfig([], env, '/').shell.sandbox, 'bwrap');
  // RuntimeDefault refuses bubblewrap its user namespace: the facet container runs under the
  // Localhost profile deploy/kubernetes/agent-sandbox ships, in a pod user namespace, /proc unmasked.
  const sc = facet.securityContext as {
    seccompProfile?: { type: string; localhostProfile?: string };
    procMount?: string;
  };
  assert.deepEqual(sc.seccompProfile, { type: 'Localhost', localhostProfile: 'profiles/facet-bwrap.json' });
  assert.ok(existsSync('deploy/kubernetes/agent-sandbox/seccomp/facet-bwrap.json'));
  assert.equal(sc.procMount, 'Unmasked');
  assert.equal((pod as { hostUsers?: boolean }).hostUsers, false);
  // A value the server refuses would stop the pod at start-up.
  assert.throws(
    () => parseConfig([], { ...env, FACET_SHELL_SANDBOX: 'off' }, '/'),
    /FACET_SHELL_SANDBOX must be auto, bwrap or none, got "off"/,
  );
});

test('the probes run `facet health` from the image, which is SERVING for a server started from this environment', async () => {
  const dockerfile = readFileSync('Dockerfile', 'utf8');
  assert.match(dockerfile, /^WORKDIR \/app$/m);
  assert.match(dockerfile, /^COPY --from=build \/app\/dist\/src \.\/dist\/src$/m);
  assert.match(dockerfile, /^HEALTHCHECK .*"health"\]$/m);
  for (const probe of [facet.startupProbe, facet.readinessProbe, facet.livenessProbe]) {
    assert.deepEqual(probe?.exec?.command, ['node', '/app/dist/src/cli.js', 'health']);
  }
  // The manifest's environment with its paths moved into a temporary directory (and the
  // metrics port to any free one): the server it starts answers the probe.
  const { dir, cleanup } = tempDir('facet-k8s-');
  const env = facetEnv();
  const moved: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) moved[k] = v.startsWith('/') ? path.join(dir, v) : v;
  moved.FACET_METRICS_LISTEN = '127.0.0.1:0';
  for (const p of [
    moved.FACET_ROOT!,
    moved.FACET_STATE_DIR!,
    path.dirname(moved.FACET_SOCKET!),
    path.dirname(moved.FACET_AUDIT_LOG!),
  ])
    mkdirSync(p, { recursive: true });
  const server = await startServer(parseConfig([], moved, dir), { logger: createLogger('silent') });
  try {
    const health = await healthCommand([], moved);
    assert.deepEqual(health, { ok: true, text: `unix:${moved.FACET_SOCKET}: SERVING` });
    assert.equal((await fetch(server.metricsUrl!)).status, 200);
  } finally {
    await server.shutdown('test over');
    cleanup();
  }
});
