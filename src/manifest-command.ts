// `facet manifest [--shape S] [--publisher P] [serve options]`: the toolbox.codefly.yaml a
// codefly host loads to run Facet as a toolbox plugin serving one shape, in the format of
// codefly-dev/core's resources.Toolbox: name, version, agent (kind codefly:toolbox), the
// sandbox (read and write paths, network policy), and permissions.required with one action per
// tool (codefly checks the running plugin's catalog against it), destructive tools rated high.
import { ConfigError } from './config.js';
import { codeflyIdentity } from './server/codefly.js';
import { TAGS } from './shapes/tags.js';
// Every shape loaded, so manifestCommand stays synchronous: `facet manifest` is run once per release.
import './shapes/index.js';
import { oneShape, printCommand } from './tools-command.js';
import { VERSION } from './version.js';

export const MANIFEST_USAGE =
  'Usage: facet manifest [--shape S] [--publisher P] [serve options]  (toolbox.codefly.yaml for codefly plugin mode)';
const DEFAULT_PUBLISHER = 'facet';

/** The manifest `facet manifest <args>` prints; throws ConfigError on a bad argument. */
export function manifestCommand(args: string[], env: NodeJS.ProcessEnv = process.env): string {
  const { publisher, rest } = takePublisher(args);
  const { config, shape, spec, toolbox } = oneShape('manifest', rest, env);
  const name = codeflyIdentity(env).name ?? spec.name;
  const version = codeflyIdentity(env).version ?? spec.version;
  const tools = toolbox.listToolSummaries([]).tools;
  // Roots and state directory as given; unset, the placeholders codefly expands when it launches
  // the plugin (a server without --root serves its working directory, the host's workspace).
  const rootsGiven = rest.some((a) => a === '--root' || a.startsWith('--root=')) || Boolean(env.FACET_ROOT);
  const stateGiven =
    rest.some((a) => a === '--state-dir' || a.startsWith('--state-dir=')) || Boolean(env.FACET_STATE_DIR);
  const roots = rootsGiven ? config.roots : ['${WORKSPACE}'];
  const state = stateGiven ? config.stateDir : '${TMPDIR}/facet-state';
  // Shell commands and the web tools reach the network; Facet itself needs only its listener.
  const network = tools.some((t) => t.tags.includes(TAGS.shell) || t.tags.includes(TAGS.network)) ? 'open' : 'loopback';
  const lines = [
    `# toolbox.codefly.yaml: Facet ${VERSION} serving the ${shape} shape in codefly plugin mode (facet manifest)`,
    `name: ${scalar(name)}`,
    `version: ${scalar(version)}`,
    `description: ${scalar(spec.description)}`,
    'agent:',
    '  kind: codefly:toolbox',
    `  name: ${scalar(name)}`,
    `  publisher: ${scalar(publisher)}`,
    `  version: ${scalar(version)}`,
    'sandbox:',
    ...list('  read_paths', roots),
    // Writes land in the roots (unless --read-only) and in the state directory (spilled output, job logs).
    ...list('  write_paths', config.readOnly ? [state] : [...roots, state]),
    `  network: ${network}`,
  ];
  // No canonical_for: codefly reads it as binaries the toolbox owns, and every shape's Identity
  // names the same "filesystem", which two Facet toolboxes loaded side by side would both claim.
  lines.push('permissions:', '  required:');
  for (const t of tools) lines.push(`    - action: ${scalar(t.name)}`, `      reason: ${scalar(t.description)}`);
  const risky = tools.filter((t) => t.destructive);
  if (risky.length > 0) lines.push('  risk_levels:', ...risky.map((t) => `    ${scalar(t.name)}: high`));
  return `${lines.join('\n')}\n`;
}

/** `facet manifest` run from the command line: prints the manifest, or the refusal; the exit code. */
export function manifestMain(args: string[]): Promise<number> {
  const help = `${MANIFEST_USAGE}\n\nPrints the toolbox.codefly.yaml a codefly host loads to run Facet as a toolbox plugin serving shape S (default: core).\n--publisher names the agent's publisher (default: ${DEFAULT_PUBLISHER}); serve options (--root, --read-only, --state-dir...) shape the sandbox and catalog.\n`;
  return printCommand(args, help, () => manifestCommand(args));
}

function takePublisher(args: string[]): { publisher: string; rest: string[] } {
  let publisher = DEFAULT_PUBLISHER;
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--publisher') {
      const v = args[++i];
      if (v === undefined || v === '') throw new ConfigError('--publisher needs a value');
      publisher = v;
    } else if (a.startsWith('--publisher=')) {
      publisher = a.slice('--publisher='.length);
      if (publisher === '') throw new ConfigError('--publisher needs a value');
    } else rest.push(a);
  }
  return { publisher, rest };
}

function list(key: string, items: readonly string[]): string[] {
  if (items.length === 0) return [`${key}: []`];
  const indent = ' '.repeat(key.length - key.trimStart().length);
  return [`${key}:`, ...items.map((i) => `${indent}  - ${scalar(i)}`)];
}

/**
 * A YAML scalar for a string: plain when YAML reads it back as that same string, else
 * double-quoted (JSON's escapes are valid in YAML double-quoted scalars).
 */
export function scalar(s: string): string {
  const plain =
    /^[A-Za-z_/.][A-Za-z0-9_/.@+-]*$/.test(s) &&
    !/^(true|false|yes|no|on|off|y|n|null)$/i.test(s) &&
    !/^\.(inf|nan)$/i.test(s) &&
    !/^[-+]?\.?\d/.test(s);
  // A version such as 0.1.0 is a string to YAML (two dots); 1.0 or 1 would be a number.
  const version = /^\d+\.\d+\.\d+(?:[-+][A-Za-z0-9.-]+)?$/.test(s);
  return plain || version ? s : JSON.stringify(s);
}
