// deploy/kubernetes/agent-sandbox: every manifest validated offline, as no cluster runs here:
// SandboxTemplate and SandboxWarmPool against the vendored agent-sandbox CRDs' openAPIV3Schema
// (ajv), their pod templates and the NetworkPolicy against Kubernetes' own schemas
// (kubernetes-models); Facet's arguments parse with the real flags and serve sandboxd where the
// probes, ports and policy look; the shell is confined (bwrap with the Localhost seccomp profile,
// or gVisor); the warm pool names a shipped template.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { Ajv } from 'ajv';
import { Pod } from 'kubernetes-models/v1';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { parseAllDocuments, parse } from 'yaml';
import { parseConfig } from '../../src/config.js';

const DIR = 'deploy/kubernetes/agent-sandbox';
const CRDS = 'test/fixtures/agent-sandbox-crds';

interface Doc {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec: Record<string, unknown>;
}
const docs: Array<{ file: string; doc: Doc }> = readdirSync(DIR)
  .filter((f) => f.endsWith('.yaml'))
  .flatMap((file) =>
    parseAllDocuments(readFileSync(path.join(DIR, file), 'utf8')).map((d) => {
      assert.deepEqual(d.errors, [], `${file} parses`);
      return { file, doc: d.toJS() as Doc };
    }),
  );

/** The CRDs' schemas by apiVersion and kind (every served version). */
const crdSchemas = new Map<string, object>();
for (const f of readdirSync(CRDS).filter((n) => n.endsWith('.yaml'))) {
  const crd = parse(readFileSync(path.join(CRDS, f), 'utf8')) as {
    spec: {
      group: string;
      names: { kind: string };
      versions: Array<{ name: string; schema: { openAPIV3Schema: object } }>;
    };
  };
  for (const v of crd.spec.versions)
    crdSchemas.set(`${crd.spec.group}/${v.name} ${crd.spec.names.kind}`, v.schema.openAPIV3Schema);
}
// Kubernetes' structural-schema extensions (x-kubernetes-*) and formats (int32...) are not JSON
// Schema: ajv ignores them, and checks types, enums, required fields and unknown fields' types.
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });

interface Container {
  name: string;
  args: string[];
  ports?: Array<{ name: string; containerPort: number }>;
  readinessProbe?: { httpGet?: { path: string; port: number } };
  securityContext?: { seccompProfile?: { type: string; localhostProfile?: string }; procMount?: string };
}
interface PodSpec {
  containers: Container[];
  runtimeClassName?: string;
  hostUsers?: boolean;
}
const templates = docs.filter((d) => d.doc.kind === 'SandboxTemplate');
const podOf = (d: Doc) => (d.spec.podTemplate as { spec: PodSpec }).spec;

test('the shipped manifests: two SandboxTemplates (bwrap, gVisor), a SandboxWarmPool, a NetworkPolicy', () => {
  assert.deepEqual(docs.map((d) => `${d.doc.kind} ${d.doc.metadata.name}`).sort(), [
    'NetworkPolicy facet-sandbox',
    'SandboxTemplate facet',
    'SandboxTemplate facet-gvisor',
    'SandboxWarmPool facet-pool',
  ]);
});

test('SandboxTemplate and SandboxWarmPool validate against the agent-sandbox CRD schemas', () => {
  for (const { file, doc } of docs) {
    if (!doc.apiVersion.startsWith('extensions.agents.x-k8s.io/')) continue;
    const schema = crdSchemas.get(`${doc.apiVersion} ${doc.kind}`);
    assert.ok(schema, `${file}: the CRD serves ${doc.apiVersion} ${doc.kind}`);
    const validate = ajv.compile(schema);
    assert.ok(validate(doc), `${file}: ${ajv.errorsText(validate.errors)}`);
  }
  // The schema rejects what it should: a wrong type where the CRD says integer.
  const pool = docs.find((d) => d.doc.kind === 'SandboxWarmPool')!.doc;
  const validate = ajv.compile(crdSchemas.get(`${pool.apiVersion} ${pool.kind}`)!);
  assert.equal(validate({ ...pool, spec: { ...pool.spec, replicas: 'three' } }), false);
});

