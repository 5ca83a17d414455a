// core shape: shell tools (shell.*) over the shell engine.
import type { ToolDefinition } from '../../registry/types.js';

export const shellTools: ToolDefinition[] = [];
