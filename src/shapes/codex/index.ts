// The codex shape: the tools Codex CLI 0.171.0 sends a model in direct mode (gpt-5.5 and models
// outside its catalog): exec_command/write_stdin, the MCP-resource tools (over Facet's own
// resources), apply_patch (freeform), view_image and the goal tools; update_plan when the host
// enables it (--codex-update-plan), as Codex does with [tools] update_plan; request_permissions
// when the host enables it (--codex-request-permissions), as Codex's feature request_permissions_tool
// does; in code mode (--codex-tool-mode code) exec and wait, with the other tools nested in exec,
// as Codex sends its default models. Older releases are in diffs.ts.
import type { FacetConfig } from '../../config.js';
import type { Engine } from '../../engine/index.js';
import type { ToolDefinition, ToolboxSpec } from '../../registry/types.js';
import { buildTools, type ShapeEnv } from '../common/define.js';
import { clockCurrTime } from './clock-curr-time.js';
import { execTool } from './exec.js';
import { waitTool } from './wait.js';
import { shapeSpec } from '../common/spec.js';
import { applyPatch } from './apply-patch.js';
import { createGoal } from './create-goal.js';
import { codexDialect } from './errors.js';
import { execCommand } from './exec-command.js';
import { getGoal } from './get-goal.js';
import { listMcpResourceTemplates } from './list-mcp-resource-templates.js';
import { listMcpResources } from './list-mcp-resources.js';
import { readMcpResource } from './read-mcp-resource.js';
import { requestPermissions } from './request-permissions.js';
import { requestUserInput } from './request-user-input.js';
import { updateGoal } from './update-goal.js';
import { updatePlan } from './update-plan.js';
import { viewImage } from './view-image.js';
import { writeStdin } from './write-stdin.js';
import './diffs.js'; // its older releases' differences, for versions.ts

/**
 * Codex CLI 0.171.0's direct tools, in the order it sends them (update_plan and request_permissions where they go when
 * enabled).
 */
const toolsOf = (config: FacetConfig) => [
  execCommand,
  writeStdin,
  ...(config.codex?.updatePlan ? [updatePlan] : []),
  listMcpResources,
  listMcpResourceTemplates,
  readMcpResource,
  applyPatch,
  viewImage,
  requestUserInput,
  ...(config.codex?.requestPermissions ? [requestPermissions] : []),
  getGoal,
  createGoal,
  updateGoal,
];

/** How the tools fit together, naming only those served. */
export function codexGuide(roots: readonly string[], tools: readonly ToolDefinition[]): string {
  const has = (name: string) => tools.some((t) => t.name === name);
  return [
    `Your workspace: ${roots.join(', ')}. Commands run there; paths outside it are refused.`,
    'Run commands with exec_command (set workdir rather than cd). If it answers "Process running with session ID N",',
    'poll it or type into it with write_stdin (type only into processes started with tty: true).',
    'Edit files with apply_patch: the patch text itself ("*** Begin Patch\\n…\\n*** End Patch", sent as {"input": …});',
    'the whole patch is verified first, so it applies completely or not at all.',
    'Look at images with view_image. list_mcp_resources and read_mcp_resource reach the resources of this server.',
    'When only the user can settle a choice, ask with request_user_input.',
    'Keep one goal with create_goal, get_goal and update_goal (complete when achieved).',
    ...(has('update_plan') ? ['For work of several steps keep a plan with update_plan.'] : []),
    ...(has('request_permissions')
      ? ['When a command needs to write outside your workspace or reach the network, ask with request_permissions.']
      : []),
    '',
    `Tools: ${tools.map((t) => t.name).join(', ')}.`,
  ].join('\n');
}

/** The tools a host calls directly in code mode, before exec's nested ones. */
const CODE_MODE_DIRECT = new Set(['request_user_input', 'request_permissions']);

/**
 * Code mode (--codex-tool-mode code), as 0.171.0 sends its default models: exec and wait, the person-answered tools
 * beside them, and every other tool nested in exec (served unlisted: exec dispatches them through the toolbox), with
 * clock__curr_time; exec lists them by name, as Codex does.
 */
function codeModeTools(env: ShapeEnv, direct: ToolDefinition[]): ToolDefinition[] {
  const nested = [
    ...direct.filter((t) => !CODE_MODE_DIRECT.has(t.name)),
    ...buildTools(env, codexDialect, [clockCurrTime]),
  ];
  const listed = nested.map((t) => ({ ...t, unlisted: true }));
  const byName = [...nested].sort((a, b) =>
    a.name.startsWith('clock__') ? 1 : b.name.startsWith('clock__') ? -1 : a.name < b.name ? -1 : 1,
  );
  return [
    ...buildTools(env, codexDialect, [execTool(byName), waitTool]),
    ...direct.filter((t) => CODE_MODE_DIRECT.has(t.name)),
    ...listed,
  ];
}

/** How the tools fit together in code mode. */
export function codexCodeGuide(roots: readonly string[], tools: readonly ToolDefinition[]): string {
  return [
    `Your workspace: ${roots.join(', ')}. Commands run there; paths outside it are refused.`,
    'Call exec with JavaScript: `await tools.exec_command({cmd: "ls"})`, `await tools.apply_patch("*** Begin Patch\\n…")`,',
    'and emit what you want to see with text(). If exec answers "Script running with cell ID N", collect the rest with wait.',
    'When only the user can settle a choice, ask with request_user_input.',
    '',
    `Tools: ${tools
      .filter((t) => !t.unlisted)
      .map((t) => t.name)
      .join(', ')}.`,
  ].join('\n');
}

export function codexShape(config: FacetConfig, engine: Engine): ToolboxSpec {
  const direct = buildTools({ config, engine }, codexDialect, toolsOf(config));
  const code = config.codex?.toolMode === 'code';
  return shapeSpec(config, {
    shape: 'codex',
    vendor: 'codex',
    description: code
      ? 'Facet serving the Codex CLI tools in code mode: exec (JavaScript calling exec_command, write_stdin, apply_patch, view_image, the MCP-resource and goal tools) and wait, and request_user_input.'
      : 'Facet serving the Codex CLI tools: exec_command/write_stdin, list_mcp_resources, list_mcp_resource_templates, read_mcp_resource, apply_patch, view_image, request_user_input, get_goal, create_goal, update_goal.',
    contextFiles: ['AGENTS.md'],
    tools: code ? codeModeTools({ config, engine }, direct) : direct,
    guide: code ? codexCodeGuide : codexGuide,
    // As Codex answers a call of a tool it did not register (shell_command, read_file, … in 0.171.0).
    unknownTool: (name) => `unsupported call: ${name}`,
  });
}
