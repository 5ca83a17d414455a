// The tools Qwen Code 0.24.4 defers: kept out of the model's tool list, named in a startup
// reminder, their schemas shown by tool_search (tool-search.ts) and their calls made through
// tool_call (tool-call.ts). Facet serves them unlisted (callable by name, as Qwen still runs a
// direct call) and this list is what both bridge tools look in.
import type { ToolDefinition } from '../../registry/types.js';

/** What the bridge tools see of the shape: the deferred tools, and those the model has in its list. */
export interface Bridge {
  deferred: readonly ToolDefinition[];
  visible: readonly ToolDefinition[];
}

/** Qwen's legacy tool names and the tools they now name. */
const MIGRATED: Readonly<Record<string, string>> = {
  search_file_content: 'grep_search',
  replace: 'edit',
  task: 'agent',
};

/** The name as Qwen resolves it: legacy names migrated, then matched case-insensitively (the last match wins). */
export function resolveName(name: string, registered: readonly string[]): string {
  const canonical = MIGRATED[name] ?? name;
  const lower = canonical.toLowerCase();
  let match: string | undefined;
  for (const n of registered) if (n.toLowerCase() === lower) match = n;
  return match ?? canonical;
}

/** The schema block tool_search shows: {name, description, parametersJsonSchema}, "<", ">" and "&" escaped. */
export function functionBlock(t: ToolDefinition): string {
  const json = JSON.stringify({
    name: t.name,
    description: t.description ?? t.summary,
    parametersJsonSchema: t.inputSchema,
  });
  return `<function>${json.replace(/[<>&]/g, (ch) => `\\u00${ch.charCodeAt(0).toString(16)}`)}</function>`;
}
