// Codex 0.171.0's request_permissions (feature request_permissions_tool, off by default; served
// with --codex-request-permissions): the model asks for more than its sandbox gives, the person
// at the host grants or not (engine.host), and a grant widens the session's command sandbox:
// paths to write or read (only within the server's roots) and the network (only when the
// server's commands have it). The function output is Codex's JSON:
// {"permissions":{"network":…,"file_system":…},"scope":"turn"|"session"}, with null for what
// was not granted; nothing granted (declined, dismissed, timed out, nobody attached, nothing
// grantable) answers {"permissions":{"network":null,"file_system":null},"scope":"turn"}, as
// Codex exec does. Facet's turn: the session's calls up to its next call of a tool that runs no
// command (engine/shell/grants.ts).
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';

interface Args {
  environment_id?: string;
  permissions: {
    file_system?: { read?: string[]; write?: string[] };
    network?: { enabled?: boolean };
  };
  reason?: string;
}

const paths = { type: 'array', items: { type: 'string' } };

const schema = {
  type: 'object',
  properties: {
    environment_id: { type: 'string' },
    permissions: {
      type: 'object',
      properties: {
        file_system: {
          type: 'object',
          properties: { read: paths, write: paths },
          additionalProperties: false,
        },
        network: {
          type: 'object',
          properties: { enabled: { type: 'boolean' } },
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    },
    reason: { type: 'string' },
  },
  required: ['permissions'],
  additionalProperties: false,
};

const SCOPES = [
  { label: 'turn', description: 'for the commands of this turn' },
  { label: 'session', description: 'for the rest of the session' },
];

const NOTHING = { permissions: { network: null, file_system: null }, scope: 'turn' };

export const requestPermissions = defineTool<Args>({
  name: 'request_permissions',
  summary: 'Ask the person for more than the command sandbox allows: paths to write or read, the network.',
  description: [
    'Asks the person at the host to widen the sandbox of your later commands: more paths to write or read',
    '(absolute, or relative to the working directory) and the network. Waits for the answer (bounded by the server)',
    'and returns what was granted and for how long: this turn, or the rest of the session.',
  ],
  schema,
  tags: [TAGS.readOnly],
  destructive: false,
  examples: [
    {
      description: 'Ask to write a build directory',
      arguments: { permissions: { file_system: { write: ['build'] } }, reason: 'the build writes there' },
      expectedOutcome: '{"permissions":{"network":null,"file_system":{"write":["/work/build"]}},"scope":"turn"}',
    },
  ],
  errorModes:
    'Nothing granted (declined, dismissed, no answer in time, nobody attached, nothing grantable): {"permissions":{"network":null,"file_system":null},"scope":"turn"}.',
  async call(a, c): Promise<Reply> {
    const fs = a.permissions.file_system;
    const check = c.engine.host.grantable(
      c,
      { write: fs?.write, read: fs?.read, network: a.permissions.network?.enabled },
      c.config.roots,
    );
    const { write, read, network } = check.grantable;
    const asked = write.length + read.length > 0 || network;
    const outcome = asked
      ? await c.engine.host.ask(c, {
          kind: 'permissions',
          message: [
            a.reason ?? 'Grant these permissions to later commands?',
            ...(read.length > 0 ? [`(to read: ${read.join(', ')})`] : []),
            ...(check.refused.length > 0 ? [`(not grantable, left out: ${check.refused.join('; ')})`] : []),
          ].join(' '),
          fields: [{ name: 'scope', title: 'For how long', type: 'choice', options: SCOPES }],
          permissions: { writableRoots: write, network },
        })
      : ({ action: 'unavailable' } as const);
    let result: object = NOTHING;
    if (outcome.action === 'accept') {
      const scope = outcome.content.scope === 'session' ? 'session' : 'turn';
      c.engine.host.grant(c, check.grantable, scope);
      const fileSystem =
        write.length + read.length > 0
          ? { ...(read.length > 0 ? { read } : {}), ...(write.length > 0 ? { write } : {}) }
          : null;
      result = { permissions: { network: network ? { enabled: true } : null, file_system: fileSystem }, scope };
    }
    return {
      text: JSON.stringify(result),
      host: {
        summary: asked ? `permissions ${outcome.action}` : 'permissions: nothing grantable',
        details: { granted: result, ...(check.refused.length > 0 ? { refused: check.refused } : {}) },
      },
    };
  },
});
