// Tool names over MCP. The model APIs that MCP clients forward tools to (OpenAI's, Anthropic's)
// accept only ^[a-zA-Z0-9_-]{1,128}$, so a catalog name outside it (core's dotted fs.read) is
// listed in its portable spelling (fs_read), and the descriptions name the tools so too. The
// gRPC catalog keeps the contract's names. A call may use either: the contract's name stays an
// alias, so MCP clients configured with it keep working and nothing else is listed.

/** What the model APIs accept as a function name. */
export const PORTABLE_NAME = /^[a-zA-Z0-9_-]{1,128}$/;

/** A name as served over MCP: itself when portable, else every other character as `_`. */
export const portableName = (name: string): string =>
  PORTABLE_NAME.test(name) ? name : name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 128);

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One catalog's names both ways. Throws when two tools would share an MCP name. */
export class McpNames {
  private readonly byMcp = new Map<string, string>();
  private readonly byTool = new Map<string, string>();
  private readonly mentions?: RegExp;

  constructor(names: readonly string[]) {
    for (const name of names) {
      const mcp = portableName(name);
      const other = this.byMcp.get(mcp);
      if (other !== undefined) throw new Error(`tools ${other} and ${name} would share the MCP name ${mcp}`);
      this.byMcp.set(mcp, name);
      this.byTool.set(name, mcp);
    }
    const renamed = names.filter((n) => this.byTool.get(n) !== n).sort((a, b) => b.length - a.length);
    // A mention is the whole name: not fs.read inside fs.read_many or my.fs.read.
    if (renamed.length > 0) this.mentions = new RegExp(`(?<![\\w.])(?:${renamed.map(escaped).join('|')})(?!\\w)`, 'g');
  }

  /** The MCP name of a catalog tool. */
  mcp(tool: string): string {
    return this.byTool.get(tool) ?? tool;
  }

  /** The catalog's name of a called tool: from its MCP name, or the catalog's own (an alias). */
  tool(called: string): string {
    return this.byMcp.get(called) ?? called;
  }

  /** A catalog text (a description) with the renamed tools named as over MCP. */
  inText(text: string): string {
    return this.mentions ? text.replace(this.mentions, (n) => this.mcp(n)) : text;
  }
}
