// core shape: web tools (web.*) over the web engine.
import type { ToolDefinition } from '../../registry/types.js';

export const webTools: ToolDefinition[] = [];
