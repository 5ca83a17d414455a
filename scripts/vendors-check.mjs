// `npm run vendors:check`: which shapes are behind their vendor's latest release. For each shape
// it asks the npm registry for the upstream package's latest version (GET <registry>/<package>/latest,
// the registry's documented dist-tag endpoint), says how to check vendors not on npm, and where
// facts are captured for both the served release and a newer one (vendors/<shape>/<version>.json),
// diffs their tool names and parameter schemas. A maintenance command, never a test: it reads the
// network. Exit 0: all current; 1: some shape is behind; 2: the registry could not be asked.
//
//   node scripts/vendors-check.mjs [--registry URL] [--vendors DIR]
//   (the registry also from FACET_NPM_REGISTRY, then npm's own npm_config_registry)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHOWN_PER_TOOL = 8;

function option(args, name) {
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  const eq = args.find((a) => a.startsWith(`${name}=`));
  return eq === undefined ? undefined : eq.slice(name.length + 1);
}

const args = process.argv.slice(2);
const registry = (
  option(args, '--registry') ??
  process.env.FACET_NPM_REGISTRY ??
  process.env.npm_config_registry ??
  'https://registry.npmjs.org'
).replace(/\/+$/, '');
const vendorsDir = path.resolve(option(args, '--vendors') ?? path.join(REPO, 'vendors'));

const tableFile = path.join(REPO, 'dist/src/shapes/release-table.js');
if (!existsSync(tableFile)) {
  process.stderr.write(`vendors:check: ${path.relative(REPO, tableFile)} is missing: run npm run build first\n`);
  process.exit(2);
}
const { SHAPE_RELEASES } = await import(pathToFileURL(tableFile).href);

/** Numeric segments compared as numbers ("2.1.332" > "2.1.197"); anything else as text. */
function compareVersions(a, b) {
  const pa = a.split(/[.-]/);
  const pb = b.split(/[.-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '0';
    const y = pb[i] ?? '0';
    const nx = /^\d+$/.test(x) ? Number(x) : NaN;
    const ny = /^\d+$/.test(y) ? Number(y) : NaN;
    const c = Number.isNaN(nx) || Number.isNaN(ny) ? x.localeCompare(y) : nx - ny;
    if (c !== 0) return Math.sign(c);
  }
  return 0;
}

/** The registry's latest version of a package: { version } or { problem }. */
async function latestOnNpm(pkg) {
  // A scoped name keeps its @ and sends its slash encoded, as npm's own client does.
  const url = `${registry}/${pkg.replace('/', '%2f')}/latest`;
  try {
    const res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(20_000) });
    if (!res.ok) return { problem: `${url} answered HTTP ${res.status}` };
    const body = await res.json();
    if (typeof body?.version !== 'string') return { problem: `${url} answered no version` };
    return { version: body.version };
  } catch (err) {
    return { problem: `${url}: ${err.cause?.message ?? err.message}` };
  }
}

/** The versions captured for a shape: the names of vendors/<shape>/<version>.json. */
function capturedVersions(shape) {
  const dir = path.join(vendorsDir, shape);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort(compareVersions);
}

function factsPath(shape, version) {
  return path.join(vendorsDir, shape, `${version}.json`);
}

function shown(file) {
  const rel = path.relative(process.cwd(), file);
  return rel.startsWith('..') ? file : rel;
}

/** A facts file's tools by name, each with its declared variants (most tools have one, unnamed). */
function toolsOf(file) {
  const facts = JSON.parse(readFileSync(file, 'utf8'));
  const out = new Map();
  for (const t of Array.isArray(facts.tools) ? facts.tools : []) {
    if (!out.has(t.name)) out.set(t.name, []);
    out.get(t.name).push({ variant: t.variant ?? '', parameters: t.parameters ?? null });
  }
  return out;
}

/** The schema changes of one tool: variant by variant when both releases name the same variants. */
function toolChanges(a, b) {
  if (a.length === 1 && b.length === 1) return schemaChanges(a[0].parameters, b[0].parameters);
  const names = (list) => list.map((v) => v.variant).join(' | ');
  if (names(a) !== names(b)) return [`~ variants: ${names(a) || '(one)'} -> ${names(b) || '(one)'}`];
  return a.flatMap((v, i) => schemaChanges(v.parameters, b[i].parameters).map((c) => `${c} [${v.variant}]`));
}

