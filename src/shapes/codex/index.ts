// The codex shape: the tools OpenAI's Codex CLI gives its models (unified exec, shell_command,
// the legacy argv shell, apply_patch, update_plan, view_image and the experimental read_file,
// list_dir and grep_files), with their names, schemas and result texts.
import type { FacetConfig } from '../../config.js';
import type { Engine, EngineError } from '../../engine/index.js';
import type { ToolboxSpec, ToolDefinition } from '../../registry/types.js';
import { shapeSpec } from '../common/spec.js';
import { execTools } from './exec.js';
import { grepFilesTool } from './grep-files.js';
import { viewImage } from './image.js';
import type { Dialect } from '../common/define.js';
import { listDirTool } from './list-dir.js';
import { applyPatchTool } from './patch.js';
import { updatePlanTool } from './plan.js';
import { readFileTool } from './read-file.js';
import { shellTools } from './shell.js';

/** Codex answers plain sentences; a malformed call says which arguments could not be read. */
export function codexError(err: EngineError, tool?: ToolDefinition): string {
  const violations = err.facts.violations as Array<{ field: string; description: string }> | undefined;
  if (err.kind === 'invalid_argument' && violations) {
    return `invalid function arguments: ${violations.map((v) => `${v.field} ${v.description}`).join('; ')}`;
  }
  const roots = err.facts.roots;
  if (err.kind === 'permission_denied' && Array.isArray(roots)) {
    const where = `${String(err.facts.path)} is outside the directories this session may use (${roots.join(', ')})`;
    return err.field === 'workdir'
      ? `${where}; set workdir to a directory inside them, or leave it out to use the session directory`
      : `${where}; use a path inside them`;
  }
  if (err.kind === 'not_found' && typeof err.facts.path === 'string') {
    const exec = tool !== undefined && EXEC_TOOLS.has(tool.name);
    return exec
      ? `${err.message}; set workdir to an existing directory inside the workspace, or leave it out to use the session directory`
      : `${err.message}; list_dir shows what a directory holds and grep_files finds files by their contents`;
  }
  return err.message;
}

/** The tools whose missing path can only be their working directory. */
const EXEC_TOOLS = new Set(['exec_command', 'shell_command', 'shell']);

export function codexShape(config: FacetConfig, engine: Engine): ToolboxSpec {
  const env = { config, engine };
  const dialect: Dialect = { errors: (err) => codexError(err) };
  return shapeSpec(config, {
    shape: 'codex',
    vendor: 'codex',
    description:
      'Facet serving the Codex CLI tools: exec_command/write_stdin, shell_command, shell, apply_patch, update_plan, view_image, read_file, list_dir, grep_files.',
    contextFiles: ['AGENTS.md'],
    tools: [
      ...execTools(config, engine),
      ...shellTools(config, engine),
      applyPatchTool,
      updatePlanTool,
      viewImage(env, dialect),
      readFileTool,
      listDirTool,
      grepFilesTool(config),
    ],
    formatError: (err, tool) => codexError(err, tool),
    guide: (roots, tools) =>
      [
        `Your workspace: ${roots.join(', ')}. Commands run there; paths outside it are refused.`,
        'Run commands with exec_command (set workdir rather than cd). If it answers "Process running with session ID N",',
        'poll it or type into it with write_stdin (type only into processes started with tty: true).',
        'shell_command runs a command to completion in one call; shell takes an argv list.',
        'Edit files with apply_patch ({"input": "*** Begin Patch\\n…\\n*** End Patch"}); a patch applies completely or not at all.',
        'Look at images with view_image; read_file (absolute path, "L<n>: " lines), list_dir and grep_files find and read code.',
        'For work of several steps keep a plan with update_plan (one step in_progress at a time).',
        '',
        `Tools: ${tools.map((t) => t.name).join(', ')}.`,
      ].join('\n'),
  });
}
