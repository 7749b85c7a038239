// MCP tool names, split once. The canonical form every bundle matches is
// `mcp__<server>__<tool>` (Claude Code, Codex, and what every adapter writes);
// Gemini CLI's own form `mcp_<server>_<tool>` is read too (its server name
// holds no `_`). The classifier (`isMcpTool`, name words), the `tool.server`
// field and the Gemini adapter all split through `parseMcpName`.

export interface McpName {
  /** The server part (`mcp__terraform__apply` → `terraform`); "" when the name has none. */
  server: string;
  /** The tool part (`mcp__fs__delete_file` → `delete_file`); "" when the name has none. */
  tool: string;
  /** `claude`: `mcp__server__tool`; `gemini`: `mcp_server_tool`. */
  form: "claude" | "gemini";
}

/** `mcp__<server>__<tool>` or Gemini's `mcp_<server>_<tool>` split at the first separator; null when the name is no MCP tool's. */
export function parseMcpName(name: string): McpName | null {
  if (name.startsWith("mcp__")) {
    const rest = name.slice(5);
    const cut = rest.indexOf("__");
    return cut < 0 ? { server: rest, tool: "", form: "claude" } : { server: rest.slice(0, cut), tool: rest.slice(cut + 2), form: "claude" };
  }
  const m = /^mcp_([^_]+)_(.*)$/s.exec(name);
  if (m) return { server: m[1]!, tool: m[2]!, form: "gemini" };
  return /^mcp_[^_]+$/.test(name) ? { server: name.slice(4), tool: "", form: "gemini" } : null;
}

/** [name, server, tool] — run by test/model/mcp-name.test.ts. */
export const MCP_NAME_EXAMPLES: ReadonlyArray<readonly [string, string | null, string | null]> = [
  ["mcp__github__delete_repository", "github", "delete_repository"],
  ["mcp__my_server__run__sub", "my_server", "run__sub"],
  ["mcp__terraform", "terraform", ""],
  ["mcp_fs_delete_file", "fs", "delete_file"],
  ["mcp_fs", "fs", ""],
  ["Bash", null, null],
  ["mcp___x", "_x", ""],
];
