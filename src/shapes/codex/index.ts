// The codex shape: the tools OpenAI's Codex CLI gives its models (unified exec, shell_command,
// the legacy argv shell, apply_patch, update_plan, view_image and the experimental read_file,
// list_dir and grep_files), with their names, schemas and result texts.
import type { FacetConfig } from '../../config.js';
import type { Engine } from '../../engine/index.js';
import type { ToolboxSpec } from '../../registry/types.js';
import { buildTools } from '../common/define.js';
import { shapeSpec } from '../common/spec.js';
import { applyPatch } from './apply-patch.js';
import { codexDialect } from './errors.js';
import { execCommand } from './exec-command.js';
import { grepFiles } from './grep-files.js';
import { listDir } from './list-dir.js';
import { readFile } from './read-file.js';
import { shellCommand } from './shell-command.js';
import { shell } from './shell.js';
import { updatePlan } from './update-plan.js';
import { viewImage } from './view-image.js';
import { writeStdin } from './write-stdin.js';

/** Codex CLI's tools, in the order it declares them. */
const TOOLS = [
  execCommand,
  writeStdin,
  shellCommand,
  shell,
  applyPatch,
  updatePlan,
  viewImage,
  readFile,
  listDir,
  grepFiles,
];

export function codexShape(config: FacetConfig, engine: Engine): ToolboxSpec {
  return shapeSpec(config, {
    shape: 'codex',
    vendor: 'codex',
    description:
      'Facet serving the Codex CLI tools: exec_command/write_stdin, shell_command, shell, apply_patch, update_plan, view_image, read_file, list_dir, grep_files.',
    contextFiles: ['AGENTS.md'],
    tools: buildTools({ config, engine }, codexDialect, TOOLS),
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