/** Differences between two schemas as "+ path", "- path" and "~ path" lines (arrays compared whole). */
function schemaChanges(a, b, at = '') {
  const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (isObj(a) && isObj(b)) {
    const out = [];
    for (const k of Object.keys(a)) if (!(k in b)) out.push(`- ${at}${k}`);
    for (const k of Object.keys(b)) {
      if (!(k in a)) out.push(`+ ${at}${k}`);
      else out.push(...schemaChanges(a[k], b[k], `${at}${k}.`));
    }
    return out;
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [`~ ${at.replace(/\.$/, '') || '(whole schema)'}`];
}

/** The lines diffing the served release's facts against a newer release's. */
function factsDiff(shape, served, newer) {
  const from = factsPath(shape, served);
  const to = factsPath(shape, newer);
  if (!existsSync(from))
    return [`  no captured facts for the served ${served} (${shown(from)}): nothing to diff against`];
  if (!existsSync(to))
    return [`  no captured facts for ${newer}: capture them as ${shown(to)} (see vendors/README.md)`];
  const a = toolsOf(from);
  const b = toolsOf(to);
  const lines = [`  facts: ${shown(from)} -> ${shown(to)}`];
  const added = [...b.keys()].filter((n) => !a.has(n));
  const removed = [...a.keys()].filter((n) => !b.has(n));
  if (added.length) lines.push(`  tools added: ${added.join(', ')}`);
  if (removed.length) lines.push(`  tools removed: ${removed.join(', ')}`);
  const changed = [];
  for (const [name, variants] of a) {
    if (!b.has(name)) continue;
    const changes = toolChanges(variants, b.get(name));
    if (changes.length === 0) continue;
    const more = changes.length > SHOWN_PER_TOOL ? [`(+${changes.length - SHOWN_PER_TOOL} more)`] : [];
    changed.push(`    ${name}: ${[...changes.slice(0, SHOWN_PER_TOOL), ...more].join('; ')}`);
  }
  if (changed.length) lines.push('  parameters changed:', ...changed);
  if (!added.length && !removed.length && !changed.length) lines.push('  same tool names and parameter schemas');
  return lines;
}

let behind = false;
let failed = false;
const out = [`vendors:check: registry ${registry}; facts in ${shown(vendorsDir)}`];
for (const [shape, table] of Object.entries(SHAPE_RELEASES)) {
  const served = table.releases[0];
  const { upstream } = table;
  const serves = `serves ${served.version} (${served.package})`;
  if (upstream.registry === 'facet') {
    out.push(`${shape}: Facet's own tools (${served.version}): nothing to check`);
    continue;
  }
  if (upstream.registry === 'api') {
    out.push(
      `${shape}: follows ${upstream.package} (${served.version}): check the vendor's API documentation for newer tool versions`,
    );
    continue;
  }
  if (upstream.registry === 'github') {
    const newest = capturedVersions(shape)
      .filter((v) => compareVersions(v, served.version) > 0)
      .at(-1);
    // Current as far as the captured facts go: no newer release's facts are in vendors/<shape>/.
    const state = newest ? serves : `current: ${serves}, the newest release captured`;
    out.push(
      `${shape}: ${state}; ${upstream.package} is not on the npm registry: check the tags of https://github.com/${upstream.repository}` +
        ` (git ls-remote --tags https://github.com/${upstream.repository} '${upstream.package}@*')`,
    );
    if (newest) {
      behind = true;
      out.push(`  newer facts captured: ${newest}`, ...factsDiff(shape, served.version, newest));
    }
    continue;
  }
  const latest = await latestOnNpm(upstream.package);
  if ('problem' in latest) {
    failed = true;
    out.push(`${shape}: ${serves}; could not ask the registry: ${latest.problem}`);
    continue;
  }
  if (upstream.package !== served.package) {
    behind = true;
    out.push(`${shape}: behind: ${serves}; its successor ${upstream.package} is at ${latest.version}`);
  } else if (compareVersions(latest.version, served.version) > 0) {
    behind = true;
    out.push(`${shape}: behind: ${serves}; the registry's latest is ${latest.version}`);
  } else {
    out.push(`${shape}: current: ${serves}, the registry's latest`);
    continue;
  }
  out.push(...factsDiff(shape, served.version, latest.version));
}
process.stdout.write(`${out.join('\n')}\n`);
process.exit(failed ? 2 : behind ? 1 : 0);
