// The codex shape's older releases, each as its differences from its newer neighbour
// (docs/shape-versions.md; which release sent what is in vendors/codex/history.md).
import type { ReleaseDiffs } from '../release-diff.js';
import { addReleaseDiffs } from '../versions.js';
import { buildTools } from '../common/define.js';
import { applyPatch149 } from './apply-patch.js';
import { codexDialect } from './errors.js';
import { execCommand149 } from './exec-command.js';
import { grepFiles } from './grep-files.js';
import { listDir } from './list-dir.js';
import { readFile } from './read-file.js';
import { shellCommand } from './shell-command.js';
import { shell } from './shell.js';
import { updatePlan149 } from './update-plan.js';
import { viewImage149 } from './view-image.js';
import { writeStdin149 } from './write-stdin.js';

export const codexDiffs: ReleaseDiffs = {
  // The set Facet served before releases were versioned (pinned as codex@0.169.0, kept as an
  // alias), unchanged. No release sent all of it: 0.149.0 is the newest whose tools it matches
  // (exec_command with write_stdin, update_plan sent by default, view_image with detail,
  // shell_command's schema with unified exec off, the legacy shell still in the binary);
  // read_file, list_dir and grep_files were never sent to a bundled model.
  '0.149.0': {
    // Code mode is the newest release's: this one is served direct whatever --codex-tool-mode says.
    removed: (env) => [
      ...(env.config.codex?.toolMode === 'code' ? ['exec', 'wait', 'clock__curr_time'] : []),
      'list_mcp_resources',
      'list_mcp_resource_templates',
      'read_mcp_resource',
      'request_user_input',
      ...(env.config.codex?.requestPermissions ? ['request_permissions'] : []),
      'get_goal',
      'create_goal',
      'update_goal',
    ],
    added: [
      { after: 'write_stdin', tools: (env) => buildTools(env, codexDialect, [shellCommand, shell]) },
      // update_plan stays where the newer release puts it when the host enables it there.
      {
        after: 'apply_patch',
        tools: (env) => (env.config.codex?.updatePlan ? [] : buildTools(env, codexDialect, [updatePlan149])),
      },
      { after: 'view_image', tools: (env) => buildTools(env, codexDialect, [readFile, listDir, grepFiles]) },
    ],
    replaced: (env) =>
      buildTools(env, codexDialect, [
        execCommand149,
        writeStdin149,
        applyPatch149,
        viewImage149,
        ...(env.config.codex?.updatePlan ? [updatePlan149] : []),
      ]),
    description:
      'Facet serving the Codex CLI tools: exec_command/write_stdin, shell_command, shell, apply_patch, update_plan, view_image, read_file, list_dir, grep_files.',
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
  },
};

// Known to versions.ts once this shape is loaded (its index.ts imports this file).
addReleaseDiffs('codex', codexDiffs);
