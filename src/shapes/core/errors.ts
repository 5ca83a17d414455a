// Core failures keep the engine's plain message and add the next step where the engine cannot
// know it (the engine does not know which tool a caller should turn to).
import type { EngineError } from '../../engine/index.js';
import type { ToolDefinition } from '../../registry/types.js';

const FILE_TOOLS = new Set(['fs.read', 'fs.write', 'fs.edit', 'fs.notebook_edit', 'fs.list', 'fs.stat']);

export function coreError(err: EngineError, tool: ToolDefinition | undefined): string {
  const next = nextStep(err, tool?.name ?? '');
  return next ? `${err.message}. ${next}` : err.message;
}

function nextStep(err: EngineError, tool: string): string | undefined {
  const condition = err.condition;
  switch (condition) {
    case 'not_read':
    case 'partial_read':
    case 'modified_since_read':
      return 'Read the whole file with fs.read in this session, then retry (or leave require_read off).';
    case 'file_exists':
      return tool === 'fs.write' ? 'Use mode "overwrite" to replace it, or fs.edit to change part of it.' : undefined;
    case 'parent_missing':
      return 'Create the directory first, or write the file with fs.write, which creates missing directories.';
  }
  if (err.kind === 'not_found' && FILE_TOOLS.has(tool) && condition !== 'cell_missing') {
    return "fs.list shows a folder's entries and search.glob finds files by name.";
  }
  return undefined;
}
