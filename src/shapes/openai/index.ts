// The openai shape: the client-executed tools of OpenAI's Responses API (apply_patch, shell,
// local_shell). Each tool's arguments are the call item's operation or action object, and each
// result's data is the output item the host sends back to the API as it is.
import type { FacetConfig } from '../../config.js';
import type { Engine } from '../../engine/index.js';
import type { ToolboxSpec } from '../../registry/types.js';
import { buildTools } from '../common/define.js';
import { shapeSpec } from '../common/spec.js';
import { applyPatch } from './apply-patch.js';
import { openaiDialect } from './errors.js';
import { localShell } from './local-shell.js';
import { shell } from './shell.js';

export function openaiShape(config: FacetConfig, engine: Engine): ToolboxSpec {
  return shapeSpec(config, {
    shape: 'openai',
    vendor: 'openai',
    description:
      "OpenAI's Responses API client tools (apply_patch with V4A diffs, shell, local_shell) executed by Facet; each result's data is the output item to send back.",
    contextFiles: ['AGENTS.md'],
    tools: buildTools({ config, engine }, openaiDialect, [applyPatch, shell, localShell]),
    guide: (roots, tools) =>
      [
        `Your workspace: ${roots.join(', ')}. Paths and commands start in the session directory, inside it.`,
        'apply_patch takes one operation: create_file or update_file with a V4A diff, or delete_file; it applies completely or not at all.',
        'shell runs a list of commands in order, each in a fresh bash; local_shell runs one argv without a shell.',
        'Read files with shell (cat, sed -n, rg) before you change them; send update_file diffs with context lines copied from the file.',
        '',
        `Tools: ${tools.map((t) => t.name).join(', ')}.`,
      ].join('\n'),
  });
}
