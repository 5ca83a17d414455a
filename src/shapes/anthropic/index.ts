// The anthropic shape: the client tools of Anthropic's Messages API, which the API leaves to
// the developer's application to run: the text editor (str_replace_based_edit_tool, and the
// legacy str_replace_editor with undo_edit), bash (a persistent session) and memory. A host
// forwards a tool_use block's input here and sends back the structured data as its
// tool_result (adding tool_use_id).
import type { FacetConfig } from '../../config.js';
import type { Engine } from '../../engine/index.js';
import type { ToolboxSpec } from '../../registry/types.js';
import { buildTools } from '../common/define.js';
import { shapeSpec } from '../common/spec.js';
import { bash } from './bash.js';
import { anthropicDialect } from './errors.js';
import { memory } from './memory.js';
import { strReplaceBasedEditTool } from './str-replace-based-edit-tool.js';
import { strReplaceEditor } from './str-replace-editor.js';

export function anthropicShape(config: FacetConfig, engine: Engine): ToolboxSpec {
  return shapeSpec(config, {
    shape: 'anthropic',
    vendor: 'anthropic',
    description:
      "Facet serving the client tools of Anthropic's Messages API: str_replace_based_edit_tool (and the legacy str_replace_editor), bash and memory; each result's structured data is the tool_result block to send back.",
    contextFiles: ['CLAUDE.md', 'AGENTS.md'],
    tools: buildTools({ config, engine }, anthropicDialect, [strReplaceBasedEditTool, strReplaceEditor, bash, memory]),
    guide: (roots, tools) =>
      [
        `Your workspace: ${roots.join(', ')}. Paths outside it are refused.`,
        'View files and directories with str_replace_based_edit_tool (command view); edit with str_replace (old_str must match once), insert and create.',
        'Run commands with bash: one session that keeps its directory and variables; restart it with {"restart": true}.',
        'Keep notes that outlive the conversation in /memories with the memory tool; view /memories first.',
        '',
        `Tools: ${tools.map((t) => t.name).join(', ')}.`,
      ].join('\n'),
  });
}