test("pod templates and the NetworkPolicy validate against Kubernetes' schemas", () => {
  for (const { file, doc } of templates) {
    assert.doesNotThrow(() => new Pod({ metadata: { name: 'probe' }, spec: podOf(doc) as never }).validate(), file);
  }
  const policy = docs.find((d) => d.doc.kind === 'NetworkPolicy')!;
  assert.doesNotThrow(() => new NetworkPolicy(policy.doc as never).validate(), policy.file);
  // And Kubernetes' schema refuses a broken one.
  const broken = { ...policy.doc, spec: { ...policy.doc.spec, policyTypes: ['Sideways'] } };
  assert.throws(() => new NetworkPolicy(broken as never).validate());
});

test('Facet serves sandboxd on the probed, declared and allowed ports, with a confined shell', () => {
  const policy = docs.find((d) => d.doc.kind === 'NetworkPolicy')!.doc as unknown as {
    spec: {
      podSelector: { matchLabels: Record<string, string> };
      ingress: Array<{ ports: Array<{ port: number }> }>;
    };
  };
  for (const { file, doc } of templates) {
    const pod = podOf(doc);
    const facet = pod.containers.find((c) => c.name === 'facet')!;
    assert.equal(facet.args[0], 'serve', file);
    const config = parseConfig(facet.args.slice(1), {}, '/');
    assert.deepEqual(config.sandboxd.rest, { host: '0.0.0.0', port: 8080 });
    assert.deepEqual(config.sandboxd.grpc, { host: '0.0.0.0', port: 9090 });
    assert.deepEqual(config.roots, ['/workspace']);
    assert.deepEqual(facet.readinessProbe?.httpGet, { path: '/v1/health', port: 8080 });
    assert.deepEqual(facet.ports?.map((p) => p.containerPort).sort(), [8080, 9090]);
    assert.deepEqual(policy.spec.ingress[0]!.ports.map((p) => p.port).sort(), [8080, 9090]);
    const labels = (doc.spec.podTemplate as { metadata: { labels: Record<string, string> } }).metadata.labels;
    for (const [k, v] of Object.entries(policy.spec.podSelector.matchLabels)) assert.equal(labels[k], v, file);
    // The shell is confined: bubblewrap under the Localhost profile, or the whole pod under gVisor.
    const seccomp = facet.securityContext?.seccompProfile;
    if (pod.runtimeClassName === 'gvisor') {
      assert.equal(config.shell.sandbox, 'none', file);
      assert.equal(seccomp?.type, 'RuntimeDefault');
    } else {
      assert.equal(config.shell.sandbox, 'bwrap', file);
      assert.deepEqual(seccomp, { type: 'Localhost', localhostProfile: 'profiles/facet-bwrap.json' });
      assert.equal(pod.hostUsers, false);
      assert.equal(facet.securityContext?.procMount, 'Unmasked');
    }
  }
  const pool = docs.find((d) => d.doc.kind === 'SandboxWarmPool')!.doc;
  assert.ok(templates.some((t) => t.doc.metadata.name === (pool.spec.sandboxTemplateRef as { name: string }).name));
});

test('the Localhost seccomp profile allows what bubblewrap needs and refuses the dangerous calls', () => {
  const profile = JSON.parse(readFileSync(path.join(DIR, 'seccomp/facet-bwrap.json'), 'utf8')) as {
    defaultAction: string;
    syscalls: Array<{ names: string[]; action: string }>;
  };
  assert.equal(profile.defaultAction, 'SCMP_ACT_ALLOW');
  const denied = new Set(profile.syscalls.filter((s) => s.action === 'SCMP_ACT_ERRNO').flatMap((s) => s.names));
  for (const needed of ['unshare', 'clone', 'clone3', 'mount', 'umount2', 'pivot_root', 'setns'])
    assert.ok(!denied.has(needed), `bubblewrap needs ${needed}`);
  for (const refused of [
    'kexec_load',
    'init_module',
    'bpf',
    'ptrace',
    'open_by_handle_at',
    'keyctl',
    'perf_event_open',
  ])
    assert.ok(denied.has(refused), `${refused} is refused`);
});
